import { OPEN_ORDER_MESSAGES, type KitchenTicket, type OrderService } from '@shop/contracts/open-order';
import { compiledOnce, type Rows } from '../db/compiled-once';
import { notFound, unprocessable } from '../lib/errors';
import type { WrittenSale } from './checkout';
import type { ServiceContext } from './context';
import { nextNumbers, reserveRowIds } from './document-numbers';
import { openOrderCode, saleCode } from '../lib/document-codes';
import { queueKitchenJob } from './printing/jobs';
import { getSettings } from './settings';

/*
 * Kitchen tickets (docs/decisions/0014-open-orders-and-the-kitchen.md): what one placing or
 * addition sends to one station, by the station Settings → Kitchen gives each line's category.
 * A category with no station sends nothing (a croissant handed over from the counter).
 */

/** What a ticket item shows the person making it. */
export interface TicketLine {
  orderLineId: number | null;
  categoryId: number;
  name: string;
  quantity: number;
  modifiers: { group: string; name: string; name_km: string | null }[];
  note: string | null;
}

export interface TicketHeading {
  orderId: number | null;
  saleId: number | null;
  table: string | null;
  name: string | null;
  service: OrderService;
}

/** Step of placing, adding to or selling: one ticket per station that has something to make. */
// Built once per shape (docs/decisions/0017-speed-on-the-wire-and-under-load.md, "Statements built once").
const insertTickets = compiledOnce((db, rows: Rows<'kitchen_tickets'>) => db.insertInto('kitchen_tickets').values(rows).returning(['id', 'number']));
const insertTicketItems = compiledOnce((db, rows: Rows<'kitchen_ticket_items'>) => db.insertInto('kitchen_ticket_items').values(rows));

export async function sendTickets(tx: ServiceContext, heading: TicketHeading, lines: readonly TicketLine[]): Promise<number[]> {
  const settings = await getSettings(tx);
  const { kitchen } = settings;
  const stationOf = new Map(kitchen.routes.map((route) => [route.category_id, route.station]));
  const byStation = new Map<string, TicketLine[]>();
  for (const line of lines) {
    const station = stationOf.get(line.categoryId);
    if (station !== undefined) byStation.set(station, [...(byStation.get(station) ?? []), line]);
  }
  if (byStation.size === 0) return [];
  const stations = [...byStation];
  const now = tx.clock.now().toISOString();
  // The kitchen calls a ticket by its number. On PostgreSQL it is the ticket's own id: a counter's row would hold
  // every cafe sale until the one before it commits (a refused sale may leave a number unused; the kitchen loses nothing).
  // Every station's ticket, its number and its items go in one statement each, whatever the number of stations.
  const reserved = tx.kind === 'postgres' ? await reserveRowIds(tx, 'kitchen_tickets', stations.length) : null;
  const numbers = reserved ?? (await nextNumbers(tx, 'kitchen_ticket', stations.length));
  const written = await insertTickets(
    tx,
    stations.map(([station], index) => ({
      ...(reserved === null ? {} : { id: reserved[index]! }),
      number: numbers[index]!,
      station,
      order_id: heading.orderId,
      sale_id: heading.saleId,
      table_label: heading.table,
      name: heading.name,
      service: heading.service,
      created_at: now,
      done_at: null,
    })),
  );
  // By number: the order of the rows an insert returns is not promised.
  const idOf = new Map(written.map((ticket) => [ticket.number, ticket.id]));
  const ids = numbers.map((number) => idOf.get(number)!);
  await insertTicketItems(
    tx,
    stations.flatMap(([, items], index) =>
      items.map((item) => ({ ticket_id: ids[index]!, order_line_id: item.orderLineId, name: item.name, quantity: item.quantity, modifiers: JSON.stringify(item.modifiers), note: item.note, done_at: null })),
    ),
  );
  for (const [index, [station]] of stations.entries()) await queueKitchenJob(tx, ids[index]!, station, settings);
  return ids;
}

/**
 * Checkout's step for a sale rung up at the till (not an open order's bill, whose lines went to
 * the stations when they were ordered): what the bar or kitchen must make for it, from the lines
 * the sale has just written.
 */
export async function sendSaleTickets(tx: ServiceContext, sale: WrittenSale): Promise<void> {
  // A shop without stations (most shops) pays nothing for this.
  if ((await getSettings(tx)).kitchen.routes.length === 0) return;
  await sendTickets(tx, { orderId: null, saleId: sale.id, table: null, name: sale.customerName, service: 'take_away' }, sale.lines);
}

/** Step of voiding an order: its tickets leave the boards. */
export async function clearOrderTickets(tx: ServiceContext, orderId: number): Promise<void> {
  const now = tx.clock.now().toISOString();
  await tx.db.updateTable('kitchen_tickets').set({ done_at: now }).where('order_id', '=', orderId).where('done_at', 'is', null).execute();
}

async function ticketsWhere(ctx: ServiceContext, filter: { station?: string | undefined; status: 'open' | 'done'; id?: number }): Promise<KitchenTicket[]> {
  let select = ctx.db
    .selectFrom('kitchen_tickets')
    .leftJoin('open_orders', 'open_orders.id', 'kitchen_tickets.order_id')
    .leftJoin('sales', 'sales.id', 'kitchen_tickets.sale_id')
    .selectAll('kitchen_tickets')
    .select(['open_orders.number as order_number', 'sales.number as sale_number']);
  if (filter.id !== undefined) select = select.where('kitchen_tickets.id', '=', filter.id);
  else {
    if (filter.station) select = select.where('kitchen_tickets.station', '=', filter.station);
    // The board: oldest first. Done: the latest, to recall one.
    select =
      filter.status === 'open'
        ? select.where('kitchen_tickets.done_at', 'is', null).orderBy('kitchen_tickets.id').limit(200)
        : select.where('kitchen_tickets.done_at', 'is not', null).orderBy('kitchen_tickets.done_at', 'desc').orderBy('kitchen_tickets.id', 'desc').limit(30);
  }
  const tickets = await select.execute();
  if (tickets.length === 0) return [];
  const items = await ctx.db
    .selectFrom('kitchen_ticket_items')
    .selectAll()
    .where(
      'ticket_id',
      'in',
      tickets.map((ticket) => ticket.id),
    )
    .orderBy('id')
    .execute();
  return tickets.map((ticket) => ({
    id: ticket.id,
    number: ticket.number,
    station: ticket.station,
    order_id: ticket.order_id,
    order_code: ticket.order_number === null ? null : openOrderCode(ticket.order_number),
    sale_id: ticket.sale_id,
    sale_code: ticket.sale_number === null ? null : saleCode(ticket.sale_number),
    table: ticket.table_label,
    name: ticket.name,
    service: ticket.service,
    items: items
      .filter((item) => item.ticket_id === ticket.id)
      .map((item) => ({ id: item.id, name: item.name, quantity: item.quantity, modifiers: JSON.parse(item.modifiers), note: item.note, done: item.done_at !== null })),
    created_at: ticket.created_at,
    done_at: ticket.done_at,
  }));
}

/** GET /kitchen/tickets: a station's board (open, oldest first) or its latest done tickets. */
export function listTickets(ctx: ServiceContext, query: { station?: string | undefined; status: 'open' | 'done' }): Promise<KitchenTicket[]> {
  return ticketsWhere(ctx, query);
}

export async function getKitchenTicket(ctx: ServiceContext, id: number): Promise<KitchenTicket> {
  const [ticket] = await ticketsWhere(ctx, { id, status: 'open' });
  if (!ticket) throw notFound(OPEN_ORDER_MESSAGES.ticketNotFound);
  return ticket;
}

/** POST /kitchen/tickets/{id}/done: one item, or the whole ticket; the last item done takes the ticket off the board. */
export async function markDone(ctx: ServiceContext, id: number, itemId: number | null): Promise<KitchenTicket> {
  return ctx.db.transaction().execute(async (trx) => {
    const tx = { ...ctx, db: trx };
    const ticket = await getKitchenTicket(tx, id);
    const now = tx.clock.now().toISOString();
    if (itemId !== null) {
      if (!ticket.items.some((item) => item.id === itemId)) throw unprocessable('Choose an item of this ticket.', { field: 'item_id' });
      await trx.updateTable('kitchen_ticket_items').set({ done_at: now }).where('id', '=', itemId).where('done_at', 'is', null).execute();
    } else {
      await trx.updateTable('kitchen_ticket_items').set({ done_at: now }).where('ticket_id', '=', id).where('done_at', 'is', null).execute();
    }
    const left = await trx.selectFrom('kitchen_ticket_items').select('id').where('ticket_id', '=', id).where('done_at', 'is', null).executeTakeFirst();
    if (!left) await trx.updateTable('kitchen_tickets').set({ done_at: now }).where('id', '=', id).where('done_at', 'is', null).execute();
    return getKitchenTicket(tx, id);
  });
}

/** POST /kitchen/tickets/{id}/recall: a done ticket back on the board, every item to make again. */
export async function recallTicket(ctx: ServiceContext, id: number): Promise<KitchenTicket> {
  return ctx.db.transaction().execute(async (trx) => {
    const tx = { ...ctx, db: trx };
    await getKitchenTicket(tx, id);
    await trx.updateTable('kitchen_tickets').set({ done_at: null }).where('id', '=', id).execute();
    await trx.updateTable('kitchen_ticket_items').set({ done_at: null }).where('ticket_id', '=', id).execute();
    return getKitchenTicket(tx, id);
  });
}
