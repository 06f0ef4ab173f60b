import { useState } from 'react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { PaymentMethod } from '@shop/contracts/settings';
import { settleTender } from '@shop/contracts/tender';
import { PaymentDialog, type ConfirmKhqr, type Tender } from './payment-dialog';

const CASH: PaymentMethod = { key: 'cash', label: 'Cash', enabled: true };
const CARD: PaymentMethod = { key: 'card', label: 'Card', enabled: true };
const KHQR: PaymentMethod = { key: 'khqr', label: 'KHQR', enabled: true };
/** The shop's default rate, and a lower one for change, rounding riel to 100. */
const RATES = { khrPerUsd: 4100, khrChangePerUsd: 4000, rielStep: 100 };

function setup(options: { totalCents?: number; methods?: PaymentMethod[]; canLeaveOnAccount?: boolean; confirmKhqr?: ConfirmKhqr; khqrCurrency?: 'USD' | 'KHR' } = {}) {
  const onConfirm = vi.fn<(tender: Tender) => void>();
  const closed = vi.fn();
  function Harness() {
    const [open, setOpen] = useState(true);
    return (
      <PaymentDialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) closed();
        }}
        totalCents={options.totalCents ?? 873}
        methods={options.methods ?? [CASH, CARD]}
        rates={RATES}
        khqrCurrency={options.khqrCurrency ?? 'USD'}
        submitting={false}
        problems={[]}
        onConfirm={onConfirm}
        canLeaveOnAccount={options.canLeaveOnAccount}
        confirmKhqr={options.confirmKhqr}
      />
    );
  }
  const user = userEvent.setup();
  render(<Harness />);
  const dialog = screen.getByRole('dialog', { name: 'Confirm Payment' });
  const pay = within(dialog).getByRole('button', { name: 'Pay' });
  const status = () => within(dialog).getByRole('status');
  return { user, dialog, pay, status, onConfirm, closed };
}

describe('Payment dialog', () => {
  it('shows the total in dollars and in riel rounded up to the step, and starts in an empty cash line', () => {
    const { dialog, pay, status } = setup();
    // $8.73 at ៛4,100 is ៛35,793, asked for as ៛35,800.
    expect(dialog).toHaveTextContent('Total$8.73');
    expect(dialog).toHaveTextContent('In riel៛35,800');
    expect(within(dialog).getByLabelText('Cash in dollars')).toHaveFocus();
    expect(status()).toHaveTextContent('Remaining due: $8.73 or ៛35,800');
    expect(pay).toBeDisabled();
  });

  it('adds notes as cash lines in both currencies and shows the change split as the server records it', async () => {
    const { user, dialog, pay, status, onConfirm } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Add cash $5.00' }));
    expect(within(dialog).getByLabelText('Cash in dollars')).toHaveValue(5);
    // $3.73 left: ៛15,293, asked for as ៛15,300.
    expect(status()).toHaveTextContent('Remaining due: $3.73 or ៛15,300');
    expect(pay).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Add cash ៛20,000' }));
    const riel = within(dialog).getByLabelText('Cash in riel');
    expect(riel).toHaveValue(20000);
    expect(riel).toHaveFocus();
    // ៛20,000 is worth $4.87 at ៛4,100 (rounded down): $9.87 paid, $1.14 over. One whole dollar back,
    // and 14 cents in riel at the change rate of ៛4,000 (៛560) rounded down to ៛500; all in riel ៛4,500.
    expect(within(riel.closest('li')!).getByText('= $4.87')).toBeInTheDocument();
    expect(status()).toHaveTextContent('Change: $1.00 + ៛500 (or all in riel: ៛4,500)');
    const settled = settleTender([{ methodKey: 'cash', currency: 'USD', amount: 500 }, { methodKey: 'cash', currency: 'KHR', amount: 20000 }], 873, RATES);
    expect(settled.change).toEqual({ usdCents: 100, khr: 500 });
    expect(settled.changeAllKhr).toBe(4500);

    await user.click(within(dialog).getByLabelText('Give all change in riel'));
    expect(status()).toHaveTextContent('Change: ៛4,500');
    await user.click(pay);
    expect(onConfirm).toHaveBeenCalledWith({
      payments: [
        { method: 'cash', currency: 'USD', amount: 5, khqr: null },
        { method: 'cash', currency: 'KHR', amount: 20000, khqr: null },
      ],
      changeIn: 'KHR',
      onAccount: false,
    });
  });

  it('starts a card line at the remaining due, refuses non-cash beyond the total, and pays with Enter only when covered', async () => {
    const { user, dialog, pay, status, onConfirm } = setup();
    await user.type(within(dialog).getByLabelText('Cash in dollars'), '5');
    await user.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Cash in riel' }));
    expect(within(dialog).getByLabelText('Cash in riel')).toHaveFocus();
    await user.keyboard('5000');
    // ៛5,000 is $1.21: $2.52 left.
    expect(status()).toHaveTextContent('Remaining due: $2.52 or ៛10,400');

    await user.click(within(dialog).getByRole('button', { name: 'Card in dollars' }));
    const card = within(dialog).getByLabelText('Card in dollars');
    expect(card).toHaveValue(2.52);
    expect(card).toHaveFocus();
    expect(status()).toHaveTextContent('Paid exactly: no change.');

    await user.clear(card);
    await user.type(card, '9');
    expect(status()).toHaveTextContent('Only cash can be more than the total');
    expect(pay).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(onConfirm).not.toHaveBeenCalled();

    await user.clear(card);
    await user.type(card, '2.52{Enter}');
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onConfirm.mock.calls[0]![0].payments).toEqual([
      { method: 'cash', currency: 'USD', amount: 5, khqr: null },
      { method: 'cash', currency: 'KHR', amount: 5000, khqr: null },
      { method: 'card', currency: 'USD', amount: 2.52, khqr: null },
    ]);
  });

  it('removes a line, and cancels with Escape', async () => {
    const { user, dialog, status, onConfirm, closed } = setup();
    await user.click(within(dialog).getByRole('button', { name: 'Add cash $10.00' }));
    expect(status()).toHaveTextContent('Change: $1.00 + ៛1,000');
    await user.click(within(dialog).getByRole('button', { name: 'Remove Cash in dollars' }));
    expect(within(dialog).queryByLabelText('Cash in dollars')).not.toBeInTheDocument();
    expect(within(dialog).getByText('No payment yet: tap a note or add a payment.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(closed).toHaveBeenCalled());
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('leaves the rest on the account only when allowed and asked', async () => {
    const { user, dialog, pay, onConfirm } = setup({ canLeaveOnAccount: true });
    await user.type(within(dialog).getByLabelText('Cash in dollars'), '3');
    expect(pay).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Leave the rest on account'));
    expect(within(dialog).getByText('The sale stays Partial: the customer owes $5.73.')).toBeInTheDocument();
    await user.click(pay);
    expect(onConfirm).toHaveBeenCalledWith({ payments: [{ method: 'cash', currency: 'USD', amount: 3, khqr: null }], changeIn: 'mixed', onAccount: true });
  });

  it('offers no account without the permission or a customer', async () => {
    const { user, dialog, pay } = setup();
    await user.type(within(dialog).getByLabelText('Cash in dollars'), '3');
    expect(within(dialog).queryByLabelText('Leave the rest on account')).not.toBeInTheDocument();
    expect(pay).toBeDisabled();
  });

  it('takes KHQR in the shop’s currency at the exact riel due, and pays once its QR is confirmed', async () => {
    const proof = { md5: 'a'.repeat(32), bill_number: 'SO-42' };
    const confirmKhqr = vi.fn<ConfirmKhqr>().mockResolvedValue(proof);
    const { user, dialog, pay, onConfirm } = setup({ methods: [CASH, CARD, KHQR], khqrCurrency: 'KHR', confirmKhqr });
    expect(within(dialog).queryByRole('button', { name: 'KHQR in dollars' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'KHQR in riel' }));
    // $8.73 is ៛35,793: a transfer is asked to the riel, so it is not more than the total.
    expect(within(dialog).getByLabelText('KHQR in riel')).toHaveValue(35793);
    expect(pay).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Show QR' }));
    expect(confirmKhqr).toHaveBeenCalledWith({ currency: 'KHR', amount: 35793 });
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    expect(onConfirm.mock.calls[0]![0].payments).toEqual([{ method: 'khqr', currency: 'KHR', amount: 35793, khqr: proof }]);
  });
});
