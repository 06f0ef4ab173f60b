import { render, screen, within } from '@testing-library/react';
import { QRCodeSVG } from 'qrcode.react';
import { describe, expect, it } from 'vitest';
import { decodeKhqr, encodeKhqr } from '@shop/contracts/khqr';
import type { Settings } from '@shop/contracts/settings';
import { saleFixture, settingsFixture } from '@/test/sale-fixtures';
import { SaleReceipt } from './sale-receipt';

/** The demo-like shop with KHQR set up and its method turned on (or not). */
function khqrShop({ enabled = true, accountId = 'mekong_corner@demo', showQR = true } = {}): Settings {
  const settings = settingsFixture({ receipts: { showQR } });
  return {
    ...settings,
    khqr: { ...settings.khqr, accountId, merchantName: 'Mekong Bean Cafe', city: 'Phnom Penh', currency: 'KHR' },
    payments: { ...settings.payments, methods: settings.payments.methods.map((method) => (method.key === 'khqr' ? { ...method, enabled } : method)) },
  };
}

/** The drawn modules of a QR code: two codes draw alike only when they hold the same text. */
const modulesOf = (svg: Element | null) => [...(svg?.querySelectorAll('path') ?? [])].map((path) => path.getAttribute('d')).join('|');

describe('the shop KHQR on a receipt', () => {
  it('prints the static KHQR of the shop (no amount) under the footer when KHQR is set up and Show QR is on', () => {
    render(<SaleReceipt sale={saleFixture()} settings={khqrShop()} />);
    const block = screen.getByTestId('receipt-khqr');
    expect(within(block).getByText('Pay with KHQR')).toBeInTheDocument();
    expect(within(block).getByText('Mekong Bean Cafe')).toBeInTheDocument();

    // What a banking app reads off it: the shop's account, riel, no amount, point of initiation 11.
    const expected = encodeKhqr([
      ['00', '01'],
      ['01', '11'],
      ['29', [['00', 'mekong_corner@demo']]],
      ['52', '5999'],
      ['53', '116'],
      ['58', 'KH'],
      ['59', 'Mekong Bean Cafe'],
      ['60', 'Phnom Penh'],
      ['62', [['03', 'Mekong Bean Café']]],
    ]);
    expect(decodeKhqr(expected)).toMatchObject({ pointOfInitiation: 'static', amount: null });
    const { container } = render(<QRCodeSVG value={expected} size={128} marginSize={0} level="M" />);
    expect(modulesOf(block.querySelector('svg'))).toBe(modulesOf(container.querySelector('svg')));
  });

  it('prints none while Show QR is off, the account is empty, or the KHQR method is turned off', () => {
    for (const settings of [khqrShop({ showQR: false }), khqrShop({ accountId: '' }), khqrShop({ enabled: false })]) {
      const { unmount } = render(<SaleReceipt sale={saleFixture()} settings={settings} />);
      expect(screen.queryByTestId('receipt-khqr')).toBeNull();
      unmount();
    }
  });
});
