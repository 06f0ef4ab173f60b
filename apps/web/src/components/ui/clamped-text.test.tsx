import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ClampedText } from './clamped-text';

const NAME = 'Iced Caramel Macchiato with Oat Milk and an Extra Espresso Shot from the Mondulkiri Highlands';

describe('ClampedText', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('is plain text while it fits its two lines', async () => {
    render(<ClampedText text="Latte" />);
    const text = screen.getByText('Latte');
    expect(text).not.toHaveAttribute('title');
    await userEvent.tab();
    expect(text).not.toHaveFocus();
  });

  it('when cut, has its full text as a tooltip and takes the keyboard focus to open out', async () => {
    vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(() => 120);
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(() => 40);
    render(<ClampedText text={NAME} />);
    const text = screen.getByText(NAME);
    expect(text).toHaveAttribute('title', NAME);
    await userEvent.tab();
    expect(text).toHaveFocus();
    expect(text).toHaveClass('focus:line-clamp-none');
  });
});
