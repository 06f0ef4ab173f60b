import type { Insertable, Kysely } from 'kysely';
import { compiledOnce } from '../db/compiled-once';
import type { AuditLogTable, Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { ServiceContext } from './context';

export interface AuditEntry {
  userId: number | null;
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** The row an entry is written as. */
function auditRow(clock: Clock, entry: AuditEntry): Insertable<AuditLogTable> {
  return {
    user_id: entry.userId,
    action: entry.action,
    entity: entry.entity,
    entity_id: entry.entityId == null ? null : String(entry.entityId),
    before: entry.before === undefined ? null : JSON.stringify(entry.before),
    after: entry.after === undefined ? null : JSON.stringify(entry.after),
    created_at: clock.now().toISOString(),
  };
}

/** Appends one entry; call it inside the same transaction as the write it records. */
export async function recordAudit(db: Kysely<Database>, clock: Clock, entry: AuditEntry): Promise<void> {
  await db.insertInto('audit_log').values(auditRow(clock, entry)).execute();
}

/** The same insert built once (docs/decisions/0017-speed-on-the-wire-and-under-load.md, "Statements built once"), for a write as frequent as a sale. */
const insertEntry = compiledOnce((db, row: Insertable<AuditLogTable>) => db.insertInto('audit_log').values(row));

/** recordAudit with a service's context: what every sale records. */
export async function recordAuditIn(tx: ServiceContext, entry: AuditEntry): Promise<void> {
  await insertEntry(tx, auditRow(tx.clock, entry));
}
