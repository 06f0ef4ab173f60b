import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Table, type Column } from './table';

type Row = { id: number; name: string };
const columns: Column<Row>[] = [
  { id: 'name', header: 'Name', cell: (row) => row.name },
  { id: 'actions', header: 'Actions', cell: (row) => <button type="button">Edit {row.name}</button> },
];

const withMinor: Column<Row>[] = [
  { id: 'sku', header: 'SKU', minor: true, cell: (row) => `SKU-${row.name}`, footer: 'Total' },
  { id: 'name', header: 'Name', cell: (row) => row.name },
  { id: 'price', header: 'Price', cell: () => '$1.00', footer: '$2.00' },
];

describe('Table', () => {
  it('shows "Loading…" in one full-width row until the first answer', () => {
    render(<Table label="Things" columns={columns} rows={undefined} rowKey={(row) => row.id} loading emptyText="Nothing here." />);
    const table = screen.getByRole('table', { name: 'Things' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    const cell = within(table).getByText('Loading…').closest('td');
    expect(cell).toHaveAttribute('colspan', '2');
  });

  it('can show the first load as placeholder rows, one cell per column', () => {
    render(<Table label="Things" columns={columns} rows={undefined} rowKey={(row) => row.id} loading skeletonRows={3} emptyText="Nothing here." />);
    const table = screen.getByRole('table', { name: 'Things' });
    expect(table).toHaveAttribute('aria-busy', 'true');
    const skeletons = table.querySelectorAll('tbody tr[data-skeleton]');
    expect(skeletons).toHaveLength(3);
    expect(skeletons[0]?.querySelectorAll('td')).toHaveLength(2);
    expect(within(table).getByRole('status')).toHaveTextContent('Loading…');
  });

  it('shows the empty text when there are no rows', () => {
    render(<Table label="Things" columns={columns} rows={[]} rowKey={(row) => row.id} emptyText="Nothing here." />);
    expect(screen.getByText('Nothing here.')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('shows a failure with a retry button in place of the rows', async () => {
    const onRetry = vi.fn();
    render(
      <Table
        label="Things"
        columns={columns}
        rows={[{ id: 1, name: 'Old' }]}
        rowKey={(row) => row.id}
        emptyText="Nothing here."
        error={{ text: 'Failed to load products', onRetry }}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load products');
    expect(screen.queryByText('Old')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('leaves the retry button out when asking again cannot help', () => {
    render(<Table label="Things" columns={columns} rows={undefined} rowKey={(row) => row.id} emptyText="Nothing here." error={{ text: 'Forbidden' }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Forbidden');
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('renders a header and one row per record, with row actions reachable by Tab', async () => {
    render(
      <Table
        label="Things"
        columns={columns}
        rows={[
          { id: 1, name: 'Latte' },
          { id: 2, name: 'Mocha' },
        ]}
        rowKey={(row) => row.id}
        emptyText="Nothing here."
      />,
    );
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Actions']);
    expect(screen.getAllByRole('row')).toHaveLength(3);
    const user = userEvent.setup();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Edit Latte' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Edit Mocha' })).toHaveFocus();
  });
  it('adds a footer row under the rows only when there are rows, in the columns it belongs to', () => {
    const withTotals: Column<Row>[] = [
      { id: 'name', header: 'Name', cell: (row) => row.name, footer: 'Total' },
      { id: 'actions', header: 'Actions', cell: () => null },
    ];
    const { rerender } = render(
      <Table label="Things" columns={withTotals} rows={[{ id: 1, name: 'Latte' }]} rowKey={(row) => row.id} emptyText="Nothing here." rowClassName={() => 'bg-red-50'} />,
    );
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]).toHaveClass('bg-red-50');
    expect(rows[2]!.closest('tfoot')).not.toBeNull();
    expect(within(rows[2]!).getAllByRole('cell').map((td) => td.textContent)).toEqual(['Total', '']);
    rerender(<Table label="Things" columns={withTotals} rows={[]} rowKey={(row) => row.id} emptyText="Nothing here." />);
    expect(screen.queryByText('Total')).not.toBeInTheDocument();
  });

  it('keeps cells on one line unless their column wraps, and pins the row actions only while the table scrolls', () => {
    const fitted: Column<Row>[] = [
      { id: 'name', header: 'Name', wrap: true, cell: (row) => row.name },
      { id: 'price', header: 'Price', cell: () => '$1.00' },
      { id: 'actions', header: 'Actions', pinned: true, cell: (row) => <button type="button">Edit {row.name}</button> },
    ];
    render(<Table label="Things" columns={fitted} rows={[{ id: 1, name: 'Latte' }]} rowKey={(row) => row.id} emptyText="Nothing here." />);
    const [name, price, actions] = screen.getAllByRole('cell');
    expect(name).toHaveClass('whitespace-normal');
    expect(price).toHaveClass('whitespace-nowrap');
    // The table fits its frame here, so nothing needs to stay in view over other cells.
    expect(actions).not.toHaveClass('sticky');
  });

  it('shows every column when there is room, minor ones included', () => {
    render(<Table label="Things" columns={withMinor} rows={[{ id: 1, name: 'Latte' }]} rowKey={(row) => row.id} emptyText="Nothing here." />);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['SKU', 'Name', 'Price']);
    expect(screen.queryByRole('button', { name: 'Show details' })).not.toBeInTheDocument();
  });

  describe('on a tablet', () => {
    afterEach(() => {
      vi.restoreAllMocks();
    });

    it('moves the minor columns into details that each row opens and closes', async () => {
      vi.spyOn(window, 'matchMedia').mockImplementation(
        (query) => ({ matches: query.includes('max-width'), media: query, addEventListener: () => undefined, removeEventListener: () => undefined }) as unknown as MediaQueryList,
      );
      render(
        <Table
          label="Things"
          columns={withMinor}
          rows={[
            { id: 1, name: 'Latte' },
            { id: 2, name: 'Mocha' },
          ]}
          rowKey={(row) => row.id}
          emptyText="Nothing here."
        />,
      );
      expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Price', 'Details']);
      expect(screen.queryByText('SKU-Latte')).not.toBeInTheDocument();
      // The caption of the footer stays in the first column that is left.
      expect(screen.getAllByRole('row').at(-1)).toHaveTextContent('Total');

      const user = userEvent.setup();
      const [latte] = screen.getAllByRole('button', { name: 'Show details' });
      expect(latte).toHaveAttribute('aria-expanded', 'false');
      await user.click(latte!);
      expect(latte).toHaveAttribute('aria-expanded', 'true');
      const details = document.getElementById(latte!.getAttribute('aria-controls')!)!;
      expect(within(details).getByRole('term')).toHaveTextContent('SKU');
      expect(within(details).getByRole('definition')).toHaveTextContent('SKU-Latte');
      expect(screen.queryByText('SKU-Mocha')).not.toBeInTheDocument();

      await user.click(latte!);
      expect(latte).toHaveAttribute('aria-expanded', 'false');
      expect(screen.queryByText('SKU-Latte')).not.toBeInTheDocument();
    });
  });

  describe('wider than its frame', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      vi.restoreAllMocks();
    });

    it('takes the focus as a named region while it scrolls sideways, so the keyboard can scroll it', async () => {
      const width = { content: 900, frame: 600 };
      vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(() => width.content);
      vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => width.frame);
      let resized = () => undefined as void;
      vi.stubGlobal(
        'ResizeObserver',
        class {
          constructor(callback: () => void) {
            resized = callback;
          }
          observe() {
            resized();
          }
          disconnect() {}
        },
      );
      const textOnly: Column<Row>[] = [{ id: 'name', header: 'Name', cell: (row) => row.name }];
      render(<Table label="Things" columns={textOnly} rows={[{ id: 1, name: 'Latte' }]} rowKey={(row) => row.id} emptyText="Nothing here." />);

      await userEvent.tab();
      expect(screen.getByRole('region', { name: 'Things' })).toHaveFocus();

      width.frame = 900;
      act(() => resized());
      expect(screen.queryByRole('region')).not.toBeInTheDocument();
    });
  });
});
