/** `label` is English; `spoken` labels are translated when shown, unknown segments are not. */
export type Crumb = { label: string; to: string; spoken: boolean };

/**
 * What each console route is called aloud, in the words a person would use ("Sales report", not
 * "Report-sale"). Keyed by the whole path, since a segment such as `create` means different things
 * under different parents. The sidebar keeps the spec's own labels (docs/decisions/0009-spoken-breadcrumbs.md).
 */
export const SPOKEN_LABELS: Readonly<Record<string, string>> = {
  '/dashboard': 'Dashboard',
  '/profile': 'Profile',
  '/products': 'Products',
  '/products/new': 'New product',
  '/category-list': 'Categories',
  '/unit-list': 'Units',
  '/modifier-groups': 'Modifier groups',
  '/expire-product': 'Expiring products',
  '/inventory': 'Inventory',
  '/sale': 'Point of Sale',
  '/orders': 'Sales orders',
  '/shifts': 'Shifts',
  '/kitchen': 'Kitchen display',
  '/promotions': 'Promotions',
  '/customers': 'Customers',
  '/supplier': 'Suppliers',
  '/supplies': 'Supplies',
  '/supplies-list': 'Supply list',
  '/supplies/create': 'New supply',
  '/supplies-item': 'Supply items',
  '/report-sale': 'Sales report',
  '/report-purchase': 'Purchase report',
  '/report-stock': 'Stock report',
  '/notifications': 'Notifications',
  '/chat': 'Chat',
  '/users': 'Users',
  '/settings': 'Settings',
  '/settings/account': 'Account settings',
};

/**
 * "Dashboard" followed by one crumb per path segment, each pointing at its own path. A known
 * route reads as spoken (SPOKEN_LABELS); anything else (an id, a mistyped path) shows the
 * segment as written, decoded, with its first letter capitalised.
 */
export function breadcrumbItems(pathname: string): Crumb[] {
  const segments = pathname.split('/').filter(Boolean);
  const crumbs: Crumb[] = [{ label: 'Dashboard', to: '/dashboard', spoken: true }];
  const start = segments[0] === 'dashboard' ? 1 : 0;
  for (let index = start; index < segments.length; index += 1) {
    const to = `/${segments.slice(0, index + 1).join('/')}`;
    const spoken = Object.hasOwn(SPOKEN_LABELS, to) ? SPOKEN_LABELS[to] : undefined;
    crumbs.push(spoken ? { label: spoken, to, spoken: true } : { label: capitalise(decodeSegment(segments[index] ?? '')), to, spoken: false });
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
