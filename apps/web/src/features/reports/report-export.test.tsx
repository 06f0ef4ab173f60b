import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '@/app/providers';
import { setSession } from '@/features/auth/session-store';
import { i18n, switchLanguage } from '@/lib/i18n';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { PurchaseReportPage } from './components/purchase-report-page';

const TOTALS = { orders: 0, items: 0, qty: 0, subtotal: 0, tax: 0, freight: 0, total: 0 };
const HEADER = '\uFEFFDate,PO,Supplier,Ref,Items,Qty,Subtotal,Tax,Freight,Total,Payment,Status\n';
const row = (n: number) => `2026-11-${String(n).padStart(2, '0')},PO-${n},"Fresh, Dairy",,1,4,3.00,0.30,1.00,4.30,Bank,Received\n`;

/** The export's body as the server sends it, a piece at a time when the test says. */
function csvBody() {
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start(c) {
      controller = c;
    },
  });
  return { stream, send: (text: string) => controller.enqueue(encoder.encode(text)), end: () => controller.close(), fail: () => controller.error(new TypeError('terminated')) };
}

/** Saved files: the link the console clicks, with its name and the blob it points at. */
function catchDownloads() {
  const blobs = new Map<string, Blob>();
  const saved: { name: string; blob: Blob | undefined }[] = [];
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob as Blob);
    return url;
  };
  URL.revokeObjectURL = () => undefined;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href) });
  });
  return saved;
}

/** The blob's bytes as text, its BOM kept (jsdom's Blob has no text()). */
function textOf(blob: Blob): Promise<string> {
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new TextDecoder('utf-8', { ignoreBOM: true }).decode(reader.result as ArrayBuffer));
    reader.readAsArrayBuffer(blob);
  });
}

function openReport(body: ReturnType<typeof csvBody>, total: string | null) {
  setSession('tok', demoUser);
  mockFetch((href) => {
    const url = new URL(href, 'http://localhost');
    if (url.pathname === '/api/supplies') return jsonResponse(200, { data: [], meta: { total: 0, per_page: 8, current_page: 1, last_page: 1, totals: TOTALS } });
    if (url.pathname === '/api/supplies/export') {
      return new Response(body.stream, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', ...(total === null ? {} : { 'x-total-count': total }) } });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  render(
    <AppProviders>
      <PurchaseReportPage />
    </AppProviders>,
  );
}

afterEach(() => {
  // jsdom has neither; each test puts its own in.
  delete (URL as { createObjectURL?: unknown }).createObjectURL;
  delete (URL as { revokeObjectURL?: unknown }).revokeObjectURL;
});

describe('Exporting a report as CSV', () => {
  it('shows the rows received of the total as they arrive, then saves the whole file and hides the progress', async () => {
    const saved = catchDownloads();
    const body = csvBody();
    openReport(body, '4');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    expect(screen.getByRole('button', { name: /Exporting…/ })).toBeDisabled();

    body.send(HEADER + row(1) + row(2).slice(0, 20));
    const status = await screen.findByRole('status');
    await waitFor(() => expect(status).toHaveTextContent('Exporting… 1 of 4 rows'));
    expect(within(status).getByRole('progressbar', { name: 'Export progress' })).toHaveAttribute('aria-valuenow', '1');

    body.send(row(2).slice(20) + row(3));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Exporting… 3 of 4 rows'));
    expect(saved).toEqual([]);

    body.send(row(4));
    body.end();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('purchase-report.csv');
    expect(await textOf(saved[0]!.blob!)).toBe(HEADER + row(1) + row(2) + row(3) + row(4));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('counts the rows without a bar when the server does not say how many, in Khmer too', async () => {
    catchDownloads();
    const body = csvBody();
    await switchLanguage('kh');
    try {
      openReport(body, null);
      const user = userEvent.setup();
      await user.click(await screen.findByRole('button', { name: 'នាំចេញ CSV' }));
      body.send(HEADER + row(1) + row(2));
      const status = await screen.findByRole('status');
      await waitFor(() => expect(status).toHaveTextContent('កំពុងនាំចេញ… 2 ជួរ'));
      expect(within(status).queryByRole('progressbar')).not.toBeInTheDocument();
      body.end();
      await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says the export failed when the connection drops in the middle of the file, and saves nothing', async () => {
    const saved = catchDownloads();
    const body = csvBody();
    openReport(body, '4');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Export CSV' }));
    body.send(HEADER + row(1));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Exporting… 1 of 4 rows'));
    // What a dropped connection does to a body being read.
    body.fail();
    expect(await screen.findByText('Export failed')).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
