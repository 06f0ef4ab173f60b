import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('Sign-in page', () => {
  it('shows field errors and sends nothing when the form is empty', async () => {
    const fetchMock = mockFetch(() => jsonResponse(500, {}));
    renderApp('/auth/sign-in');

    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("shows 'Signing in...' on a disabled button while the request runs", async () => {
    mockFetch(() => new Promise<Response>(() => undefined));
    renderApp('/auth/sign-in');

    await fillAndSubmit('admin@demo.shop', 'demo1234');

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
  });

  it("shows the server's reason in a red banner when sign-in is refused", async () => {
    mockFetch(() => jsonResponse(401, { message: 'These credentials do not match our records.' }));
    renderApp('/auth/sign-in');

    await fillAndSubmit('admin@demo.shop', 'wrong');

    expect(await screen.findByRole('alert')).toHaveTextContent('These credentials do not match our records.');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it("falls back to 'Login failed', and reports a missing token", async () => {
    mockFetch(() => jsonResponse(500, {}));
    const { unmount } = renderApp('/auth/sign-in');
    await fillAndSubmit('admin@demo.shop', 'demo1234');
    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
    unmount();

    mockFetch(() => jsonResponse(200, { token_type: 'Bearer', user: demoUser }));
    renderApp('/auth/sign-in');
    await fillAndSubmit('admin@demo.shop', 'demo1234');
    expect(await screen.findByRole('alert')).toHaveTextContent('No access token returned from server');
  });

  it('trims the e-mail, stores the session and opens the dashboard', async () => {
    const fetchMock = mockFetch((url) =>
      url === '/api/login'
        ? jsonResponse(200, { access_token: 'tok-1', token_type: 'Bearer', user: demoUser })
        : jsonResponse(200, { data: demoUser }),
    );
    const { router } = renderApp('/auth/sign-in');

    await fillAndSubmit('  admin@demo.shop  ', 'demo1234');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(JSON.parse(fetchMock.mock.calls[0]?.[1]?.body as string)).toEqual({ email: 'admin@demo.shop', password: 'demo1234' });
    expect(localStorage.getItem('access_token')).toBe('tok-1');
    expect(JSON.parse(localStorage.getItem('auth_user') ?? 'null')).toMatchObject({ email: 'admin@demo.shop' });
  });

  it('returns to the page the visitor first asked for', async () => {
    mockFetch((url) =>
      url === '/api/login'
        ? jsonResponse(200, { access_token: 'tok-1', token_type: 'Bearer', user: demoUser })
        : jsonResponse(200, { data: demoUser }),
    );
    const { router } = renderApp('/customers');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'));

    await fillAndSubmit('admin@demo.shop', 'demo1234');

    expect(await screen.findByRole('heading', { level: 1, name: 'Customers' })).toBeInTheDocument();
  });

  it('asks for a code when the account has two-step sign-in, and resends email, password and code', async () => {
    const bodies: unknown[] = [];
    mockFetch((url, init) => {
      if (url !== '/api/login') return jsonResponse(200, { data: demoUser });
      const body = JSON.parse(init.body as string) as { code?: string };
      bodies.push(body);
      if (!body.code) return jsonResponse(200, { two_factor_required: true, message: 'Enter the 6-digit code from your authenticator app, or one of your backup codes.' });
      if (body.code !== '4f7k-2m9q') return jsonResponse(401, { message: 'That code is not valid. Check the time on your phone and try again.' });
      return jsonResponse(200, { access_token: 'tok-2fa', token_type: 'Bearer', user: demoUser });
    });
    const user = userEvent.setup();
    const { router } = renderApp('/auth/sign-in');

    await fillAndSubmit('admin@demo.shop', 'demo1234');

    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    const code = screen.getByLabelText('Code');
    expect(code).toHaveFocus();
    expect(localStorage.getItem('access_token')).toBeNull();

    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That code is not valid. Check the time on your phone and try again.');

    await user.clear(code);
    await user.type(code, '4f7k-2m9q');
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('access_token')).toBe('tok-2fa');
    expect(bodies).toEqual([
      { email: 'admin@demo.shop', password: 'demo1234' },
      { email: 'admin@demo.shop', password: 'demo1234', code: '123456' },
      { email: 'admin@demo.shop', password: 'demo1234', code: '4f7k-2m9q' },
    ]);
  });

  it('needs a code before verifying, and Back returns to the password step with the e-mail kept', async () => {
    const fetchMock = mockFetch(() => jsonResponse(200, { two_factor_required: true, message: 'Enter the code.' }));
    const user = userEvent.setup();
    renderApp('/auth/sign-in');
    await fillAndSubmit('manager@demo.shop', 'demo1234');

    await user.click(await screen.findByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Enter the code from your authenticator app.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Email')).toHaveValue('manager@demo.shop');
    expect(screen.getByLabelText('Password')).toHaveValue('');
  });
});
