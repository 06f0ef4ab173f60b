import crypto from 'node:crypto';
import { KHQR_MESSAGES, type KhqrCode, type khqrInputSchema, type KhqrStatus } from '@shop/contracts/khqr-api';
import { billNumberAt, buildKhqr, clip, KHQR_LIMITS, KhqrError } from '@shop/contracts/khqr';
import { toCents } from '@shop/contracts/money';
import type { z } from 'zod';
import type { PaymentConfirmer } from '../lib/bakong';
import { conflict, unprocessable } from '../lib/errors';
import type { Actor, ServiceContext } from './context';
import { getSettings } from './settings';

/*
 * The till's KHQR (docs/decisions/0010-payments-in-dollars-and-riel.md): a dynamic QR for the
 * amount a customer pays by KHQR, made from the shop's Bakong account (Settings → Payments →
 * KHQR), and the check of whether it was paid. The QR's MD5 and bill number go into the sale's
 * payment as its proof.
 */

type KhqrInput = z.output<typeof khqrInputSchema>;

/** A bill number for a QR made without one: unique enough to tell a day's payments apart in the bank's list. */
export function newBillNumber(now: number): string {
  return billNumberAt(now, crypto.randomBytes(2).toString('hex'));
}

/** MD5 of the payload's UTF-8 bytes, as Bakong's transaction check takes it. */
export const khqrMd5 = (payload: string) => crypto.createHash('md5').update(payload, 'utf8').digest('hex');

/** POST /khqr: a QR for this amount that expires after the shop's QR expiry. */
export async function createKhqr(ctx: ServiceContext, input: KhqrInput, actor: Actor, confirmer: PaymentConfirmer): Promise<KhqrCode> {
  const settings = await getSettings(ctx);
  const { khqr } = settings;
  if (khqr.accountId === '') throw conflict(KHQR_MESSAGES.notSetUp);
  if (!settings.payments.methods.some((method) => method.key === 'khqr' && method.enabled)) throw conflict(KHQR_MESSAGES.turnedOff);

  const createdAt = ctx.clock.now().getTime();
  const expiresAt = createdAt + khqr.expiryMinutes * 60_000;
  const billNumber = input.bill_number ?? newBillNumber(createdAt);
  let payload: string;
  try {
    payload = buildKhqr({
      account: khqr,
      currency: input.currency,
      amount: input.currency === 'KHR' ? input.amount : toCents(input.amount),
      billNumber,
      storeLabel: clip(settings.general.name, KHQR_LIMITS.storeLabel),
      terminalLabel: `POS-${actor.userId}`,
      createdAt,
      expiresAt,
    });
  } catch (error) {
    if (error instanceof KhqrError) throw unprocessable(`${KHQR_MESSAGES.cannotMake} ${error.message}`);
    throw error;
  }
  return { payload, md5: khqrMd5(payload), expires_at: new Date(expiresAt).toISOString(), bill_number: billNumber, bank_check: confirmer.enabled };
}

/** GET /khqr/{md5}/status: whether Bakong has the payment (not checked without a token). */
export function khqrStatus(md5: string, confirmer: PaymentConfirmer): Promise<KhqrStatus> {
  return confirmer.check(md5);
}
