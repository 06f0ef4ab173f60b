import { sql, type Kysely } from 'kysely';
import { compiledOnce } from '../db/compiled-once';
import type { Database } from '../db/schema';
import { oncePerTransaction, type ServiceContext } from './context';
import { nextNumber } from './document-numbers';

/*
 * The catalogue version (docs/decisions/0016-offline-selling.md, "A big catalogue"): one shop-wide
 * number, moved inside the writing transaction whenever something the till shows changes, and
 * stamped on each product whose till row changed. A till holding version V asks for the rows
 * stamped above V.
 *
 * SQLite has one writer at a time: the version is a counter row, taken like the document numbers.
 *
 * PostgreSQL: a counter row would be locked from a sale's first tracked line to its commit, so
 * every sale would wait for the one before, and a writer that took it before a product row would
 * deadlock with a checkout holding that product and wanting it. There the version comes from a
 * sequence (nextval locks no row), taken while holding the advisory lock CATALOG_LOCK shared
 * (writers never wait for each other). A version may then be issued before an older one commits,
 * so a reader first takes the same lock exclusively, in a statement of its own (the function
 * `catalog_version()`, migration 0022): that waits until every transaction that took a version has
 * committed or rolled back, and holds back new ones while it reads; the sequence's last value then
 * is a version V below which nothing is still in flight. Rows stamped after V (above it) come in
 * the next delta.
 */

/** The advisory lock writers hold shared while they stamp, and a reader takes exclusively to read the version. */
const CATALOG_LOCK = 160017; // 0016 offline selling, migration 0017; catalog_version() takes it by this number. A value, so the statement is prepared once (db/pg-prepared.ts)

/**
 * Transactions (PostgreSQL) that already hold CATALOG_LOCK shared, so a second stamp costs no extra
 * lock call, with the version each took with the lock.
 */
const holding = new WeakMap<Kysely<Database>, number>();

/**
 * PostgreSQL: hold CATALOG_LOCK shared until this transaction ends. Taken before any product row
 * is locked (see lockProducts), so a reader queued for the lock never stands between two writers.
 * The version this transaction stamps with is taken in the same statement, once the lock is held
 * (the sequence is read from the lock's row): a sale takes both in one round trip. A transaction
 * that then stamps nothing leaves a gap in the versions, which no reader minds.
 */
export async function holdCatalogShared(tx: ServiceContext): Promise<void> {
  if (tx.kind !== 'postgres' || holding.has(tx.db)) return;
  const { rows } = await sql<{ rev: string }>`with locked as materialized (select pg_advisory_xact_lock_shared(${CATALOG_LOCK})) select nextval('catalog_rev_seq') as rev from locked`.execute(tx.db);
  holding.set(tx.db, Number(rows[0]!.rev));
}

/**
 * Something the till shows changed that no product row carries (a category's name, a modifier
 * group's options). One version per transaction is enough: its rows become visible together, at
 * its commit (a sale of three tracked lines took three, a counter update or sequence call each).
 */
export const catalogChanged = oncePerTransaction(takeVersion);

async function takeVersion(tx: ServiceContext): Promise<number> {
  if (tx.kind !== 'postgres') return nextNumber(tx, 'catalog');
  await holdCatalogShared(tx);
  return holding.get(tx.db)!;
}

/** These products' till rows changed (their fields, promotions or own modifier groups). */
export async function productsChanged(tx: ServiceContext, productIds: readonly number[]): Promise<number> {
  const rev = await catalogChanged(tx);
  const ids = [...new Set(productIds)];
  if (ids.length) await tx.db.updateTable('products').set({ catalog_rev: rev }).where('id', 'in', ids).execute();
  return rev;
}

/** A category changed: its name (in the list) and the modifier groups its products inherit. */
export async function categoryChanged(tx: ServiceContext, categoryId: number): Promise<number> {
  const rev = await catalogChanged(tx);
  await tx.db.updateTable('products').set({ catalog_rev: rev }).where('category_id', '=', categoryId).execute();
  return rev;
}

/**
 * A modifier group changed: its rules and options (in the list), and, when its places change, the
 * rows of every product it applies to, directly or through a category. Call it before and after
 * the places change so products that lose the group are stamped too (`rev` reuses the version taken).
 */
export async function modifierGroupChanged(tx: ServiceContext, groupId: number, rev?: number): Promise<number> {
  const version = rev ?? (await catalogChanged(tx));
  await tx.db
    .updateTable('products')
    .set({ catalog_rev: version })
    .where((eb) =>
      eb.or([
        eb('id', 'in', eb.selectFrom('product_modifier_groups').select('product_id').where('group_id', '=', groupId)),
        eb('category_id', 'in', eb.selectFrom('category_modifier_groups').select('category_id').where('group_id', '=', groupId)),
      ]),
    )
    .execute();
  return version;
}

/** A product was deleted outright: tills holding an older version take the whole catalogue again. */
export async function productDeleted(tx: ServiceContext): Promise<void> {
  const rev = await catalogChanged(tx);
  await tx.db.updateTable('counters').set({ value: rev }).where('name', '=', 'catalog_deleted').execute();
}

/** SQLite: the two counters, read before every product search (built once). */
const catalogCounters = compiledOnce((db) => db.selectFrom('counters').select(['name', 'value']).where('name', 'in', ['catalog', 'catalog_deleted']));

/**
 * The catalogue's version now, and the version of the last outright delete. Every row stamped at
 * or below `version` is committed when this returns (on PostgreSQL it waits for stamping
 * transactions in flight; call it outside a transaction).
 */
export async function catalogVersion(ctx: ServiceContext): Promise<{ version: number; deleted: number }> {
  if (ctx.kind !== 'postgres') {
    const rows = await catalogCounters(ctx);
    const value = (name: string) => Number(rows.find((row) => row.name === name)?.value ?? 0);
    return { version: value('catalog'), deleted: value('catalog_deleted') };
  }
  // One statement (migration 0022): the lock, then the sequence and the delete counter read after it.
  const { rows } = await sql<{ version: string; deleted: string }>`select version, deleted from catalog_version()`.execute(ctx.db);
  return { version: Number(rows[0]!.version), deleted: Number(rows[0]!.deleted) };
}
