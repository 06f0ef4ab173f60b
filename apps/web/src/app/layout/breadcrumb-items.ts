export type Crumb = { label: string; to: string };

/**
 * "Dashboard" followed by each path segment with its first letter capitalised (the rest kept
 * as written, so `category-list` reads `Category-list`), each pointing at its own path.
 */
export function breadcrumbItems(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Dashboard', to: '/dashboard' }];
  const start = segments[0] === 'dashboard' ? 1 : 0;
  for (let index = start; index < segments.length; index += 1) {
    crumbs.push({
      label: capitalise(decodeSegment(segments[index] ?? '')),
      to: `/${segments.slice(0, index + 1).join('/')}`,
    });
  }
  return crumbs;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
