import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FirstFrame } from './first-frame';

describe('FirstFrame', () => {
  it('says when the first frame with the render is on screen, once', async () => {
    const onShown = vi.fn();
    const view = render(<FirstFrame onShown={onShown} />);
    expect(onShown).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(onShown).toHaveBeenCalledTimes(1));
    view.rerender(<FirstFrame onShown={onShown} />);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onShown).toHaveBeenCalledTimes(1);
  });

  it('does not wait for a frame in a tab opened in the background', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const onShown = vi.fn();
    render(<FirstFrame onShown={onShown} />);
    expect(onShown).toHaveBeenCalledTimes(1);
  });
});
