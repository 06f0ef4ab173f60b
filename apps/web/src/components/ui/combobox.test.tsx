import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Combobox, type ComboboxOption } from './combobox';

const PRODUCTS: ComboboxOption[] = [
  { value: 1, label: 'Espresso', description: 'COF-001' },
  { value: 2, label: 'Iced Latte', description: 'COF-006' },
  { value: 3, label: 'Green Tea Latte', description: 'TEA-002' },
];

/** Filters like the server would, so the test sees what the owner passes back. */
function Harness({ onQueryChange = vi.fn(), onSubmit = vi.fn() }: { onQueryChange?: (q: string) => void; onSubmit?: () => void }) {
  const [query, setQuery] = useState('');
  const [selected, setSelected] = useState<ComboboxOption | null>(null);
  const options = PRODUCTS.filter((option) => option.label.toLowerCase().includes(query.toLowerCase()));
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <label htmlFor="product">Product</label>
      <Combobox
        id="product"
        selected={selected}
        onSelect={setSelected}
        options={options}
        onQueryChange={(q) => {
          setQuery(q);
          onQueryChange(q);
        }}
        emptyText="No products found."
      />
    </form>
  );
}

describe('Combobox', () => {
  it('asks for options as the user types and shows them in a listbox', async () => {
    const onQueryChange = vi.fn();
    const user = userEvent.setup();
    render(<Harness onQueryChange={onQueryChange} />);
    const input = screen.getByRole('combobox', { name: 'Product' });
    expect(input).toHaveAttribute('aria-expanded', 'false');

    await user.type(input, 'latte');
    expect(onQueryChange).toHaveBeenLastCalledWith('latte');
    expect(input).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Iced LatteCOF-006', 'Green Tea LatteTEA-002']);

    await user.clear(input);
    await user.type(input, 'zzz');
    expect(screen.getByText('No products found.')).toBeInTheDocument();
  });

  it('moves with the arrow keys and picks with Enter, without submitting the form', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSubmit={onSubmit} />);
    const input = screen.getByRole('combobox', { name: 'Product' });

    await user.click(input);
    expect(screen.getByRole('option', { name: /Espresso/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowUp}');
    const latte = screen.getByRole('option', { name: /Iced Latte/ });
    expect(latte).toHaveAttribute('aria-selected', 'true');
    expect(input).toHaveAttribute('aria-activedescendant', latte.id);

    await user.keyboard('{Enter}');
    expect(input).toHaveValue('Iced Latte');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('closes on Escape and keeps the earlier choice', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByRole('combobox', { name: 'Product' });
    await user.click(input);
    await user.click(screen.getByRole('option', { name: /Espresso/ }));
    expect(input).toHaveValue('Espresso');

    await user.type(input, 'tea');
    expect(input).toHaveValue('tea');
    await user.keyboard('{Escape}');
    expect(input).toHaveAttribute('aria-expanded', 'false');
    expect(input).toHaveValue('Espresso');
  });
});
