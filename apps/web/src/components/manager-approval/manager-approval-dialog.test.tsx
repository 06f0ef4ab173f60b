import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Approval } from '@shop/contracts/approval';
import { queryClient } from '@/lib/query-client';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { ManagerApprovalDialog } from './manager-approval-dialog';

const APPROVAL: Approval = { token: 'tok-123', approver: { id: 2, name: 'Manager Demo' }, expires_at: '2026-11-21T03:10:00.000Z' };

type Sent = { url: URL; body: unknown };

/** The server's two calls: who approves, and the PIN check (`answer` decides). */
function fakeServer(answer: (pin: string, attempt: number) => Response, approvers = [{ id: 1, name: 'Admin Demo' }, { id: 2, name: 'Manager Demo' }]) {
  const sent: Sent[] = [];
  let attempts = 0;
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const body = init.body ? JSON.parse(String(init.body)) : undefined;
    sent.push({ url, body });
    if (url.pathname === '/api/approvers') return jsonResponse(200, { data: approvers });
    if (url.pathname === '/api/approvals') return answer((body as { pin: string }).pin, (attempts += 1));
    return jsonResponse(404, { message: 'Not found.' });
  });
  return sent;
}

function Harness({ onApproved }: { onApproved: (approval: Approval) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <QueryClientProvider client={queryClient}>
      <button type="button" onClick={() => setOpen(true)}>
        Tax off
      </button>
      <ManagerApprovalDialog open={open} onOpenChange={setOpen} permission="sales:override-tax" reason="Switch tax off" onApproved={onApproved} />
    </QueryClientProvider>
  );
}

async function openDialog(onApproved = vi.fn()) {
  const user = userEvent.setup();
  render(<Harness onApproved={onApproved} />);
  await user.click(screen.getByRole('button', { name: 'Tax off' }));
  const dialog = await screen.findByRole('dialog', { name: "Manager's approval" });
  expect(dialog).toHaveAccessibleDescription('Switch tax off');
  const pin = await within(dialog).findByLabelText('PIN');
  return { user, dialog, pin, onApproved };
}

describe('ManagerApprovalDialog', () => {
  it('says a wrong PIN, then approves with the chosen Manager and the PIN typed on the keypad and Enter', async () => {
    const sent = fakeServer((pin) => (pin === '1234' ? jsonResponse(201, { data: APPROVAL, message: 'Approved' }) : jsonResponse(422, { message: 'The PIN is not right.', errors: { pin: ['The PIN is not right.'] } })));
    const { user, dialog, pin, onApproved } = await openDialog();
    await waitFor(() => expect(pin).toHaveFocus());
    await user.selectOptions(within(dialog).getByLabelText('Approved by'), 'Manager Demo');

    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(within(dialog).getByText('The PIN is 4 to 6 digits.')).toBeInTheDocument();

    await user.type(pin, '9999{Enter}');
    expect(await within(dialog).findByText('The PIN is not right.')).toBeInTheDocument();
    expect(pin).toHaveValue('');
    expect(pin).toHaveAttribute('aria-invalid', 'true');
    expect(onApproved).not.toHaveBeenCalled();

    for (const digit of ['1', '2', '3', '5']) await user.click(within(dialog).getByRole('button', { name: digit }));
    await user.click(within(dialog).getByRole('button', { name: 'Delete last digit' }));
    await user.click(within(dialog).getByRole('button', { name: '4' }));
    expect(pin).toHaveValue('1234');
    await user.keyboard('{Enter}');

    await waitFor(() => expect(onApproved).toHaveBeenCalledWith(APPROVAL));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const asked = sent.filter((call) => call.url.pathname === '/api/approvals').map((call) => call.body);
    expect(asked).toEqual([
      { approver_id: 2, pin: '9999', permission: 'sales:override-tax' },
      { approver_id: 2, pin: '1234', permission: 'sales:override-tax' },
    ]);
    expect(sent.find((call) => call.url.pathname === '/api/approvers')!.url.searchParams.get('permission')).toBe('sales:override-tax');
  });

  it('tells how long to wait once the PIN is locked after too many tries', async () => {
    fakeServer(() => jsonResponse(429, { message: 'Too many wrong attempts. Try again in 15 minutes.', retry_after: 840 }));
    const { user, dialog, pin, onApproved } = await openDialog();
    await user.type(pin, '1234{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Approval failed: Too many attempts. Wait 14 min and try again.');
    expect(onApproved).not.toHaveBeenCalled();
  });

  it('cancels with Escape, and says when no Manager has a PIN', async () => {
    fakeServer(() => jsonResponse(500, {}), []);
    const user = userEvent.setup();
    const onApproved = vi.fn();
    render(<Harness onApproved={onApproved} />);
    await user.click(screen.getByRole('button', { name: 'Tax off' }));
    const dialog = await screen.findByRole('dialog', { name: "Manager's approval" });
    expect(await within(dialog).findByText('No Manager has a till PIN yet. A Manager sets one in their Profile.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onApproved).not.toHaveBeenCalled();
  });
});
