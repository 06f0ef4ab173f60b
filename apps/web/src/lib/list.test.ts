import { describe, expect, it } from 'vitest';
import { pageAfterDelete, prependToPage, removeFromPage, replaceInPage } from './list';

const page = (ids: number[], total: number) => ({
  data: ids.map((id) => ({ id, name: `#${id}` })),
  meta: { total, per_page: 5, current_page: 1, last_page: Math.ceil(total / 5) },
});

describe('list page updates', () => {
  it('prepends, keeps at most a page of rows and raises the total', () => {
    const next = prependToPage(page([5, 4, 3, 2, 1], 5), { id: 6, name: '#6' });
    expect(next.data.map((row) => row.id)).toEqual([6, 5, 4, 3, 2]);
    expect(next.meta).toMatchObject({ total: 6, last_page: 2 });
  });

  it('replaces a row in place', () => {
    const next = replaceInPage(page([2, 1], 2), { id: 1, name: 'renamed' });
    expect(next.data).toEqual([
      { id: 2, name: '#2' },
      { id: 1, name: 'renamed' },
    ]);
  });

  it('removes a row and lowers the total', () => {
    const next = removeFromPage(page([6], 6), 6);
    expect(next.data).toEqual([]);
    expect(next.meta).toMatchObject({ total: 5, last_page: 1 });
    expect(removeFromPage(page([1], 1), 99).meta.total).toBe(1);
  });

  it('moves back a page only when the last row of a page past the first goes', () => {
    expect(pageAfterDelete(2, 1)).toBe(1);
    expect(pageAfterDelete(2, 3)).toBe(2);
    expect(pageAfterDelete(1, 1)).toBe(1);
  });
});
