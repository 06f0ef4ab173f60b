import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePage } from './use-page';

describe('usePage', () => {
  it('goes back to page 1 whenever the search or filter changes, even back to an earlier one', () => {
    const { result, rerender } = renderHook(({ key }) => usePage(key), { initialProps: { key: '' } });
    act(() => result.current[1](3));
    expect(result.current[0]).toBe(3);

    rerender({ key: 'tea' });
    expect(result.current[0]).toBe(1);
    act(() => result.current[1](2));
    rerender({ key: '' });
    expect(result.current[0]).toBe(1);
  });

  it('never goes below page 1', () => {
    const { result } = renderHook(() => usePage(''));
    act(() => result.current[1](0));
    expect(result.current[0]).toBe(1);
  });
});
