import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider, queryOptions } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Paginated } from './list';
import { useListScreen, type ListParams } from './use-list-screen';

type Row = { id: number; name: string };

/** A server of `total` rows, newest (highest id) first, `perPage` to a page. */
function pages(total: number, perPage = 2) {
  const rows: Row[] = Array.from({ length: total }, (_, index) => ({ id: total - index, name: `#${total - index}` }));
  const queryFn = vi.fn(({ page }: ListParams & { tag: string }): Promise<Paginated<Row>> =>
    Promise.resolve({
      data: rows.slice((page - 1) * perPage, page * perPage),
      meta: { total: rows.length, per_page: perPage, current_page: page, last_page: Math.max(1, Math.ceil(rows.length / perPage)) },
    }),
  );
  const options = (params: ListParams & { tag: string }) =>
    queryOptions({ queryKey: ['rows', 'list', { ...params, per_page: perPage }], queryFn: () => queryFn(params) });
  return { rows, queryFn, options };
}

type DeleteCall = { isPending: boolean; mutate: (id: number, handlers: { onSuccess: (saved: unknown) => void }) => void };
type Moves = {
  afterCreate?: 'first-page' | 'prepend';
  afterDelete?: 'move-back' | 'remove' | 'refill';
  remove?: { call: DeleteCall; deleted: string; failed: string };
};

function setup(server: ReturnType<typeof pages>, moves: Moves = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  const hook = renderHook(
    ({ tag }) =>
      useListScreen({
        query: (params) => server.options({ ...params, tag }),
        rowKey: (row) => row.id,
        loadFailed: 'Failed to load rows',
        ...moves,
      }),
    { wrapper, initialProps: { tag: 'all' } },
  );
  return { ...hook, queryClient };
}

describe('useListScreen', () => {
  it('starts again from page 1 when a filter in the query changes', async () => {
    const { result, rerender } = setup(pages(5));
    await waitFor(() => expect(result.current.rows).toHaveLength(2));
    act(() => result.current.setPage(3));
    await waitFor(() => expect(result.current.query.data?.meta.current_page).toBe(3));

    rerender({ tag: 'some' });
    await waitFor(() => expect(result.current.query.data?.meta.current_page).toBe(1));
  });

  it("puts a new row first on page 1 without a reload ('prepend'), or goes to page 1 from another page", async () => {
    const server = pages(3);
    const { result } = setup(server, { afterCreate: 'prepend' });
    await waitFor(() => expect(result.current.rows?.map((row) => row.id)).toEqual([3, 2]));
    const calls = server.queryFn.mock.calls.length;

    act(() => result.current.afterSave('created', { id: 9, name: 'new' }));
    expect(result.current.rows?.map((row) => row.id)).toEqual([9, 3]);
    expect(result.current.query.data?.meta.total).toBe(4);
    expect(server.queryFn.mock.calls.length).toBe(calls);

    act(() => result.current.setPage(2));
    await waitFor(() => expect(result.current.query.data?.meta.current_page).toBe(2));
    act(() => result.current.afterSave('created', { id: 10, name: 'newer' }));
    await waitFor(() => expect(result.current.query.data?.meta.current_page).toBe(1));
  });

  it("after a delete drops the row and refills the page ('refill'), or moves back from an emptied page", async () => {
    const server = pages(3);
    const remove: DeleteCall = { isPending: false, mutate: vi.fn((_id, handlers) => handlers.onSuccess(undefined)) };
    const { result } = setup(server, { afterDelete: 'refill', remove: { call: remove, deleted: 'Deleted', failed: 'Delete failed' } });
    await waitFor(() => expect(result.current.rows).toHaveLength(2));

    act(() => result.current.confirmDelete({ id: 3, name: '#3' }));
    act(() => result.current.deleteDialog.onConfirm());
    expect(remove.mutate).toHaveBeenCalledWith(3, expect.anything());
    expect(result.current.deleting).toBeNull();
    await waitFor(() => expect(server.queryFn).toHaveBeenLastCalledWith(expect.objectContaining({ page: 1 })));

    act(() => result.current.setPage(2));
    await waitFor(() => expect(result.current.rows?.map((row) => row.id)).toEqual([1]));
    act(() => result.current.confirmDelete({ id: 1, name: '#1' }));
    act(() => result.current.deleteDialog.onConfirm());
    await waitFor(() => expect(result.current.query.data?.meta.current_page).toBe(1));
  });
});
