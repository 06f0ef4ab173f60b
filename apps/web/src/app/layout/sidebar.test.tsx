import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Tooltip } from 'radix-ui';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { setSession } from '@/features/auth/session-store';
import { demoUser } from '@/test/fetch-mock';
import { SidebarPanel } from './sidebar';

function renderSidebarAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Tooltip.Provider>
        <SidebarPanel collapsed={false} />
      </Tooltip.Provider>
    </MemoryRouter>,
  );
}

describe('Sidebar', () => {
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

  it('hides the Users link from Managers and Staff', () => {
    setSession('tok', { ...demoUser, role: 'Manager' });
    renderSidebarAt('/dashboard');
    expect(screen.getByRole('link', { name: 'Customers' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Users' })).toBeNull();
  });
});
