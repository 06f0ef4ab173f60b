import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

const SIGNED_UP = 'Signed up! An administrator will approve your account before you can sign in.';

async function fillAndSubmit(email: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Name'), 'Srey Pov');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), 'brew-7-beans');
  await user.click(screen.getByRole('button', { name: 'Sign Up' }));
}

describe('Sign-up page', () => {
  it("posts the sign-up, alerts the server's message and opens sign-in", async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    const fetchMock = mockFetch(() => jsonResponse(201, { message: SIGNED_UP }));
    const { router } = renderApp('/auth/sign-up');

    await fillAndSubmit('pov@example.com');

    await waitFor(() => expect(alert).toHaveBeenCalledWith(SIGNED_UP));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(String(url)).toMatch(/\/api\/signup$/);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Srey Pov', email: 'pov@example.com', password: 'brew-7-beans' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'));
  });

  it("shows 'Signing up...' on a disabled button while the request runs", async () => {
    mockFetch(() => new Promise<Response>(() => undefined));
    renderApp('/auth/sign-up');

    await fillAndSubmit('pov@example.com');

    expect(await screen.findByRole('button', { name: 'Signing up...' })).toBeDisabled();
  });

  it('puts a taken e-mail on the e-mail field and stays on the page', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    mockFetch(() =>
      jsonResponse(409, {
        message: 'An account with this email already exists.',
        errors: { email: ['An account with this email already exists.'] },
      }),
    );
    const { router } = renderApp('/auth/sign-up');

    await fillAndSubmit('staff@demo.shop');

    expect(await screen.findByText('An account with this email already exists.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(alert).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/auth/sign-up');
  });

  it('checks the fields before sending anything', async () => {
    const fetchMock = mockFetch(() => jsonResponse(500, {}));
    const user = userEvent.setup();
    renderApp('/auth/sign-up');

    await user.click(await screen.findByRole('button', { name: 'Sign Up' }));

    expect(await screen.findByText('Name is required.')).toBeInTheDocument();
    expect(screen.getByText('Use at least 8 characters.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
