import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { switchLanguage } from '@/lib/i18n';
import { DateField } from './date-field';

/** A labelled date the way a screen holds it: the value the form would send, shown beside the field. */
function Harness({ initial = '', min, max, onChange = vi.fn() }: { initial?: string; min?: string; max?: string; onChange?: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <div>
      <label htmlFor="delivery">Delivery</label>
      <DateField
        id="delivery"
        value={value}
        min={min}
        max={max}
        onChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <output aria-label="Sent">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        Reset
      </button>
    </div>
  );
}

const sent = () => screen.getByRole('status', { name: 'Sent' });

describe('DateField', () => {
  it('takes a typed YYYY-MM-DD, and hands on only whole dates', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const field = screen.getByLabelText('Delivery');
    expect(field).toHaveAttribute('placeholder', 'YYYY-MM-DD');

    await user.type(field, '2026-11-2');
    expect(field).toHaveValue('2026-11-2');
    expect(sent()).toHaveTextContent(/^$/);
    await user.type(field, '1');
    expect(sent()).toHaveTextContent('2026-11-21');

    // Not a day of the calendar: nothing is sent.
    await user.clear(field);
    await user.type(field, '2026-02-30');
    expect(sent()).toHaveTextContent(/^$/);

    // A looser spelling is tidied up on leaving the field.
    await user.clear(field);
    await user.type(field, '2026/1/5');
    await user.tab();
    expect(field).toHaveValue('2026-01-05');
    expect(sent()).toHaveTextContent('2026-01-05');

    // A value cleared from outside clears the text.
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(field).toHaveValue('');
  });

  it('picks a day from the calendar with the mouse or the keyboard, within min and max', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness initial="2026-11-21" min="2026-11-10" max="2026-11-28" onChange={onChange} />);
    const field = screen.getByLabelText('Delivery');

    await user.click(screen.getByRole('button', { name: 'Choose date' }));
    const calendar = await screen.findByRole('dialog');
    expect(await within(calendar).findByRole('grid', { name: 'November 2026' })).toBeInTheDocument();
    // The chosen day has focus; days outside min and max cannot be picked.
    expect(within(calendar).getByRole('button', { name: /November 21st, 2026/ })).toHaveFocus();
    expect(within(calendar).getByRole('button', { name: /November 9th, 2026/ })).toBeDisabled();
    expect(within(calendar).getByRole('button', { name: /November 29th, 2026/ })).toBeDisabled();

    await user.click(within(calendar).getByRole('button', { name: /November 25th, 2026/ }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field).toHaveValue('2026-11-25');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-25');

    // From the field: Alt+↓ opens the calendar, arrows move, Enter picks.
    field.focus();
    await user.keyboard('{Alt>}{ArrowDown}{/Alt}');
    expect(await screen.findByRole('button', { name: /November 25th, 2026/ })).toHaveFocus();
    await user.keyboard('{ArrowRight}{Enter}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(field).toHaveValue('2026-11-26');
  });

  it('names months and days in Khmer when the console speaks Khmer', async () => {
    await switchLanguage('kh');
    const user = userEvent.setup();
    render(<Harness initial="2026-11-21" />);
    await user.click(screen.getByRole('button', { name: 'ជ្រើសរើសកាលបរិច្ឆេទ' }));
    const calendar = await screen.findByRole('dialog');
    expect(await within(calendar).findByRole('grid')).toHaveAccessibleName(/វិច្ឆិកា/);
  });
});
