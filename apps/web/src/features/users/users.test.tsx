import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { StaffAccount } from '@shop/contracts/user';
import { setSession } from '@/features/auth/session-store';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const account = (fields: Partial<StaffAccount> & Pick<StaffAccount, 'id' | 'name' | 'email'>): StaffAccount => ({
  role: 'Staff',
  phone: null,
  avatar: null,
  bio: null,
  status: 'Active',
  two_fa_enabled: false,
  created_at: '2026-01-01T00:00:00.000Z',
  deactivated_at: null,
  last_active_at: null,
  ...fields,
});

const ACCOUNTS: StaffAccount[] = [
  account({ id: 1, name: 'Sokha Chan', email: 'admin@demo.shop', role: 'Admin', two_fa_enabled: true, last_active_at: '2026-03-02T03:15:00.000Z' }),
  account({ id: 2, name: 'Vanna Keo', email: 'vanna@example.com', role: 'Admin' }),
  account({ id: 3, name: 'Dara Sok', email: 'dara@example.com', status: 'Pending' }),
  account({ id: 4, name: 'Mony Lim', email: 'mony@example.com', role: 'Manager', status: 'Deactivated', deactivated_at: '2026-02-01T00:00:00.000Z' }),
];

type Call = { method: string; url: URL; body: unknown };
type Answer = Response | undefined;

function fakeApi({ role = 'Admin', answer }: { role?: 'Admin' | 'Manager' | 'Staff'; answer?: (call: Call) => Answer } = {}) {
  const user = { ...demoUser, role };
  const calls: Call[] = [];
  setSession('tok', user);
  mockFetch((href, init) => {
    const call = { method: init.method ?? 'GET', url: new URL(href, 'http://localhost'), body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    const answered = answer?.(call);
    if (answered) return answered;
    if (call.url.pathname === '/api/me') return jsonResponse(200, { data: user });
    if (call.url.pathname === '/api/users' && call.method === 'GET') {
      return jsonResponse(200, { data: ACCOUNTS, meta: { total: ACCOUNTS.length, per_page: 10, current_page: 1, last_page: 1 } });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return calls;
}

const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;

describe('Users (staff accounts)', () => {
  it('lists accounts with role, status and 2FA badges, 10 a page, and links them from the sidebar', async () => {
    const calls = fakeApi();
    renderApp('/users');

    const me = await rowOf('Sokha Chan');
    expect(within(me).getByText('You')).toBeInTheDocument();
    expect(within(me).getByText('Admin')).toBeInTheDocument();
    expect(within(me).getByText('Active')).toBeInTheDocument();
    expect(within(me).getByText('On')).toBeInTheDocument();
    expect(within(me).getByText('2026-03-02 10:15')).toBeInTheDocument();
    // Nobody deactivates themself here; the Profile's Danger Zone does that.
    expect(within(me).queryByRole('button', { name: /^Deactivate/ })).toBeNull();
    expect(within(me).getByRole('button', { name: 'Reset 2FA for Sokha Chan' })).toBeInTheDocument();

    const pending = screen.getByText('Dara Sok').closest('tr')!;
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByText('Off')).toBeInTheDocument();
    expect(within(pending).getByText('Never')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Approve Dara Sok' })).toBeInTheDocument();

    const deactivated = screen.getByText('Mony Lim').closest('tr')!;
    expect(within(deactivated).getByText('Deactivated')).toBeInTheDocument();
    expect(within(deactivated).getByRole('button', { name: 'Reactivate Mony Lim' })).toBeInTheDocument();
    const vanna = screen.getByText('Vanna Keo').closest('tr')!;
    expect(within(vanna).getByRole('button', { name: 'Deactivate Vanna Keo' })).toBeInTheDocument();
    // Reset 2FA only where 2FA is on.
    expect(within(vanna).queryByRole('button', { name: /^Reset 2FA/ })).toBeNull();

    expect(calls.find((call) => call.url.pathname === '/api/users')?.url.searchParams.get('per_page')).toBe('10');
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
    expect(screen.getByRole('link', { name: 'Users', current: 'page' })).toBeInTheDocument();
  });

  it('opens with the status filter of its link (a sign-up notification) and sends role and status', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/users?status=Pending');
    await rowOf('Sokha Chan');

    const loads = () => calls.filter((call) => call.url.pathname === '/api/users');
    expect(loads()[0]!.url.searchParams.get('status')).toBe('Pending');
    expect(screen.getByLabelText('Status')).toHaveValue('Pending');

    await user.selectOptions(screen.getByLabelText('Role'), 'Manager');
    await user.selectOptions(screen.getByLabelText('Status'), 'Deactivated');

    await waitFor(() => {
      const last = loads().at(-1)!;
      expect(last.url.searchParams.get('role')).toBe('Manager');
      expect(last.url.searchParams.get('status')).toBe('Deactivated');
    });
  });

  it('adds a user, and shows a taken e-mail on the e-mail field', async () => {
    let attempts = 0;
    const calls = fakeApi({
      answer: (call) => {
        if (call.url.pathname !== '/api/users' || call.method !== 'POST') return undefined;
        attempts += 1;
        if (attempts === 1) {
          return jsonResponse(409, {
            message: 'An account with this email already exists.',
            errors: { email: ['An account with this email already exists.'] },
          });
        }
        return jsonResponse(201, { data: { ...demoUser, id: 9, name: 'Rith Om', email: 'rith2@example.com' }, message: 'User added' });
      },
    });
    const user = userEvent.setup();
    renderApp('/users');
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByLabelText('Name'), 'Rith Om');
    await user.type(within(dialog).getByLabelText('Email'), 'rith@example.com');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Manager');
    await user.type(within(dialog).getByLabelText('Initial password'), 'brew-7-beans');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('An account with this email already exists.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Rith Om',
      email: 'rith@example.com',
      role: 'Manager',
      password: 'brew-7-beans',
    });

    await user.clear(within(dialog).getByLabelText('Email'));
    await user.type(within(dialog).getByLabelText('Email'), 'rith2@example.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('User added')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add user' })).toBeNull());
  });

  it('refuses a common initial password before calling the server', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/users');
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add user' });
    await user.type(within(dialog).getByLabelText('Name'), 'Rith Om');
    await user.type(within(dialog).getByLabelText('Email'), 'rith@example.com');
    await user.type(within(dialog).getByLabelText('Initial password'), 'password');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await within(dialog).findByText('This password is too common. Choose one that is harder to guess.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('approves a pending sign-up in one click', async () => {
    const calls = fakeApi({
      answer: (call) =>
        call.url.pathname === '/api/users/3/approve' ? jsonResponse(200, { data: { ...ACCOUNTS[2], status: 'Active' }, message: 'Account approved' }) : undefined,
    });
    const user = userEvent.setup();
    renderApp('/users');
    const pending = await rowOf('Dara Sok');
    const listLoads = calls.filter((call) => call.url.pathname === '/api/users').length;

    await user.click(within(pending).getByRole('button', { name: 'Approve Dara Sok' }));

    expect(await screen.findByText('Account approved')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url.pathname === '/api/users/3/approve')).toBe(true);
    // The list reloads, so the row shows its new status.
    await waitFor(() => expect(calls.filter((call) => call.url.pathname === '/api/users').length).toBeGreaterThan(listLoads));
  });

  it('rejects a sign-up only after confirming', async () => {
    const calls = fakeApi({
      answer: (call) => (call.url.pathname === '/api/users/3/reject' ? jsonResponse(200, { message: 'Sign-up rejected' }) : undefined),
    });
    const user = userEvent.setup();
    renderApp('/users');
    const pending = await rowOf('Dara Sok');

    await user.click(within(pending).getByRole('button', { name: 'Reject Dara Sok' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Reject this sign-up?' });
    expect(within(confirm).getByText('Dara Sok (dara@example.com)')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await user.click(within(confirm).getByRole('button', { name: 'Reject' }));

    expect(await screen.findByText('Sign-up rejected')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url.pathname)).toEqual(['/api/users/3/reject']);
  });

  it("changes a user's role from the edit dialog", async () => {
    const calls = fakeApi({
      answer: (call) =>
        call.url.pathname === '/api/users/3' && call.method === 'PUT'
          ? jsonResponse(200, { data: { ...ACCOUNTS[2], role: 'Manager' }, message: 'User updated' })
          : undefined,
    });
    const user = userEvent.setup();
    renderApp('/users');
    const pending = await rowOf('Dara Sok');

    await user.click(within(pending).getByRole('button', { name: 'Edit Dara Sok' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    expect(within(dialog).getByLabelText('Email')).toHaveValue('dara@example.com');
    expect(within(dialog).queryByLabelText('Initial password')).toBeNull();
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Manager');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('User updated')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ name: 'Dara Sok', email: 'dara@example.com', role: 'Manager' });
  });

  it('follows an Admin who makes themself a Manager: the screen says it is for Admins now', async () => {
    let role: 'Admin' | 'Manager' = 'Admin';
    fakeApi({
      answer: (call) => {
        if (call.url.pathname === '/api/me') return jsonResponse(200, { data: { ...demoUser, role } });
        if (call.url.pathname === '/api/users/1' && call.method === 'PUT') {
          role = 'Manager';
          return jsonResponse(200, { data: { ...demoUser, role }, message: 'User updated' });
        }
        return undefined;
      },
    });
    const user = userEvent.setup();
    renderApp('/users');
    const me = await rowOf('Sokha Chan');

    await user.click(within(me).getByRole('button', { name: 'Edit Sokha Chan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit user' });
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'Manager');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    // The role gate takes over the screen, inside the layout.
    expect(await screen.findByRole('heading', { name: 'This screen is not available for your role' })).toBeInTheDocument();
    expect(screen.getByText(/It is for: Admin\./)).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: 'Users' })).toBeNull();
  });

  it("shows the server's last-Admin refusal as an error toast", async () => {
    const lastAdmin = 'The shop needs at least one active Admin. Make someone else an Admin first.';
    fakeApi({
      answer: (call) => (call.url.pathname === '/api/users/2/deactivate' ? jsonResponse(409, { message: lastAdmin }) : undefined),
    });
    const user = userEvent.setup();
    renderApp('/users');
    const vanna = await rowOf('Vanna Keo');

    await user.click(within(vanna).getByRole('button', { name: 'Deactivate Vanna Keo' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Deactivate this account?' });
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByText(new RegExp(lastAdmin.replace(/\./g, '\\.')))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('tells a Manager the screen is for Admins, and hides the sidebar link', async () => {
    const calls = fakeApi({ role: 'Manager' });
    renderApp('/users');

    expect(await screen.findByRole('heading', { name: 'This screen is not available for your role' })).toBeInTheDocument();
    expect(screen.getByText(/It is for: Admin\./)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add user' })).toBeNull();
    const nav = screen.getAllByRole('navigation', { name: 'Main navigation' })[0]!;
    expect(within(nav).getByRole('link', { name: 'Customers' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Users' })).toBeNull();
    expect(calls.some((call) => call.url.pathname === '/api/users')).toBe(false);
  });
});
