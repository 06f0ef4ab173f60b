import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tooltip } from 'radix-ui';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { setSession } from '@/features/auth/session-store';
import { demoUser } from '@/test/fetch-mock';
import { SidebarPanel, type Badges } from './sidebar';

function renderSidebarAt(path: string, { collapsed = false, badges }: { collapsed?: boolean; badges?: Badges } = {}) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Tooltip.Provider>
        <SidebarPanel collapsed={collapsed} badges={badges} />
      </Tooltip.Provider>
    </MemoryRouter>,
  );
}

describe('Sidebar', () => {
  beforeEach(() => setSession('tok', demoUser));

  it('opens the group that holds the current page and highlights its link', () => {
    renderSidebarAt('/category-list');

    expect(screen.getByRole('button', { name: 'Products' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Category' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Product List' })).not.toHaveAttribute('aria-current');

    expect(screen.getByRole('button', { name: 'Reports' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('link', { name: 'Sale Report' })).toBeNull();
  });

  it('opens the Products group on a nested product path', () => {
    renderSidebarAt('/products/new');
    expect(screen.getByRole('link', { name: 'Product List' })).toHaveAttribute('aria-current', 'page');
  });

  it('toggles a group when its header is clicked', async () => {
    const user = userEvent.setup();
    renderSidebarAt('/dashboard');

    await user.click(screen.getByRole('button', { name: 'Reports' }));
    expect(screen.getByRole('link', { name: 'Sale Report' })).toHaveAttribute('href', '/report-sale');

    await user.click(screen.getByRole('button', { name: 'Reports' }));
    expect(screen.queryByRole('link', { name: 'Sale Report' })).toBeNull();
  });

  it('lists the plain items in English, including the till', () => {
    renderSidebarAt('/dashboard');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Sale' })).toHaveAttribute('href', '/orders');
    expect(screen.getByRole('link', { name: 'POS' })).toHaveAttribute('href', '/sale');
    expect(screen.getByRole('link', { name: 'Inventory' })).toHaveAttribute('href', '/inventory');
  });

  it('shows the Users link to Admins only', () => {
    setSession('tok', { ...demoUser, role: 'Admin' });
    renderSidebarAt('/dashboard');
    expect(screen.getByRole('link', { name: 'Users' })).toHaveAttribute('href', '/users');
  });

  it('hides the Users link from Managers, who keep reports, suppliers and supplies', async () => {
    const user = userEvent.setup();
    setSession('tok', { ...demoUser, role: 'Manager' });
    renderSidebarAt('/dashboard');
    expect(screen.getByRole('link', { name: 'Customers' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Supplier' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Reports' }));
    expect(screen.getByRole('link', { name: 'Stock Report' })).toBeInTheDocument();
  });

  it("shows Staff the till, their sales, the catalogue, stock and customers, and no reports, purchasing or users", async () => {
    const user = userEvent.setup();
    setSession('tok', { ...demoUser, role: 'Staff' });
    renderSidebarAt('/dashboard');
    for (const name of ['Dashboard', 'POS', 'Sale', 'Customers', 'Promotions', 'Inventory']) expect(screen.getByRole('link', { name })).toBeInTheDocument();
    for (const name of ['Supplier', 'Users']) expect(screen.queryByRole('link', { name })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reports' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Supplies' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Products' }));
    expect(screen.getByRole('link', { name: 'Product List' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Expire' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Category' })).toBeInTheDocument();
  });

  it('shows the unread count on Notifications, and on the Message group while it is folded', async () => {
    const user = userEvent.setup();
    renderSidebarAt('/notifications', { badges: { '/notifications': 12 } });
    const link = screen.getByRole('link', { name: 'Notifications, 12 unread' });
    expect(link).toHaveTextContent('9+');

    await user.click(screen.getByRole('button', { name: 'Message' }));
    expect(screen.queryByRole('link', { name: /Notifications/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Message, 12 unread' })).toHaveTextContent('9+');
  });

  it('counts on the collapsed icon too, and shows nothing at zero', () => {
    renderSidebarAt('/dashboard', { collapsed: true, badges: { '/notifications': 3 } });
    expect(screen.getByRole('button', { name: 'Message, 3 unread' }).textContent).toBe('3');
    cleanup();
    renderSidebarAt('/dashboard', { collapsed: true, badges: { '/notifications': 0 } });
    expect(screen.getByRole('button', { name: 'Message' }).textContent).toBe('');
  });
});
