import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { KHQR_MESSAGES, type KhqrCode, type KhqrStatus } from '@shop/contracts/khqr-api';
import { buildKhqr, decodeKhqr } from '@shop/contracts/khqr';
import { paymentInputSchema } from '@shop/contracts/payment';
import { DEFAULT_SETTINGS } from '@shop/contracts/settings-defaults';
import type { Settings } from '@shop/contracts/settings';
import { AppProviders } from '@/app/providers';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { KHQR_POLL_MS, KhqrDialog, khqrPaymentInput, type KhqrDialogProps } from './khqr-dialog';

const settings: Settings = {
  ...DEFAULT_SETTINGS,
  khqr: { ...DEFAULT_SETTINGS.khqr, accountId: 'mekong_corner@demo', merchantName: 'Mekong Corner Cafe' },
};

type Server = {
  /** How long the codes it makes last, in turn (the last one repeats). */
  lifetimesMs?: number[];
  bankCheck?: boolean;
  /** The answers of GET /khqr/{md5}/status, in turn (the last one repeats). */
  statuses?: KhqrStatus[];
  /** A refusal of POST /khqr instead of a code. */
  refuse?: { status: number; message: string };
};

/**
 * A stand-in for the server's KHQR routes: POST /khqr makes a real payload from the settings'
 * account with the contracts' encoder, as the server does, and remembers what it was asked.
 */
function fakeServer({ lifetimesMs = [10 * 60_000], bankCheck = false, statuses = [], refuse }: Server = {}) {
  const made: (KhqrCode & { body: unknown })[] = [];
  const checks: string[] = [];
  let asked = 0;
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    if (url.pathname === '/api/settings') return jsonResponse(200, { data: settings });
    if (url.pathname === '/api/khqr' && init.method === 'POST') {
      asked += 1;
      if (refuse) return jsonResponse(refuse.status, { message: refuse.message });
      const body = JSON.parse(init.body as string) as { amount: number; currency: 'USD' | 'KHR'; bill_number?: string };
      const createdAt = Date.now();
      const lifetimeMs = lifetimesMs[Math.min(made.length, lifetimesMs.length - 1)]!;
      const billNumber = body.bill_number ?? `KQ-TEST-${made.length + 1}`;
      const payload = buildKhqr({
        account: settings.khqr,
        currency: body.currency,
        amount: body.currency === 'USD' ? Math.round(body.amount * 100) : body.amount,
        billNumber,
        createdAt,
        expiresAt: createdAt + lifetimeMs,
      });
      const code: KhqrCode = { payload, md5: `${made.length + 1}`.padStart(32, 'a'), expires_at: new Date(createdAt + lifetimeMs).toISOString(), bill_number: billNumber, bank_check: bankCheck };
      made.push({ ...code, body });
      return jsonResponse(200, { data: code });
    }
    const status = /^\/api\/khqr\/(\w+)\/status$/.exec(url.pathname);
    if (status) {
      checks.push(status[1]!);
      return jsonResponse(200, { data: statuses[Math.min(checks.length, statuses.length) - 1] ?? { paid: false, checked: false } });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return { made, checks, asked: () => asked };
}

function renderDialog(props: Partial<KhqrDialogProps> = {}) {
  const onReceived = vi.fn();
  const onCancel = vi.fn();
  const all = { open: true, currency: 'USD', amountCents: 1250, onReceived, onCancel, ...props } as KhqrDialogProps;
  render(
    <AppProviders>
      <KhqrDialog {...all} />
    </AppProviders>,
  );
  return { onReceived, onCancel };
}

describe('KhqrDialog', () => {
  it('shows the QR of the amount with the merchant and a countdown; Received hands back the proof', async () => {
    const server = fakeServer();
    const { onReceived, onCancel } = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Pay with KHQR' });
    const qr = await within(dialog).findByTitle('KHQR for $12.50');
    expect(qr.closest('svg')).not.toBeNull();
    expect(server.made.map((code) => code.body)).toEqual([{ amount: 12.5, currency: 'USD' }]);
    expect(decodeKhqr(server.made[0]!.payload)).toMatchObject({ amount: '12.50', currency: 'USD', merchantName: 'Mekong Corner Cafe' });
    expect(within(dialog).getByTestId('khqr-amount')).toHaveTextContent('$12.50');
    expect(await within(dialog).findByText('Mekong Corner Cafe')).toBeInTheDocument();
    expect(within(dialog).getByTestId('khqr-countdown').textContent).toMatch(/^(10:00|9:5\d)$/);
    expect(within(dialog).getByText('Bill KQ-TEST-1')).toBeInTheDocument();
    expect(within(dialog).getByRole('status')).toHaveTextContent('Tap Received when the customer’s banking app shows success.');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Received' }));
    expect(onReceived).toHaveBeenCalledWith({ md5: server.made[0]!.md5, bill_number: 'KQ-TEST-1' });
    expect(onCancel).not.toHaveBeenCalled();
    // Without a bank check nothing asks the bank.
    expect(server.checks).toEqual([]);
  });

  it('asks for riel in whole riel and passes the sale’s bill number on', async () => {
    const server = fakeServer();
    renderDialog({ currency: 'KHR', amountKhr: 41_000, billNumber: 'SO-000123' } as Partial<KhqrDialogProps>);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByTitle('KHQR for ៛41,000');
    expect(server.made.map((code) => code.body)).toEqual([{ amount: 41_000, currency: 'KHR', bill_number: 'SO-000123' }]);
    expect(within(dialog).getByTestId('khqr-amount')).toHaveTextContent('៛41,000');
  });

  it('offers a new code once this one has expired, and Cancel gives up', async () => {
    const server = fakeServer({ lifetimesMs: [1500, 10 * 60_000] });
    const { onCancel, onReceived } = renderDialog();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('This code has expired.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Received' })).toBeNull();
    expect(within(dialog).queryByTitle('KHQR for $12.50')).toBeNull();

    await userEvent.click(within(dialog).getByRole('button', { name: 'Make a new code' }));
    await waitFor(() => expect(server.made).toHaveLength(2));
    expect(server.made[1]!.md5).not.toBe(server.made[0]!.md5);
    expect(await within(dialog).findByTitle('KHQR for $12.50')).toBeInTheDocument();

    await userEvent.click(within(dialog).getByRole('button', { name: /Cancel/ }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onReceived).not.toHaveBeenCalled();
  });

  it('where the server checks with the bank, asks every few seconds and confirms by itself once paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const server = fakeServer({ bankCheck: true, statuses: [{ paid: false, checked: true }, { paid: true, checked: true }] });
      const { onReceived } = renderDialog();
      const dialog = await screen.findByRole('dialog');
      await within(dialog).findByTitle('KHQR for $12.50');
      expect(within(dialog).getByText('Waiting for the bank to confirm the payment…')).toBeInTheDocument();
      expect(within(dialog).queryByRole('button', { name: 'Received' })).toBeNull();

      await act(() => vi.advanceTimersByTimeAsync(KHQR_POLL_MS));
      await waitFor(() => expect(server.checks).toHaveLength(1));
      expect(onReceived).not.toHaveBeenCalled();
      await act(() => vi.advanceTimersByTimeAsync(KHQR_POLL_MS));
      await waitFor(() => expect(onReceived).toHaveBeenCalledWith({ md5: server.made[0]!.md5, bill_number: 'KQ-TEST-1' }));
      expect(server.checks).toEqual([server.made[0]!.md5, server.made[0]!.md5]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('gives the cashier Received back when the bank cannot be reached', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      fakeServer({ bankCheck: true, statuses: [{ paid: false, checked: false }] });
      const { onReceived } = renderDialog();
      const dialog = await screen.findByRole('dialog');
      await within(dialog).findByTitle('KHQR for $12.50');
      await act(() => vi.advanceTimersByTimeAsync(KHQR_POLL_MS));
      expect(await within(dialog).findByText('The bank cannot be reached: tap Received when the customer’s banking app shows success.')).toBeInTheDocument();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Received' }));
      expect(onReceived).toHaveBeenCalledTimes(1);
    } finally {
      vi.useRealTimers();
    }
  });

  it('says why no code came, and tries again on Retry', async () => {
    const server = fakeServer({ refuse: { status: 409, message: KHQR_MESSAGES.notSetUp } });
    renderDialog();
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(`The KHQR could not be made: ${KHQR_MESSAGES.notSetUp}`)).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Received' })).toBeNull();
    expect(server.asked()).toBe(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(server.asked()).toBe(2));
    expect(await within(dialog).findByText(`The KHQR could not be made: ${KHQR_MESSAGES.notSetUp}`)).toBeInTheDocument();
  });
});

describe('khqrPaymentInput', () => {
  it('is a KHQR payment of the sale carrying the proof, as POST /sales takes it', () => {
    const proof = { md5: 'a'.repeat(32), bill_number: 'KQ-1' };
    const usd = khqrPaymentInput({ currency: 'USD', amountCents: 1250 }, proof);
    expect(usd).toEqual({ method: 'khqr', currency: 'USD', amount: 12.5, khqr: proof });
    expect(paymentInputSchema.parse(usd)).toMatchObject({ method: 'khqr', currency: 'USD', amount: 12.5, khqr: proof });
    expect(paymentInputSchema.parse(khqrPaymentInput({ currency: 'KHR', amountKhr: 41_000 }, proof))).toMatchObject({ currency: 'KHR', amount: 41_000, khqr: proof });
  });
});
