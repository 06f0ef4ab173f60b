import { sql } from 'kysely';
import { expect } from 'vitest';
import type { DbHandle } from '../../src/db/client';

/**
 * The stock promise: every product's on-hand equals the sum of its ledger, and its batches hold
 * it (none of it while the shop has sold past zero).
 */
export async function expectLedgerConsistent(database: DbHandle) {
  const rows = await sql<{ id: number; on_hand: number; ledger: number; batches: number }>`
    select p.id, p.on_hand,
      coalesce((select sum(m.quantity) from stock_movements m where m.product_id = p.id), 0) as ledger,
      coalesce((select sum(b.remaining) from stock_batches b where b.product_id = p.id), 0) as batches
    from products p`.execute(database.db);
  const off = rows.rows.filter((r) => Number(r.on_hand) !== Number(r.ledger) || Math.max(0, Number(r.on_hand)) !== Number(r.batches));
  expect(off, 'products whose on-hand differs from the ledger or the batches').toEqual([]);

  // The monthly sums the stock report reads are the ledger's, month by month.
  const months = await sql<{ product_id: number; month: string; net: number; ledger: number }>`
    select s.product_id, s.month, s.net,
      coalesce((select sum(m.quantity) from stock_movements m where m.product_id = s.product_id and substr(m.business_date, 1, 7) = s.month), 0) as ledger
    from stock_months s`.execute(database.db);
  expect(months.rows.filter((r) => Number(r.net) !== Number(r.ledger))).toEqual([]);
  const unsummed = await sql<{ n: number }>`
    select count(*) as n from stock_movements m
    where not exists (select 1 from stock_months s where s.product_id = m.product_id and s.month = substr(m.business_date, 1, 7))`.execute(database.db);
  expect(Number(unsummed.rows[0]!.n), 'movements missing from the monthly sums').toBe(0);
}

export async function onHand(database: DbHandle, productId: number): Promise<number> {
  const row = await database.db.selectFrom('products').select('on_hand').where('id', '=', productId).executeTakeFirstOrThrow();
  return row.on_hand;
}

export async function rowCounts(database: DbHandle) {
  const count = async (table: 'supplies' | 'supply_items' | 'stock_batches' | 'stock_movements' | 'audit_log') =>
    Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  return {
    supplies: await count('supplies'),
    supply_items: await count('supply_items'),
    stock_batches: await count('stock_batches'),
    stock_movements: await count('stock_movements'),
    audit_log: await count('audit_log'),
  };
}
