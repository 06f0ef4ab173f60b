import type { KhqrStatus } from '@shop/contracts/khqr-api';

/*
 * Whether a KHQR was paid. With a Bakong API token (env BAKONG_API_TOKEN) the server asks the
 * National Bank's Bakong API by the QR's MD5, and the till confirms the payment itself; without
 * one nothing is asked and the cashier confirms when the customer's banking app shows success.
 */

export interface PaymentConfirmer {
  /** Whether payments are checked at all. */
  readonly enabled: boolean;
  /** `checked` is false when nothing could be asked (no token, Bakong unreachable or refusing the token). */
  check(md5: string): Promise<KhqrStatus>;
}

/** No token: nothing is checked, the cashier confirms. */
export const noPaymentConfirmer: PaymentConfirmer = {
  enabled: false,
  check: async () => ({ paid: false, checked: false }),
};

export const DEFAULT_BAKONG_API_URL = 'https://api-bakong.nbc.gov.kh';

export interface BakongOptions {
  /** The API's base address, e.g. https://api-bakong.nbc.gov.kh. */
  url: string;
  token: string;
  /** How long one check may take before it counts as not checked. */
  timeoutMs?: number;
  /** Where a failed check is told (the app's logger). */
  onError?: (message: string) => void;
}

/** The answer of POST /v1/check_transaction_by_md5: `responseCode` 0 with the transaction when paid, non-zero when not found. */
type BakongAnswer = { responseCode?: unknown; responseMessage?: unknown; data?: unknown };

/** The Bakong API's transaction check by MD5. */
export function bakongConfirmer({ url, token, timeoutMs = 5000, onError = () => {} }: BakongOptions): PaymentConfirmer {
  const endpoint = `${url.replace(/\/+$/, '')}/v1/check_transaction_by_md5`;
  return {
    enabled: true,
    async check(md5) {
      let response: Response;
      try {
        response = await fetch(endpoint, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ md5 }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        onError(`Bakong could not be reached: ${error instanceof Error ? error.message : String(error)}`);
        return { paid: false, checked: false };
      }
      let answer: BakongAnswer;
      try {
        answer = (await response.json()) as BakongAnswer;
      } catch {
        onError(`Bakong answered ${response.status} without JSON.`);
        return { paid: false, checked: false };
      }
      if (!response.ok || typeof answer !== 'object' || answer === null || typeof answer.responseCode !== 'number') {
        onError(`Bakong answered ${response.status}: ${typeof answer?.responseMessage === 'string' ? answer.responseMessage : 'no response code'}.`);
        return { paid: false, checked: false };
      }
      return { paid: answer.responseCode === 0 && typeof answer.data === 'object' && answer.data !== null, checked: true };
    },
  };
}
