/**
 * Where to send the user after signing in. The route guard puts it into the router's location
 * state when it bounces a signed-out visitor to the sign-in page.
 */
export type ReturnToState = { returnTo: string };

const DEFAULT_RETURN_TO = '/dashboard';

export function returnToState(location: { pathname: string; search: string; hash: string }): ReturnToState {
  return { returnTo: `${location.pathname}${location.search}${location.hash}` };
}

export function readReturnTo(state: unknown): string {
  if (typeof state !== 'object' || state === null || !('returnTo' in state)) return DEFAULT_RETURN_TO;
  const { returnTo } = state;
  // Only same-app paths: never an absolute URL, and never back into the auth pages.
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//')) return DEFAULT_RETURN_TO;
  if (returnTo.startsWith('/auth/')) return DEFAULT_RETURN_TO;
  return returnTo;
}
