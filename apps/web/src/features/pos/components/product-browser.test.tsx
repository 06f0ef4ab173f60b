import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, it, vi } from 'vitest';
import type { PosCatalog, PosProduct } from '@shop/contracts/pos';
import { posProduct } from '@/test/product-fixtures';
import { switchLanguage } from '@/lib/i18n';
import { ProductBrowser } from './product-browser';
import { buildProductIndex } from './product-index';

// A big kept catalogue opens with its first products while the rest is read
// (docs/decisions/0016-offline-selling.md, "A big catalogue").
const catalogOf = (products: PosProduct[]): PosCatalog => ({ version: 3, full: true, removed: [], today: '2026-11-26', categories: [], modifier_groups: [], products });
const first = [posProduct(1, 'Americano', { barcode: '8850000000001' }), posProduct(2, 'Latte')];
const whole = [...first, posProduct(3, 'Zucchini bread', { barcode: '8850000000003' })];

function browser(products: PosProduct[], complete: boolean, onPick: (product: PosProduct) => void, firstOnly = false) {
  return (
    <>
      <ProductBrowser
        catalog={catalogOf(products)}
        index={buildProductIndex(products)}
        loading={false}
        complete={complete}
        firstOnly={firstOnly}
        allowNegativeStock={false}
        onPick={onPick}
      />
      <Toaster />
    </>
  );
}

describe('the till while its catalogue is still being read', () => {
  it('takes a scanned code that is not among the first products once the rest is read, and says nothing is missing meanwhile', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    const view = render(browser(first, false, onPick));
    const box = screen.getByPlaceholderText('Search products...');
    await user.type(box, '8850000000003{Enter}');
    expect(onPick).not.toHaveBeenCalled();
    expect(screen.queryByText('No products found.')).not.toBeInTheDocument();
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    expect(screen.queryByText(/No product with the code/)).not.toBeInTheDocument();
    // A code among the first products goes in at once.
    await user.clear(box);
    await user.type(box, '8850000000001{Enter}');
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(onPick.mock.calls[0]![0]).toMatchObject({ id: 1 });

    view.rerender(browser(whole, true, onPick));
    expect(onPick).toHaveBeenCalledTimes(2);
    expect(onPick.mock.calls[1]![0]).toMatchObject({ id: 3 });
  });

  it('takes a code scanned while the catalogue is still loading once it arrives', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    const view = render(
      <ProductBrowser catalog={undefined} index={buildProductIndex([])} loading complete={false} allowNegativeStock={false} onPick={onPick} />,
    );
    await user.type(screen.getByPlaceholderText('Search products...'), '8850000000001{Enter}');
    expect(onPick).not.toHaveBeenCalled();
    view.rerender(browser(whole, true, onPick));
    expect(onPick).toHaveBeenCalledTimes(1);
    expect(onPick.mock.calls[0]![0]).toMatchObject({ id: 1 });
  });

  it('says a code is unknown once the whole catalogue is read', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    render(browser(whole, true, onPick));
    await user.type(screen.getByPlaceholderText('Search products...'), '999{Enter}');
    expect(onPick).not.toHaveBeenCalled();
    expect(await screen.findByText('No product with the code 999')).toBeInTheDocument();
    expect(screen.getByText('No products found.')).toBeInTheDocument();
  });

  it('says it holds only its first products when the rest could not be read and the server is out of reach, and stops waiting', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    const view = render(browser(first, false, onPick));
    const box = screen.getByPlaceholderText('Search products...');
    await user.type(box, '8850000000003{Enter}');
    expect(screen.getByText('Loading…')).toBeInTheDocument();

    view.rerender(browser(first, true, onPick, true));
    expect(screen.getByRole('status')).toHaveTextContent('This till could read only its first 2 products. The rest come back when the server answers.');
    // The waiting code is looked up in what the till holds, and said to be unknown there.
    expect(onPick).not.toHaveBeenCalled();
    expect(await screen.findByText('No product with the code 8850000000003')).toBeInTheDocument();
    expect(screen.getByText('No products found.')).toBeInTheDocument();

    view.rerender(browser(whole, true, onPick));
    expect(screen.queryByText(/could read only its first/)).not.toBeInTheDocument();
  });
});

describe('the cards\' words', () => {
  it('say each product\'s stock, promotion and expired units, and follow a change of language without a reload', async () => {
    const products = [
      posProduct(1, 'Americano', { stock: 5 }),
      posProduct(2, 'Latte', { stock: 5, discount_percent: 10 }),
      posProduct(3, 'Mocha', { stock: 0 }),
      posProduct(4, 'Tea', { stock: 12, expired: 3 }),
    ];
    const card = (name: string) => screen.getByRole('button', { name: new RegExp(`^${name}`) });
    render(browser(products, true, vi.fn()));
    expect(card('Americano')).toHaveTextContent('5 left');
    expect(card('Latte')).toHaveTextContent('10% off');
    expect(card('Latte')).toHaveTextContent('5 left');
    expect(card('Mocha')).toHaveTextContent('Out of stock');
    expect(card('Tea')).toHaveTextContent('12 left');
    expect(card('Tea')).toHaveTextContent('3 expired');

    await switchLanguage('kh');
    try {
      expect(await screen.findAllByText('នៅសល់ 5')).toHaveLength(2);
      expect(card('Latte')).toHaveTextContent('បញ្ចុះ 10%');
      expect(card('Mocha')).toHaveTextContent('អស់ពីស្តុក');
      expect(card('Tea')).toHaveTextContent('នៅសល់ 12');
      expect(card('Tea')).toHaveTextContent('ផុតកំណត់ 3');
    } finally {
      await switchLanguage('en');
    }
    expect(await screen.findAllByText('5 left')).toHaveLength(2);
  });
});
