import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '@/features/auth/session-store';
import { demoUser, jsonResponse, mockFetch } from '@/test/fetch-mock';
import { renderApp } from '@/test/render-app';

describe('console shell', () => {
  it('sends a visitor without a token to sign-in', async () => {
    mockFetch(() => jsonResponse(200, {}));
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth/sign-in');
  });

  it('sends a signed-in user from sign-in to the dashboard, and / to the dashboard', async () => {
    mockFetch(() => jsonResponse(200, { data: demoUser }));
    setSession('tok', demoUser);
    const { router } = renderApp('/auth/sign-in');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');

    await router.navigate('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('signs out when the stored token is refused', async () => {
    mockFetch(() => jsonResponse(401, { message: 'Unauthenticated.' }));
    setSession('revoked', demoUser);
    const { router } = renderApp('/dashboard');

    expect(await screen.findByText('Session expired. Please sign in again.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'));
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(localStorage.getItem('auth_user')).toBeNull();
  });

  it('shows the user in the profile menu and signs out even when the logout call fails', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockFetch((url) => (url === '/api/logout' ? jsonResponse(500, {}) : jsonResponse(200, { data: demoUser })));
    setSession('tok', demoUser);
    const user = userEvent.setup();
    const { router } = renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Open profile menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Sokha Chan')).toBeInTheDocument();
    expect(within(menu).getByText('admin@demo.shop')).toBeInTheDocument();
    expect(within(menu).getByText('Admin')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'View Profile' })).toHaveAttribute('href', '/profile');
    expect(within(menu).getByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute('href', '/settings/account');

    await user.click(within(menu).getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/sign-in'));
    expect(localStorage.getItem('access_token')).toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('switches the header to Khmer', async () => {
    mockFetch(() => jsonResponse(200, { data: demoUser }));
    setSession('tok', demoUser);
    const user = userEvent.setup();
    renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Change language' }));
    await user.click(await screen.findByRole('menuitemradio', { name: /ខ្មែរ/ }));

    expect(await screen.findByPlaceholderText('ស្វែងរកផលិតផល ការបញ្ជាទិញ អតិថិជន…')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('km');
    expect(localStorage.getItem('language')).toBe('kh');
    // Sidebar labels stay English.
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('shows a not-found page with a way home for unknown paths', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to dashboard' })).toHaveAttribute('href', '/dashboard');
  });
});
