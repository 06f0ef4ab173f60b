import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { shiftOpenSchema } from '@shop/contracts/shift';
import { cashAmounts, CashCount, emptyCashCount, type CashCountValue } from './cash-count';

/** The count as a form around it holds it, and what it would send. */
function setup(initial: CashCountValue = emptyCashCount(true)) {
  let latest = initial;
  function Harness() {
    const [value, setValue] = useState(initial);
    latest = value;
    return <CashCount value={value} onChange={setValue} />;
  }
  const user = userEvent.setup();
  render(<Harness />);
  const total = (currency: 'Dollars' | 'Riel') => within(screen.getByRole('group', { name: currency })).getByRole('status');
  return { user, total, sent: () => cashAmounts(latest) };
}

describe('CashCount', () => {
  it('adds the notes up per currency, typed or stepped with − + and the arrow keys, and sends them with the totals', async () => {
    const { user, total, sent } = setup();
    await user.type(screen.getByLabelText('Number of $20 notes'), '2');
    await user.click(screen.getByRole('button', { name: 'One more $5 note' }));
    await user.click(screen.getByRole('button', { name: 'One more $5 note' }));
    await user.click(screen.getByRole('button', { name: 'One less $5 note' }));
    // Tab goes from count to count (the − + buttons are for fingers), ↑ adds one.
    screen.getByLabelText('Number of $1 notes').focus();
    await user.tab();
    expect(screen.getByLabelText('Number of $5 notes')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Number of $10 notes')).toHaveFocus();
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowDown}');
    await user.type(screen.getByLabelText('Number of ៛5,000 notes'), '3');
    await user.type(screen.getByLabelText('Number of ៛500 notes'), '1');

    expect(total('Dollars')).toHaveTextContent('Total Dollars$55.00');
    expect(total('Riel')).toHaveTextContent('Total Riel៛15,500');
    const amounts = sent();
    expect(amounts).toEqual([
      { currency: 'USD', amount: 55, denominations: [{ value: 5, count: 1 }, { value: 10, count: 1 }, { value: 20, count: 2 }] },
      { currency: 'KHR', amount: 15_500, denominations: [{ value: 500, count: 1 }, { value: 5000, count: 3 }] },
    ]);
    // What the server checks: the notes add up to the amount.
    expect(shiftOpenSchema.safeParse({ till_id: 1, float: amounts }).success).toBe(true);
  });

  it('takes a total typed per currency instead, and says what is wrong with one that is not an amount', async () => {
    const { user, total, sent } = setup();
    await user.click(screen.getByRole('button', { name: 'Type totals' }));
    expect(screen.getByRole('button', { name: 'Type totals' })).toHaveAttribute('aria-pressed', 'true');
    await user.type(screen.getByLabelText('Dollars counted'), '42.5');
    await user.type(screen.getByLabelText('Riel counted'), '18,600');
    expect(total('Dollars')).toHaveTextContent('$42.50');
    expect(total('Riel')).toHaveTextContent('៛18,600');
    expect(sent()).toEqual([
      { currency: 'USD', amount: 42.5 },
      { currency: 'KHR', amount: 18_600 },
    ]);

    await user.clear(screen.getByLabelText('Dollars counted'));
    await user.type(screen.getByLabelText('Dollars counted'), '4.255');
    expect(total('Dollars')).toHaveTextContent('Type an amount like 12.50.');
    expect(screen.getByLabelText('Dollars counted')).toHaveAttribute('aria-invalid', 'true');
    expect(sent()).toBeNull();
  });

  it('refuses a count of notes that is not a whole number', async () => {
    const { user, total, sent } = setup();
    await user.type(screen.getByLabelText('Number of ៛1,000 notes'), '2.5');
    expect(total('Riel')).toHaveTextContent('Counts are whole numbers.');
    expect(sent()).toBeNull();
  });
});
