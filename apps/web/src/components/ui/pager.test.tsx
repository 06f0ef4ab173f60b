import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pageItems } from './pager';

describe('Pager', () => {
  it('is hidden when there is one page or none', () => {
    const { rerender } = render(<Pager page={1} lastPage={1} onPageChange={vi.fn()} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
    rerender(<Pager page={1} lastPage={0} onPageChange={vi.fn()} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });

  it('has previous/next and page numbers, the current one marked', async () => {
    const onPageChange = vi.fn();
    render(<Pager page={1} lastPage={7} onPageChange={onPageChange} />);
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(pager).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Page 7' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
    await userEvent.click(screen.getByRole('button', { name: 'Page 7' }));
    expect(onPageChange).toHaveBeenLastCalledWith(7);
  });

  it('disables next on the last page', () => {
    render(<Pager page={3} lastPage={3} onPageChange={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeEnabled();
  });

  it('shows the first, last and neighbouring pages with gaps between', () => {
    expect(pageItems(1, 7)).toEqual([1, 2, 'gap-after', 7]);
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(5, 10)).toEqual([1, 'gap-before', 4, 5, 6, 'gap-after', 10]);
    expect(pageItems(10, 10)).toEqual([1, 'gap-before', 9, 10]);
    expect(pageItems(2, 2)).toEqual([1, 2]);
  });
});
