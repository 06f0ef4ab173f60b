import type { FastifyBaseLogger } from 'fastify';
import type { ServiceContext } from './context';
import { sweepExpiringBatches } from './notifications';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Batches come within a week of their date as days pass, with no request to notice it: the
 * server looks every hour (and once at start). Several servers may each run it; a batch is
 * still told once.
 */
export function startExpirySweep(ctx: ServiceContext, log: FastifyBaseLogger): void {
  const run = () => {
    sweepExpiringBatches(ctx).catch((error: unknown) => log.warn({ err: error }, 'expiry sweep failed'));
  };
  run();
  setInterval(run, HOUR_MS).unref();
}
