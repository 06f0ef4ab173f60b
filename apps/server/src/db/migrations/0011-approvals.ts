import type { Kysely, Migration } from 'kysely';
import type { DbKind } from '../dialect';
import { withId } from './helpers';

/**
 * A Manager's approval at the till (docs/decisions/0011-manager-approvals.md): a short-lived
 * token for one permission, given to the cashier who asked. Only its SHA-256 is kept.
 */
export function approvals(kind: DbKind): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await withId(kind, db.schema.createTable('approvals'))
        .addColumn('token_hash', 'text', (c) => c.notNull().unique())
        .addColumn('permission', 'text', (c) => c.notNull())
        .addColumn('approver_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('requested_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
