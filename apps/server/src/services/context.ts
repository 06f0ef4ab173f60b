import type { Kysely } from 'kysely';
import type { Role } from '@shop/contracts/common';
import { can, type Permission } from '@shop/contracts/permissions';
import type { Clock } from '../lib/clock';
import type { DbKind } from '../db/dialect';
import type { Database } from '../db/schema';
import type { ExportTextReader } from '../lib/export-text';

/** What every service needs: the database, which dialect it speaks, and the clock. */
export interface ServiceContext {
  db: Kysely<Database>;
  kind: DbKind;
  clock: Clock;
  /**
   * Reads an export's chunk and writes its CSV text where the rows are read (a SQLite reader
   * thread; PostgreSQL's rows taken as arrays). Unset: the caller reads the rows and writes the text.
   */
  exportText?: ExportTextReader;
  /** How many statements the database answers at once (the reports' connections or reader threads); unset, one. */
  readers?: number;
  /**
   * Where a list that reads through `db` reads a few rows by their keys, when `db` is a SQLite
   * reader thread or PostgreSQL's lists' pool: the main handle (SQLite's main-thread reading
   * connection, since the hop to the thread and back costs more than such a read; PostgreSQL's
   * tills' pool, whose statements are prepared once, where the lists' pool parses and plans each)
   * (docs/decisions/0019-product-search-in-memory.md). Unset: `db`.
   */
  byKey?: Kysely<Database>;
}

/** The context a few reads by key go through (`byKey`), or `ctx` itself. */
export const keyedReads = (ctx: ServiceContext): ServiceContext => (ctx.byKey ? { db: ctx.byKey, kind: ctx.kind, clock: ctx.clock } : ctx);

/** Who is acting, for the audit log and the rules that depend on what they may do. */
export interface Actor {
  userId: number;
  role: Role;
}

/**
 * The shop itself reading its own records, for work no one person's view should narrow: a shift's
 * figures (every cashier's sales at the till) and a slip the printer prints. The caller checked
 * the person's rights first.
 */
export const SHOP_VIEW: Actor = { userId: 0, role: 'Admin' };

/** Whether the actor holds a permission of the one table (services never compare role names). */
export const actorCan = (actor: Actor, permission: Permission) => can(actor.role, permission);

/**
 * A value worked out once per transaction and kept for the rest of it (a sale's settings, the
 * catalogue version it stamps); outside a transaction it is worked out on every call. `forget`
 * drops what a transaction kept, for the one that changes it.
 */
export function oncePerTransaction<T>(work: (ctx: ServiceContext) => Promise<T>) {
  const kept = new WeakMap<Kysely<Database>, Promise<T>>();
  const get = (ctx: ServiceContext): Promise<T> => {
    if (!ctx.db.isTransaction) return work(ctx);
    let value = kept.get(ctx.db);
    if (!value) {
      value = work(ctx);
      kept.set(ctx.db, value);
    }
    return value;
  };
  return Object.assign(get, { forget: (ctx: ServiceContext) => void kept.delete(ctx.db) });
}
