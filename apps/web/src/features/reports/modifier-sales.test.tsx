import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ModifierSalesRow } from '@shop/contracts/modifier';
import { AppProviders } from '@/app/providers';
import { setSession } from '@/features/auth/session-store';
import { i18n, switchLanguage } from '@/lib/i18n';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { ModifierSalesPanel } from './components/modifier-sales-panel';

const ROWS: ModifierSalesRow[] = [
  { group: 'Size', option: 'L', option_km: 'ធំ', quantity: 12, amount: 12 },
  { group: 'Extras', option: 'Extra shot', option_km: null, quantity: 3, amount: 1.5 },
];

function fakeApi(answer: () => Response) {
  setSession('tok', demoUser);
  const asked: URL[] = [];
  mockFetch((href) => {
    const url = new URL(href, 'http://localhost');
    if (url.pathname === '/api/reports/modifiers') {
      asked.push(url);
      return answer();
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return asked;
}

function renderPanel() {
  render(
    <AppProviders>
      <ModifierSalesPanel from="2026-11-01" to="2026-11-25" />
    </AppProviders>,
  );
}

describe('Options sold (Sales report)', () => {
  it('asks for the period and lists each option with its units and amount', async () => {
    const asked = fakeApi(() => jsonResponse(200, { data: ROWS }));
    renderPanel();
    const table = await screen.findByRole('table', { name: 'Options sold' });
    const large = within(table).getByText('L').closest('tr')!;
    expect(within(large).getByText('Size')).toBeInTheDocument();
    expect(within(large).getByText('12')).toBeInTheDocument();
    expect(within(large).getByText('$12.00')).toBeInTheDocument();
    expect(within(within(table).getByText('Extra shot').closest('tr')!).getByText('$1.50')).toBeInTheDocument();
    expect(asked[0]?.searchParams.get('from')).toBe('2026-11-01');
    expect(asked[0]?.searchParams.get('to')).toBe('2026-11-25');
  });

  it('names the options in Khmer where they have a Khmer name', async () => {
    fakeApi(() => jsonResponse(200, { data: ROWS }));
    await switchLanguage('kh');
    try {
      renderPanel();
      const table = await screen.findByRole('table');
      expect(within(table).getByText('ធំ')).toBeInTheDocument();
      expect(within(table).queryByText('L')).not.toBeInTheDocument();
      expect(within(table).getByText('Extra shot')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says when nothing was sold with options', async () => {
    fakeApi(() => jsonResponse(200, { data: [] }));
    renderPanel();
    expect(await screen.findByText('No options sold in this period.')).toBeInTheDocument();
  });

  it('offers a retry when the report fails', async () => {
    fakeApi(() => jsonResponse(422, { message: 'The period is not valid.' }));
    renderPanel();
    expect(await screen.findByText('Failed to load options sold')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
