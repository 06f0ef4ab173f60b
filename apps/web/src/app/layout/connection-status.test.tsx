import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SaleInput } from '@shop/contracts/sale';
import { setSession } from '@/features/auth/session-store';
import { addToOutbox, outboxEntries } from '@/lib/offline/outbox';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';
import { saleFixture } from '@/test/sale-fixtures';

/** A sale kept offline, as the till's checkout writes it to the outbox. */
function keptSale(clientId: string, number: string, refused: { status: number; message: string } | null) {
  return addToOutbox({
    client_id: clientId,
    number,
    body: { sale_date: '2026-11-21T03:00:00.000Z', items: [{ product_id: 5, quantity: 1, unit_price: 2.5 }], total_amount: 2.75, payment_method: 'Cash' } as SaleInput,
    sale: saleFixture({ id: 0, code: number, total: 2.75, offline: { client_id: clientId, number } }),
    user_id: demoUser.id,
    created_at: new Date().toISOString(),
    attempts: 1,
    refused,
  });
}

describe('the header’s connection status', () => {
  it('counts the sales waiting, keeps sign-out until they are sent, and sends a refused one again on request', async () => {
    const posts: string[] = [];
    let accept = false;
    mockFetch((url, init) => {
      if (url === '/api/sales' && init.method === 'POST') {
        posts.push(String((init.headers as Record<string, string>)['Idempotency-Key']));
        return accept ? jsonResponse(201, { data: { id: 41, code: 'SO-000041' }, message: 'Sale recorded successfully!' }) : jsonResponse(422, { message: 'Choose one of the payment methods: Cash.' });
      }
      return jsonResponse(200, { data: demoUser });
    });
    setSession('tok', demoUser);
    await keptSale('0b0c6a1e-5c38-4a52-9d1c-1f2a3b4c5d6e', 'T1-0007', { status: 422, message: 'Choose one of the payment methods: Cash.' });
    const user = userEvent.setup();
    renderApp('/dashboard');

    const status = await screen.findByTestId('connection-status');
    expect(status).toHaveTextContent('Not recorded: 1');
    await user.click(screen.getByRole('button', { name: 'Open profile menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Sign out' })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByText('Sales made offline not yet on the server: 1. Sign out once they are synced.')).toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(status);
    const popover = await screen.findByText('T1-0007');
    const entry = popover.closest('li')!;
    expect(within(entry).getByText('Choose one of the payment methods: Cash.')).toBeInTheDocument();
    accept = true;
    await user.click(within(entry).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(screen.queryByTestId('connection-status')).not.toBeInTheDocument());
    expect(await outboxEntries()).toEqual([]);
    expect(posts.at(-1)).toBe('0b0c6a1e-5c38-4a52-9d1c-1f2a3b4c5d6e');
  });
});
