import { z } from 'zod';

/*
 * Money, percents and quantities: the one place their rules live. Inside, money is a whole
 * number of US cents and a percent a whole number of basis points (hundredths of a percent);
 * on the wire both are decimals with at most 2 places. Convert at the edges with these, do all
 * arithmetic on the integers, and round only where a rule below says how.
 * See docs/decisions/0002-money-in-integer-cents.md.
 */

/** The largest amount the API takes (a price, a cost, a total), in dollars. */
export const MAX_AMOUNT = 1_000_000;
/** The largest quantity of one line, receipt or adjustment. */
export const MAX_QUANTITY = 1_000_000;
/** The largest riel amount the API takes (about $250,000 at 4,000 riel a dollar). */
export const MAX_RIEL = 1_000_000_000;
/** Riel notes in use: nothing smaller than 100 riel changes hands. */
export const RIEL_STEP = 100;

/* ---------- conversions ---------- */

/** Dollars as the API speaks them (19.99) to whole cents (1999). */
export const toCents = (amount: number): number => Math.round(amount * 100);
/** Whole cents to dollars for the API and the screen. */
export const fromCents = (cents: number): number => cents / 100;
/** A percent (12.5) to basis points (1250). */
export const toBasisPoints = (percent: number): number => Math.round(percent * 100);
export const fromBasisPoints = (basisPoints: number): number => basisPoints / 100;

/** Whether a decimal has at most 2 places (19.99 yes, 19.999 no), allowing for binary fractions. */
export const hasAtMostTwoDecimals = (value: number): boolean => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6;

/** What a person typed in an amount box, in cents; null while it is not an amount of 0 or more. */
export function parseAmountToCents(text: string): number | null {
  const value = Number.parseFloat(text);
  return Number.isFinite(value) && value >= 0 ? toCents(value) : null;
}

/** What a person typed in a riel box: whole riel, 0 while it is empty or not a number. */
export function parseRiel(text: string): number {
  const value = Math.floor(Number.parseFloat(text));
  return Number.isFinite(value) && value > 0 ? value : 0;
}

/**
 * Cents as an amount box and a CSV show them: `12.50`, `-3.05`. Whole-number arithmetic, not
 * `toFixed`: the same text, and a year's export writes millions of them.
 */
export function centsToInput(cents: number): string {
  const whole = Math.abs(Math.round(cents));
  const part = whole % 100;
  return `${cents < 0 && whole > 0 ? '-' : ''}${(whole - part) / 100}.${part < 10 ? '0' : ''}${part}`;
}

/* ---------- arithmetic in cents ---------- */

/** A percent of an amount, half away from zero on whole cents (amounts here are never negative). */
export const percentOfCents = (cents: number, basisPoints: number): number => Math.round((cents * basisPoints) / 10_000);

/** The tax inside a price that already includes it, on whole cents. */
export const includedTaxCents = (cents: number, basisPoints: number): number => cents - Math.round((cents * 10_000) / (10_000 + basisPoints));

/** One unit's price after a percent off: the discount is rounded per unit, so two lines of one price the same as one line of two. */
export const discountedUnitCents = (unitCents: number, discountBasisPoints: number): number => unitCents - percentOfCents(unitCents, discountBasisPoints);

/** Quantity × unit price. */
export const lineTotalCents = (quantity: number, unitCents: number): number => quantity * unitCents;

export const sumCents = (amounts: Iterable<number>): number => {
  let total = 0;
  for (const amount of amounts) total += amount;
  return total;
};

/**
 * `total` split over `weights` in whole cents that add up to it exactly: each part in proportion,
 * the last taking what rounding left (a refund's share of tax and service per line).
 */
export function splitCents(total: number, weights: readonly number[]): number[] {
  const weightSum = sumCents(weights);
  let given = 0;
  return weights.map((weight, index) => {
    const part = index === weights.length - 1 ? total - given : weightSum === 0 ? 0 : Math.round((total * weight) / weightSum);
    given += part;
    return part;
  });
}

/** A value rounded up to a whole number of steps (an amount to the next note). */
export const roundUpTo = (value: number, step: number): number => Math.ceil(value / step) * step;

/* ---------- cash ---------- */

/** US notes a customer may hand over, in dollars. */
export const USD_NOTES = [1, 5, 10, 20, 50, 100] as const;

/** Riel handed over, in US cents at the shop's rate: rounded down, so the shop never credits more than it got. */
export const rielToCents = (riel: number, khrPerUsd: number): number => Math.floor((riel * 100) / khrPerUsd);

/** Change owed in cents, paid in riel: rounded down to the smallest note in use. */
export const centsToRielChange = (cents: number, khrPerUsd: number): number => Math.floor((cents * khrPerUsd) / 100 / RIEL_STEP) * RIEL_STEP;

/** An amount due in cents, asked for in riel: rounded up to the smallest note, so it is covered. */
export const centsToRielDue = (cents: number, khrPerUsd: number): number => roundUpTo((cents * khrPerUsd) / 100, RIEL_STEP);

/* ---------- validation: the building blocks every schema uses ---------- */

const withCommas = (value: number) => value.toLocaleString('en-US');

/**
 * An amount of money in dollars: 0 or more, at most MAX_AMOUNT, at most 2 decimals. `invalid`
 * replaces the text for a missing, non-numeric or negative amount where a screen words it its own way.
 */
export function money(label: string, options: { invalid?: string } = {}) {
  return z
    .number({ error: options.invalid ?? `${label} is required.` })
    .min(0, options.invalid ?? `${label} must be 0 or more.`)
    .max(MAX_AMOUNT, `${label} must be at most ${withCommas(MAX_AMOUNT)}.`)
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals.`);
}

/** A percent from 0 to 100 with at most 2 decimals; `invalid` replaces the text for a missing or out-of-range one. */
export function percent(label: string, options: { invalid?: string } = {}) {
  const outOfRange = options.invalid ?? `${label} must be between 0 and 100.`;
  return z
    .number({ error: options.invalid ?? `${label} must be a number.` })
    .min(0, outOfRange)
    .max(100, outOfRange)
    .refine(hasAtMostTwoDecimals, `${label} can have at most 2 decimals.`);
}

/** Riel in whole notes' worth: 0 or more, at most MAX_RIEL. */
export function riel(label: string) {
  return z
    .number({ error: `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(0, `${label} must be 0 or more.`)
    .max(MAX_RIEL, `${label} is too large.`);
}

/**
 * A whole quantity within ±MAX_QUANTITY; narrow it with `.min()` where it must be positive.
 * `invalid` replaces the text for a missing or non-numeric one.
 */
export function quantity(label: string, options: { invalid?: string } = {}) {
  return z
    .number({ error: options.invalid ?? `${label} must be a number.` })
    .int(`${label} must be a whole number.`)
    .min(-MAX_QUANTITY, `${label} is too large.`)
    .max(MAX_QUANTITY, `${label} is too large.`);
}
