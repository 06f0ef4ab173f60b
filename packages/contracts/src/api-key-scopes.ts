import { z } from 'zod';
import { isPermission, type Access, type Permission } from './permissions';

/*
 * What an API key may do: the one table of scopes. A key acts as its owner, so it never goes
 * past the owner's role (permissions.ts); the scope chosen when the key is made narrows that
 * further. Every scope may read (GET, HEAD) whatever the owner's role may read; a scope lists
 * the permissions whose writes it may make. No key, whatever its scope, manages accounts: the
 * Users routes (`users:manage`) and the owner's own account (`own-account`) need a signed-in
 * session, so a leaked key can neither take over nor lock out anyone.
 * See docs/decisions/0008-api-key-scopes-and-session-lifetimes.md.
 */

export const API_KEY_SCOPE_NAMES = ['read', 'sales', 'catalogue', 'full'] as const;
export const apiKeyScopeSchema = z.enum(API_KEY_SCOPE_NAMES, { error: 'Choose a scope: read, sales, catalogue or full.' });
export type ApiKeyScope = z.infer<typeof apiKeyScopeSchema>;

/** A new key's scope when none is chosen: the one that can change nothing. */
export const DEFAULT_API_KEY_SCOPE: ApiKeyScope = 'read';

type ScopeRule = {
  /** The writes it may make: those that need one of these permissions, or every one (`all`) that a key may make at all. */
  writes: readonly Permission[] | 'all';
  /** What it is for, in the API's reference. */
  description: string;
};

export const API_KEY_SCOPES = {
  read: { writes: [], description: 'reads only (GET, HEAD): lists, records, reports and exports.' },
  sales: {
    writes: ['sales:create', 'sales:refund', 'customers:create'],
    description: 'reads, and the till: ring up sales, refund them, add customers.',
  },
  catalogue: {
    writes: ['catalog:manage', 'promotions:manage', 'stock:manage', 'purchasing:manage'],
    description: 'reads, and catalogue upkeep: products, categories, units, promotions, stock, suppliers and supplies.',
  },
  full: { writes: 'all', description: "everything the owner's role may do, except managing accounts." },
} as const satisfies Record<ApiKeyScope, ScopeRule>;

/** The scopes in words, for the API's reference. */
export const API_KEY_SCOPE_REFERENCE = `Scopes: ${API_KEY_SCOPE_NAMES.map((name) => `\`${name}\`, ${API_KEY_SCOPES[name].description}`).join(' ')} No key, whatever its scope, may manage accounts (the Users routes, or its owner's password, e-mail, two-step sign-in, sessions and keys).`;

/** Permissions no key may use, not even to read: managing staff accounts. */
export const NEVER_FOR_API_KEYS: readonly Permission[] = ['users:manage'];

/** Methods that change nothing, open to every scope. */
const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/** Whether any key may call a route of this access: never one that manages an account. */
export function apiKeysMayUse(access: Access): boolean {
  return access !== 'own-account' && !(NEVER_FOR_API_KEYS as readonly string[]).includes(access);
}

/**
 * Whether a key of this scope may make this request (the owner's role is checked apart): a read
 * of anything a key may use; a write only of a permission its scope lists, and for a `signed-in`
 * write (one's own notifications) only the `full` scope.
 */
export function apiKeyScopeAllows(scope: ApiKeyScope, access: Access, method: string): boolean {
  if (!apiKeysMayUse(access)) return false;
  if (access === 'public' || READ_METHODS.has(method.toUpperCase())) return true;
  const writes: readonly Permission[] | 'all' = API_KEY_SCOPES[scope].writes;
  if (writes === 'all') return true;
  return isPermission(access) && writes.includes(access);
}

export const API_KEY_MESSAGES = {
  accountsNeedSession: 'API keys cannot manage user accounts. Sign in to the console to do this.',
  outOfScope: "This API key's scope does not allow this request. Create a key with a wider scope.",
} as const;
