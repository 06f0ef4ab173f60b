import type { Kysely, Migration } from 'kysely';

/**
 * API keys carry a scope (packages/contracts/src/api-key-scopes.ts). Keys made before scopes
 * existed could do everything their owner's role could, so they become `full` and keep working
 * for the scripts that use them; their owners can replace them with narrower ones. The column's
 * default is only for those rows: the server always names a new key's scope (`read` unless
 * chosen), and the schema types make it required.
 */
export function apiKeyScopes(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('api_keys').addColumn('scope', 'text', (c) => c.notNull().defaultTo('full')).execute();
    },
  };
}
