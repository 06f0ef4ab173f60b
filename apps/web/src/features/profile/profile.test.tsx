import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFY_PREFERENCES, type ApiKey, type Profile, type Session } from '@shop/contracts/profile';
import { setSession } from '@/features/auth/session-store';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const BACKUP_CODES = ['4f7k-2m9q', 'a1b2-c3d4', 'e5f6-g7h8', 'j9k1-m2n3', 'p4q5-r6s7', 't8u9-v1w2', 'x3y4-z5a6', 'b7c8-d9e1', 'f2g3-h4j5', 'k6m7-n8p9'];
const FULL_KEY = 'shop_live_3b9d7e1f0a2c4e6b8d0f1a3c5e7b9d1f';

type Call = { method: string; path: string; body: unknown };

/** A small stateful server: what the screen saves is what it reads back. */
function fakeApi(role: 'Admin' | 'Staff' = 'Admin', twoFactor = false, initialKeys: ApiKey[] = []) {
  let profile: Profile = { ...demoUser, role, two_fa_enabled: twoFactor, notify: DEFAULT_NOTIFY_PREFERENCES, backup_codes_left: twoFactor ? 7 : 0, has_pin: false };
  let sessions: Session[] = [
    { id: 1, device: 'Chrome on Linux', ip: '127.0.0.1', user_agent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140', created_at: '2026-11-20T02:00:00.000Z', last_active_at: '2026-11-23T03:00:00.000Z', current: true },
    { id: 2, device: 'Safari on iPhone', ip: '10.0.0.7', user_agent: 'Mozilla/5.0 (iPhone) Safari/605', created_at: '2026-11-19T02:00:00.000Z', last_active_at: '2026-11-22T09:30:00.000Z', current: false },
  ];
  let keys: ApiKey[] = initialKeys;
  const calls: Call[] = [];
  setSession('tok', profile);
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const method = init.method ?? 'GET';
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, path: url.pathname, body });
    const route = `${method} ${url.pathname}`;
    if (route === 'GET /api/me') return jsonResponse(200, { data: profile });
    if (route === 'GET /api/profile') return jsonResponse(200, { data: profile });
    if (route === 'PUT /api/profile') {
      profile = { ...profile, ...(body as Partial<Profile>) };
      return jsonResponse(200, { data: profile, message: 'Profile updated' });
    }
    if (route === 'PUT /api/profile/password') {
      const input = body as { current_password: string };
      if (input.current_password !== 'demo1234') {
        return jsonResponse(422, { message: 'The given data was invalid.', errors: { current_password: ['Your current password is not right.'] } });
      }
      if (!(body as { keep_api_keys?: boolean }).keep_api_keys) keys = [];
      return jsonResponse(200, { message: 'Password updated' });
    }
    if (route === 'PUT /api/profile/pin') {
      const input = body as { current_password: string; pin: string | null };
      if (input.current_password !== 'demo1234') {
        return jsonResponse(422, { message: 'The given data was invalid.', errors: { current_password: ['Your current password is not right.'] } });
      }
      profile = { ...profile, has_pin: input.pin !== null };
      return jsonResponse(200, { message: input.pin === null ? 'Till PIN removed' : 'Till PIN saved' });
    }
    if (route === 'POST /api/profile/twofa/toggle') {
      const input = body as { enabled: boolean; code?: string };
      if (!input.enabled) {
        if (input.code !== '4f7k-2m9q') return jsonResponse(422, { message: 'The given data was invalid.', errors: { code: ['That code is not valid. Check the time on your phone and try again.'] } });
        profile = { ...profile, two_fa_enabled: false, backup_codes_left: 0 };
        return jsonResponse(200, { message: '2FA disabled', enabled: false });
      }
      profile = { ...profile, two_fa_enabled: true, backup_codes_left: 10 };
      return jsonResponse(200, {
        message: '2FA enabled',
        enabled: true,
        backupCodes: BACKUP_CODES,
        secret: 'JBSWY3DPEHPK3PXP',
        otpauth_url: 'otpauth://totp/Shop:admin%40demo.shop?secret=JBSWY3DPEHPK3PXP&issuer=Shop',
      });
    }
    if (route === 'GET /api/profile/sessions') return jsonResponse(200, { data: sessions });
    if (method === 'DELETE' && url.pathname.startsWith('/api/profile/sessions/')) {
      const id = Number(url.pathname.split('/').pop());
      sessions = sessions.filter((session) => session.id !== id);
      return jsonResponse(200, { message: 'Session signed out' });
    }
    if (route === 'GET /api/profile/api-keys') return jsonResponse(200, { data: keys });
    if (route === 'POST /api/profile/api-keys') {
      const key: ApiKey = {
        id: 7,
        label: (body as { label: string }).label,
        prefix: FULL_KEY.slice(0, 14),
        masked: `${FULL_KEY.slice(0, 14)}••••••••`,
        scope: (body as { scope?: ApiKey['scope'] }).scope ?? 'read',
        created_at: '2026-11-23T03:10:00.000Z',
        last_used_at: null,
      };
      keys = [key];
      return jsonResponse(201, { data: { ...key, key: FULL_KEY }, message: 'API key created. Copy it now: it will not be shown again.' });
    }
    if (route === 'PUT /api/profile/notifications') {
      profile = { ...profile, notify: body as Profile['notify'] };
      return jsonResponse(200, { data: profile.notify, message: 'Notification settings saved' });
    }
    if (route === 'POST /api/profile/deactivate') return jsonResponse(200, { message: 'Your account is deactivated. An Admin can reactivate it.' });
    if (route === 'DELETE /api/profile') {
      return jsonResponse(409, { message: 'The shop needs at least one active Admin. Make someone else an Admin first.' });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return calls;
}

const writes = (calls: Call[]) => calls.filter((call) => call.method !== 'GET');

describe('Profile', () => {
  it('opens the tab named in the URL and puts the chosen tab there', async () => {
    fakeApi();
    const user = userEvent.setup();
    const { router } = renderApp('/profile?tab=notifications');

    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['Overview', 'Security', 'Sessions', 'Notifications', 'API Keys', 'Connected', 'Activity', 'Danger Zone']);
    expect(screen.getByRole('tab', { name: 'Notifications' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('switch', { name: 'Low stock' })).toBeChecked();

    await user.click(screen.getByRole('tab', { name: 'Security' }));
    expect(router.state.location.search).toBe('?tab=security');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Sessions' })).toHaveFocus();
    expect(router.state.location.search).toBe('?tab=sessions');
  });

  it("saves the Overview, shows 'Saving…' meanwhile, and the header menu shows the new name", async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/profile');

    const name = await screen.findByLabelText('Name');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    await user.clear(name);
    await user.type(name, 'Sokha Chan-Lim');
    await user.type(screen.getByLabelText('Phone'), '+855 12 345 678');
    await user.selectOptions(screen.getByLabelText('Role'), 'Manager');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(screen.getByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(await screen.findByText('Profile updated')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      { method: 'PUT', path: '/api/profile', body: expect.objectContaining({ name: 'Sokha Chan-Lim', phone: '+855 12 345 678', role: 'Manager' }) },
    ]);

    await user.click(screen.getByRole('button', { name: 'Open profile menu' }));
    expect(within(await screen.findByRole('menu')).getByText('Sokha Chan-Lim')).toBeInTheDocument();
  });

  it('shows Staff their role as a badge instead of a choice', async () => {
    fakeApi('Staff');
    renderApp('/profile');
    expect(await screen.findByText('Only an Admin can change a role.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Role')).not.toBeInTheDocument();
  });

  it('refuses a password confirmation that does not match, and puts the server’s reason on its field', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/profile?tab=security');

    await user.type(await screen.findByLabelText('Current password'), 'demo1234');
    await user.type(screen.getByLabelText('New password'), 'kampot-pepper-9');
    await user.type(screen.getByLabelText('Confirm new password'), 'kampot-pepper-8');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('New password and confirmation must match')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await user.clear(screen.getByLabelText('Current password'));
    await user.type(screen.getByLabelText('Current password'), 'wrong-one');
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'kampot-pepper-9');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Your current password is not right.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sets and removes a till PIN with the password, and offers none to Staff', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/profile?tab=security');
    const card = (await screen.findByRole('heading', { name: 'Till PIN' })).closest('form')!;
    expect(within(card).getByText('No PIN')).toBeInTheDocument();
    await user.type(within(card).getByLabelText('PIN'), '12');
    await user.click(within(card).getByRole('button', { name: 'Set PIN' }));
    expect(await within(card).findByText('The PIN is 4 to 6 digits.')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await user.type(within(card).getByLabelText('Password'), 'wrong-one');
    await user.type(within(card).getByLabelText('PIN'), '34');
    await user.click(within(card).getByRole('button', { name: 'Set PIN' }));
    expect(await within(card).findByText('Your current password is not right.')).toBeInTheDocument();

    await user.clear(within(card).getByLabelText('Password'));
    await user.type(within(card).getByLabelText('Password'), 'demo1234');
    await user.click(within(card).getByRole('button', { name: 'Set PIN' }));
    expect(await screen.findByText('Till PIN saved')).toBeInTheDocument();
    expect(await within(card).findByText('PIN set')).toBeInTheDocument();
    expect(within(card).getByLabelText('New PIN')).toHaveValue('');

    await user.type(within(card).getByLabelText('Password'), 'demo1234');
    await user.click(within(card).getByRole('button', { name: 'Remove PIN' }));
    expect(await screen.findByText('Till PIN removed')).toBeInTheDocument();
    expect(writes(calls).filter((call) => call.path === '/api/profile/pin').map((call) => call.body)).toEqual([
      { current_password: 'wrong-one', pin: '1234' },
      { current_password: 'demo1234', pin: '1234' },
      { current_password: 'demo1234', pin: null },
    ]);
  });

  it('offers Staff no till PIN', async () => {
    fakeApi('Staff');
    renderApp('/profile?tab=security');
    expect(await screen.findByRole('heading', { name: 'Change password' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Till PIN' })).not.toBeInTheDocument();
  });

  it('turning 2FA on shows the QR code, the secret and the ten backup codes once', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderApp('/profile?tab=security');

    const toggle = await screen.findByRole('switch', { name: 'Require a code at sign-in' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);

    const dialog = await screen.findByRole('dialog', { name: 'Two-step sign-in is on' });
    expect(within(dialog).getByTitle('QR code for your authenticator app')).toBeInTheDocument();
    expect(within(dialog).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem').map((item) => item.textContent)).toEqual(BACKUP_CODES);
    expect(within(dialog).getByRole('button', { name: 'Copy codes' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'I saved my backup codes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.queryByText('4f7k-2m9q')).not.toBeInTheDocument();
    expect(await screen.findByText('Backup codes left: 10')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Require a code at sign-in' })).toBeChecked();
  });

  it('shows a new API key once, then only its masked form', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/profile?tab=api-keys');

    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    expect(await screen.findByText('Enter a label for the key.')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await user.type(screen.getByLabelText('Label'), 'Stock sync');
    // Read only unless chosen: the narrowest scope.
    expect(screen.getByLabelText('Scope')).toHaveValue('read');
    expect(within(screen.getByLabelText('Scope')).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Read only',
      'Till: sales, refunds and customers',
      'Catalogue, stock and purchasing',
      'Everything my role can do',
    ]);
    await user.selectOptions(screen.getByLabelText('Scope'), 'catalogue');
    await user.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = await screen.findByRole('dialog', { name: 'API key created' });
    expect(writes(calls)).toEqual([{ method: 'POST', path: '/api/profile/api-keys', body: { label: 'Stock sync', scope: 'catalogue' } }]);
    expect(within(dialog).getByText(FULL_KEY)).toBeInTheDocument();
    expect(within(dialog).getByText(/You will not see it again/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));

    const row = (await screen.findByRole('cell', { name: 'Stock sync' })).closest('tr')!;
    expect(within(row).getByText(`${FULL_KEY.slice(0, 14)}••••••••`)).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();
    expect(within(row).getByText('Catalogue, stock and purchasing')).toBeInTheDocument();
    expect(screen.queryByText(FULL_KEY)).not.toBeInTheDocument();
    expect(screen.getByLabelText('Scope')).toHaveValue('read');
  });

  it('signs out another session after a confirmation, never the current one', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/profile?tab=sessions');

    const current = (await screen.findByText('Chrome on Linux')).closest('tr')!;
    expect(within(current).getByText('This device')).toBeInTheDocument();
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out Safari on iPhone' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Sign out this session?' });
    await user.click(within(confirm).getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByText('Session signed out')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Safari on iPhone')).not.toBeInTheDocument());
    expect(writes(calls)).toEqual([{ method: 'DELETE', path: '/api/profile/sessions/2', body: undefined }]);
    expect(screen.getByRole('button', { name: 'Sign out all' })).toBeDisabled();
  });

  it('turning 2FA off asks for a code and shows a wrong one on its field', async () => {
    const calls = fakeApi('Admin', true);
    const user = userEvent.setup();
    renderApp('/profile?tab=security');

    expect(await screen.findByText('Backup codes left: 7')).toBeInTheDocument();
    await user.click(screen.getByRole('switch', { name: 'Require a code at sign-in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step sign-in' });
    await user.type(within(dialog).getByLabelText('Code'), '000000');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('That code is not valid. Check the time on your phone and try again.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Code'));
    await user.type(within(dialog).getByLabelText('Code'), '4f7k-2m9q');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('2FA disabled')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: 'Require a code at sign-in' })).not.toBeChecked());
    expect(writes(calls).map((call) => call.body)).toEqual([
      { enabled: false, code: '000000' },
      { enabled: false, code: '4f7k-2m9q' },
    ]);
  });

  it('saves the notification channels and topics', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/profile?tab=notifications');

    await user.click(await screen.findByRole('switch', { name: 'SMS' }));
    await user.click(screen.getByRole('switch', { name: 'Promotions' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Notification settings saved')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        path: '/api/profile/notifications',
        body: { email: true, sms: true, push: true, topics: { orders: true, lowStock: true, promotions: false, reports: true } },
      },
    ]);
  });

  it('deactivating the account signs out on this device after a confirmation', async () => {
    fakeApi();
    const user = userEvent.setup();
    const { router } = renderApp('/profile?tab=danger-zone');

    await user.click(await screen.findByRole('button', { name: 'Deactivate account' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate your account?' });
    expect(confirm).toHaveTextContent('Only an Admin can reactivate your account');
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'));
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(await screen.findByText('Your account is deactivated. An Admin can reactivate it.')).toBeInTheDocument();
  });

  it("keeps the last Admin's account and says why", async () => {
    fakeApi();
    const user = userEvent.setup();
    const { router } = renderApp('/profile?tab=danger-zone');

    await user.click(await screen.findByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.type(within(dialog).getByLabelText('Password'), 'demo1234');
    await user.click(within(dialog).getByRole('button', { name: 'Delete Account' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The shop needs at least one active Admin. Make someone else an Admin first.');
    expect(router.state.location.pathname).toBe('/profile');
    expect(localStorage.getItem('access_token')).toBe('tok');
  });

  it('asks whether to keep the API keys only of someone who has keys, and sends the choice', async () => {
    const key: ApiKey = {
      id: 3,
      label: 'Stock sync',
      prefix: 'shk_ab12cd34',
      masked: 'shk_ab12cd34••••',
      scope: 'catalogue',
      created_at: '2026-11-20T03:00:00.000Z',
      last_used_at: null,
    };
    const calls = fakeApi('Admin', false, [key]);
    const user = userEvent.setup();
    renderApp('/profile?tab=security');

    const keep = await screen.findByRole('checkbox', { name: 'Keep my API keys working' });
    expect(keep).not.toBeChecked();
    expect(keep).toHaveAccessibleDescription(/your API keys are revoked/);
    await user.type(screen.getByLabelText('Current password'), 'demo1234');
    await user.type(screen.getByLabelText('New password'), 'kampot-pepper-9');
    await user.type(screen.getByLabelText('Confirm new password'), 'kampot-pepper-9');
    await user.click(keep);
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    expect(await screen.findByText('Password updated')).toBeInTheDocument();
    expect(writes(calls)).toEqual([
      {
        method: 'PUT',
        path: '/api/profile/password',
        body: { current_password: 'demo1234', new_password: 'kampot-pepper-9', new_password_confirmation: 'kampot-pepper-9', keep_api_keys: true },
      },
    ]);
    // The form starts again, unticked: the next change revokes the keys unless asked again.
    expect(screen.getByRole('checkbox', { name: 'Keep my API keys working' })).not.toBeChecked();

    // (This stand-in server keeps accepting demo1234.)
    await user.type(screen.getByLabelText('Current password'), 'demo1234');
    await user.type(screen.getByLabelText('New password'), 'kampot-pepper-10');
    await user.type(screen.getByLabelText('Confirm new password'), 'kampot-pepper-10');
    await user.click(screen.getByRole('button', { name: 'Update password' }));
    await waitFor(() => expect(writes(calls)).toHaveLength(2));
    expect(writes(calls)[1]?.body).toMatchObject({ keep_api_keys: false });
    // Its keys are gone, so there is nothing left to keep.
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: 'Keep my API keys working' })).not.toBeInTheDocument());
  });

  it('does not offer to keep API keys to someone who has none', async () => {
    fakeApi();
    renderApp('/profile?tab=security');
    expect(await screen.findByLabelText('Current password')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update password' })).toBeEnabled());
    expect(screen.queryByRole('checkbox', { name: 'Keep my API keys working' })).not.toBeInTheDocument();
  });

  it('Account Settings holds the account details and the password change', async () => {
    fakeApi();
    renderApp('/settings/account');
    expect(await screen.findByRole('heading', { level: 1, name: 'Account Settings' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Name')).toHaveValue('Sokha Chan');
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });
});
