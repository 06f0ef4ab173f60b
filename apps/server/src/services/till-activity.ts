/*
 * Whether this process's tills are selling now: reports give way to them while they are, on
 * PostgreSQL's report connections and SQLite's reader threads alike (db/report-gate.ts). Each sale marks the moment it starts and ends; "now" is the last second.
 * Another server's sales are its own to count.
 */

/** How long after a sale the tills still count as selling. */
const SELLING_WITHIN_MS = 1_000;

let lastSaleAt = Number.NEGATIVE_INFINITY;

/** A sale is being recorded. */
export function saleUnderWay(): void {
  lastSaleAt = performance.now();
}

/** A sale was recorded or refused within the last second. */
export function tillsSelling(): boolean {
  return performance.now() - lastSaleAt < SELLING_WITHIN_MS;
}
