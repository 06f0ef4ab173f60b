import { createContext, useContext, type ReactNode } from 'react';
import type { Role } from '@shop/contracts/common';
import { can, type Permission } from '@shop/contracts/permissions';

type SignedIn = { role: Role | null; userId: number | null };

const RoleContext = createContext<SignedIn>({ role: null, userId: null });

/**
 * The app layer says who is signed in; features only ask what that role may do, and (for
 * rules about one's own account, e.g. not deactivating oneself on the Users screen) who they are.
 */
export function RoleProvider({ role, userId = null, children }: { role: Role | null; userId?: number | null; children: ReactNode }) {
  return <RoleContext.Provider value={{ role, userId }}>{children}</RoleContext.Provider>;
}

/**
 * Whether the signed-in user may do this, by the one permission table the server enforces.
 * Unknown role: nothing, until the user is known.
 */
export function useCan(permission: Permission): boolean {
  return can(useContext(RoleContext).role, permission);
}

/** The signed-in user's id; `null` until known. */
export function useSignedInUserId(): number | null {
  return useContext(RoleContext).userId;
}
