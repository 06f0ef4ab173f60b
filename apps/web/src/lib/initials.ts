/**
 * Up to two uppercase letters for an avatar: the first letters of the first two words of the
 * name, else of the e-mail's local part (split on . _ - +, so "john.doe@…" gives "JD").
 * Empty when there is neither.
 */
export function initials(name: string | null | undefined, email?: string | null): string {
  const fromName = words(name ?? '', /\s+/);
  const source = fromName.length > 0 ? fromName : words((email ?? '').split('@')[0] ?? '', /[\s._\-+]+/);
  return source
    .slice(0, 2)
    .map((word) => Array.from(word)[0] ?? '')
    .join('')
    .toUpperCase();
}

function words(text: string, separator: RegExp): string[] {
  return text.trim().split(separator).filter(Boolean);
}
