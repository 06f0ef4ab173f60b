import { createContext, useContext, type ReactNode } from 'react';
import type { User } from '@shop/contracts/user';

/**
 * What a screen may do to the signed-in session without knowing how it is kept: the app layer
 * (which owns sign-in) provides these, so a feature such as Profile never imports auth.
 */
export type SessionActions = {
  /** The server answered with a newer copy of the signed-in user (a saved name, a new e-mail). */
  userChanged: (user: User) => void;
  /** Forget the session on this device and go to sign-in, as the header's 'Sign out' does. */
  signOutLocally: () => void;
};

const SessionActionsContext = createContext<SessionActions | null>(null);

export function SessionActionsProvider({ value, children }: { value: SessionActions; children: ReactNode }) {
  return <SessionActionsContext.Provider value={value}>{children}</SessionActionsContext.Provider>;
}

export function useSessionActions(): SessionActions {
  const actions = useContext(SessionActionsContext);
  if (!actions) throw new Error('useSessionActions needs a SessionActionsProvider (the signed-in layout).');
  return actions;
}
