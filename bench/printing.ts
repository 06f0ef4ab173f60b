// `npm run bench`'s printing figures: how long the server's printing worker takes to draw a Khmer
// receipt and encode it as ESC/POS raster, how long the event loop (the tills' requests) is held
// meanwhile, the size of the job, and the time to hand it to a printer on a loopback port.
import { performance } from 'node:perf_hooks';
import { startFakePrinter } from '@shop/print/testing/fake-printer';
import { DEFAULT_SETTINGS, type Printer } from '@shop/contracts/settings';
import { drawInWorker } from '../apps/server/src/services/printing/draw-pool';
import { sendToNetworkPrinter } from '../apps/server/src/services/printing/transport';

const option = (name: string, name_km: string, price = 0) => ({ group_id: 1, option_id: 1, group: 'Size', name, name_km, price });
const items = Array.from({ length: 8 }, (_, index) => ({
  id: index + 1,
  product_id: index + 1,
  product_name: ['Iced Latte', 'Cafe Latte', 'Jasmine Tea', 'Croissant'][index % 4],
  quantity: 1 + (index % 3),
  unit_price: 2.75,
  discount_percent: index === 0 ? 10 : 0,
  line_total: 2.75 * (1 + (index % 3)),
  refunded_qty: 0,
  modifiers: index % 4 === 3 ? [] : [option('L', 'ធំ', 1), option('50% sugar', 'ស្ករ ៥០%'), option('Less ice', 'ទឹកកកតិច')],
  note: index === 1 ? 'no condensed milk' : null,
  line_discount: null,
}));
const sale = {
  id: 1, code: 'SO-000123', sale_date: '2026-11-26T02:00:00Z', business_date: '2026-11-26', cashier: { id: 3, name: 'Staff Demo' }, customer: null,
  items, gross: 40, discount: 0.28, order_discount: null, subtotal: 39.72, tax_enabled: true, tax_inclusive: false, tax_rate: 10, tax: 3.97, service: 0, service_percent: 0, total: 43.69, refunded: 0,
  payments: [{ id: 1, method: 'Cash', method_key: 'cash', currency: 'KHR', amount: 180000, value: 43.9, kind: 'sale', business_date: '2026-11-26' }],
  tendered: 43.9, change: 0.21, change_usd: 0, change_khr: 800, khr_per_usd: 4100, khr_change_per_usd: 4100, balance: 0,
};
const settings = { ...DEFAULT_SETTINGS, general: { ...DEFAULT_SETTINGS.general, name: 'Mekong Corner Cafe', address: 'Street 240, Phnom Penh', phone: '+855 12 345 000' } };

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;
const result: Record<string, unknown> = {};
const printerOf = (paperWidth: '58' | '80'): Printer => ({ id: 'counter', name: 'Counter', ip: '127.0.0.1', type: 'Receipt', connection: 'network', paperWidth, station: '', drawer: true });
const draw = (paperWidth: '58' | '80') =>
  drawInWorker({ kind: 'receipt', printer: printerOf(paperWidth), settings: { ...settings, receipts: { ...settings.receipts, language: 'kh' } }, copy: false, openDrawer: true, now: sale.sale_date, sale: sale as never });
let lag = 0;
let last = performance.now();
const ticker = setInterval(() => {
  const now = performance.now();
  lag = Math.max(lag, now - last - 5);
  last = now;
}, 5);
for (const paper of ['58', '80'] as const) {
  const times: number[] = [];
  let bytes = new Uint8Array();
  for (let run = 0; run < 25; run++) {
    const started = performance.now();
    bytes = await draw(paper);
    times.push(performance.now() - started);
  }
  result[paper] = { p50: percentile(times.slice(5), 50), p95: percentile(times.slice(5), 95), kb: bytes.length / 1024 };
}
clearInterval(ticker);
result.eventLoopLagMs = lag;
const printer = await startFakePrinter();
const bytes = await draw('80');
const sends: number[] = [];
for (let run = 0; run < 20; run++) {
  const started = performance.now();
  await sendToNetworkPrinter(printer.address, bytes);
  await printer.waitForJobs(run + 1);
  sends.push(performance.now() - started);
}
await printer.off();
result.send = { p50: percentile(sends, 50), p95: percentile(sends, 95) };
console.log(JSON.stringify(result));
process.exit(0);
