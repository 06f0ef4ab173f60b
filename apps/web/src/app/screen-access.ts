import type { Permission } from '@shop/contracts/permissions';

/*
 * Which screens need a permission, by path: the one place the console decides what each role
 * sees. The sidebar shows a link only to roles that hold its screen's permission, and the router
 * shows a calm "not available for your role" page for a URL typed by hand. Screens not listed
 * are for every signed-in person: Staff read the catalogue, stock (quantities, not costs),
 * promotions and customers, and see their own sales; what they may not change shows no control. The permissions themselves come from the one table the server enforces
 * (packages/contracts/src/permissions.ts; docs/decisions/0006-permissions.md).
 */
export const SCREEN_PERMISSIONS: Readonly<Record<string, Permission>> = {
  '/supplier': 'purchasing:manage',
  '/supplies': 'purchasing:manage',
  '/supplies-list': 'purchasing:manage',
  '/supplies/create': 'purchasing:manage',
  '/supplies-item': 'purchasing:manage',
  '/report-sale': 'reports:view',
  '/report-purchase': 'reports:view',
  '/report-stock': 'reports:view',
  '/users': 'users:manage',
  '/shifts': 'shifts:manage',
  // The tickets to make: whoever sells (Staff and up), as the server asks of /kitchen/tickets.
  '/kitchen': 'sales:create',
  // Staff sell what the groups offer; only who manages the catalogue sees their screen.
  '/modifier-groups': 'catalog:manage',
};

/** The permission a screen needs, for a path as written in a link or route (query and hash ignored). */
export function screenPermission(to: string): Permission | undefined {
  const path = to.split(/[?#]/, 1)[0] ?? '';
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return SCREEN_PERMISSIONS[trimmed.startsWith('/') ? trimmed : `/${trimmed}`];
}
