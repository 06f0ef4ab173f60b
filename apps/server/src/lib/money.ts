/** Dollars as the API speaks them (19.99) to integer cents as the database keeps them (1999). */
export const toCents = (amount: number) => Math.round(amount * 100);
export const fromCents = (cents: number) => cents / 100;

/** Percent (12.5) to hundredths of a percent (1250) and back. */
export const toBasisPoints = (percent: number) => Math.round(percent * 100);
export const fromBasisPoints = (bp: number) => bp / 100;
