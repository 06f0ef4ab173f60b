import { TILL_MESSAGES, type Till, type tillInputSchema } from '@shop/contracts/till';
import type { z } from 'zod';
import { conflict, notFound, unprocessable } from '../lib/errors';
import type { Actor, ServiceContext } from './context';
import { getSettingsSection } from './settings';
import { auditedWrite } from './write';

/*
 * Tills: the shop's named cash drawers (docs/decisions/0012-tills-shifts-and-the-journal.md).
 * An Admin defines them; a till is switched off rather than removed, since its sales name it.
 */

type TillInput = z.output<typeof tillInputSchema>;

function selectTills(ctx: ServiceContext) {
  return ctx.db
    .selectFrom('tills')
    .leftJoin('shifts', (join) => join.onRef('shifts.till_id', '=', 'tills.id').on('shifts.status', '=', 'open'))
    .select(['tills.id', 'tills.name', 'tills.printer_id', 'tills.active', 'tills.auto_print', 'tills.created_at', 'tills.updated_at'])
    .select(['shifts.id as shift_id', 'shifts.opened_by', 'shifts.opened_by_name', 'shifts.opened_at']);
}

type TillRow = Awaited<ReturnType<ReturnType<typeof selectTills>['executeTakeFirstOrThrow']>>;

const toTill = (row: TillRow): Till => ({
  id: row.id,
  name: row.name,
  printer_id: row.printer_id,
  active: row.active === 1,
  auto_print: row.auto_print === 1,
  open_shift: row.shift_id === null ? null : { id: row.shift_id, opened_by: { id: row.opened_by, name: row.opened_by_name ?? '' }, opened_at: row.opened_at ?? '' },
  created_at: row.created_at,
  updated_at: row.updated_at,
});

/** Every till, by name. */
export async function listTills(ctx: ServiceContext): Promise<Till[]> {
  return (await selectTills(ctx).orderBy('tills.name').orderBy('tills.id').execute()).map(toTill);
}

export async function getTill(ctx: ServiceContext, id: number): Promise<Till> {
  const row = await selectTills(ctx).where('tills.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(TILL_MESSAGES.notFound);
  return toTill(row);
}

/**
 * The till a sale, refund or shift names: it exists and is in use; `field` is where a refusal
 * points. A sale made offline was made while the till was in use, so `madeOffline` accepts a till
 * taken out of use since (docs/decisions/0016-offline-selling.md).
 */
export async function usableTill(ctx: ServiceContext, id: number, field = 'till_id', options: { madeOffline?: boolean } = {}) {
  const till = await ctx.db.selectFrom('tills').select(['id', 'name', 'active']).where('id', '=', id).executeTakeFirst();
  if (!till) throw unprocessable(TILL_MESSAGES.notFound, { field });
  if (till.active !== 1 && !options.madeOffline) throw conflict(TILL_MESSAGES.inactive, { field });
  return till;
}

async function checkTill(tx: ServiceContext, input: TillInput, exceptId?: number) {
  let same = tx.db.selectFrom('tills').select('id').where((eb) => eb(eb.fn('lower', ['name']), '=', input.name.toLowerCase()));
  if (exceptId !== undefined) same = same.where('id', '!=', exceptId);
  if (await same.executeTakeFirst()) throw conflict(TILL_MESSAGES.nameTaken, { field: 'name' });
  if (input.printer_id !== null) {
    const printers = await getSettingsSection(tx, 'printers');
    if (!printers.list.some((printer) => printer.id === input.printer_id)) throw unprocessable(TILL_MESSAGES.printerUnknown, { field: 'printer_id' });
  }
}

const audit = { entity: 'till', conflictMessage: TILL_MESSAGES.nameTaken, conflictField: 'name' };

export function createTill(ctx: ServiceContext, input: TillInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'create', ...audit }, async (tx) => {
    await checkTill(tx, input);
    const now = tx.clock.now().toISOString();
    const { id } = await tx.db
      .insertInto('tills')
      .values({ name: input.name, printer_id: input.printer_id, active: input.active ? 1 : 0, auto_print: input.auto_print ? 1 : 0, created_at: now, updated_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    const result = await getTill(tx, id);
    return { id, after: result, result };
  });
}

export function updateTill(ctx: ServiceContext, id: number, input: TillInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'update', ...audit }, async (tx) => {
    const before = await getTill(tx, id);
    await checkTill(tx, input, id);
    if (!input.active && before.open_shift) throw conflict(TILL_MESSAGES.hasOpenShift, { field: 'active' });
    await tx.db
      .updateTable('tills')
      .set({ name: input.name, printer_id: input.printer_id, active: input.active ? 1 : 0, auto_print: input.auto_print ? 1 : 0, updated_at: tx.clock.now().toISOString() })
      .where('id', '=', id)
      .execute();
    const result = await getTill(tx, id);
    return { id, before, after: result, result };
  });
}
