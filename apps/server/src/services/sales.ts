import { SALE_MESSAGES, type Sale, type SaleListQuery, type SaleTotals } from '@shop/contracts/sale';
import { sql, type Kysely } from 'kysely';
import { compiledOnce } from '../db/compiled-once';
import { containsInsensitive } from '../db/dialect';
import { notFound } from '../lib/errors';
import { fromBasisPoints, fromCents, sumCents } from '@shop/contracts/money';
import type { SalePayment } from '@shop/contracts/payment';
import { CASH_METHOD, centsToKhrChange } from '@shop/contracts/tender';
import type { ExpressionBuilder, Selectable } from 'kysely';
import type { Database, RefundItemsTable, RefundsTable, SaleItemModifiersTable, SaleItemsTable, SalePaymentsTable } from '../db/schema';
import { actorCan, type Actor, type ServiceContext } from './context';
import { refundCode, saleCode, saleNumberIn } from '../lib/document-codes';
import type { PaymentMethod } from '@shop/contracts/settings';
import { getSettingsSection } from './settings';
import { groupBy } from '../lib/group-by';
import { chunksAhead, readAhead } from '../lib/read-ahead';
import { SALES_EXPORT_COLUMNS, writeExportText } from '../lib/export-text';
import { appliedDiscount } from './hand-discounts';
import { saleDayTotals, saleFigures, type SaleFigures } from './sale-days';
import type { SaleModifier } from '@shop/contracts/modifier';

/** Without `sales:view-all`, a person sees only the sales they rang up. */
const seesAll = (viewer: Actor) => actorCan(viewer, 'sales:view-all');

function selectSales(ctx: ServiceContext, viewer: Actor) {
  return salesSeenBy(ctx.db, seesAll(viewer) ? null : viewer.userId);
}

/** The sales with the names they show; only the seller's own when `sellerId` is given. */
function salesSeenBy(db: Kysely<Database>, sellerId: number | null) {
  let select = db
    .selectFrom('sales')
    .leftJoin('users', 'users.id', 'sales.user_id')
    .leftJoin('users as approvers', 'approvers.id', 'sales.approved_by')
    .leftJoin('users as discount_approvers', 'discount_approvers.id', 'sales.discount_approved_by')
    .leftJoin('tills', 'tills.id', 'sales.till_id')
    .selectAll('sales')
    .select(['users.name as cashier_name', 'approvers.name as approver_name', 'discount_approvers.name as discount_approver_name', 'tills.name as till_name']);
  if (sellerId !== null) select = select.where('sales.user_id', '=', sellerId);
  return select;
}

// One sale's statements (the answer to every sale rung up), built once per shape (docs/decisions/0017-speed-on-the-wire-and-under-load.md, "Statements built once").
const saleForAll = compiledOnce((db, id: number) => salesSeenBy(db, null).where('sales.id', '=', id));
const saleForSeller = compiledOnce((db, id: number, sellerId: number) => salesSeenBy(db, sellerId).where('sales.id', '=', id));
const itemsOfSale = compiledOnce((db, id: number) => db.selectFrom('sale_items').selectAll().where('sale_id', '=', id).orderBy('id'));
const optionsOfItems = compiledOnce((db, saleItemIds: number[]) =>
  db.selectFrom('sale_item_modifiers').selectAll().where('sale_item_id', 'in', saleItemIds).orderBy('sale_item_id').orderBy('position'),
);
const refundsOfSale = compiledOnce((db, id: number) => db.selectFrom('refunds').selectAll().where('sale_id', '=', id).orderBy('id'));
const paymentsOfSales = compiledOnce((db, saleIds: number[]) =>
  db.selectFrom('sale_payments').selectAll().where('sale_id', 'in', saleIds).where('kind', '!=', 'change').orderBy('id'),
);

type SaleRow = Awaited<ReturnType<ReturnType<typeof selectSales>['executeTakeFirstOrThrow']>>;
type PaymentRow = Selectable<SalePaymentsTable>;

/** The payments of these sales (change rows apart), oldest first, by sale. */
async function paymentsOf(ctx: ServiceContext, saleIds: number[]): Promise<Map<number, PaymentRow[]>> {
  if (saleIds.length === 0) return new Map();
  const rows = await paymentsOfSales(ctx, saleIds);
  return groupBy(rows, (row) => row.sale_id);
}

function toPayment(row: PaymentRow): SalePayment {
  return {
    id: row.id,
    method: row.method,
    method_key: row.method_key,
    currency: row.currency,
    amount: row.currency === 'KHR' ? row.amount_khr : fromCents(row.amount_cents),
    value: fromCents(row.amount_cents),
    reference: row.reference,
    khqr: row.khqr_md5 === null ? null : { md5: row.khqr_md5, bill_number: row.bill_number },
    kind: row.kind === 'settlement' ? 'settlement' : 'sale',
    business_date: row.business_date,
    created_at: row.created_at,
  };
}

function toSale(row: SaleRow, payments: PaymentRow[]): Sale {
  const code = saleCode(row.number);
  const taken = payments.filter((payment) => payment.kind === 'sale');
  return {
    id: row.id,
    code,
    so_no: code,
    sale_date: row.sale_date,
    business_date: row.business_date,
    customer_id: row.customer_id,
    customer: row.customer_id !== null && row.customer_name !== null ? { id: row.customer_id, name: row.customer_name } : null,
    customer_name: row.customer_name,
    channel: row.channel,
    payment_method: row.payment_method,
    status: row.status,
    items_count: row.items_count,
    total_qty: row.total_qty,
    gross: fromCents(row.gross_cents),
    discount: fromCents(row.discount_cents),
    order_discount: appliedDiscount(row.order_discount_type, row.order_discount_value, row.order_discount_reason, row.order_discount_cents),
    subtotal: fromCents(row.gross_cents - row.discount_cents),
    tax_enabled: row.tax_enabled === 1,
    tax_inclusive: row.tax_inclusive === 1,
    tax_rate: fromBasisPoints(row.tax_rate_bp),
    tax: fromCents(row.tax_cents),
    service_percent: fromBasisPoints(row.service_bp),
    service: fromCents(row.service_cents),
    total: fromCents(row.total_cents),
    total_amount: fromCents(row.total_cents),
    net: fromCents(row.total_cents),
    tendered: fromCents(sumCents(taken.map((payment) => payment.amount_cents))),
    tendered_khr: sumCents(taken.filter((payment) => payment.method_key === CASH_METHOD).map((payment) => payment.amount_khr)),
    change: fromCents(row.change_cents),
    change_usd: fromCents(row.change_usd_cents),
    change_khr: row.change_khr,
    change_all_khr: centsToKhrChange(row.change_cents, { khrChangePerUsd: row.khr_change_per_usd, rielStep: row.riel_step }),
    khr_per_usd: row.khr_per_usd,
    khr_change_per_usd: row.khr_change_per_usd,
    riel_step: row.riel_step,
    paid: fromCents(row.paid_cents),
    balance: fromCents(Math.max(0, row.total_cents - row.paid_cents)),
    payments: payments.map(toPayment),
    approved_by: row.approved_by !== null && row.approver_name !== null ? { id: row.approved_by, name: row.approver_name } : null,
    discount_approved_by: row.discount_approved_by !== null && row.discount_approver_name !== null ? { id: row.discount_approved_by, name: row.discount_approver_name } : null,
    refunded: fromCents(row.refunded_cents),
    notes: row.notes,
    cashier: row.user_id !== null && row.cashier_name !== null ? { id: row.user_id, name: row.cashier_name } : null,
    till: row.till_id !== null && row.till_name !== null ? { id: row.till_id, name: row.till_name } : null,
    till_id: row.till_id,
    shift_id: row.shift_id,
    offline: row.client_id === null ? null : { client_id: row.client_id, number: row.offline_number ?? '' },
    created_at: row.created_at,
  };
}

/** A sale read in its own transaction before its number was taken (PostgreSQL takes it last: see recordSale), given that number. */
export function withSaleNumber(sale: Sale, number: number): Sale {
  const code = saleCode(number);
  return { ...sale, code, so_no: code };
}

/** The sales table as this viewer may see it. */
export function visibleSales(ctx: ServiceContext, viewer: Actor) {
  const select = ctx.db.selectFrom('sales');
  return seesAll(viewer) ? select : select.where('sales.user_id', '=', viewer.userId);
}

/**
 * The sales a list, report or export shows: the filters of GET /sales, and Staff see their own.
 * On the sales table alone, so totals over a year of sales read one index.
 */
export function filteredSales(ctx: ServiceContext, query: Omit<SaleListQuery, 'page' | 'per_page' | 'perPage'>, viewer: Actor) {
  let select = visibleSales(ctx, viewer);
  if (query.q) {
    const q = query.q;
    const number = saleNumberIn(q);
    select = select.where((eb) =>
      eb.or([
        ...(number === null ? [] : [eb('sales.number', '=', number)]),
        containsInsensitive(ctx.kind, eb.ref('sales.customer_name'), q),
        containsInsensitive(ctx.kind, eb.ref('sales.notes'), q),
      ]),
    );
  }
  if (query.from) select = select.where('sales.business_date', '>=', query.from);
  if (query.to) select = select.where('sales.business_date', '<=', query.to);
  if (query.channel) select = select.where('sales.channel', '=', query.channel);
  if (query.payment) {
    // Any payment of the sale, by its method's label or key ("cash", "KHQR").
    const payment = query.payment.toLowerCase();
    select = select.where(({ exists, selectFrom }) =>
      exists(
        selectFrom('sale_payments')
          .select('sale_payments.id')
          .whereRef('sale_payments.sale_id', '=', 'sales.id')
          .where('sale_payments.kind', '!=', 'change')
          .where((eb) => eb.or([eb(eb.fn('lower', ['sale_payments.method']), '=', payment), eb('sale_payments.method_key', '=', payment)])),
      ),
    );
  }
  if (query.status) select = select.where('sales.status', '=', query.status);
  if (query.customer_id) select = select.where('sales.customer_id', '=', query.customer_id);
  if (query.till_id) select = select.where('sales.till_id', '=', query.till_id);
  if (query.shift_id) select = select.where('sales.shift_id', '=', query.shift_id);
  return select;
}

/** True when no filter of filteredSales but the period is set: the days' sums then answer for the sales. */
function periodOnly(query: Omit<SaleListQuery, 'page' | 'per_page' | 'perPage'>): boolean {
  return !query.q && !query.channel && !query.payment && !query.status && !query.customer_id && !query.till_id && !query.shift_id;
}

/** The full rows of these sales, newest first. */
async function salesByIds(ctx: ServiceContext, ids: number[], viewer: Actor): Promise<Sale[]> {
  if (ids.length === 0) return [];
  const rows = await selectSales(ctx, viewer).where('sales.id', 'in', ids).orderBy('sales.id', 'desc').execute();
  const payments = await paymentsOf(ctx, ids);
  return rows.map((row) => toSale(row, payments.get(row.id) ?? []));
}

/** The columns of a sale the sales export writes (lib/export-text.ts writes them). */
const EXPORT_COLUMNS = [
  'sales.id',
  'sales.number',
  'sales.business_date',
  'sales.customer_name',
  'sales.channel',
  'sales.items_count',
  'sales.total_qty',
  'sales.gross_cents',
  'sales.discount_cents',
  'sales.tax_cents',
  'sales.total_cents',
  'sales.payment_method',
  'sales.status',
] as const;

/**
 * The sales an export writes, newest first, as CSV text, a chunk at a time by id (a year of sales
 * is never re-read from the top). One statement per chunk: its sales with the payments taken, a
 * row per payment. The text is written where the rows are read (`exportText`: a SQLite reader
 * thread, or PostgreSQL's rows as arrays), and the next chunks are read while this one is.
 */
export function salesExportText(ctx: ServiceContext, query: Omit<SaleListQuery, 'page' | 'per_page' | 'perPage'>, viewer: Actor, chunk = 1000) {
  return readAhead(async (before: number | null, skip: number) => {
    let sales = filteredSales(ctx, query, viewer).select(EXPORT_COLUMNS);
    if (before !== null) sales = sales.where('sales.id', '<', before);
    const compiled = ctx.db
      .selectFrom(sales.orderBy('sales.id', 'desc').limit(chunk).offset(skip).as('s'))
      .leftJoin('sale_payments as p', (join) => join.onRef('p.sale_id', '=', 's.id').on('p.kind', '=', 'sale'))
      .select(SALES_EXPORT_COLUMNS)
      // A sale's rows together; its payments are put in order when its text is written.
      .orderBy('s.id', 'desc')
      .compile();
    const { text, records, last } = ctx.exportText
      ? await ctx.exportText(compiled, 'sales')
      : writeExportText('sales', (await ctx.db.executeQuery(compiled)).rows.map((row) => Object.values(row as object)));
    return { rows: [text], next: records === chunk ? last : null };
  }, chunk, chunksAhead(ctx.readers));
}

/**
 * The refunds a report counts: made in the period (on their own day, whatever the sale's), of the
 * sales the other filters match.
 */
export function refundsInPeriod(ctx: ServiceContext, query: Omit<SaleListQuery, 'page' | 'per_page' | 'perPage'>, viewer: Actor) {
  // A till or a shift counts the refunds paid out there, whichever till sold the goods: its drawer is what they left.
  const { from, to, till_id, shift_id, ...others } = query;
  let refunds = ctx.db.selectFrom('refunds').where('refunds.sale_id', 'in', filteredSales(ctx, others, viewer).select('sales.id'));
  if (till_id) refunds = refunds.where('refunds.till_id', '=', till_id);
  if (shift_id) refunds = refunds.where('refunds.shift_id', '=', shift_id);
  if (from) refunds = refunds.where('refunds.business_date', '>=', from);
  if (to) refunds = refunds.where('refunds.business_date', '<=', to);
  return refunds;
}

/** The totals row of the sales list: what the sales matching the filters add up to, and the refunds of the period. */
export async function salesTotals(ctx: ServiceContext, query: Omit<SaleListQuery, 'page' | 'per_page' | 'perPage'>, viewer: Actor): Promise<SaleTotals> {
  const totals = await salesFigures(ctx, query, viewer);
  const refunded = Number((await refundsInPeriod(ctx, query, viewer).select(sql<number>`coalesce(sum(refunds.amount_cents), 0)`.as('refunded')).executeTakeFirstOrThrow()).refunded);
  return {
    orders: totals.orders,
    items: totals.items,
    qty: totals.qty,
    gross: fromCents(totals.gross),
    discount: fromCents(totals.discount),
    tax: fromCents(totals.tax),
    service: fromCents(totals.service),
    net: fromCents(totals.net),
    refunded: fromCents(refunded),
    net_after_refunds: fromCents(totals.net - refunded),
  };
}

/**
 * What the sales matching the filters add up to, in cents. A period alone (the report as it
 * opens) is read from the days' sums (services/sale-days.ts); any other filter, from the sales.
 */
async function salesFigures(ctx: ServiceContext, query: Omit<SaleListQuery, 'page' | 'per_page' | 'perPage'>, viewer: Actor): Promise<SaleFigures> {
  if (periodOnly(query)) return saleDayTotals(ctx, { from: query.from, to: query.to, userId: seesAll(viewer) ? undefined : viewer.userId });
  const row = await filteredSales(ctx, query, viewer)
    .select([
      sql<number>`count(*)`.as('orders'),
      sql<number>`coalesce(sum(sales.items_count), 0)`.as('items'),
      sql<number>`coalesce(sum(sales.total_qty), 0)`.as('qty'),
      sql<number>`coalesce(sum(sales.gross_cents), 0)`.as('gross'),
      sql<number>`coalesce(sum(sales.discount_cents), 0)`.as('discount'),
      sql<number>`coalesce(sum(sales.tax_cents), 0)`.as('tax'),
      sql<number>`coalesce(sum(sales.service_cents), 0)`.as('service'),
      sql<number>`coalesce(sum(sales.total_cents), 0)`.as('net'),
    ])
    .executeTakeFirstOrThrow();
  return saleFigures(row);
}

export async function listSales(ctx: ServiceContext, query: SaleListQuery, viewer: Actor) {
  const perPage = query.perPage ?? query.per_page;
  const totals = await salesTotals(ctx, query, viewer);
  const total = totals.orders;
  const ids =
    total === 0
      ? []
      : (
          await filteredSales(ctx, query, viewer)
            .select('sales.id')
            .orderBy('sales.id', 'desc')
            .limit(perPage)
            .offset((query.page - 1) * perPage)
            .execute()
        ).map((row) => row.id);
  return {
    data: await salesByIds(ctx, ids, viewer),
    meta: {
      total,
      per_page: perPage,
      current_page: query.page,
      last_page: Math.max(1, Math.ceil(total / perPage)),
      totals,
    },
  };
}

/** A refund's method by its key, with the label the shop gives it today. */
const refundMethod = (key: string, methods: readonly PaymentMethod[]) => ({ method: methods.find((m) => m.key === key)?.label ?? key, method_key: key });

/** The options kept on these sale lines, in their order, by line. */
async function optionsOfLines(ctx: ServiceContext, saleItemIds: number[]): Promise<Map<number, SaleModifier[]>> {
  if (saleItemIds.length === 0) return new Map();
  return optionsByLine(await optionsOfItems(ctx, saleItemIds));
}

/** Option rows, ordered by line and position, as each line's options. */
function optionsByLine(rows: readonly Selectable<SaleItemModifiersTable>[]): Map<number, SaleModifier[]> {
  const byLine = new Map<number, SaleModifier[]>();
  for (const row of rows) {
    const option = { option_id: row.option_id, group: row.group_name, name: row.name, name_km: row.name_km, price: fromCents(row.price_cents) };
    byLine.set(row.sale_item_id, [...(byLine.get(row.sale_item_id) ?? []), option]);
  }
  return byLine;
}

/** One sale with its lines and refunds. */
export async function getSale(ctx: ServiceContext, id: number, viewer: Actor): Promise<Sale> {
  const { row, items, options } = await saleWithLines(ctx, id, viewer);
  const refunds = await refundsOfSale(ctx, id);
  const refundItems = refunds.length
    ? await ctx.db
        .selectFrom('refund_items')
        .selectAll()
        .where(
          'refund_id',
          'in',
          refunds.map((refund) => refund.id),
        )
        .orderBy('id')
        .execute()
    : [];
  const payments = (await paymentsOf(ctx, [id])).get(id) ?? [];
  const methods = refunds.length ? (await getSettingsSection(ctx, 'payments')).methods : [];
  return shapeSale({ row, items, options, payments, refunds, refundItems, methods });
}

/** A sale's rows as its own writes returned them, in the transaction that wrote them (checkout.ts, recordSale). */
export interface WrittenSaleRows {
  /** The sale with the names it shows, as the sales list reads it. */
  sale: SaleRow;
  items: readonly Selectable<SaleItemsTable>[];
  options: readonly Selectable<SaleItemModifiersTable>[];
  /** Every payment row, change rows included. */
  payments: readonly PaymentRow[];
}

const byId = (a: { id: number }, b: { id: number }) => a.id - b.id;

/**
 * A sale just written, from the rows its writes returned: its lines and payments oldest first (by
 * id, as a read orders them) and its lines' options in their order. No statement reads it back.
 * It has no refunds yet. docs/decisions/0017-speed-on-the-wire-and-under-load.md.
 */
export function writtenSaleRows(rows: WrittenSaleRows): { row: SaleRow; items: Selectable<SaleItemsTable>[]; options: Map<number, SaleModifier[]>; payments: PaymentRow[] } {
  const options = [...rows.options].sort((a, b) => a.sale_item_id - b.sale_item_id || a.position - b.position);
  return { row: rows.sale, items: [...rows.items].sort(byId), options: optionsByLine(options), payments: [...rows.payments].sort(byId) };
}

/** The answer to a sale just written, from its rows (writtenSaleRows). */
export function writtenSaleAnswer(rows: WrittenSaleRows): Sale {
  const { row, items, options, payments } = writtenSaleRows(rows);
  return shapeSale({ row, items, options, payments: payments.filter((payment) => payment.kind !== 'change'), refunds: [], refundItems: [], methods: [] });
}

/** The names a sale shows (who rang it up, who approved, its till), for its insert to return: what salesSeenBy joins. */
export function saleNames(eb: ExpressionBuilder<Database, 'sales'>) {
  const userName = (column: 'sales.user_id' | 'sales.approved_by' | 'sales.discount_approved_by') =>
    eb.selectFrom('users').select('users.name').whereRef('users.id', '=', column);
  return [
    userName('sales.user_id').as('cashier_name'),
    userName('sales.approved_by').as('approver_name'),
    userName('sales.discount_approved_by').as('discount_approver_name'),
    eb.selectFrom('tills').select('tills.name').whereRef('tills.id', '=', 'sales.till_id').as('till_name'),
  ];
}

/** The sale as this viewer may see it (404 otherwise), its lines, and their options. */
async function saleWithLines(ctx: ServiceContext, id: number, viewer: Actor) {
  const [row] = seesAll(viewer) ? await saleForAll(ctx, id) : await saleForSeller(ctx, id, viewer.userId);
  if (!row) throw notFound(SALE_MESSAGES.notFound);
  const items = await itemsOfSale(ctx, id);
  const options = await optionsOfLines(
    ctx,
    items.map((item) => item.id),
  );
  return { row, items, options };
}

type SaleRows = {
  row: SaleRow;
  items: Selectable<SaleItemsTable>[];
  options: Map<number, SaleModifier[]>;
  /** Its payments, change rows apart, oldest first. */
  payments: PaymentRow[];
  refunds: Selectable<RefundsTable>[];
  refundItems: Selectable<RefundItemsTable>[];
  methods: readonly PaymentMethod[];
};

/** A sale as the API shows it, from its rows. */
function shapeSale({ row, items, options, payments, refunds, refundItems, methods }: SaleRows): Sale {
  return {
    ...toSale(row, payments),
    items: items.map((item) => ({
      id: item.id,
      product_id: item.product_id,
      product_name: item.product_name,
      sku: item.sku,
      quantity: item.quantity,
      unit_price: fromCents(item.unit_price_cents),
      modifiers: options.get(item.id) ?? [],
      note: item.note,
      line_discount: appliedDiscount(item.hand_discount_type, item.hand_discount_value, item.hand_discount_reason, item.hand_discount_cents),
      discount_percent: fromBasisPoints(item.discount_bp),
      promotion_id: item.promotion_id,
      discount: fromCents(item.discount_cents),
      line_total: fromCents(item.line_total_cents),
      refunded_qty: item.refunded_qty,
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      code: refundCode(refund.number),
      amount: fromCents(refund.amount_cents),
      reason: refund.reason,
      // Refunds made before they named a method went back as the sale's first payment did.
      ...refundMethod(refund.method ?? payments[0]?.method_key ?? CASH_METHOD, methods),
      currency: refund.currency,
      amount_khr: refund.amount_khr,
      business_date: refund.business_date,
      created_at: refund.created_at,
      items: refundItems
        .filter((item) => item.refund_id === refund.id)
        .map((item) => ({ sale_item_id: item.sale_item_id, product_id: item.product_id, quantity: item.quantity, amount: fromCents(item.amount_cents) })),
    })),
  };
}
