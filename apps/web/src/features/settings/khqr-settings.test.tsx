import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '@shop/contracts/settings-defaults';
import type { Settings } from '@shop/contracts/settings';
import { setSession } from '@/features/auth/session-store';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

/** GET /api/settings and PUT /api/settings/{section}, echoing saves back; returns the PUTs made. */
function fakeApi(settings: Settings = structuredClone(DEFAULT_SETTINGS)) {
  const puts: { path: string; body: unknown }[] = [];
  setSession('tok', demoUser);
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    if (url.pathname === '/api/me') return jsonResponse(200, { data: demoUser });
    if (url.pathname === '/api/settings') return jsonResponse(200, { data: settings });
    if (url.pathname.startsWith('/api/settings/') && init.method === 'PUT') {
      const body = JSON.parse(init.body as string) as unknown;
      puts.push({ path: url.pathname, body });
      return jsonResponse(200, { data: body, message: 'Settings saved' });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return puts;
}

async function khqrCard() {
  const payments = await screen.findByRole('tabpanel', { name: 'Payments' });
  return within(payments).getByRole('heading', { name: 'KHQR' }).closest('form')!;
}

describe('Settings → Payments → KHQR', { timeout: 40_000 }, () => {
  afterEach(() => {
    toast.dismiss();
  });

  it('fills in the Bakong account and saves the khqr section with its own Save', async () => {
    const puts = fakeApi();
    const user = userEvent.setup();
    renderApp('/settings?tab=payments');
    const card = within(await khqrCard());
    expect(card.getByText(/Turn KHQR on or off with its Enabled switch/)).toBeInTheDocument();
    expect(card.getByTestId('khqr-state')).toHaveTextContent('KHQR is off: the till does not offer it.');
    expect(card.getByText('Fill in the account to see its QR.')).toBeInTheDocument();
    // A merchant's id and bank are asked for only on a merchant account.
    expect(card.queryByLabelText('Merchant id')).toBeNull();

    await user.type(card.getByLabelText('Bakong account id'), 'mekong_corner@aclb');
    await user.type(card.getByLabelText('Merchant name'), 'Mekong Corner Cafe');
    await user.selectOptions(card.getByLabelText('Default currency'), 'KHR');
    await user.clear(card.getByLabelText('QR expiry (minutes)'));
    await user.type(card.getByLabelText('QR expiry (minutes)'), '5');
    // The shop's static QR appears once the account can make one.
    expect(await card.findByTitle('KHQR of Mekong Corner Cafe')).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: 'Save KHQR' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      path: '/api/settings/khqr',
      body: { ...DEFAULT_SETTINGS.khqr, accountId: 'mekong_corner@aclb', merchantName: 'Mekong Corner Cafe', currency: 'KHR', expiryMinutes: 5 },
    });
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
  });

  it('asks a merchant account for its merchant id and acquiring bank before calling the server', async () => {
    const puts = fakeApi();
    const user = userEvent.setup();
    renderApp('/settings?tab=payments');
    const card = within(await khqrCard());
    await user.type(card.getByLabelText('Bakong account id'), 'mekong corner');
    await user.type(card.getByLabelText('Merchant name'), 'Mekong Corner Cafe');
    await user.selectOptions(card.getByLabelText('Account type'), 'merchant');
    await user.click(card.getByRole('button', { name: 'Save KHQR' }));

    expect(await card.findByText('A Bakong account id looks like name@bank.')).toBeInTheDocument();
    await user.clear(card.getByLabelText('Bakong account id'));
    await user.type(card.getByLabelText('Bakong account id'), 'mekong_corner@aclb');
    await user.click(card.getByRole('button', { name: 'Save KHQR' }));
    expect(await card.findByText('A merchant account needs its merchant id.')).toBeInTheDocument();
    expect(card.getByText('A merchant account needs its acquiring bank.')).toBeInTheDocument();
    expect(puts).toEqual([]);

    await user.type(card.getByLabelText('Merchant id'), 'MC-0042');
    await user.type(card.getByLabelText('Acquiring bank'), 'ACLEDA Bank');
    await user.click(card.getByRole('button', { name: 'Save KHQR' }));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]!.body).toMatchObject({ accountType: 'merchant', merchantId: 'MC-0042', acquiringBank: 'ACLEDA Bank' });
  });

  it('says the till offers KHQR once the account is saved and the method is on', async () => {
    const settings = structuredClone(DEFAULT_SETTINGS);
    settings.khqr = { ...settings.khqr, accountId: 'mekong_corner@demo', merchantName: 'Mekong Corner Cafe' };
    settings.payments.methods = settings.payments.methods.map((method) => ({ ...method, enabled: true }));
    fakeApi(settings);
    renderApp('/settings?tab=payments');
    const card = within(await khqrCard());
    expect(card.getByTestId('khqr-state')).toHaveTextContent('The till offers KHQR.');
    expect(card.getByLabelText('Bakong account id')).toHaveValue('mekong_corner@demo');
  });
});
