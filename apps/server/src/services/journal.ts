import crypto from 'node:crypto';
import type { JournalBreak, JournalKind, JournalVerify } from '@shop/contracts/journal';
import { zCode } from '@shop/contracts/shift';
import type { QueryCreator, Selectable } from 'kysely';
import type { ServiceContext } from './context';
import { compiledOnce } from '../db/compiled-once';
import type { Database, SaleItemsTable, SalePaymentsTable, SalesTable } from '../db/schema';
import { refundCode, saleCode } from '../lib/document-codes';
import { groupBy } from '../lib/group-by';

/*
 * The journal (docs/decisions/0012-tills-shifts-and-the-journal.md): each money record, in the
 * transaction that writes it, appends `hash = SHA-256(previous hash + its canonical content)`
 * under the next sequence number. The check rebuilds every record's content from its rows, in
 * order, and names the first that does not match.
 *
 * A record's content is what never changes once written. Left out: what later documents change
 * by design (a sale's refunded amount, status and paid figure; a line's refunded quantity), and
 * the references the database itself clears when a person, customer or promotion is removed.
 */

const GENESIS = 'shop-console journal v1';

/** What a record is chained with. */
export type JournalContent = Record<string, unknown>;
type Content = JournalContent;

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('hex');
const link = (previous: string, content: Content) => sha256(`${previous}\n${JSON.stringify(content)}`);

/** Numbers as numbers whatever the driver returns (PostgreSQL sums come back as text). */
const num = (value: number | string | null) => (value === null ? null : Number(value));

// Every sale's statements, built once per shape (docs/decisions/0017-speed-on-the-wire-and-under-load.md, "Statements built once").
const salesByIds = compiledOnce((db, ids: number[]) => db.selectFrom('sales').selectAll().where('id', 'in', ids));
const itemsOfSales = compiledOnce((db, ids: number[]) => db.selectFrom('sale_items').selectAll().where('sale_id', 'in', ids).orderBy('id'));
const paymentsOfSales = compiledOnce((db, ids: number[]) => db.selectFrom('sale_payments').selectAll().where('sale_id', 'in', ids).orderBy('id'));
/** The next record's number and the last record's hash (null on a database whose head is not kept yet). */
export interface JournalHead {
  value: number;
  hash: string | null;
}

/** Takes the next record's number, locking the `journal` counter's row to commit. Also a part of the sale's number statement (checkout.ts). */
export const journalHeadTaken = (db: QueryCreator<Database>) =>
  db
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', 'journal')
    .returning(['value', 'hash']);
const takeJournalHead = compiledOnce(journalHeadTaken);
type JournalRecord = { seq: number; kind: JournalKind; entity_id: number; hash: string; created_at: string };
const chainSqlite = {
  record: compiledOnce((db, record: JournalRecord) => db.insertInto('journal').values(record)),
  head: compiledOnce((db, hash: string) => db.updateTable('counters').set({ hash }).where('name', '=', 'journal')),
};
/** PostgreSQL: the record and the head in one statement. */
const chainPg = compiledOnce((db, record: JournalRecord) =>
  db
    .with('chained', (cte) => cte.insertInto('journal').values(record))
    .updateTable('counters')
    .set({ hash: record.hash })
    .where('name', '=', 'journal'),
);

/** Sales with their lines and the payments made with them (payments taken later are their own records). */
async function saleContents(ctx: ServiceContext, ids: number[]): Promise<Map<number, Content>> {
  const sales = await salesByIds(ctx, ids);
  const items = groupBy(await itemsOfSales(ctx, ids), (item) => item.sale_id);
  const payments = groupBy(await paymentsOfSales(ctx, ids), (payment) => payment.sale_id);
  return new Map(sales.map((sale) => [sale.id, saleContentOf(sale, items.get(sale.id) ?? [], payments.get(sale.id) ?? [])]));
}

/**
 * A sale's content from its rows: the sale, its lines and all its payment rows (change rows
 * included), each oldest first. The checkout builds it from the rows the sale's inserts returned
 * (sales.ts, writtenSaleRows); the check, from the rows it reads here.
 */
export function saleContentOf(sale: Selectable<SalesTable>, items: readonly Selectable<SaleItemsTable>[], payments: readonly Selectable<SalePaymentsTable>[]): Content {
  // The change rows written with the sale come before any later settlement's rows.
  const firstLater = Math.min(...payments.filter((p) => p.kind === 'settlement').map((p) => p.id), Number.POSITIVE_INFINITY);
  const withSale = payments.filter((p) => p.kind === 'sale' || (p.kind === 'change' && p.id < firstLater));
  return {
    number: sale.number,
    sale_date: sale.sale_date,
    business_date: sale.business_date,
    customer_name: sale.customer_name,
    channel: sale.channel,
    gross: sale.gross_cents,
    discount: sale.discount_cents,
    tax_enabled: sale.tax_enabled,
    tax_inclusive: sale.tax_inclusive,
    tax_rate_bp: sale.tax_rate_bp,
    tax: sale.tax_cents,
    service_bp: sale.service_bp,
    service: sale.service_cents,
    total: sale.total_cents,
    rates: [sale.khr_per_usd, sale.khr_change_per_usd, sale.riel_step],
    change: [sale.change_cents, sale.change_usd_cents, sale.change_khr],
    till_id: sale.till_id,
    shift_id: sale.shift_id,
    notes: sale.notes,
    created_at: sale.created_at,
    // Only sales made offline carry it, so the records written before it still match (docs/decisions/0016-offline-selling.md).
    ...(sale.client_id === null ? {} : { offline: [sale.client_id, sale.offline_number] }),
    items: items.map((item) => [item.product_id, item.product_name, item.sku, item.quantity, item.unit_price_cents, item.discount_bp, item.discount_cents, item.line_total_cents, item.cost_cents]),
    payments: withSale.map(paymentTuple),
  };
}

function paymentTuple(p: { method_key: string; currency: string; amount_cents: number; amount_khr: number; reference: string | null; khqr_md5: string | null; kind: string }) {
  return [p.kind, p.method_key, p.currency, p.amount_cents, p.amount_khr, p.reference, p.khqr_md5];
}

async function refundContents(ctx: ServiceContext, ids: number[]): Promise<Map<number, Content>> {
  const refunds = await ctx.db.selectFrom('refunds').selectAll().where('id', 'in', ids).execute();
  const items = await ctx.db.selectFrom('refund_items').selectAll().where('refund_id', 'in', ids).orderBy('id').execute();
  return new Map(
    refunds.map((r) => [
      r.id,
      {
        number: r.number,
        sale_id: r.sale_id,
        amount: r.amount_cents,
        reason: r.reason,
        restock: r.restock,
        business_date: r.business_date,
        method: r.method,
        currency: r.currency,
        amount_khr: r.amount_khr,
        khr_per_usd: r.khr_per_usd,
        till_id: r.till_id,
        shift_id: r.shift_id,
        created_at: r.created_at,
        items: items.filter((item) => item.refund_id === r.id).map((item) => [item.sale_item_id, item.product_id, item.quantity, item.amount_cents]),
      },
    ]),
  );
}

/** A payment taken after the sale (a settlement, or its change): one row each. */
async function paymentContents(ctx: ServiceContext, ids: number[]): Promise<Map<number, Content>> {
  const rows = await ctx.db.selectFrom('sale_payments').selectAll().where('id', 'in', ids).execute();
  return new Map(
    rows.map((p) => [p.id, { sale_id: p.sale_id, payment: paymentTuple(p), business_date: p.business_date, khr_per_usd: p.khr_per_usd, till_id: p.till_id, shift_id: p.shift_id, created_at: p.created_at }]),
  );
}

/** A shift's opening: its till, who, when, and the float. Its close is in its Z-report. */
async function shiftContents(ctx: ServiceContext, ids: number[]): Promise<Map<number, Content>> {
  const rows = await ctx.db.selectFrom('shifts').selectAll().where('id', 'in', ids).execute();
  return new Map(
    rows.map((s) => [s.id, { till_id: s.till_id, business_date: s.business_date, opened_by: s.opened_by_name, opened_at: s.opened_at, float: [s.float_usd_cents, s.float_khr], float_detail: s.float_detail }]),
  );
}

async function movementContents(ctx: ServiceContext, ids: number[]): Promise<Map<number, Content>> {
  const rows = await ctx.db.selectFrom('drawer_movements').selectAll().where('id', 'in', ids).execute();
  return new Map(
    rows.map((m) => [m.id, { shift_id: m.shift_id, till_id: m.till_id, type: m.type, currency: m.currency, amount: [m.amount_cents, m.amount_khr], reason: m.reason, by: m.user_name, created_at: m.created_at }]),
  );
}

/** A Z-report as printed, and the close it records on its shift. */
async function zReportContents(ctx: ServiceContext, ids: number[]): Promise<Map<number, Content>> {
  const rows = await ctx.db.selectFrom('z_reports').innerJoin('shifts', 'shifts.id', 'z_reports.shift_id').selectAll('z_reports').select([
    'shifts.closed_by_name',
    'shifts.closed_at',
    'shifts.counted_usd_cents',
    'shifts.counted_khr',
    'shifts.expected_usd_cents',
    'shifts.expected_khr',
    'shifts.note',
    'shifts.z_number',
  ]).where('z_reports.id', 'in', ids).execute();
  return new Map(
    rows.map((z) => [
      z.id,
      {
        number: z.number,
        shift_id: z.shift_id,
        content: z.content,
        created_at: z.created_at,
        close: [z.closed_by_name, z.closed_at, num(z.counted_usd_cents), num(z.counted_khr), num(z.expected_usd_cents), num(z.expected_khr), z.note, num(z.z_number)],
      },
    ]),
  );
}

const CONTENTS: Record<JournalKind, (ctx: ServiceContext, ids: number[]) => Promise<Map<number, Content>>> = {
  sale: saleContents,
  refund: refundContents,
  payment: paymentContents,
  shift: shiftContents,
  movement: movementContents,
  z_report: zReportContents,
};

/** What a record is chained with, read from its rows (a sale reads it before its number is taken: see recordSale). */
export async function journalContent(tx: ServiceContext, kind: JournalKind, entityId: number): Promise<Content> {
  const content = (await CONTENTS[kind](tx, [entityId])).get(entityId);
  if (!content) throw new Error(`journal: ${kind} ${entityId} is not there to record`);
  return content;
}

/**
 * Chains one record, inside the transaction that wrote it. The `journal` counter's row stays
 * locked to commit, so appends run one after another and each sees the one before it. The row
 * keeps the last record's hash beside its number, and the content is read before, so that lock
 * is held for one read and one write (two on SQLite, whose writes run one at a time anyway).
 * `taken` is the head when the caller already took it (a sale on PostgreSQL, with its number).
 */
export async function chainJournal(tx: ServiceContext, kind: JournalKind, entityId: number, content: Content, taken?: JournalHead): Promise<void> {
  const head = taken ?? (await takeJournalHead(tx))[0];
  if (!head) throw new Error('journal: no counter');
  const seq = head.value;
  const previous = seq === 1 ? GENESIS : (head.hash ?? (await tx.db.selectFrom('journal').select('hash').where('seq', '=', seq - 1).executeTakeFirstOrThrow()).hash);
  const record: JournalRecord = { seq, kind, entity_id: entityId, hash: link(previous, content), created_at: tx.clock.now().toISOString() };
  if (tx.kind === 'postgres') {
    await chainPg(tx, record);
  } else {
    await chainSqlite.record(tx, record);
    await chainSqlite.head(tx, record.hash);
  }
}

/** Appends one record, inside the transaction that wrote it. */
export async function appendJournal(tx: ServiceContext, kind: JournalKind, entityId: number): Promise<void> {
  await chainJournal(tx, kind, entityId, await journalContent(tx, kind, entityId));
}

/** How people name a record in a refusal: its document number where it has one. */
async function referenceOf(ctx: ServiceContext, kind: JournalKind, id: number): Promise<string> {
  if (kind === 'sale') {
    const sale = await ctx.db.selectFrom('sales').select('number').where('id', '=', id).executeTakeFirst();
    return sale ? saleCode(sale.number) : `Sale ${id}`;
  }
  if (kind === 'refund') {
    const refund = await ctx.db.selectFrom('refunds').select('number').where('id', '=', id).executeTakeFirst();
    return refund ? refundCode(refund.number) : `Refund ${id}`;
  }
  if (kind === 'z_report') {
    const z = await ctx.db.selectFrom('z_reports').select('number').where('id', '=', id).executeTakeFirst();
    return z ? zCode(z.number) : `Z-report ${id}`;
  }
  if (kind === 'payment') {
    const row = await ctx.db.selectFrom('sale_payments').innerJoin('sales', 'sales.id', 'sale_payments.sale_id').select('sales.number').where('sale_payments.id', '=', id).executeTakeFirst();
    return row ? `Payment ${id} of ${saleCode(row.number)}` : `Payment ${id}`;
  }
  return kind === 'shift' ? `Shift ${id}` : `Drawer movement ${id}`;
}

/** Walks the whole chain in order, a batch at a time, and stops at the first record that does not match. */
export async function verifyJournal(ctx: ServiceContext, batch = 500): Promise<JournalVerify> {
  const total = Number((await ctx.db.selectFrom('journal').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  let previous = GENESIS;
  let expectedSeq = 1;
  let checked = 0;
  const broken = async (record: { seq: number; kind: string; entity_id: number }, reason: JournalBreak['reason']): Promise<JournalVerify> => {
    const kind = record.kind as JournalKind;
    return {
      ok: false,
      checked,
      total,
      first_break: { seq: record.seq, kind, entity_id: record.entity_id, reference: await referenceOf(ctx, kind, record.entity_id), reason },
      head: null,
    };
  };
  for (;;) {
    const records = await ctx.db.selectFrom('journal').selectAll().where('seq', '>=', expectedSeq).orderBy('seq').limit(batch).execute();
    if (records.length === 0) break;
    const contents = new Map<string, Map<number, Content>>();
    for (const kind of new Set(records.map((r) => r.kind))) {
      const loader = CONTENTS[kind as JournalKind];
      if (!loader) return broken(records.find((r) => r.kind === kind)!, 'chain');
      contents.set(kind, await loader(ctx, records.filter((r) => r.kind === kind).map((r) => r.entity_id)));
    }
    for (const record of records) {
      if (record.seq !== expectedSeq) return broken(record, 'chain');
      const content = contents.get(record.kind)!.get(record.entity_id);
      if (!content) return broken(record, 'missing');
      const hash = link(previous, content);
      if (hash !== record.hash) return broken(record, 'changed');
      previous = hash;
      expectedSeq += 1;
      checked += 1;
    }
  }
  // A record cut off the end shows as a counter ahead of the chain.
  const counter = await ctx.db.selectFrom('counters').select('value').where('name', '=', 'journal').executeTakeFirst();
  if (counter && Number(counter.value) !== checked) {
    return { ok: false, checked, total, first_break: { seq: checked + 1, kind: 'sale', entity_id: 0, reference: `Journal record ${checked + 1}`, reason: 'chain' }, head: null };
  }
  return { ok: true, checked, total, first_break: null, head: checked === 0 ? null : previous };
}
