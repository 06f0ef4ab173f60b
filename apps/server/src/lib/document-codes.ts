/* How a gapless document number is written and read back (services/document-numbers.ts takes the numbers). */

export const saleCode = (number: number) => `SO-${String(number).padStart(6, '0')}`;
export const refundCode = (number: number) => `RF-${String(number).padStart(6, '0')}`;
export const openOrderCode = (number: number) => `OO-${String(number).padStart(6, '0')}`;

/** "SO-000123", "so123" or "123" name sale 123. */
export function saleNumberIn(q: string): number | null {
  const match = /^(?:so-?)?0*(\d{1,9})$/i.exec(q.trim());
  return match ? Number(match[1]) : null;
}
