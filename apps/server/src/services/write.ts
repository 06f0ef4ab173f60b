import { isForeignKeyViolation, isUniqueViolation } from '../db/errors';
import { conflict } from '../lib/errors';
import { recordAudit } from './audit';
import type { Actor, ServiceContext } from './context';

/**
 * Runs one write in a transaction and records it in the audit log in that same transaction,
 * so a change and its record land together or not at all. A unique-index race becomes a 409.
 */
export async function auditedWrite<T>(
  ctx: ServiceContext,
  actor: Actor,
  audit: { action: 'create' | 'update' | 'delete'; entity: string; conflictMessage: string; conflictField?: string },
  write: (tx: ServiceContext) => Promise<{ id: number; before?: unknown; after?: unknown; result: T }>,
): Promise<T> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const tx = { ...ctx, db: trx };
      const { id, before, after, result } = await write(tx);
      await recordAudit(trx, ctx.clock, { userId: actor.userId, action: audit.action, entity: audit.entity, entityId: id, before, after });
      return result;
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(audit.conflictMessage, audit.conflictField ? { field: audit.conflictField } : {});
    }
    if (isForeignKeyViolation(error)) throw conflict('Another record still refers to this one, or it refers to one that no longer exists. Reload and try again.');
    throw error;
  }
}
