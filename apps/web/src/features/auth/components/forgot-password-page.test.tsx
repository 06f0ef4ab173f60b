import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const ASK_ADMIN = 'No e-mail arriving? Ask the shop’s Admin: they can set a new password for you on the Users screen.';

describe('Forgot password page', () => {
  it('says an Admin can set a new password, on the page and in the alert, without calling the server', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const fetchMock = mockFetch(() => new Response(null, { status: 500 }));
    const user = userEvent.setup();
    renderApp('/auth/forgot-password');

    expect(await screen.findByText(ASK_ADMIN)).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'pov@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(alert).toHaveBeenCalledTimes(1));
    const text = String(alert.mock.calls[0]![0]);
    expect(text).toContain('A password reset link has been sent to pov@example.com.');
    expect(text).toContain(ASK_ADMIN);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
