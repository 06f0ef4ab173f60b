import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';

export interface AuditEntry {
  userId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Appends one entry; call it inside the same transaction as the write it records. */
export async function recordAudit(db: Kysely<Database>, clock: Clock, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      user_id: entry.userId,
      action: entry.action,
      entity: entry.entity,
      entity_id: entry.entityId == null ? null : String(entry.entityId),
      before: entry.before === undefined ? null : JSON.stringify(entry.before),
      after: entry.after === undefined ? null : JSON.stringify(entry.after),
      created_at: clock.now().toISOString(),
    })
    .execute();
}
