import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Breadcrumb } from './breadcrumb';
import { breadcrumbItems } from './breadcrumb-items';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Breadcrumb />
    </MemoryRouter>,
  );
  return within(screen.getByRole('navigation', { name: 'Breadcrumb' }));
}

describe('Breadcrumb', () => {
  it('shows Dashboard then each capitalised segment, linking all but the last', () => {
    const crumbs = renderAt('/supplies/create');
    expect(crumbs.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(crumbs.getByRole('link', { name: 'Supplies' })).toHaveAttribute('href', '/supplies');
    expect(crumbs.getByText('Create')).toHaveAttribute('aria-current', 'page');
    expect(crumbs.queryByRole('link', { name: 'Create' })).toBeNull();
  });

  it('is just Dashboard on the dashboard', () => {
    const crumbs = renderAt('/dashboard');
    expect(crumbs.getAllByRole('listitem')).toHaveLength(1);
    expect(crumbs.getByText('Dashboard')).toHaveAttribute('aria-current', 'page');
  });

  it('capitalises only the first letter of a segment', () => {
    expect(breadcrumbItems('/category-list').map((crumb) => crumb.label)).toEqual(['Dashboard', 'Category-list']);
    expect(breadcrumbItems('/settings/account')).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Settings', to: '/settings' },
      { label: 'Account', to: '/settings/account' },
    ]);
  });
});
