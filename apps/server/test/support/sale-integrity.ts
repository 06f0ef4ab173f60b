import { sql, type RawBuilder } from 'kysely';
import { expect } from 'vitest';
import type { DbHandle } from '../../src/db/client';

/**
 * The checkout promise, read straight from the tables: no partial sale. Every sale has lines
 * that add up to its header, payments that cover its total and the stock movements of its
 * tracked lines; no movement points at a missing sale; sale numbers run 1..N without a gap
 * (the counter is taken inside the sale's own transaction).
 */
export async function expectSalesComplete(database: DbHandle) {
  const { db } = database;
  const ids = async (query: RawBuilder<{ id: number }>) => (await query.execute(db)).rows.map((r) => Number(r.id));

  expect(await ids(sql<{ id: number }>`select s.id from sales s where not exists (select 1 from sale_items i where i.sale_id = s.id)`), 'sales without lines').toEqual([]);
  expect(
    await ids(sql<{ id: number }>`
      select s.id from sales s
      join (
        select sale_id, count(*) as n, sum(quantity) as qty, sum(unit_price_cents * quantity) as gross,
          sum(discount_cents) as discount, sum(line_total_cents) as lines_total
        from sale_items group by sale_id
      ) l on l.sale_id = s.id
      where s.items_count <> l.n or s.total_qty <> l.qty or s.gross_cents <> l.gross or s.discount_cents <> l.discount
        or s.total_cents <> l.lines_total + (case when s.tax_inclusive = 1 then 0 else s.tax_cents end) + s.service_cents`),
    'sales whose header totals differ from their lines',
  ).toEqual([]);
  expect(
    await ids(sql<{ id: number }>`
      select s.id from sales s
      left join (select sale_id, sum(amount_cents) as paid from sale_payments group by sale_id) p on p.sale_id = s.id
      where p.paid is null or p.paid <> s.paid_cents or (s.status <> 'Partial' and s.paid_cents <> s.total_cents)`),
    'sales whose payments (less change) differ from what they record as paid, or that are not paid in full unless Partial',
  ).toEqual([]);
  expect(
    await ids(sql<{ id: number }>`
      select i.sale_id as id from sale_items i join products p on p.id = i.product_id
      where p.track_stock = 1
      group by i.sale_id, i.product_id
      having sum(i.quantity) <> coalesce((
        select -sum(m.quantity) from stock_movements m
        where m.reference_type = 'sale' and m.reference_id = i.sale_id and m.product_id = i.product_id), 0)`),
    'sales whose tracked lines lack their stock movements',
  ).toEqual([]);
  expect(
    await ids(sql<{ id: number }>`select m.id from stock_movements m where m.reference_type = 'sale' and not exists (select 1 from sales s where s.id = m.reference_id)`),
    'sale movements without a sale',
  ).toEqual([]);

  const numbers = (await sql<{ n: number; distinct_numbers: number; low: number | null; high: number | null }>`
    select count(*) as n, count(distinct number) as distinct_numbers, min(number) as low, max(number) as high from sales`.execute(db)).rows[0]!;
  const n = Number(numbers.n);
  expect({ distinct: Number(numbers.distinct_numbers), low: n ? Number(numbers.low) : 1, high: Number(numbers.high ?? 0) }, 'sale numbers 1..N without gaps').toEqual({ distinct: n, low: 1, high: n });
}

/** Figures that change with every sale or stock movement: equal figures mean the same sales and ledger. */
export async function salesChecksums(database: DbHandle) {
  const row = (
    await sql<Record<string, number | null>>`
      select
        (select count(*) from sales) as sales,
        (select sum(total_cents) from sales) as sales_total_cents,
        (select max(id) from sales) as max_sale_id,
        (select max(number) from sales) as max_sale_number,
        (select count(*) from sale_items) as sale_lines,
        (select sum(quantity) from sale_items) as sold_quantity,
        (select sum(amount_cents) from sale_payments) as paid_cents,
        (select count(*) from stock_movements) as movements,
        (select sum(quantity) from stock_movements) as ledger_quantity,
        (select max(id) from stock_movements) as max_movement_id,
        (select sum(on_hand) from products) as on_hand`.execute(database.db)
  ).rows[0]!;
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v ?? 0)]));
}

export async function saleIds(database: DbHandle): Promise<Set<number>> {
  return new Set((await database.db.selectFrom('sales').select('id').execute()).map((r) => r.id));
}
