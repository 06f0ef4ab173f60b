import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/features/auth/session-store';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const CUSTOMERS = [
  { id: 1, name: 'Lina Tan', email: 'lina@example.com', phone: null, company: null, avatar: null, balance_owing: 0, created_at: '', updated_at: '' },
  { id: 2, name: 'Dara Kim', email: 'dara@example.com', phone: '+855 17 222 910', company: 'Mekong Tours', avatar: 'https://example.com/dara.png', balance_owing: 6, created_at: '', updated_at: '' },
];

function fakeApi(role: 'Admin' | 'Staff' = 'Admin') {
  const user = { ...demoUser, role };
  const calls: Array<{ method: string; url: URL }> = [];
  setSession('tok', user);
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    calls.push({ method: init.method ?? 'GET', url });
    if (url.pathname === '/api/me') return jsonResponse(200, { data: user });
    if (url.pathname === '/api/customers') return jsonResponse(200, { data: CUSTOMERS, meta: { total: 2, per_page: 5, current_page: 1, last_page: 1 } });
    return jsonResponse(404, { message: 'Not found.' });
  });
  return calls;
}

describe('Customers', () => {
  it("shows the avatar or 'N/A', '-' for a missing phone or company, and what a customer owes", async () => {
    const calls = fakeApi();
    renderApp('/customers');
    const lina = (await screen.findByText('Lina Tan')).closest('tr')!;
    expect(within(lina).getByText('N/A')).toBeInTheDocument();
    // No phone, no company, nothing owed.
    expect(within(lina).getAllByText('-')).toHaveLength(3);
    const dara = screen.getByText('Dara Kim').closest('tr')!;
    expect(dara.querySelector('img')).toHaveAttribute('src', 'https://example.com/dara.png');
    expect(within(dara).getByText('Mekong Tours')).toBeInTheDocument();
    expect(within(dara).getByText('$6.00')).toBeInTheDocument();
    expect(calls.find((call) => call.url.pathname === '/api/customers')?.url.searchParams.get('per_page')).toBe('5');
  });

  it('refuses a bad e-mail without calling the server', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/customers');
    await user.click(await screen.findByRole('button', { name: 'Add Customer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add Customer' });
    await user.type(within(dialog).getByLabelText('Name'), 'Sokha');
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a valid email address.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('lets Staff add a customer but not edit or delete', async () => {
    fakeApi('Staff');
    renderApp('/customers');
    expect(await screen.findByText('Lina Tan')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Customer' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Action' })).not.toBeInTheDocument();
  });
});
