import type { ServiceContext } from './context';

/*
 * Sales, refunds and Z-reports are numbered in gapless series (SO-000001, RF-000001, Z-000001): a number is taken
 * inside the document's own transaction, so a refused or rolled-back sale leaves no hole.
 * See docs/decisions/0007-a-sale-is-never-edited.md.
 */

export const saleCode = (number: number) => `SO-${String(number).padStart(6, '0')}`;
export const refundCode = (number: number) => `RF-${String(number).padStart(6, '0')}`;
export const openOrderCode = (number: number) => `OO-${String(number).padStart(6, '0')}`;

/** "SO-000123", "so123" or "123" name sale 123. */
export function saleNumberIn(q: string): number | null {
  const match = /^(?:so-?)?0*(\d{1,9})$/i.exec(q.trim());
  return match ? Number(match[1]) : null;
}

/** The next number of a gapless series, taken inside the caller's transaction. */
export async function nextNumber(tx: ServiceContext, counter: 'sale' | 'refund' | 'z_report' | 'journal' | 'open_order' | 'kitchen_ticket' | 'catalog'): Promise<number> {
  const row = await tx.db
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', counter)
    .returning('value')
    .executeTakeFirstOrThrow();
  return row.value;
}
