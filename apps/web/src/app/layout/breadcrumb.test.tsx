import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { switchLanguage } from '@/lib/i18n';
import en from '@/lib/locales/en.json';
import kh from '@/lib/locales/kh.json';
import { routes } from '../router';
import { Breadcrumb } from './breadcrumb';
import { breadcrumbItems, SPOKEN_LABELS } from './breadcrumb-items';

function renderAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Breadcrumb />
    </MemoryRouter>,
  );
  return within(screen.getByRole('navigation', { name: /Breadcrumb|ទីតាំង/ }));
}

/** Every path of the console's route table, e.g. `/supplies/create`. */
function consolePaths(): string[] {
  const paths: string[] = [];
  const walk = (list: typeof routes, parent: string) => {
    for (const route of list) {
      const path = route.path ? `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}` : parent;
      if (route.path && !route.children && path !== '/*') paths.push(path);
      if (route.children) walk(route.children, path);
    }
  };
  walk(routes, '');
  return paths.filter((path) => !path.startsWith('/auth'));
}

describe('Breadcrumb', () => {
  it('shows Dashboard then each page in spoken words, linking all but the last', () => {
    const crumbs = renderAt('/supplies/create');
    expect(crumbs.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(crumbs.getByRole('link', { name: 'Supplies' })).toHaveAttribute('href', '/supplies');
    expect(crumbs.getByText('New supply')).toHaveAttribute('aria-current', 'page');
    expect(crumbs.queryByRole('link', { name: 'New supply' })).toBeNull();
  });

  it('is just Dashboard on the dashboard', () => {
    const crumbs = renderAt('/dashboard');
    expect(crumbs.getAllByRole('listitem')).toHaveLength(1);
    expect(crumbs.getByText('Dashboard')).toHaveAttribute('aria-current', 'page');
  });

  it('names pages as people say them, and keeps an unknown segment as written, capitalised', () => {
    expect(breadcrumbItems('/category-list').map((crumb) => crumb.label)).toEqual(['Dashboard', 'Categories']);
    expect(breadcrumbItems('/report-sale').map((crumb) => crumb.label)).toEqual(['Dashboard', 'Sales report']);
    expect(breadcrumbItems('/sale').map((crumb) => crumb.label)).toEqual(['Dashboard', 'Point of Sale']);
    expect(breadcrumbItems('/settings/account')).toEqual([
      { label: 'Dashboard', to: '/dashboard', spoken: true },
      { label: 'Settings', to: '/settings', spoken: true },
      { label: 'Account settings', to: '/settings/account', spoken: true },
    ]);
    expect(breadcrumbItems('/products/caf%C3%A9-latte')).toEqual([
      { label: 'Dashboard', to: '/dashboard', spoken: true },
      { label: 'Products', to: '/products', spoken: true },
      { label: 'Café-latte', to: '/products/caf%C3%A9-latte', spoken: false },
    ]);
    expect(breadcrumbItems('/report-sales').map((crumb) => crumb.label)).toEqual(['Dashboard', 'Report-sales']);
  });

  it('has spoken words, in English and Khmer, for every console route', () => {
    const paths = consolePaths();
    expect(paths).toContain('/supplies-item');
    for (const path of paths) {
      const label = SPOKEN_LABELS[path];
      expect(label, path).toBeDefined();
      expect(en, path).toHaveProperty([label ?? '']);
      expect(kh, path).toHaveProperty([label ?? '']);
    }
  });

  it('reads in Khmer when the console is in Khmer, leaving an unknown segment as written', async () => {
    await switchLanguage('kh');
    const crumbs = renderAt('/report-stock/abc');
    expect(crumbs.getByRole('link', { name: 'ផ្ទាំងគ្រប់គ្រង' })).toHaveAttribute('href', '/dashboard');
    expect(crumbs.getByRole('link', { name: 'របាយការណ៍ស្តុក' })).toHaveAttribute('href', '/report-stock');
    expect(crumbs.getByText('Abc')).toHaveAttribute('aria-current', 'page');
  });
});
