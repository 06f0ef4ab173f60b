import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import type { PrintJob } from '@shop/contracts/print-job';
import { DEFAULT_SETTINGS, type Settings } from '@shop/contracts/settings';
import { setSession } from '@/features/auth/session-store';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

type Call = { method: string; path: string; body: unknown; at: number };
type Answer = { status: number; body: unknown };

const TAB_LABELS = ['General', 'Localization', 'Taxes', 'Service Charges', 'Payments', 'Printers', 'Receipts', 'Store Hours', 'Tills and shifts', 'Kitchen'];

/**
 * A stand-in for GET /api/settings and PUT /api/settings/{section}: saves echo the section back,
 * unless `answerPut` returns another answer (a 422, say).
 */
function fakeApi(
  options: {
    role?: 'Admin' | 'Manager' | 'Staff';
    settings?: Settings;
    failLoads?: number;
    answerPut?: (section: string, body: unknown) => Answer | undefined;
    /** POST /api/printers/{id}/test; without it, a 404. */
    answerTest?: (printerId: string) => Answer | Promise<Answer>;
  } = {},
) {
  const user = { ...demoUser, role: options.role ?? 'Admin' };
  const settings: Settings = structuredClone(options.settings ?? DEFAULT_SETTINGS);
  let failLoads = options.failLoads ?? 0;
  const calls: Call[] = [];
  setSession('tok', user);
  mockFetch((href, init) => {
    const url = new URL(href, 'http://localhost');
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path: url.pathname, body, at: Date.now() });
    if (url.pathname === '/api/me') return jsonResponse(200, { data: user });
    if (url.pathname === '/api/settings' && method === 'GET') {
      if (failLoads > 0) {
        failLoads -= 1;
        return jsonResponse(404, { message: 'Not found.' });
      }
      return jsonResponse(200, { data: settings });
    }
    const test = /^\/api\/printers\/([^/]+)\/test$/.exec(url.pathname);
    if (test && method === 'POST' && options.answerTest) {
      return Promise.resolve(options.answerTest(decodeURIComponent(test[1] ?? ''))).then((answer) => jsonResponse(answer.status, answer.body));
    }
    const put = /^\/api\/settings\/(\w+)$/.exec(url.pathname);
    if (put && method === 'PUT') {
      const section = put[1] as keyof Settings;
      const answer = options.answerPut?.(section, body);
      if (answer) return jsonResponse(answer.status, answer.body);
      (settings as Record<string, unknown>)[section] = body;
      return jsonResponse(200, { data: body, message: 'Settings saved' });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return calls;
}

/** A test page's job as the server answers it. */
function job(overrides: Partial<PrintJob>): PrintJob {
  return {
    id: 7,
    kind: 'test',
    printer_id: 'printer-bar',
    printer_name: 'Bar',
    target: '192.168.1.50:9100',
    till_id: null,
    sale_id: null,
    sale_code: null,
    ticket_id: null,
    copy: false,
    open_drawer: false,
    status: 'pending',
    error: null,
    attempts: 1,
    bytes: 0,
    created_by: { id: 1, name: 'Sokha Chan' },
    created_at: '2026-11-26T03:00:00.000Z',
    printed_at: null,
    ...overrides,
  };
}

const puts = (calls: Call[]) => calls.filter((call) => call.method === 'PUT');

async function openTab(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(await screen.findByRole('tab', { name: label }));
  return screen.getByRole('tabpanel', { name: label });
}

// The whole console renders with every tab mounted; on a busy machine that takes seconds.
describe('Settings', { timeout: 20_000 }, () => {
  // Toasts outlive a test in sonner's store; each test reads only its own.
  afterEach(() => {
    toast.dismiss();
  });

  it('shows the tabs in order and the general, localization, tax and service defaults', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderApp('/settings');
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(TAB_LABELS);
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel', { name: 'General' })).getByLabelText('Shop name')).toHaveValue('My Shop');
    expect(screen.getByLabelText('Sell when out of stock')).not.toBeChecked();
    expect(screen.getByLabelText('Sign out after inactivity (minutes)')).toHaveValue(720);
    expect(screen.getByLabelText('Longest session (hours)')).toHaveValue(168);

    const localization = await openTab(user, 'Localization');
    expect(within(localization).getByLabelText('Currency')).toHaveValue('USD');
    expect(within(localization).getAllByRole('option').map((option) => option.getAttribute('value'))).toEqual(
      expect.arrayContaining(['USD', 'EUR', 'KHR', 'THB', 'VND', 'en-US', 'km-KH', 'th-TH', 'vi-VN', 'Asia/Phnom_Penh', 'Asia/Bangkok', 'Asia/Ho_Chi_Minh']),
    );
    expect(within(localization).getByLabelText('Locale')).toHaveValue('en-US');
    expect(within(localization).getByLabelText('Time zone')).toHaveValue('Asia/Phnom_Penh');
    expect(within(localization).queryByLabelText('Riel per US dollar')).not.toBeInTheDocument();

    const taxes = await openTab(user, 'Taxes');
    expect(within(taxes).getByLabelText('Charge tax')).toBeChecked();
    expect(within(taxes).getByLabelText('Prices include tax')).not.toBeChecked();
    expect(within(taxes).getByLabelText('Tax rate (%)')).toHaveValue(10);

    const service = await openTab(user, 'Service Charges');
    expect(within(service).getByLabelText('Charge a service charge')).not.toBeChecked();
  });

  it('shows the default payment methods, printers, receipt and store hours', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderApp('/settings');

    const payments = await openTab(user, 'Payments');
    expect(within(payments).getByRole('textbox', { name: 'Payment method 1' })).toHaveValue('Cash');
    expect(within(payments).getByRole('switch', { name: 'Enabled: Cash' })).toBeChecked();
    expect(within(payments).getByRole('switch', { name: 'Enabled: Card' })).toBeChecked();
    expect(within(payments).getByRole('switch', { name: 'Enabled: Bank' })).not.toBeChecked();
    // The riel rates: ៛4,100 a dollar, change at the same rate, riel rounded to ៛100.
    expect(within(payments).getByLabelText('Riel per US dollar')).toHaveValue(4100);
    expect(within(payments).getByLabelText('Riel per dollar for change')).toHaveValue(null);
    expect(within(payments).getByLabelText('Round riel to')).toHaveValue('100');

    const printers = await openTab(user, 'Printers');
    expect(within(printers).getByText('No printers yet.')).toBeInTheDocument();

    const receipts = await openTab(user, 'Receipts');
    expect(within(receipts).getByLabelText('Footer')).toHaveValue('Thank you!');
    expect(within(receipts).getByLabelText('80 mm')).toBeChecked();

    const hours = await openTab(user, 'Store Hours');
    const rows = within(hours).getAllByRole('group', { name: /day$/ });
    expect(rows.map((row) => document.getElementById(row.getAttribute('aria-labelledby') ?? '')?.textContent)).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);
    const monday = within(hours).getByRole('group', { name: 'Monday' });
    expect(within(monday).getByLabelText('Opens')).toHaveValue('08:00');
    expect(within(monday).getByLabelText('Closes')).toHaveValue('18:00');
    const saturday = within(hours).getByRole('group', { name: 'Saturday' });
    expect(within(saturday).getByLabelText('Opens')).toHaveValue('09:00');
    expect(within(saturday).getByLabelText('Closes')).toHaveValue('15:00');
    const sunday = within(hours).getByRole('group', { name: 'Sunday' });
    expect(within(sunday).getByLabelText('Closed')).toBeChecked();
    expect(within(sunday).getByLabelText('Opens')).toBeDisabled();
  });

  it("shows 'Saving…' for at least 300 ms, then PUTs the taxes section", async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/settings?tab=taxes');
    const taxes = await screen.findByRole('tabpanel', { name: 'Taxes' });
    await user.clear(within(taxes).getByLabelText('Tax rate (%)'));
    await user.type(within(taxes).getByLabelText('Tax rate (%)'), '7.5');
    await user.click(within(taxes).getByLabelText('Prices include tax'));
    expect(within(taxes).getByText('Unsaved changes')).toBeInTheDocument();

    const clickedAt = Date.now();
    await user.click(within(taxes).getByRole('button', { name: 'Save' }));
    expect(within(taxes).getByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(puts(calls)).toHaveLength(0);

    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    const [put] = puts(calls);
    expect(put?.path).toBe('/api/settings/taxes');
    expect(put?.body).toEqual({ enabled: true, inclusive: true, rate: 7.5 });
    expect(put!.at - clickedAt).toBeGreaterThanOrEqual(295);
    expect(within(taxes).getByRole('button', { name: 'Save' })).toBeEnabled();
    expect(within(taxes).queryByText('Unsaved changes')).not.toBeInTheDocument();
  });

  it('saves the session limits with the General section, and refuses them out of bounds', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/settings');
    const general = await screen.findByRole('tabpanel', { name: 'General' });
    expect(within(general).getByRole('group', { name: 'Sign-in sessions' })).toHaveAccessibleDescription(/A till in use all day stays signed in/);
    const idle = within(general).getByLabelText('Sign out after inactivity (minutes)');
    const lifetime = within(general).getByLabelText('Longest session (hours)');

    await user.clear(idle);
    await user.type(idle, '10');
    await user.click(within(general).getByRole('button', { name: 'Save' }));
    expect(await within(general).findByText('Sign out after inactivity (minutes) must be a whole number from 15 to 10080.')).toBeInTheDocument();
    expect(idle).toHaveAttribute('aria-invalid', 'true');

    await user.clear(idle);
    await user.type(idle, '600');
    await user.clear(lifetime);
    await user.type(lifetime, '8');
    await user.click(within(general).getByRole('button', { name: 'Save' }));
    expect(await within(general).findByText('The inactivity limit cannot be longer than the longest session.')).toBeInTheDocument();
    expect(puts(calls)).toHaveLength(0);

    await user.clear(lifetime);
    await user.type(lifetime, '24');
    await user.click(within(general).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({ path: '/api/settings/general', body: { ...DEFAULT_SETTINGS.general, sessionIdleMinutes: 600, sessionLifetimeHours: 24 } });
  });

  it("asks 'Remove payment method?' before removing one, and saves the list without it", async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/settings?tab=payments');
    const payments = await screen.findByRole('tabpanel', { name: 'Payments' });

    await user.click(within(payments).getByRole('button', { name: 'Remove Bank' }));
    let confirm = await screen.findByRole('alertdialog', { name: 'Remove payment method?' });
    expect(within(confirm).getByText('Bank')).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(payments).getByRole('switch', { name: 'Enabled: Bank' })).toBeInTheDocument();

    await user.click(within(payments).getByRole('button', { name: 'Remove Bank' }));
    confirm = await screen.findByRole('alertdialog', { name: 'Remove payment method?' });
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(within(payments).queryByRole('switch', { name: 'Enabled: Bank' })).not.toBeInTheDocument());

    await user.click(within(payments).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    expect(puts(calls)[0]).toMatchObject({
      path: '/api/settings/payments',
      body: { ...DEFAULT_SETTINGS.payments, methods: DEFAULT_SETTINGS.payments.methods.filter((method) => method.key !== 'bank') },
    });
  });

  it('saves the riel rates with the methods: a change rate of its own, or none for the same rate', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/settings?tab=payments');
    const payments = await screen.findByRole('tabpanel', { name: 'Payments' });
    const rate = within(payments).getByLabelText('Riel per US dollar');
    expect(rate).toHaveAccessibleDescription('What a dollar is worth in riel taken at the till.');
    await user.clear(rate);
    await user.type(rate, '4050');
    await user.type(within(payments).getByLabelText('Riel per dollar for change'), '4000');
    await user.selectOptions(within(payments).getByLabelText('Round riel to'), '៛500');
    await user.click(within(payments).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({ path: '/api/settings/payments', body: { khrPerUsd: 4050, khrChangePerUsd: 4000, rielStep: 500 } });

    await user.clear(within(payments).getByLabelText('Riel per dollar for change'));
    await user.click(within(payments).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toMatchObject({ body: { khrPerUsd: 4050, khrChangePerUsd: null, rielStep: 500 } });
  });

  it("adds a custom method: key 'custom-…', label 'Custom', enabled", async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/settings?tab=payments');
    const payments = await screen.findByRole('tabpanel', { name: 'Payments' });
    await user.click(within(payments).getByRole('button', { name: 'Add payment method' }));

    const label = within(payments).getByRole('textbox', { name: 'Payment method 5' });
    expect(label).toHaveValue('Custom');
    expect(within(payments).getByRole('switch', { name: 'Enabled: Custom' })).toBeChecked();
    await user.clear(label);
    await user.type(label, 'ABA Pay');
    await user.click(within(payments).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    const methods = (puts(calls)[0]?.body as Settings['payments']).methods;
    expect(methods).toHaveLength(5);
    expect(methods[4]).toEqual({ key: expect.stringMatching(/^custom-[a-z0-9]+$/), label: 'ABA Pay', enabled: true });
  });

  it('keeps one payment method enabled before calling the server', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/settings?tab=payments');
    const payments = await screen.findByRole('tabpanel', { name: 'Payments' });
    await user.click(within(payments).getByRole('switch', { name: 'Enabled: Cash' }));
    await user.click(within(payments).getByRole('switch', { name: 'Enabled: Card' }));
    await user.click(within(payments).getByRole('button', { name: 'Save' }));
    expect(await within(payments).findByRole('alert')).toHaveTextContent('Keep at least one payment method enabled.');
    expect(puts(calls)).toHaveLength(0);
  });

  it("puts a 422's field error on its field and keeps what was typed", async () => {
    fakeApi({
      answerPut: () => ({
        status: 422,
        body: { message: 'The label Visa is used twice.', errors: { 'methods.1.label': ['The label Visa is used twice.'] } },
      }),
    });
    const user = userEvent.setup();
    renderApp('/settings?tab=payments');
    const payments = await screen.findByRole('tabpanel', { name: 'Payments' });
    const card = within(payments).getByRole('textbox', { name: 'Payment method 2' });
    await user.clear(card);
    await user.type(card, 'Visa');
    await user.click(within(payments).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Save failed: The label Visa is used twice.')).toBeInTheDocument();
    await waitFor(() => expect(card).toHaveAttribute('aria-invalid', 'true'));
    expect(card).toHaveAccessibleDescription('The label Visa is used twice.');
    expect(card).toHaveValue('Visa');
    expect(within(payments).getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('puts a server message on the day it names (days.1.close)', async () => {
    fakeApi({
      answerPut: (section) =>
        section === 'hours'
          ? { status: 422, body: { message: 'Closing time must be after opening time.', errors: { 'days.1.close': ['Closing time must be after opening time.'] } } }
          : undefined,
    });
    const user = userEvent.setup();
    renderApp('/settings?tab=hours');
    const hours = await screen.findByRole('tabpanel', { name: 'Store Hours' });
    await user.click(within(hours).getByRole('button', { name: 'Save' }));
    const monday = within(hours).getByRole('group', { name: 'Monday' });
    await waitFor(() => expect(within(monday).getByLabelText('Closes')).toHaveAccessibleDescription('Closing time must be after opening time.'));
    expect(screen.getByText('Save failed: Closing time must be after opening time.')).toBeInTheDocument();
  });

  it('sends the hours of a closed day as they are, and Closed disables its times', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/settings?tab=hours');
    const hours = await screen.findByRole('tabpanel', { name: 'Store Hours' });
    const sunday = within(hours).getByRole('group', { name: 'Sunday' });
    await user.click(within(sunday).getByLabelText('Closed'));
    expect(within(sunday).getByLabelText('Opens')).toBeEnabled();
    const monday = within(hours).getByRole('group', { name: 'Monday' });
    await user.click(within(monday).getByLabelText('Closed'));
    expect(within(monday).getByLabelText('Closes')).toBeDisabled();
    await user.click(within(hours).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    const days = (puts(calls)[0]?.body as Settings['hours']).days;
    expect(days[0]).toEqual({ d: 0, open: '08:00', close: '18:00', closed: false });
    expect(days[1]).toEqual({ d: 1, open: '08:00', close: '18:00', closed: true });
  });

  it('adds a network kitchen printer with its station and a USB receipt printer with its drawer, and saves them', { timeout: 40_000 }, async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/settings?tab=printers');
    const printers = await screen.findByRole('tabpanel', { name: 'Printers' });
    await user.click(within(printers).getByRole('button', { name: 'Add printer' }));
    const kitchen = within(printers).getByRole('group', { name: 'Printer 1' });
    await user.type(within(kitchen).getByLabelText('Name'), 'Bar');
    expect(within(kitchen).getByLabelText('Connection')).toHaveValue('network');
    await user.type(within(kitchen).getByLabelText('IP address'), '192.168.1.50:9101');
    await user.selectOptions(within(kitchen).getByLabelText('Type'), 'Kitchen');
    // A Kitchen printer serves a station of Settings → Kitchen, or every station; it has no drawer.
    expect(within(within(kitchen).getByLabelText('Station')).getAllByRole('option').map((option) => option.textContent)).toEqual(['Every station', 'Bar', 'Kitchen']);
    await user.selectOptions(within(kitchen).getByLabelText('Station'), 'Bar');
    await user.selectOptions(within(kitchen).getByLabelText('Paper width'), '58 mm');
    expect(within(kitchen).queryByLabelText('A cash drawer is wired to this printer')).toBeNull();
    expect(within(kitchen).getByLabelText('Default')).toBeChecked();

    await user.click(within(printers).getByRole('button', { name: 'Add printer' }));
    const counter = within(printers).getByRole('group', { name: 'Printer 2' });
    await user.type(within(counter).getByLabelText('Name'), 'Counter');
    await user.selectOptions(within(counter).getByLabelText('Connection'), 'USB on this till');
    expect(within(counter).queryByLabelText('Station')).toBeNull();
    expect(within(counter).getByLabelText('A cash drawer is wired to this printer')).toBeChecked();
    await user.click(within(counter).getByLabelText('A cash drawer is wired to this printer'));
    await user.click(within(counter).getByLabelText('Default'));
    // Not saved yet: nothing to print a test page on.
    expect(within(kitchen).getByRole('button', { name: 'Print test page' })).toBeDisabled();
    expect(within(kitchen).getByText('Save the printers first, then print a test page.')).toBeInTheDocument();

    await user.click(within(printers).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(await screen.findByText('Settings saved')).toBeInTheDocument();
    const body = puts(calls)[0]?.body as Settings['printers'];
    expect(body.list).toEqual([
      { id: expect.stringMatching(/^printer-/), name: 'Bar', ip: '192.168.1.50:9101', type: 'Kitchen', connection: 'network', paperWidth: '58', station: 'Bar', drawer: true },
      { id: expect.stringMatching(/^printer-/), name: 'Counter', ip: '', type: 'Receipt', connection: 'usb', paperWidth: '80', station: '', drawer: false },
    ]);
    expect(body.default).toBe(body.list[1]?.id);
    expect(body.label).toEqual({ width: 50, height: 30 });
    // Saved: the network printer can print its test page now.
    expect(within(within(printers).getByRole('group', { name: 'Printer 1' })).getByRole('button', { name: 'Print test page' })).toBeEnabled();
  });

  it('asks a network printer for its IP address, hides it for a USB printer, and keeps the label size in bounds', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/settings?tab=printers');
    const printers = await screen.findByRole('tabpanel', { name: 'Printers' });
    await user.click(within(printers).getByRole('button', { name: 'Add printer' }));
    const printer = within(printers).getByRole('group', { name: 'Printer 1' });
    await user.type(within(printer).getByLabelText('Name'), 'Counter');
    const width = within(printers).getByLabelText('Label width (mm)');
    await user.clear(width);
    await user.type(width, '120');
    await user.click(within(printers).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(within(printer).getByLabelText('IP address')).toHaveAttribute('aria-invalid', 'true'));
    expect(within(printer).getByText('A network printer needs its IP address.')).toBeInTheDocument();
    expect(within(printers).getByText('Labels are 20 to 110 mm wide.')).toBeInTheDocument();
    expect(puts(calls)).toEqual([]);

    await user.selectOptions(within(printer).getByLabelText('Connection'), 'USB on this till');
    expect(within(printer).queryByLabelText('IP address')).toBeNull();
    await user.clear(width);
    await user.type(width, '40');
    await user.click(within(printers).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    const body = puts(calls)[0]?.body as Settings['printers'];
    expect(body.list[0]).toMatchObject({ name: 'Counter', connection: 'usb', ip: '' });
    expect(body.label).toEqual({ width: 40, height: 30 });
  });

  it('prints a test page on a saved network printer, and shows why when it did not print', async () => {
    const printer = { id: 'printer-bar', name: 'Bar', ip: '192.168.1.50', type: 'Receipt', connection: 'network', paperWidth: '80', station: '', drawer: true } as const;
    const usb = { ...printer, id: 'printer-usb', name: 'Counter', ip: '', connection: 'usb' } as const;
    const answers: ((answer: Answer) => void)[] = [];
    const calls = fakeApi({
      settings: { ...DEFAULT_SETTINGS, printers: { default: 'printer-bar', list: [printer, usb], label: { width: 50, height: 30 } } },
      answerTest: () => new Promise<Answer>((resolve) => answers.push(resolve)),
    });
    const user = userEvent.setup();
    renderApp('/settings?tab=printers');
    const printers = await screen.findByRole('tabpanel', { name: 'Printers' });
    const row = within(printers).getByRole('group', { name: 'Printer 1' });

    await user.click(within(row).getByRole('button', { name: 'Print test page' }));
    expect(await within(row).findByRole('button', { name: 'Printing test page…' })).toBeDisabled();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/printers/printer-bar/test']);
    answers[0]?.({ status: 200, body: { data: job({ status: 'printed', printed_at: '2026-11-26T03:00:00.000Z' }), message: 'Test page printed' } });
    expect(await screen.findByText('Test page printed')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Print test page' })).toBeEnabled();

    await user.click(within(row).getByRole('button', { name: 'Print test page' }));
    await waitFor(() => expect(answers).toHaveLength(2));
    const refused = 'The printer Bar at 192.168.1.50:9100 refused the connection. Check that it is on and plugged into the network.';
    answers[1]?.({ status: 200, body: { data: job({ status: 'failed', error: refused }), message: refused } });
    expect(await screen.findByText(refused)).toBeInTheDocument();

    // A USB printer is printed on from this browser, which here (no WebUSB) cannot reach it.
    const counter = within(printers).getByRole('group', { name: 'Printer 2' });
    expect(within(counter).getByText('This browser cannot reach USB or serial printers. Use Chrome or Edge on this till.')).toBeInTheDocument();
    expect(within(counter).queryByRole('button', { name: 'Print test page' })).toBeNull();
  });

  it('saves the language receipts are printed in', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/settings?tab=receipts');
    const receipts = await screen.findByRole('tabpanel', { name: 'Receipts' });
    expect(within(receipts).getByRole('radio', { name: 'English' })).toBeChecked();
    expect(within(receipts).getByText('Thermal printers print receipts and kitchen tickets in this language.')).toBeInTheDocument();
    await user.click(within(receipts).getByRole('radio', { name: 'ខ្មែរ (Khmer)' }));
    await user.click(within(receipts).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(puts(calls)).toHaveLength(1));
    expect(puts(calls)[0]).toMatchObject({ path: '/api/settings/receipts', body: { ...DEFAULT_SETTINGS.receipts, language: 'kh' } });
  });

  it('saves the discount limit on the Service Charges tab with its own Save, and refuses one over 100', async () => {
    const calls = fakeApi();
    const user = userEvent.setup();
    renderApp('/settings');
    const panel = await openTab(user, 'Service Charges');
    const limit = within(panel).getByLabelText('Largest discount without a Manager’s approval (%)');
    expect(limit).toHaveValue(10);
    await user.clear(limit);
    await user.type(limit, '150');
    await user.click(within(panel).getByRole('button', { name: 'Save discounts' }));
    expect(await within(panel).findByText('Largest discount without approval must be between 0 and 100.')).toBeInTheDocument();
    expect(puts(calls)).toEqual([]);

    await user.clear(limit);
    await user.type(limit, '15');
    await user.click(within(panel).getByRole('button', { name: 'Save discounts' }));
    await waitFor(() => expect(puts(calls).map((call) => [call.path, call.body])).toEqual([['/api/settings/discounts', { maxPercent: 15 }]]));
  });

  it('keeps the tab in the URL and moves between tabs with the arrow keys', async () => {
    fakeApi();
    const user = userEvent.setup();
    const { router } = renderApp('/settings?tab=receipts');
    expect(await screen.findByRole('tab', { name: 'Receipts' })).toHaveAttribute('aria-selected', 'true');
    screen.getByRole('tab', { name: 'Receipts' }).focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Store Hours' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByRole('tab', { name: 'Store Hours' })).toHaveFocus();
    expect(router.state.location.search).toBe('?tab=hours');
    await user.click(screen.getByRole('tab', { name: 'Service Charges' }));
    expect(router.state.location.search).toBe('?tab=service');
  });

  it('keeps what was typed on a tab while another tab is open', async () => {
    fakeApi();
    const user = userEvent.setup();
    renderApp('/settings');
    const general = await screen.findByRole('tabpanel', { name: 'General' });
    await user.clear(within(general).getByLabelText('Shop name'));
    await user.type(within(general).getByLabelText('Shop name'), 'Riverside Cafe');
    await openTab(user, 'Receipts');
    expect(screen.getByTestId('receipt-preview')).toHaveTextContent('My Shop');
    await openTab(user, 'General');
    expect(within(screen.getByRole('tabpanel', { name: 'General' })).getByLabelText('Shop name')).toHaveValue('Riverside Cafe');
  });

  it('is read-only for a Manager: disabled fields, no Save, and a note saying why', async () => {
    const calls = fakeApi({ role: 'Manager' });
    const user = userEvent.setup();
    renderApp('/settings');
    expect(await screen.findByText('Only an Admin can change settings.')).toBeInTheDocument();
    expect(screen.getByLabelText('Shop name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();

    const payments = await openTab(user, 'Payments');
    expect(within(payments).getByRole('textbox', { name: 'Payment method 1' })).toBeDisabled();
    expect(within(payments).getByRole('switch', { name: 'Enabled: Cash' })).toBeDisabled();
    expect(within(payments).queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
    expect(within(payments).queryByRole('button', { name: 'Add payment method' })).not.toBeInTheDocument();
    const taxes = await openTab(user, 'Taxes');
    expect(within(taxes).getByLabelText('Tax rate (%)')).toBeDisabled();
    expect(screen.queryAllByRole('button', { name: 'Save' })).toHaveLength(0);
    expect(puts(calls)).toHaveLength(0);
  });

  it('shows a retry when the settings cannot be loaded', async () => {
    const calls = fakeApi({ failLoads: 1 });
    const user = userEvent.setup();
    renderApp('/settings');
    expect(await screen.findByText('Failed to load settings')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('tab', { name: 'General' })).toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/settings')).toHaveLength(2);
  });
});
