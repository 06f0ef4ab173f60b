import { createContext, useContext, type ReactNode } from 'react';
import type { Role } from '@shop/contracts/common';

/** Who may do what in the console; the server enforces the same rules (DESIGN.md §4). */
const MANAGERS: readonly Role[] = ['Admin', 'Manager'];
const ALLOWED = {
  'catalog:write': MANAGERS,
  'promotions:write': MANAGERS,
  'customers:create': ['Admin', 'Manager', 'Staff'],
  'customers:write': MANAGERS,
  'stock:write': MANAGERS,
  'purchasing:write': MANAGERS,
  'reports:read': MANAGERS,
  /** Every cashier's sales, not only one's own. */
  'sales:all': MANAGERS,
  'sales:refund': MANAGERS,
  'settings:write': ['Admin'],
} satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof ALLOWED;

const RoleContext = createContext<Role | null>(null);

/** The app layer says who is signed in; features only ask what that role may do. */
export function RoleProvider({ role, children }: { role: Role | null; children: ReactNode }) {
  return <RoleContext.Provider value={role}>{children}</RoleContext.Provider>;
}

/** Whether the signed-in user may do this. Unknown role: nothing, until the user is known. */
export function useCan(permission: Permission): boolean {
  const role = useContext(RoleContext);
  return role !== null && (ALLOWED[permission] as readonly Role[]).includes(role);
}
