import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PrintJob } from '@shop/contracts/print-job';
import type { Product } from '@shop/contracts/product';
import type { Printer } from '@shop/contracts/settings';
import { DEFAULT_SETTINGS } from '@shop/contracts/settings-defaults';
import { setSession } from '@/features/auth/session-store';
import { clearPrintedReceipt } from '@/components/receipt/print-receipt';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { product } from '@/test/product-fixtures';
import { renderApp } from '@/test/render-app';

/** A valid EAN-13 (check digit 7): the label encodes these 13 digits. */
const EAN = '5901234123457';


const labelPrinter = (overrides: Partial<Printer> = {}): Printer => ({
  id: 'shelf',
  name: 'Shelf labels',
  ip: '192.168.1.60',
  type: 'Label',
  connection: 'network',
  paperWidth: '58',
  station: '',
  drawer: false,
  ...overrides,
});

const job = (overrides: Partial<PrintJob> = {}): PrintJob => ({
  id: 31,
  kind: 'label',
  printer_id: 'shelf',
  printer_name: 'Shelf labels',
  target: '192.168.1.60:9100',
  till_id: null,
  sale_id: null,
  sale_code: null,
  ticket_id: null,
  copy: false,
  open_drawer: false,
  status: 'printed',
  error: null,
  attempts: 1,
  bytes: 5120,
  created_by: { id: 1, name: 'Sokha Chan' },
  created_at: '',
  printed_at: '',
  ...overrides,
});

type Call = { method: string; path: string; body: unknown };

/**
 * The API the product list talks to: 7 products, 5 a page (Drink 7 has an EAN-13 barcode, the
 * rest their SKU), a Receipt and a Label printer in the settings, and the label printing call.
 */
function fakeApi(options: { products?: Product[]; role?: 'Admin' | 'Staff'; labelAnswer?: { data: PrintJob; message: string } } = {}) {
  const products = options.products ?? [product(7, { barcode: EAN, name: 'Iced latte', price: 3.25 }), ...[6, 5, 4, 3, 2, 1].map((id) => product(id))];
  const settings = {
    ...DEFAULT_SETTINGS,
    printers: {
      default: null,
      list: [labelPrinter({ id: 'counter', name: 'Counter', type: 'Receipt' }), labelPrinter()],
      label: { width: 40, height: 30 },
    },
  };
  const calls: Call[] = [];
  const user = { ...demoUser, role: options.role ?? 'Admin' };
  setSession('tok', user);
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body });
    if (url.pathname === '/api/me') return jsonResponse(200, { data: user });
    if (url.pathname === '/api/settings') return jsonResponse(200, { data: settings });
    if (url.pathname === '/api/categories') return jsonResponse(200, { data: [], meta: { total: 0, per_page: 1000, current_page: 1, last_page: 1 } });
    if (url.pathname === '/api/products') {
      const page = Number(url.searchParams.get('page') ?? 1);
      const perPage = Number(url.searchParams.get('per_page') ?? 15);
      const data = products.slice((page - 1) * perPage, page * perPage);
      return jsonResponse(200, { data, meta: { total: products.length, per_page: perPage, current_page: page, last_page: Math.ceil(products.length / perPage) } });
    }
    if (url.pathname === '/api/labels/print' && method === 'POST') return jsonResponse(200, options.labelAnswer ?? { data: job(), message: 'Printed' });
    if (url.pathname === '/api/print-jobs') return jsonResponse(200, { data: [], meta: { total: 0, per_page: 20, current_page: 1, last_page: 1 } });
    return jsonResponse(404, { message: 'Not found.' });
  });
  return { calls, labelPosts: () => calls.filter((call) => call.path === '/api/labels/print') };
}

async function openList() {
  renderApp('/products');
  // The first render also loads the screen's lazy chunk.
  await screen.findByText('Drink 6');
}

const selectionBar = () => screen.getByRole('region', { name: 'Selected products' });

async function openLabels(user: ReturnType<typeof userEvent.setup>, names: string[]) {
  await openList();
  for (const name of names) await user.click(screen.getByRole('checkbox', { name: `Select ${name}` }));
  await user.click(within(selectionBar()).getByRole('button', { name: 'Print labels' }));
  return screen.findByRole('dialog', { name: 'Print labels' });
}

describe('Price labels from the product list', () => {
  afterEach(() => clearPrintedReceipt());

  it('counts the picked products across pages, picks a whole page from the header, and clears', async () => {
    fakeApi({ role: 'Staff' });
    const user = userEvent.setup();
    await openList();
    expect(screen.queryByRole('region', { name: 'Selected products' })).toBeNull();

    await user.click(screen.getByRole('checkbox', { name: 'Select Drink 6' }));
    expect(within(selectionBar()).getByText('1 selected')).toBeInTheDocument();

    // Page 2 keeps page 1's pick, and its header box picks the rest of that page.
    await user.click(screen.getByRole('button', { name: 'Page 2' }));
    await screen.findByText('Drink 1');
    const pageBox = screen.getByRole('checkbox', { name: 'Select all products on this page' });
    expect(pageBox).not.toBeChecked();
    await user.click(pageBox);
    expect(within(selectionBar()).getByText('3 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Drink 1' })).toBeChecked();

    // Back on page 1: Drink 6 is still picked, and the header box shows a part of the page is.
    await user.click(screen.getByRole('button', { name: 'Page 1' }));
    await screen.findByText('Drink 6');
    expect(screen.getByRole('checkbox', { name: 'Select Drink 6' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Select all products on this page' })).toHaveProperty('indeterminate', true);

    await user.click(within(selectionBar()).getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('region', { name: 'Selected products' })).toBeNull();
    expect(screen.getByRole('checkbox', { name: 'Select Drink 6' })).not.toBeChecked();
  });

  it('prints 2 + 1 labels on a network Label printer and says it printed', async () => {
    const { labelPosts } = fakeApi();
    const user = userEvent.setup();
    const dialog = await openLabels(user, ['Iced latte', 'Drink 6']);

    const rows = within(dialog).getAllByTestId('label-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent(`EAN-13 · ${EAN}`);
    expect(rows[0]).toHaveTextContent('$3.25');
    expect(rows[1]).toHaveTextContent('Code 128 · COF-6');
    // Only Label printers, and the browser's sheet.
    const printer = within(dialog).getByLabelText('Printer');
    expect(within(printer).getAllByRole('option').map((option) => option.textContent)).toEqual(['Shelf labels · 192.168.1.60', 'Sheet (browser print)']);

    await user.click(within(dialog).getByRole('button', { name: 'One label more of Iced latte' }));
    expect(within(dialog).getByLabelText('Number of labels of Iced latte')).toHaveValue(2);
    expect(within(dialog).getByText('Total labels: 3')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Print labels (3)' }));

    expect(await screen.findByText('Printed')).toBeInTheDocument();
    expect(labelPosts().map((call) => call.body)).toEqual([{ printer_id: 'shelf', items: [{ product_id: 7, count: 2 }, { product_id: 6, count: 1 }] }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it("shows the printer's fault in the user's words and keeps the dialog open", async () => {
    const refused = 'The printer Shelf labels at 192.168.1.60:9100 refused the connection. Check that it is on and plugged into the network.';
    fakeApi({ labelAnswer: { data: job({ status: 'failed', error: refused }), message: refused } });
    const user = userEvent.setup();
    const dialog = await openLabels(user, ['Drink 6']);
    const count = within(dialog).getByLabelText('Number of labels of Drink 6');
    await user.clear(count);
    await user.type(count, '12');
    await user.click(within(dialog).getByRole('button', { name: 'Print labels (12)' }));
    expect(await screen.findByText(refused)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Print labels' })).toBeInTheDocument();
  });

  it('marks a product without a barcode or SKU, and sends only the others', async () => {
    const { labelPosts } = fakeApi({ products: [product(7, { sku: '', name: 'Loose tea' }), product(6)] });
    const user = userEvent.setup();
    const dialog = await openLabels(user, ['Loose tea', 'Drink 6']);

    const [loose] = within(dialog).getAllByTestId('label-row');
    expect(loose).toHaveTextContent('A product without a barcode or SKU cannot be labelled.');
    expect(within(loose!).queryByLabelText('Number of labels of Loose tea')).toBeNull();
    expect(within(dialog).getByText('Total labels: 1')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Print labels (1)' }));
    expect(await screen.findByText('Printed')).toBeInTheDocument();
    expect(labelPosts().map((call) => call.body)).toEqual([{ printer_id: 'shelf', items: [{ product_id: 6, count: 1 }] }]);
  });

  it('prints a sheet of labels at the set size, each with its barcode, with the browser', async () => {
    const { labelPosts } = fakeApi();
    const print = vi.spyOn(window, 'print').mockImplementation(() => undefined);
    const user = userEvent.setup();
    const dialog = await openLabels(user, ['Iced latte', 'Drink 5']);

    await user.selectOptions(within(dialog).getByLabelText('Printer'), 'Sheet (browser print)');
    expect(within(dialog).getByText('Labels 40 × 30 mm, as set in Settings → Printers.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'One label more of Drink 5' }));
    await user.click(within(dialog).getByRole('button', { name: 'Print labels (3)' }));

    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    const sheet = screen.getByTestId('label-sheet-print');
    const labels = within(sheet).getAllByTestId('price-label');
    expect(labels).toHaveLength(3);
    expect(labels[0]).toHaveStyle({ width: '40mm', height: '30mm' });
    for (const label of labels) expect(label.querySelector('svg rect[fill="#000"]')).not.toBeNull();
    expect(labels[0]).toHaveTextContent('Iced latte');
    expect(labels[0]).toHaveTextContent('$3.25');
    expect(within(labels[0]!).getByRole('img', { hidden: true })).toHaveAccessibleName(EAN);
    expect(labels[0]!.querySelector('figcaption')?.textContent).toBe(EAN);
    expect(labels[2]!.querySelector('figcaption')?.textContent).toBe('COF-5');
    expect(document.getElementById('receipt-page-style')?.textContent).toMatch(/@page \{ margin: \d+mm; \}/);
    expect(labelPosts()).toHaveLength(0);

    act(() => void window.dispatchEvent(new Event('afterprint')));
    expect(screen.queryByTestId('label-sheet-print')).toBeNull();
  });
});
