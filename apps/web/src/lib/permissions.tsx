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
  /** The Users screen: staff accounts, sign-up approvals, passwords set for others. */
  'users:manage': ['Admin'],
} satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof ALLOWED;

type SignedIn = { role: Role | null; userId: number | null };

const RoleContext = createContext<SignedIn>({ role: null, userId: null });

/**
 * The app layer says who is signed in; features only ask what that role may do, and (for
 * rules about one's own account, e.g. not deactivating oneself on the Users screen) who they are.
 */
export function RoleProvider({ role, userId = null, children }: { role: Role | null; userId?: number | null; children: ReactNode }) {
  return <RoleContext.Provider value={{ role, userId }}>{children}</RoleContext.Provider>;
}

/** For the app shell outside the page (the sidebar), which knows the role from the session. */
export function roleCan(role: Role | null, permission: Permission): boolean {
  return role !== null && (ALLOWED[permission] as readonly Role[]).includes(role);
}

/** Whether the signed-in user may do this. Unknown role: nothing, until the user is known. */
export function useCan(permission: Permission): boolean {
  return roleCan(useContext(RoleContext).role, permission);
}

/** The signed-in user's id; `null` until known. */
export function useSignedInUserId(): number | null {
  return useContext(RoleContext).userId;
}
