import { act, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { saleFixture, saleItem, settingsFixture } from '@/test/sale-fixtures';
import { clearPrintedReceipt, printReceipt } from './print-receipt';
import { SaleReceipt } from './sale-receipt';

describe('SaleReceipt', () => {
  it("prints each line's options with their prices, its note and discount, and the order's discount with its reason", () => {
    const latte = saleItem({
      product_name: 'Iced Latte',
      quantity: 1,
      unit_price: 4.25,
      discount_percent: 0,
      modifiers: [
        { option_id: 13, group: 'Size', name: 'L', name_km: 'ធំ', price: 1 },
        { option_id: 21, group: 'Sugar', name: '50% sugar', name_km: null, price: 0 },
        { option_id: 41, group: 'Extras', name: 'Extra shot', name_km: null, price: 0.5 },
      ],
      note: 'no condensed milk',
      line_discount: { type: 'percent', value: 50, reason: 'Staff', amount: 2.13 },
      discount: 2.33,
      line_total: 1.92,
    });
    const sale = saleFixture({ items: [latte], gross: 4.25, discount: 2.33, order_discount: { type: 'amount', value: 0.2, reason: 'Loyal customer', amount: 0.2 } });
    render(<SaleReceipt sale={sale} settings={settingsFixture()} />);
    const receipt = screen.getByRole('article', { name: 'Receipt SO-000007' });
    const line = within(within(receipt).getByRole('list', { name: 'Items' })).getByRole('listitem');
    expect(line).toHaveTextContent('L +$1.00 · 50% sugar · Extra shot +$0.50');
    expect(line).toHaveTextContent('no condensed milk');
    expect(line).toHaveTextContent('Discount 50% · Staff−$2.13');
    expect(line).not.toHaveTextContent('−0%');
    expect(within(receipt).getByText('Order discount $0.20 · Loyal customer').nextElementSibling?.textContent).toBe('−$0.20');
  });

  it('prints the shop, header, sale number, lines, totals, cash in dollars and riel, footer and a QR code', () => {
    const cash = saleFixture().payments[0]!;
    const payments = [
      { ...cash, amount: 18, value: 18 },
      { ...cash, id: 2, currency: 'KHR' as const, amount: 8000, value: 2 },
    ];
    render(<SaleReceipt sale={saleFixture({ tendered_khr: 8000, payments })} settings={settingsFixture()} />);
    const receipt = screen.getByRole('article', { name: 'Receipt SO-000007' });
    for (const text of ['Mekong Bean Café', '12 Street 240, Phnom Penh', 'Tel: +855 12 345 678', 'Wi-Fi: mekongbean', 'Thank you! Come again.']) {
      expect(within(receipt).getByText(text)).toBeInTheDocument();
    }
    expect(within(receipt).getAllByText('SO-000007')).toHaveLength(2); // the number, and under the QR code
    expect(within(receipt).getByText('2026-11-21 10:05')).toBeInTheDocument(); // Phnom Penh time
    expect(within(receipt).getByText('Staff Demo')).toBeInTheDocument();

    const lines = within(within(receipt).getByRole('list', { name: 'Items' })).getAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual(['Cafe Latte2 × $2.50 −20%$4.00', 'Butter Croissant3 × $1.80$5.40']);

    const amount = (label: string) => within(receipt).getByText(label).nextElementSibling?.textContent;
    expect(amount('Gross')).toBe('$10.40');
    expect(amount('Discount')).toBe('−$1.00');
    expect(amount('Subtotal')).toBe('$9.40');
    expect(amount('Tax 10%')).toBe('$0.94');
    expect(amount('Total')).toBe('$10.34');
    // $20 handed over: $18 in notes and ៛8,000 (= $2 at ៛4,000 a dollar); the change in whole dollars and riel.
    expect(within(receipt).getAllByText('Cash').map((label) => label.nextElementSibling?.textContent)).toEqual(['$18.00', '៛8,000 ($2.00)']);
    expect(amount('Tendered')).toBe('$20.00');
    expect(amount('Change')).toBe('$9.66');
    expect(amount('Change given')).toBe('$9.00 + ៛2,600');
    expect(amount('Rate')).toBe('៛4,000 = $1.00');

    const qr = receipt.querySelector('svg');
    expect(qr).not.toBeNull();
    expect(within(receipt).getByTitle('QR code of SO-000007')).toBeInTheDocument();
  });

  it('leaves out what the settings turn off, and tendered/change for a card payment', () => {
    render(
      <SaleReceipt
        sale={saleFixture({
          payment_method: 'Card',
          payments: [{ ...saleFixture().payments[0]!, method: 'Card', method_key: 'card', amount: 10.34, value: 10.34 }],
          tendered: 10.34,
          change: 0,
          change_usd: 0,
          change_khr: 0,
          change_all_khr: 0,
          discount: 0,
          gross: 9.4,
          items: [saleItem({ discount: 0, discount_percent: 0, line_total: 5 })],
        })}
        settings={settingsFixture({ general: { logo: 'https://example.com/logo.png' }, receipts: { showQR: false, showLogo: false, header: '', footer: '' } })}
      />,
    );
    const receipt = screen.getByRole('article', { name: 'Receipt SO-000007' });
    expect(receipt.querySelector('svg')).toBeNull();
    expect(receipt.querySelector('img')).toBeNull();
    expect(within(receipt).getAllByText('SO-000007')).toHaveLength(1);
    expect(within(receipt).queryByText('Thank you! Come again.')).not.toBeInTheDocument();
    expect(within(receipt).queryByText('Tendered')).not.toBeInTheDocument();
    expect(within(receipt).queryByText('Rate')).not.toBeInTheDocument();
    expect(within(receipt).queryByText('Change')).not.toBeInTheDocument();
    expect(within(receipt).queryByText('Discount')).not.toBeInTheDocument();
    expect(within(receipt).getByText('Card').nextElementSibling).toHaveTextContent('$10.34');
  });

  it('shows the logo when asked, and is laid out for the paper width', () => {
    const { rerender } = render(<SaleReceipt sale={saleFixture()} settings={settingsFixture({ general: { logo: 'https://example.com/logo.png' } })} />);
    expect(screen.getByRole('img', { name: 'Mekong Bean Café' })).toHaveAttribute('src', 'https://example.com/logo.png');
    expect(screen.getByRole('article')).toHaveStyle({ width: '80mm' });
    rerender(<SaleReceipt sale={saleFixture()} settings={settingsFixture({ receipts: { paperWidth: '58' } })} />);
    expect(screen.getByRole('article')).toHaveStyle({ width: '58mm' });
  });
});

describe('printReceipt', () => {
  afterEach(() => clearPrintedReceipt());

  it('renders only the receipt for print, sizes the page to the paper, prints, and tidies up after', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    await act(() => printReceipt(saleFixture(), settingsFixture({ receipts: { paperWidth: '58' } })));

    expect(print).toHaveBeenCalledTimes(1);
    const hosts = document.querySelectorAll('body > .receipt-print-root');
    expect(hosts).toHaveLength(1);
    expect(within(hosts[0] as HTMLElement).getByRole('article', { name: 'Receipt SO-000007' })).toBeInTheDocument();
    expect(document.documentElement).toHaveClass('receipt-printing');
    expect(document.getElementById('receipt-page-style')?.textContent).toMatch(/@page \{ size: 58mm \d+mm; margin: 0; \}/);

    // A second receipt replaces the first.
    await act(() => printReceipt(saleFixture({ code: 'SO-000008' }), settingsFixture()));
    expect(document.querySelectorAll('.receipt-print-root')).toHaveLength(1);
    expect(screen.getByRole('article', { hidden: true, name: 'Receipt SO-000008' })).toBeInTheDocument();
    expect(document.getElementById('receipt-page-style')?.textContent).toContain('size: 80mm');

    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(document.querySelector('.receipt-print-root')).toBeNull();
    expect(document.getElementById('receipt-page-style')).toBeNull();
    expect(document.documentElement).not.toHaveClass('receipt-printing');
  });
});
