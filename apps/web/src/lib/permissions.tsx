import { createContext, useContext, type ReactNode } from 'react';
import type { Role } from '@shop/contracts/common';

/** What a screen may offer; the server enforces the same rules (DESIGN.md §4). */
export type Permission = 'catalog:write' | 'promotions:write' | 'customers:create' | 'customers:write' | 'purchasing:write';

const GRANTS: Record<Role, readonly Permission[]> = {
  Admin: ['catalog:write', 'promotions:write', 'customers:create', 'customers:write', 'purchasing:write'],
  Manager: ['catalog:write', 'promotions:write', 'customers:create', 'customers:write', 'purchasing:write'],
  Staff: ['customers:create'],
};

const RoleContext = createContext<Role | null>(null);

/** The app layer says who is signed in; features only ask what that role may do. */
export function RoleProvider({ role, children }: { role: Role | null; children: ReactNode }) {
  return <RoleContext.Provider value={role}>{children}</RoleContext.Provider>;
}

/** Whether the signed-in user may do this. Unknown role: nothing, until the user is known. */
export function useCan(permission: Permission): boolean {
  const role = useContext(RoleContext);
  return role !== null && GRANTS[role].includes(permission);
}
