import { useCallback, useEffect, useState } from 'react';
import { CircleCheck, RefreshCw, TimerOff } from 'lucide-react';
import { QRCodeSVG } from 'qrcode.react';
import { useTranslation } from 'react-i18next';
import type { KhqrCode, KhqrInput, KhqrStatus } from '@shop/contracts/khqr-api';
import { billNumberAt, buildKhqr, clip, decodeKhqr, KHQR_LIMITS } from '@shop/contracts/khqr';
import type { Settings } from '@shop/contracts/settings';
import { md5 } from 'js-md5';
import { fromCents, toCents } from '@shop/contracts/money';
import type { PaymentInput } from '@shop/contracts/payment';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { apiRequest, isAbortError, isUnreachable } from '@/lib/api-client';
import { failureText } from '@/lib/error-text';
import { formatMoney, formatRiel } from '@/lib/format';
import { useShopSettings } from '@/lib/shop-settings';
import { KeyHint } from './key-hint';

/** What a KHQR payment keeps as its proof (the sale's payment `khqr`). */
export type KhqrProof = { md5: string; bill_number: string };

/** What the customer pays by KHQR: dollars as cents, or whole riel. */
export type KhqrAmount = { currency: 'USD'; amountCents: number } | { currency: 'KHR'; amountKhr: number };

export type KhqrDialogProps = KhqrAmount & {
  open: boolean;
  /** The sale's own number for the bank's statement; the server makes one without it. */
  billNumber?: string;
  /** The customer paid: the cashier saw it on their app, or the bank said so. */
  onReceived: (proof: KhqrProof) => void;
  onCancel: () => void;
};

/** How often the till asks whether the bank has the payment, where the server can ask it. */
export const KHQR_POLL_MS = 3000;

/** The payment the sale records for a KHQR paid with this proof (POST /sales `payments[]`). */
export function khqrPaymentInput(amount: KhqrAmount, proof: KhqrProof, method = 'khqr'): PaymentInput {
  return amount.currency === 'USD'
    ? { method, currency: 'USD', amount: fromCents(amount.amountCents), khqr: proof }
    : { method, currency: 'KHR', amount: amount.amountKhr, khqr: proof };
}

/**
 * The till's KHQR: a QR for the amount, made by the server from the shop's Bakong account, with
 * a countdown to its expiry. The cashier taps Received when the customer's banking app shows
 * success; where the server has a Bakong token it asks the bank every few seconds and the dialog
 * confirms by itself (Received comes back if the bank cannot be reached).
 */
export function KhqrDialog(props: KhqrDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={props.open} onOpenChange={(open) => (open ? undefined : props.onCancel())} title={t('Pay with KHQR')} size="sm">
      {/* Mounted afresh each time it opens: every payment gets its own code. */}
      {props.open ? <KhqrPanel {...props} /> : null}
    </Modal>
  );
}

type Code = KhqrCode & { deadline: number };

/**
 * The same QR made on the till, from the shop's Bakong account as the till last loaded it, when
 * the server cannot be reached (docs/decisions/0016-offline-selling.md). The customer's bank
 * needs no server of ours; the cashier confirms the payment on the customer's app.
 */
export function khqrHere(settings: Settings, amount: KhqrInput, billNumber: string | undefined, now = Date.now()): KhqrCode {
  const random = Array.from(crypto.getRandomValues(new Uint8Array(2)), (byte) => byte.toString(16).padStart(2, '0')).join('');
  const expiresAt = now + settings.khqr.expiryMinutes * 60_000;
  const bill = billNumber ?? billNumberAt(now, random);
  const payload = buildKhqr({
    account: settings.khqr,
    currency: amount.currency,
    amount: amount.currency === 'KHR' ? amount.amount : toCents(amount.amount),
    billNumber: bill,
    storeLabel: clip(settings.general.name, KHQR_LIMITS.storeLabel),
    terminalLabel: 'POS-OFFLINE',
    createdAt: now,
    expiresAt,
  });
  return { payload, md5: md5(payload), expires_at: new Date(expiresAt).toISOString(), bill_number: bill, bank_check: false };
}

function KhqrPanel(props: KhqrDialogProps) {
  const { t } = useTranslation();
  const { settings } = useShopSettings();
  const { onReceived, onCancel, billNumber } = props;
  const amount: KhqrInput = props.currency === 'USD' ? { currency: 'USD', amount: fromCents(props.amountCents) } : { currency: 'KHR', amount: props.amountKhr };
  const [attempt, setAttempt] = useState(0);
  const [code, setCode] = useState<Code | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const [bankUnreachable, setBankUnreachable] = useState(false);

  // A new code on opening and on "Make a new code".
  useEffect(() => {
    const controller = new AbortController();
    apiRequest<{ data: KhqrCode }>('/khqr', { method: 'POST', body: { ...amount, bill_number: billNumber }, signal: controller.signal }).then(
      ({ data }) => {
        // Counted from when it arrived, for the code's own lifetime: a till's clock may differ from the server's.
        const { createdAt } = decodeKhqr(data.payload);
        const lifetime = createdAt === null ? 0 : Date.parse(data.expires_at) - createdAt;
        const arrived = Date.now();
        setNow(arrived);
        setCode({ ...data, deadline: arrived + lifetime });
      },
      (error: unknown) => {
        if (isAbortError(error)) return;
        if (isUnreachable(error) && settings.khqr.accountId !== '') {
          try {
            const here = khqrHere(settings, amount, billNumber);
            const arrived = Date.now();
            setNow(arrived);
            setCode({ ...here, deadline: Date.parse(here.expires_at) });
            return;
          } catch {
            // An account the till cannot make a code from: say the server's failure as usual.
          }
        }
        setProblem(failureText(error, t('The KHQR could not be made'), t));
      },
    );
    return () => controller.abort();
    // The amount is fixed while the dialog is open; a new attempt asks again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const expired = code !== null && now >= code.deadline;
  const renew = () => {
    setCode(null);
    setProblem(null);
    setBankUnreachable(false);
    setAttempt((n) => n + 1);
  };

  useEffect(() => {
    if (!code || expired) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [code, expired]);

  const received = useCallback(() => {
    if (code) onReceived({ md5: code.md5, bill_number: code.bill_number });
  }, [code, onReceived]);

  // Where the server asks Bakong: every few seconds until paid, expired or closed.
  useEffect(() => {
    if (!code?.bank_check || expired) return;
    const controller = new AbortController();
    const timer = setInterval(() => {
      apiRequest<{ data: KhqrStatus }>(`/khqr/${code.md5}/status`, { signal: controller.signal, globalErrorHandling: false }).then(
        ({ data }) => {
          setBankUnreachable(!data.checked);
          if (data.paid) {
            clearInterval(timer);
            received();
          }
        },
        (error: unknown) => {
          if (!isAbortError(error)) setBankUnreachable(true);
        },
      );
    }, KHQR_POLL_MS);
    return () => {
      clearInterval(timer);
      controller.abort();
    };
  }, [code, expired, received]);

  const cashierConfirms = code !== null && (!code.bank_check || bankUnreachable);
  const seconds = code ? Math.max(0, Math.ceil((code.deadline - now) / 1000)) : 0;
  const countdown = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

  return (
    <>
      <ModalBody className="space-y-4 text-center">
        <div>
          <p className="text-sm text-slate-500 dark:text-slate-400">{settings.khqr.merchantName}</p>
          <p data-testid="khqr-amount" className="text-3xl font-semibold text-slate-900 tabular-nums dark:text-white">
            {props.currency === 'USD' ? formatMoney(fromCents(props.amountCents)) : formatRiel(props.amountKhr)}
          </p>
        </div>

        <div className="mx-auto grid aspect-square w-full max-w-64 place-items-center rounded-xl border border-slate-200 bg-white p-3 dark:border-slate-700">
          {problem ? (
            <TimerOff aria-hidden className="size-10 text-slate-300" />
          ) : !code ? (
            <Spinner label={t('Making the code…')} />
          ) : expired ? (
            <div className="space-y-2 text-slate-600">
              <TimerOff aria-hidden className="mx-auto size-10 text-slate-400" />
              <p className="text-sm font-medium">{t('This code has expired.')}</p>
            </div>
          ) : (
            <QRCodeSVG role="img" value={code.payload} size={232} marginSize={0} level="M" title={t('KHQR for {{amount}}', { amount: props.currency === 'USD' ? formatMoney(fromCents(props.amountCents)) : formatRiel(props.amountKhr) })} className="size-full" />
          )}
        </div>

        {code && !expired ? (
          <div className="space-y-1 text-sm text-slate-600 dark:text-slate-300">
            <p>
              {t('Expires in')} <span data-testid="khqr-countdown" className="font-semibold tabular-nums">{countdown}</span>
            </p>
            <p className="text-xs text-slate-500 dark:text-slate-400">{t('Bill {{number}}', { number: code.bill_number })}</p>
          </div>
        ) : null}

        {code && !expired && !cashierConfirms ? (
          <div className="rounded-lg bg-indigo-50 px-3 py-2 dark:bg-indigo-950">
            <Spinner label={t('Waiting for the bank to confirm the payment…')} className="text-indigo-800 dark:text-indigo-200" />
          </div>
        ) : null}
        {code && !expired && cashierConfirms ? (
          <p role="status" className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700 dark:bg-slate-800/60 dark:text-slate-200">
            {code.bank_check
              ? t('The bank cannot be reached: tap Received when the customer’s banking app shows success.')
              : t('Tap Received when the customer’s banking app shows success.')}
          </p>
        ) : null}

        {problem ? (
          <AlertBanner>
            <div className="flex flex-wrap items-center justify-center gap-3">
              {problem}
              <Button variant="secondary" size="sm" onClick={renew}>
                {t('Retry')}
              </Button>
            </div>
          </AlertBanner>
        ) : null}
      </ModalBody>
      <ModalFooter>
        <Button variant="secondary" className="h-11" onClick={onCancel} aria-keyshortcuts="Escape">
          {t('Cancel')}
          <KeyHint>Esc</KeyHint>
        </Button>
        {expired ? (
          <Button className="h-11" onClick={renew}>
            <RefreshCw aria-hidden className="size-4" />
            {t('Make a new code')}
          </Button>
        ) : cashierConfirms ? (
          <Button className="h-11 min-w-28" onClick={received}>
            <CircleCheck aria-hidden className="size-4" />
            {t('Received')}
          </Button>
        ) : null}
      </ModalFooter>
    </>
  );
}
