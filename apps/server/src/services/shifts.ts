import { APPROVAL_MESSAGES } from '@shop/contracts/approval';
import { fromCents, rielToCents, toCents } from '@shop/contracts/money';
import { SALE_MESSAGES } from '@shop/contracts/sale';
import type { Settings } from '@shop/contracts/settings';
import {
  SHIFT_MESSAGES,
  type DrawerLine,
  type Movement,
  type Shift,
  type ShiftListQuery,
  type ShiftReport,
  type movementInputSchema,
  type shiftCloseSchema,
  type shiftOpenSchema,
  zCode,
} from '@shop/contracts/shift';
import { CASH_METHOD, PAYMENT_CURRENCIES, type PaymentCurrency } from '@shop/contracts/tender';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import { isUniqueViolation } from '../db/errors';
import type { ShiftsTable } from '../db/schema';
import { AppError, conflict, forbidden, notFound } from '../lib/errors';
import { paginate } from '../lib/paginate';
import { authorizeApproval } from './approvals';
import { recordAudit } from './audit';
import { actorCan, SHOP_VIEW, type Actor, type ServiceContext } from './context';
import { nextNumber } from './document-numbers';
import { appendJournal } from './journal';
import { paymentTotals } from './payment-totals';
import { salesTotals } from './sales';
import { runIdempotent } from './idempotency';
import { queueDrawerPulse, thenPrint } from './printing/jobs';
import { getSettings, shopToday } from './settings';
import { usableTill } from './tills';

/*
 * Shifts at a till and the cash drawer (docs/decisions/0012-tills-shifts-and-the-journal.md).
 * Dollars are kept in cents and riel in riel, each currency apart, from the float to the count.
 * What the drawer should hold is worked out from the ledgers (payment rows, drawer movements,
 * refunds), never kept as a running total that could drift.
 */

type OpenInput = z.output<typeof shiftOpenSchema>;
type MovementInput = z.output<typeof movementInputSchema>;
type CloseInput = z.output<typeof shiftCloseSchema>;
type CashInput = OpenInput['float'][number];
type ShiftRow = Selectable<ShiftsTable> & { till_name: string };

/** A whole amount in a currency's smallest unit: cents, or riel. */
type Units = Record<PaymentCurrency, number>;

const unitsOf = (amounts: readonly CashInput[]): Units => ({
  USD: toCents(amounts.find((a) => a.currency === 'USD')?.amount ?? 0),
  KHR: amounts.find((a) => a.currency === 'KHR')?.amount ?? 0,
});
/** Back to the API's amounts: dollars, or whole riel. */
const shown = (currency: PaymentCurrency, units: number) => (currency === 'USD' ? fromCents(units) : units);
const asCash = (units: Units) => PAYMENT_CURRENCIES.map((currency) => ({ currency, amount: shown(currency, units[currency]) }));
/** The notes counted, kept as the cashier gave them (null for a total). */
const detailOf = (amounts: readonly CashInput[]) => {
  const counted = amounts.filter((a) => a.denominations !== null).map((a) => ({ currency: a.currency, denominations: a.denominations }));
  return counted.length ? JSON.stringify(counted) : null;
};

function selectShifts(ctx: ServiceContext) {
  return ctx.db.selectFrom('shifts').innerJoin('tills', 'tills.id', 'shifts.till_id').selectAll('shifts').select('tills.name as till_name');
}

const person = (id: number | null, name: string | null) => (name === null ? null : { id, name });

function toShift(row: ShiftRow): Shift {
  const closed = row.status === 'closed';
  const counted = closed ? { USD: row.counted_usd_cents ?? 0, KHR: row.counted_khr ?? 0 } : null;
  const expected = closed ? { USD: row.expected_usd_cents ?? 0, KHR: row.expected_khr ?? 0 } : null;
  return {
    id: row.id,
    till: { id: row.till_id, name: row.till_name },
    status: row.status,
    business_date: row.business_date,
    opened_by: { id: row.opened_by, name: row.opened_by_name },
    opened_at: row.opened_at,
    float: asCash({ USD: row.float_usd_cents, KHR: row.float_khr }),
    closed_by: person(row.closed_by, row.closed_by_name),
    closed_at: row.closed_at,
    counted: counted && asCash(counted),
    expected: expected && asCash(expected),
    difference: counted && expected && asCash({ USD: counted.USD - expected.USD, KHR: counted.KHR - expected.KHR }),
    note: row.note,
    approved_by: person(row.approved_by, row.approved_by_name),
    z_number: row.z_number,
    z_code: row.z_number === null ? null : zCode(row.z_number),
  };
}

/** What a person without `shifts:manage` may see: open shifts (the one at their till) and their own. */
function mayView(shift: ShiftRow, actor: Actor) {
  return actorCan(actor, 'shifts:manage') || shift.status === 'open' || shift.opened_by === actor.userId || shift.closed_by === actor.userId;
}

async function loadShift(ctx: ServiceContext, id: number, actor: Actor): Promise<ShiftRow> {
  const row = await selectShifts(ctx).where('shifts.id', '=', id).executeTakeFirst();
  if (!row || !mayView(row, actor)) throw notFound(SHIFT_MESSAGES.notFound);
  return row;
}

export async function getShift(ctx: ServiceContext, id: number, actor: Actor): Promise<Shift> {
  return toShift(await loadShift(ctx, id, actor));
}

/** GET /shifts: newest first; Staff see the shifts they opened or closed. */
export async function listShifts(ctx: ServiceContext, query: ShiftListQuery, actor: Actor) {
  let select = selectShifts(ctx);
  if (!actorCan(actor, 'shifts:manage')) select = select.where((eb) => eb.or([eb('shifts.opened_by', '=', actor.userId), eb('shifts.closed_by', '=', actor.userId)]));
  if (query.till_id) select = select.where('shifts.till_id', '=', query.till_id);
  if (query.status) select = select.where('shifts.status', '=', query.status);
  if (query.from) select = select.where('shifts.business_date', '>=', query.from);
  if (query.to) select = select.where('shifts.business_date', '<=', query.to);
  const page = await paginate(select.orderBy('shifts.id', 'desc'), query.page, query.per_page);
  return { data: page.rows.map(toShift), meta: page.meta };
}

/** GET /shifts/current?till_id=: the till's open shift, or null. */
export async function currentShift(ctx: ServiceContext, tillId: number): Promise<Shift | null> {
  const row = await selectShifts(ctx).where('shifts.till_id', '=', tillId).where('shifts.status', '=', 'open').executeTakeFirst();
  return row ? toShift(row) : null;
}

/**
 * The open shift of a till, locked for the caller's transaction (PostgreSQL: a share lock a
 * close waits for, so no sale lands in a shift after its count; SQLite writes one at a time).
 */
async function lockOpenShift(tx: ServiceContext, tillId: number): Promise<number | null> {
  let select = tx.db.selectFrom('shifts').select('id').where('till_id', '=', tillId).where('status', '=', 'open');
  if (tx.kind === 'postgres') select = select.forShare();
  return (await select.executeTakeFirst())?.id ?? null;
}

export interface Place {
  till_id: number | null;
  shift_id: number | null;
}

/**
 * Where a sale, refund or later payment is made: the till it names and that till's open shift.
 * With Settings → Shifts → required, a till without an open shift does not sell (409), except a
 * sale made offline: it happened already, so it keeps its till and goes in no shift when the
 * shift has closed since (checkout flags it, docs/decisions/0016-offline-selling.md).
 */
export async function placeAtTill(tx: ServiceContext, tillId: number | null, settings: Settings, options: { madeOffline?: boolean } = {}): Promise<Place> {
  if (tillId === null) return { till_id: null, shift_id: null };
  await usableTill(tx, tillId, 'till_id', options);
  const shiftId = await lockOpenShift(tx, tillId);
  if (shiftId === null && settings.shifts.required && !options.madeOffline) {
    throw new AppError('shift_required', SHIFT_MESSAGES.tillNeedsShift, { details: { code: 'shift_required' } });
  }
  return { till_id: tillId, shift_id: shiftId };
}

const actorName = async (tx: ServiceContext, actor: Actor) =>
  (await tx.db.selectFrom('users').select('name').where('id', '=', actor.userId).executeTakeFirst())?.name ?? '';

/** POST /shifts: the float counted into the drawer; one open shift per till. */
export async function openShift(ctx: ServiceContext, input: OpenInput, actor: Actor): Promise<Shift> {
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const tx = { ...ctx, db: trx };
      await usableTill(tx, input.till_id);
      if ((await currentShift(tx, input.till_id)) !== null) throw conflict(SHIFT_MESSAGES.alreadyOpen, { field: 'till_id' });
      const float = unitsOf(input.float);
      const { id } = await trx
        .insertInto('shifts')
        .values({
          till_id: input.till_id,
          status: 'open',
          business_date: await shopToday(tx),
          opened_by: actor.userId,
          opened_by_name: await actorName(tx, actor),
          opened_at: tx.clock.now().toISOString(),
          float_usd_cents: float.USD,
          float_khr: float.KHR,
          float_detail: detailOf(input.float),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await appendJournal(tx, 'shift', id);
      await recordAudit(trx, tx.clock, { userId: actor.userId, action: 'open', entity: 'shift', entityId: id, after: { till_id: input.till_id, float_usd_cents: float.USD, float_khr: float.KHR } });
      return getShift(tx, id, actor);
    });
  } catch (error) {
    // Two browsers opening the same till at once: the index keeps one.
    if (isUniqueViolation(error)) throw conflict(SHIFT_MESSAGES.alreadyOpen, { field: 'till_id' });
    throw error;
  }
}

/** An open shift, locked against a close running at the same time. */
async function openShiftRow(tx: ServiceContext, id: number, actor: Actor, lock: 'share' | 'update'): Promise<ShiftRow> {
  if (tx.kind === 'postgres') {
    const locking = tx.db.selectFrom('shifts').select('id').where('id', '=', id);
    await (lock === 'share' ? locking.forShare() : locking.forUpdate()).execute();
  }
  const row = await loadShift(tx, id, actor);
  if (row.status !== 'open') throw conflict(SHIFT_MESSAGES.notOpen);
  return row;
}

function toMovement(row: { id: number; shift_id: number; type: Movement['type']; currency: PaymentCurrency; amount_cents: number; amount_khr: number; reason: string | null; user_id: number | null; user_name: string; created_at: string }): Movement {
  return {
    id: row.id,
    shift_id: row.shift_id,
    type: row.type,
    currency: row.currency,
    amount: row.currency === 'KHR' ? row.amount_khr : fromCents(row.amount_cents),
    reason: row.reason,
    user: { id: row.user_id, name: row.user_name },
    created_at: row.created_at,
  };
}

/**
 * POST /shifts/{id}/movements: cash in or out with a reason, or the drawer opened without a
 * sale. With an Idempotency-Key, a pay-out sent twice (a double tap, a retry) is recorded once.
 */
export async function recordDrawerMovement(ctx: ServiceContext, shiftId: number, input: MovementInput, actor: Actor, idempotencyKey: string | null = null) {
  // The drawer opens for a no-sale and for money paid in or out: a pulse on the till's receipt printer.
  return thenPrint(
    ctx,
    () => runIdempotent<{ data: Movement; message: string }>(
    ctx,
    {
      key: idempotencyKey,
      userId: actor.userId,
      scope: `movement:${shiftId}`,
      request: input,
      messages: { keyReused: 'This Idempotency-Key was already used for a different drawer movement. Use a new key.', inFlight: SALE_MESSAGES.inFlight },
    },
    async (tx) => {
      const shift = await openShiftRow(tx, shiftId, actor, 'share');
      const cents = input.type === 'no_sale' ? 0 : input.currency === 'USD' ? toCents(input.amount) : 0;
      const khr = input.type === 'no_sale' ? 0 : input.currency === 'KHR' ? input.amount : 0;
      const row = await tx.db
        .insertInto('drawer_movements')
        .values({
          shift_id: shift.id,
          till_id: shift.till_id,
          type: input.type,
          currency: input.currency,
          amount_cents: cents,
          amount_khr: khr,
          reason: input.reason,
          user_id: actor.userId,
          user_name: await actorName(tx, actor),
          created_at: tx.clock.now().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await queueDrawerPulse(tx, shift.till_id, actor.userId);
      await appendJournal(tx, 'movement', row.id);
      return { statusCode: 201, body: { data: toMovement(row), message: SHIFT_MESSAGES.movementRecorded } };
    },
    ),
  );
}

/** The drawer per currency: float, cash in and out by source, and what it should hold. */
async function drawerLines(ctx: ServiceContext, shift: ShiftRow): Promise<(DrawerLine & { units: { expected: number } })[]> {
  const payments = await ctx.db
    .selectFrom('sale_payments')
    .select(['currency', 'kind', (eb) => eb.fn.sum<number>('amount_cents').as('cents'), (eb) => eb.fn.sum<number>('amount_khr').as('khr')])
    .where('shift_id', '=', shift.id)
    .where('method_key', '=', CASH_METHOD)
    .groupBy(['currency', 'kind'])
    .execute();
  const movements = await ctx.db
    .selectFrom('drawer_movements')
    .select(['currency', 'type', (eb) => eb.fn.sum<number>('amount_cents').as('cents'), (eb) => eb.fn.sum<number>('amount_khr').as('khr')])
    .where('shift_id', '=', shift.id)
    .groupBy(['currency', 'type'])
    .execute();
  const refunds = await ctx.db
    .selectFrom('refunds')
    .select(['currency', (eb) => eb.fn.sum<number>('amount_cents').as('cents'), (eb) => eb.fn.sum<number>('amount_khr').as('khr')])
    .where('shift_id', '=', shift.id)
    .where('method', '=', CASH_METHOD)
    .groupBy('currency')
    .execute();
  const inUnits = (currency: PaymentCurrency, row: { cents: number | string | null; khr: number | string | null } | undefined) =>
    row ? Number(currency === 'USD' ? row.cents : row.khr) || 0 : 0;
  return PAYMENT_CURRENCIES.map((currency) => {
    const float = currency === 'USD' ? shift.float_usd_cents : shift.float_khr;
    const taken = payments.filter((p) => p.currency === currency && p.kind !== 'change').reduce((sum, p) => sum + inUnits(currency, p), 0);
    const change = -inUnits(currency, payments.find((p) => p.currency === currency && p.kind === 'change'));
    const payIns = inUnits(currency, movements.find((m) => m.currency === currency && m.type === 'in'));
    const payOuts = inUnits(currency, movements.find((m) => m.currency === currency && m.type === 'out'));
    const refunded = inUnits(currency, refunds.find((r) => r.currency === currency));
    const expected = float + taken - change + payIns - payOuts - refunded;
    const counted = shift.status === 'closed' ? (currency === 'USD' ? shift.counted_usd_cents : shift.counted_khr) : null;
    return {
      currency,
      float: shown(currency, float),
      cash_sales: shown(currency, taken),
      change: shown(currency, change),
      pay_ins: shown(currency, payIns),
      pay_outs: shown(currency, payOuts),
      refunds: shown(currency, refunded),
      expected: shown(currency, expected),
      counted: counted === null ? null : shown(currency, counted),
      difference: counted === null ? null : shown(currency, counted - expected),
      units: { expected },
    };
  });
}

const strip = <T extends { units: unknown }>({ units: _units, ...line }: T) => line;

/** The shift's figures now: sales as the sales report has them, the drawer, the methods, the movements. */
async function buildReport(ctx: ServiceContext, shift: ShiftRow, kind: 'X' | 'Z') {
  // The shop's figures for the shift, whoever asks: the sales of every cashier at this till.
  const [sales, drawer, methods, movementRows, settings] = await Promise.all([
    salesTotals(ctx, { shift_id: shift.id }, SHOP_VIEW),
    drawerLines(ctx, shift),
    paymentTotals(ctx, { shift_id: shift.id }),
    ctx.db.selectFrom('drawer_movements').selectAll().where('shift_id', '=', shift.id).orderBy('id').execute(),
    getSettings(ctx),
  ]);
  const report: ShiftReport = {
    kind,
    shift: toShift(shift),
    shop: { name: settings.general.name, address: settings.general.address, phone: settings.general.phone },
    sales,
    drawer: drawer.map(strip),
    methods,
    movements: movementRows.filter((m) => m.type !== 'no_sale').map(toMovement),
    no_sales: movementRows.filter((m) => m.type === 'no_sale').length,
    generated_at: ctx.clock.now().toISOString(),
  };
  return { report, drawer, settings };
}

/**
 * GET /shifts/{id}/report: the X-report of an open shift, worked out now, or the Z-report as it
 * was stored at the close. With a blind count, a cashier's X-report leaves out the drawer's cash
 * figures (and cash among the methods), so the count at the close is their own.
 */
export async function shiftReport(ctx: ServiceContext, id: number, actor: Actor): Promise<ShiftReport> {
  const shift = await loadShift(ctx, id, actor);
  if (shift.status === 'closed') {
    const stored = await ctx.db.selectFrom('z_reports').select('content').where('shift_id', '=', id).executeTakeFirstOrThrow();
    return JSON.parse(stored.content) as ShiftReport;
  }
  const { report, settings } = await buildReport(ctx, shift, 'X');
  if (settings.shifts.blindCount && !actorCan(actor, 'shifts:manage')) {
    return { ...report, drawer: [], methods: report.methods.filter((m) => m.method_key !== CASH_METHOD) };
  }
  return report;
}

/** Whether a difference is past the shop's limit: either currency's, riel at the shop's rate. */
function pastLimit(difference: Units, settings: Settings): boolean {
  const limit = toCents(settings.shifts.maxDifference);
  return Math.abs(difference.USD) > limit || rielToCents(Math.abs(difference.KHR), settings.payments.khrPerUsd) > limit;
}

/**
 * POST /shifts/{id}/close: the count per currency against what the drawer should hold. A count
 * off by more than the shop allows needs `shifts:manage` (or a Manager's approval for it) and a
 * note; without them the answer is 409 with the drawer's figures, which is when a blind count
 * first shows them. Closing numbers the Z-report and stores it as it is now.
 */
export async function closeShift(ctx: ServiceContext, id: number, input: CloseInput, actor: Actor): Promise<ShiftReport> {
  return ctx.db.transaction().execute(async (trx) => {
    const tx = { ...ctx, db: trx };
    // Step 1: the shift, open, locked (sales at this till wait for the close, then find it closed).
    const shift = await openShiftRow(tx, id, actor, 'update');
    if (shift.opened_by !== actor.userId && !actorCan(actor, 'shifts:manage')) throw forbidden(SHIFT_MESSAGES.notYours);

    // Step 2: expected against counted, per currency.
    const counted = unitsOf(input.counted);
    const { drawer: expectedLines, settings } = await buildReport(tx, shift, 'Z');
    const expected: Units = { USD: expectedLines[0]!.units.expected, KHR: expectedLines[1]!.units.expected };
    const difference: Units = { USD: counted.USD - expected.USD, KHR: counted.KHR - expected.KHR };

    // Step 3: past the limit, a Manager's say and a note.
    let approvedBy: { id: number; name: string } | null = null;
    if (pastLimit(difference, settings)) {
      const figures = expectedLines.map((line) => ({ ...strip(line), counted: shown(line.currency, counted[line.currency]), difference: shown(line.currency, difference[line.currency]) }));
      // Without the note (and, for a cashier, the approval) the answer carries the figures: a
      // Manager closing sees them before writing why, as a cashier does.
      const approved = actorCan(actor, 'shifts:manage') || input.approval_token !== null;
      if (!approved || input.note === null) {
        throw new AppError('difference_needs_approval', SHIFT_MESSAGES.differenceNeedsApproval, { details: { code: 'difference_needs_approval', drawer: figures } });
      }
      const approverId = await authorizeApproval(tx, 'shifts:manage', input.approval_token, actor, APPROVAL_MESSAGES.approvalInvalid);
      const approverUserId = approverId ?? actor.userId;
      approvedBy = { id: approverUserId, name: await actorName(tx, { userId: approverUserId, role: actor.role }) };
    }

    // Step 4: the shift closed and its Z-report numbered and stored as it is now.
    const number = await nextNumber(tx, 'z_report');
    const now = tx.clock.now().toISOString();
    await trx
      .updateTable('shifts')
      .set({
        status: 'closed',
        closed_by: actor.userId,
        closed_by_name: await actorName(tx, actor),
        closed_at: now,
        counted_usd_cents: counted.USD,
        counted_khr: counted.KHR,
        count_detail: detailOf(input.counted),
        expected_usd_cents: expected.USD,
        expected_khr: expected.KHR,
        note: input.note,
        approved_by: approvedBy?.id ?? null,
        approved_by_name: approvedBy?.name ?? null,
        z_number: number,
      })
      .where('id', '=', id)
      .execute();
    const closed = await loadShift(tx, id, actor);
    const { report } = await buildReport(tx, closed, 'Z');
    const { id: zId } = await trx.insertInto('z_reports').values({ number, shift_id: id, content: JSON.stringify(report), created_at: now }).returning('id').executeTakeFirstOrThrow();
    await appendJournal(tx, 'z_report', zId);
    await recordAudit(trx, tx.clock, {
      userId: actor.userId,
      action: 'close',
      entity: 'shift',
      entityId: id,
      after: { z_number: number, counted, expected, difference, note: input.note, approved_by: approvedBy?.id ?? null },
    });
    return report;
  });
}
