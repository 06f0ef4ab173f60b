/** A short human label for a session list ("Chrome on Android"), from the User-Agent header. */
export function describeDevice(userAgent: string): string {
  const browser =
    /Edg\//.test(userAgent) ? 'Edge'
    : /OPR\//.test(userAgent) ? 'Opera'
    : /(Chrome|Chromium|CriOS)\//.test(userAgent) ? 'Chrome'
    : /(Firefox|FxiOS)\//.test(userAgent) ? 'Firefox'
    : /Safari\//.test(userAgent) ? 'Safari'
    : null;
  const os =
    /Android/.test(userAgent) ? 'Android'
    : /(iPhone|iPad|iPod)/.test(userAgent) ? 'iOS'
    : /Windows/.test(userAgent) ? 'Windows'
    : /Mac OS X|Macintosh/.test(userAgent) ? 'macOS'
    : /CrOS/.test(userAgent) ? 'ChromeOS'
    : /Linux/.test(userAgent) ? 'Linux'
    : null;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? 'Unknown device';
}
