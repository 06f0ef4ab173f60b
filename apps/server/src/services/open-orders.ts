import { fromCents, sumCents } from '@shop/contracts/money';
import {
  OPEN_ORDER_MESSAGES,
  type OpenOrder,
  type OpenOrderListQuery,
  type openOrderAddSchema,
  type openOrderInputSchema,
  type openOrderLineInputSchema,
  type openOrderPaySchema,
  type openOrderVoidSchema,
} from '@shop/contracts/open-order';
import { SALE_MESSAGES, type Sale, type saleInputSchema } from '@shop/contracts/sale';
import type { SaleModifier } from '@shop/contracts/modifier';
import type { z } from 'zod';
import { conflict, notFound, refuseFields, unprocessable } from '../lib/errors';
import { paginate } from '../lib/paginate';
import { recordAudit } from './audit';
import { recordSale } from './checkout';
import type { Actor, ServiceContext } from './context';
import { nextNumber } from './document-numbers';
import { openOrderCode } from '../lib/document-codes';
import { runIdempotent } from './idempotency';
import { clearOrderTickets, sendTickets } from './kitchen';
import { chooseOptions } from './modifier-groups';
import { thenPrint } from './printing/jobs';
import { getSale } from './sales';

/*
 * Open orders (docs/decisions/0014-open-orders-and-the-kitchen.md): a cart parked on the server
 * under a table or a name. Lines are only ever added, then paid (by a sale that names them) or
 * voided, so tills adding at the same moment each keep their lines; every change of an order
 * takes its row's lock first, so a payment and an addition never cross.
 */

type LineInput = z.output<typeof openOrderLineInputSchema>;
type PlaceInput = z.output<typeof openOrderInputSchema>;
type AddInput = z.output<typeof openOrderAddSchema>;
type PayInput = z.output<typeof openOrderPaySchema>;
type VoidInput = z.output<typeof openOrderVoidSchema>;
type SaleInput = z.output<typeof saleInputSchema>;

type OrderRow = Awaited<ReturnType<ReturnType<typeof selectOrders>['executeTakeFirstOrThrow']>>;

function selectOrders(ctx: ServiceContext) {
  return ctx.db.selectFrom('open_orders').leftJoin('users', 'users.id', 'open_orders.user_id').selectAll('open_orders').select('users.name as user_name');
}

async function toOrders(ctx: ServiceContext, rows: OrderRow[]): Promise<OpenOrder[]> {
  if (rows.length === 0) return [];
  const lines = await ctx.db
    .selectFrom('open_order_lines')
    .innerJoin('products', 'products.id', 'open_order_lines.product_id')
    .selectAll('open_order_lines')
    .select(['products.name as product_name', 'products.sku', 'products.price_cents'])
    .where(
      'open_order_lines.order_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('open_order_lines.id')
    .execute();
  return rows.map((row) => {
    const mine = lines
      .filter((line) => line.order_id === row.id)
      .map((line) => {
        const modifiers = (JSON.parse(line.modifiers) as (Omit<SaleModifier, 'price'> & { price_cents: number })[]).map(({ price_cents, ...option }) => ({ ...option, price: fromCents(price_cents) }));
        const unitCents = line.price_cents + sumCents(modifiers.map((option) => Math.round(option.price * 100)));
        return {
          id: line.id,
          product_id: line.product_id,
          product_name: line.product_name,
          sku: line.sku,
          quantity: line.quantity,
          unit_price: fromCents(unitCents),
          modifiers,
          note: line.note,
          status: line.status,
          sale_id: line.sale_id,
          created_at: line.created_at,
          unitCents,
        };
      });
    return {
      id: row.id,
      code: openOrderCode(row.number),
      name: row.name,
      table: row.table_label,
      service: row.service,
      status: row.status,
      till_id: row.till_id,
      lines: mine.map(({ unitCents: _unit, ...line }) => line),
      open_amount: fromCents(sumCents(mine.filter((line) => line.status === 'open').map((line) => line.unitCents * line.quantity))),
      sale_ids: [...new Set(mine.flatMap((line) => (line.sale_id === null ? [] : [line.sale_id])))],
      created_by: row.user_id !== null && row.user_name !== null ? { id: row.user_id, name: row.user_name } : null,
      void_reason: row.void_reason,
      created_at: row.created_at,
      updated_at: row.updated_at,
    };
  });
}

/** GET /open-orders: open ones oldest first (the tables waiting longest on top); others newest first. */
export async function listOpenOrders(ctx: ServiceContext, query: OpenOrderListQuery) {
  let select = selectOrders(ctx);
  if (query.status !== 'all') select = select.where('open_orders.status', '=', query.status);
  select = query.status === 'open' ? select.orderBy('open_orders.id') : select.orderBy('open_orders.id', 'desc');
  if (query.q) {
    const q = `%${query.q.toLowerCase()}%`;
    select = select.where((eb) => eb.or([eb(eb.fn('lower', ['open_orders.name']), 'like', q), eb(eb.fn('lower', ['open_orders.table_label']), 'like', q)]));
  }
  const page = await paginate(select, query.page, query.per_page);
  return { data: await toOrders(ctx, page.rows), meta: page.meta };
}

export async function getOpenOrder(ctx: ServiceContext, id: number): Promise<OpenOrder> {
  const row = await selectOrders(ctx).where('open_orders.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(OPEN_ORDER_MESSAGES.notFound);
  return (await toOrders(ctx, [row]))[0]!;
}

/** The order, locked against other changes until commit, and still open. */
async function lockOpenOrder(tx: ServiceContext, id: number): Promise<OrderRow> {
  if (tx.kind === 'postgres') await tx.db.selectFrom('open_orders').select('id').where('id', '=', id).forUpdate().execute();
  const row = await selectOrders(tx).where('open_orders.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(OPEN_ORDER_MESSAGES.notFound);
  if (row.status !== 'open') throw conflict(OPEN_ORDER_MESSAGES.notOpen);
  return row;
}

/** Step: the lines' products (on sale) and their options, checked like a sale's. */
async function checkLines(tx: ServiceContext, lines: LineInput[]) {
  const ids = [...new Set(lines.map((line) => line.product_id))];
  const products = new Map(
    (await tx.db.selectFrom('products').select(['id', 'name', 'category_id', 'active']).where('id', 'in', ids).execute()).map((product) => [product.id, product]),
  );
  refuseFields(Object.fromEntries(lines.flatMap((line, index) => (products.has(line.product_id) ? [] : [[`lines.${index}.product_id`, ['This product does not exist.']]]))));
  const inactive = lines.map((line) => products.get(line.product_id)!).find((product) => product.active !== 1);
  if (inactive) throw conflict(`${inactive.name} is not on sale any more.`);
  const options = await chooseOptions(
    tx,
    lines.map((line) => ({ product: products.get(line.product_id)!, modifiers: line.modifiers })),
    (index) => `lines.${index}.modifiers`,
  );
  return lines.map((line, index) => ({ line, product: products.get(line.product_id)!, options: options[index]! }));
}

/** Step: the lines written, and a ticket to each station that makes some of them. */
async function addLines(tx: ServiceContext, order: OrderRow, lines: LineInput[], actor: Actor) {
  const checked = await checkLines(tx, lines);
  const now = tx.clock.now().toISOString();
  const written = [];
  for (const { line, product, options } of checked) {
    const { id } = await tx.db
      .insertInto('open_order_lines')
      .values({
        order_id: order.id,
        product_id: product.id,
        quantity: line.quantity,
        modifier_ids: JSON.stringify(options.map((option) => option.option_id)),
        modifiers: JSON.stringify(options.map((option) => ({ option_id: option.option_id, group: option.group, name: option.name, name_km: option.name_km, price_cents: option.priceCents }))),
        note: line.note,
        status: 'open',
        sale_id: null,
        user_id: actor.userId,
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    written.push({ id, line, product, options });
  }
  await tx.db.updateTable('open_orders').set({ updated_at: now }).where('id', '=', order.id).execute();
  await sendTickets(
    tx,
    { orderId: order.id, saleId: null, table: order.table_label, name: order.name, service: order.service },
    written.map(({ id, line, product, options }) => ({
      orderLineId: id,
      categoryId: product.category_id,
      name: product.name,
      quantity: line.quantity,
      modifiers: options.map((option) => ({ group: option.group, name: option.name, name_km: option.name_km })),
      note: line.note,
    })),
  );
  return written;
}

const KEY_REUSED = 'This Idempotency-Key was already used for a different order change. Use a new key.';

/** POST /open-orders: 201 with the order, its lines on their stations' boards. */
export function placeOpenOrder(ctx: ServiceContext, input: PlaceInput, actor: Actor, idempotencyKey: string | null) {
  return thenPrint(
    ctx,
    () => runIdempotent<{ data: OpenOrder; message: string }>(
    ctx,
    { key: idempotencyKey, userId: actor.userId, scope: 'open_order', request: input, messages: { keyReused: KEY_REUSED, inFlight: SALE_MESSAGES.inFlight } },
    async (tx) => {
      if (input.till_id !== null && !(await tx.db.selectFrom('tills').select('id').where('id', '=', input.till_id).executeTakeFirst())) {
        throw unprocessable('Choose a till.', { field: 'till_id' });
      }
      const now = tx.clock.now().toISOString();
      const number = await nextNumber(tx, 'open_order');
      const { id } = await tx.db
        .insertInto('open_orders')
        .values({ number, name: input.name, table_label: input.table, service: input.service, status: 'open', till_id: input.till_id, user_id: actor.userId, void_reason: null, voided_by: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const order = await lockOpenOrder(tx, id);
      await addLines(tx, order, input.lines, actor);
      await recordAudit(tx.db, tx.clock, { userId: actor.userId, action: 'create', entity: 'open_order', entityId: id, after: { number, table: input.table, name: input.name, service: input.service, lines: input.lines } });
      return { statusCode: 201, body: { data: await getOpenOrder(tx, id), message: OPEN_ORDER_MESSAGES.placed } };
    },
    ),
  );
}

/** POST /open-orders/{id}/lines: more for the same table, as a new ticket. */
export function addToOpenOrder(ctx: ServiceContext, id: number, input: AddInput, actor: Actor, idempotencyKey: string | null) {
  return thenPrint(
    ctx,
    () => runIdempotent<{ data: OpenOrder; message: string }>(
    ctx,
    { key: idempotencyKey, userId: actor.userId, scope: `open_order:${id}`, request: input, messages: { keyReused: KEY_REUSED, inFlight: SALE_MESSAGES.inFlight } },
    async (tx) => {
      const order = await lockOpenOrder(tx, id);
      await addLines(tx, order, input.lines, actor);
      await recordAudit(tx.db, tx.clock, { userId: actor.userId, action: 'update', entity: 'open_order', entityId: id, after: { added: input.lines } });
      return { statusCode: 201, body: { data: await getOpenOrder(tx, id), message: OPEN_ORDER_MESSAGES.added } };
    },
    ),
  );
}

/**
 * POST /open-orders/{id}/pay: one sale of the chosen open lines (all of them when none are
 * chosen), priced and paid like any sale; the lines name it, and the order is paid once none is left.
 */
export function payOpenOrder(ctx: ServiceContext, id: number, input: PayInput, actor: Actor, idempotencyKey: string | null) {
  return thenPrint(
    ctx,
    () => runIdempotent<{ data: Sale; order: OpenOrder; message: string }>(
    ctx,
    { key: idempotencyKey, userId: actor.userId, scope: `open_order_pay:${id}`, request: input, messages: { keyReused: SALE_MESSAGES.keyReused, inFlight: SALE_MESSAGES.inFlight } },
    async (tx) => {
      await lockOpenOrder(tx, id);
      const open = await tx.db
        .selectFrom('open_order_lines')
        .innerJoin('products', 'products.id', 'open_order_lines.product_id')
        .select(['open_order_lines.id', 'open_order_lines.product_id', 'open_order_lines.quantity', 'open_order_lines.modifier_ids', 'open_order_lines.note', 'products.price_cents'])
        .where('open_order_lines.order_id', '=', id)
        .where('open_order_lines.status', '=', 'open')
        .orderBy('open_order_lines.id')
        .execute();
      if (open.length === 0) throw conflict(OPEN_ORDER_MESSAGES.nothingToPay);
      const chosen = input.line_ids === null ? open : open.filter((line) => input.line_ids!.includes(line.id));
      if (input.line_ids !== null && (chosen.length !== new Set(input.line_ids).size || chosen.length !== input.line_ids.length)) {
        throw unprocessable(OPEN_ORDER_MESSAGES.lineNotOpen, { field: 'line_ids' });
      }
      const { line_ids: _lines, ...sale } = input;
      const saleInput: SaleInput = {
        ...sale,
        offline: null,
        items: chosen.map((line) => ({
          product_id: line.product_id,
          quantity: line.quantity,
          // The catalogue's price now: the sale prices the line again; the till's total is what it checks.
          unit_price: fromCents(line.price_cents),
          modifiers: JSON.parse(line.modifier_ids) as number[],
          note: line.note,
          discount: null,
          promotion_percent: null,
          option_prices: null,
        })),
      };
      // The order's lines went to the stations when they were ordered; its answer is read below, numbered.
      const { saleId } = await recordSale(tx, saleInput, actor, async () => undefined);
      await tx.db.updateTable('sales').set({ open_order_id: id }).where('id', '=', saleId).execute();
      await tx.db
        .updateTable('open_order_lines')
        .set({ status: 'paid', sale_id: saleId })
        .where(
          'id',
          'in',
          chosen.map((line) => line.id),
        )
        .execute();
      const left = chosen.length < open.length;
      await tx.db
        .updateTable('open_orders')
        .set({ status: left ? 'open' : 'paid', updated_at: tx.clock.now().toISOString() })
        .where('id', '=', id)
        .execute();
      return { statusCode: 201, body: { data: await getSale(tx, saleId, actor), order: await getOpenOrder(tx, id), message: left ? SALE_MESSAGES.recorded : OPEN_ORDER_MESSAGES.paid } };
    },
    ),
  );
}

/** POST /open-orders/{id}/void: the lines not yet paid are voided, with the reason and who, and leave the kitchen's boards. */
export async function voidOpenOrder(ctx: ServiceContext, id: number, input: VoidInput, actor: Actor): Promise<OpenOrder> {
  return ctx.db.transaction().execute(async (trx) => {
    const tx = { ...ctx, db: trx };
    await lockOpenOrder(tx, id);
    const now = tx.clock.now().toISOString();
    await trx.updateTable('open_order_lines').set({ status: 'voided' }).where('order_id', '=', id).where('status', '=', 'open').execute();
    await trx.updateTable('open_orders').set({ status: 'voided', void_reason: input.reason, voided_by: actor.userId, updated_at: now }).where('id', '=', id).execute();
    await clearOrderTickets(tx, id);
    await recordAudit(trx, tx.clock, { userId: actor.userId, action: 'update', entity: 'open_order', entityId: id, after: { status: 'voided', reason: input.reason } });
    return getOpenOrder(tx, id);
  });
}
