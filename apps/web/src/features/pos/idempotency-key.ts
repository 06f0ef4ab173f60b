/**
 * A fresh Idempotency-Key. crypto.randomUUID only exists on secure pages, and a shop's tablets
 * reach the console over plain HTTP on the local network, so this uses getRandomValues.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `sale-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
