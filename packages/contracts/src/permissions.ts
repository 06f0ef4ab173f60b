import type { Role } from './common';

/*
 * Who may do what: the one table of rights. Each named permission lists the roles that hold it.
 * The server's route guard and its services ask for a permission, never for a role; the console
 * reads the same table to show only what a role can use. A new right is one line here, plus the
 * route or rule that asks for it. See docs/decisions/0006-permissions.md.
 */

const EVERYONE = ['Admin', 'Manager', 'Staff'] as const satisfies readonly Role[];
const MANAGERS = ['Admin', 'Manager'] as const satisfies readonly Role[];
const ADMINS = ['Admin'] as const satisfies readonly Role[];

export const PERMISSIONS = {
  /** Add, change and remove products, categories and units. */
  'catalog:manage': MANAGERS,
  'promotions:manage': MANAGERS,
  /** Add a customer, as a cashier does at the till. */
  'customers:create': EVERYONE,
  /** Change or remove customers. */
  'customers:manage': MANAGERS,
  /** Receive stock by hand, correct counts, write off waste and expired batches. */
  'stock:manage': MANAGERS,
  /** Suppliers, supplies and supply lines: see them and change them. */
  'purchasing:manage': MANAGERS,
  /** What stock cost (a batch's price in, stock value); without it stock lists carry quantities only. */
  'costs:view': MANAGERS,
  /** The reports, their exports and the dashboard's figures. */
  'reports:view': MANAGERS,
  /** Ring up a sale at the till. */
  'sales:create': EVERYONE,
  /** Every cashier's sales; without it a person sees the sales they rang up. */
  'sales:view-all': MANAGERS,
  /** Refund a sale; a cashier may with a Manager's approval (POST /approvals). */
  'sales:refund': MANAGERS,
  /** Switch tax off or charge another service percent than the shop's at the till; a cashier may with a Manager's approval. */
  'sales:override-tax': MANAGERS,
  /** Give a discount by hand on a line or the whole order, up to Settings → Discounts' limit. */
  'sales:discount': EVERYONE,
  /** A discount beyond that limit; a cashier may with a Manager's approval. */
  'sales:discount-beyond-limit': MANAGERS,
  /** Leave part of a named customer's sale unpaid, on their account. */
  'sales:credit': MANAGERS,
  /** Every till's shifts and Z-reports, closing a shift someone else opened, and a count that is off by more than the shop allows (a cashier may with a Manager's approval). */
  'shifts:manage': MANAGERS,
  'settings:manage': ADMINS,
  /** Print price labels with barcodes for products. */
  'labels:print': EVERYONE,
  /** Staff accounts: add, approve, change roles, set passwords, deactivate. */
  'users:manage': ADMINS,
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Whether a role holds a permission; no role (not signed in yet) holds none. */
export function can(role: Role | null | undefined, permission: Permission): boolean {
  return role != null && (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/** The roles that hold a permission (who to tell about a refund, who counts as an account manager). */
export function rolesWith(permission: Permission): readonly Role[] {
  return PERMISSIONS[permission];
}

/**
 * What an API route asks of its caller: nothing (`public`), a signed-in user acting for
 * themselves or reading what every role may read (`signed-in`), a signed-in user changing their
 * own account or its security: details, e-mail, password, two-step sign-in, sessions, API keys,
 * leaving (`own-account`, which an API key may never do: api-key-scopes.ts), or a named permission.
 */
export type Access = 'public' | 'signed-in' | 'own-account' | Permission;

export const isPermission = (value: unknown): value is Permission => typeof value === 'string' && value in PERMISSIONS;

export const isAccess = (value: unknown): value is Access =>
  value === 'public' || value === 'signed-in' || value === 'own-account' || isPermission(value);
