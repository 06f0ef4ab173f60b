import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { RequireAuth } from './require-auth';
import { RoleGate } from './role-gate';
import { RootLayout } from './root-layout';
import { loadTill } from './early-screen';
import { lazyScreen } from './lazy-screen';
import { RouteErrorPage } from './route-error-page';
import { ScreenError } from './screen-error';
import { screenPermission } from './screen-access';

/** What a route's `handle` carries: how to fetch its screen's code ahead of its first render. */
type ScreenHandle = { preload: () => Promise<void> };

/** Each screen is its own chunk, so the first load carries only the shell and the page shown. */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): Pick<RouteObject, 'element' | 'handle'> {
  const Screen = lazyScreen(load, name);
  return { element: <Screen />, handle: { preload: Screen.preload } satisfies ScreenHandle };
}

const publicRoutes: RouteObject[] = [
  { path: 'sign-in', ...page(() => import('@/features/auth/components/sign-in-page'), 'SignInPage') },
  { path: 'sign-up', ...page(() => import('@/features/auth/components/sign-up-page'), 'SignUpPage') },
  {
    path: 'forgot-password',
    ...page(() => import('@/features/auth/components/forgot-password-page'), 'ForgotPasswordPage'),
  },
];

const productList = () => import('@/features/catalog/components/product-list-page');
const supplyList = () => import('@/features/purchasing/components/supply-list-page');

const consoleScreens: RouteObject[] = [
  { index: true, element: <Navigate to="/dashboard" replace /> },
  { path: 'dashboard', ...page(() => import('@/features/dashboard/components/dashboard-page'), 'DashboardPage') },
  { path: 'profile', ...page(() => import('@/features/profile/components/profile-page'), 'ProfilePage') },

  { path: 'products', ...page(productList, 'ProductListPage') },
  // The product form is a dialog over the list: /products/new is the list with that dialog open.
  { path: 'products/new', ...page(productList, 'ProductListPage') },
  { path: 'category-list', ...page(() => import('@/features/catalog/components/category-list-page'), 'CategoryListPage') },
  { path: 'unit-list', ...page(() => import('@/features/catalog/components/unit-list-page'), 'UnitListPage') },
  {
    path: 'modifier-groups',
    ...page(() => import('@/features/modifiers/components/modifier-group-list-page'), 'ModifierGroupListPage'),
  },
  {
    path: 'expire-product',
    ...page(() => import('@/features/inventory/components/expiring-products-page'), 'ExpiringProductsPage'),
  },
  { path: 'inventory', ...page(() => import('@/features/inventory/components/stock-inventory-page'), 'StockInventoryPage') },

  { path: 'sale', ...page(loadTill, 'PosPage') },
  { path: 'orders', ...page(() => import('@/features/sales/components/sales-orders-page'), 'SalesOrdersPage') },
  { path: 'shifts', ...page(() => import('@/features/shifts/components/shifts-page'), 'ShiftsPage') },
  { path: 'kitchen', ...page(() => import('@/features/kitchen/components/kitchen-page'), 'KitchenPage') },
  { path: 'promotions', ...page(() => import('@/features/promotions/components/promotion-list-page'), 'PromotionListPage') },
  { path: 'customers', ...page(() => import('@/features/customers/components/customer-list-page'), 'CustomerListPage') },

  { path: 'supplier', ...page(() => import('@/features/purchasing/components/supplier-list-page'), 'SupplierListPage') },
  // Both paths show the supplies list (docs/decisions/0005-readings-of-the-requirements.md).
  { path: 'supplies', ...page(supplyList, 'SupplyListPage') },
  { path: 'supplies-list', ...page(supplyList, 'SupplyListPage') },
  { path: 'supplies/create', ...page(() => import('@/features/purchasing/components/create-supply-page'), 'CreateSupplyPage') },
  { path: 'supplies-item', ...page(() => import('@/features/purchasing/components/supply-items-page'), 'SupplyItemsPage') },

  { path: 'report-sale', ...page(() => import('@/features/reports/components/sales-report-page'), 'SalesReportPage') },
  { path: 'report-purchase', ...page(() => import('@/features/reports/components/purchase-report-page'), 'PurchaseReportPage') },
  { path: 'report-stock', ...page(() => import('@/features/reports/components/stock-report-page'), 'StockReportPage') },

  { path: 'notifications', ...page(() => import('@/features/notifications/components/notifications-page'), 'NotificationsPage') },
  { path: 'chat', ...page(() => import('@/features/chat/components/chat-page'), 'ChatPage') },

  { path: 'users', ...page(() => import('@/features/users/components/users-page'), 'UsersPage') },

  { path: 'settings', ...page(() => import('@/features/settings/components/settings-page'), 'SettingsPage') },
  {
    path: 'settings/account',
    ...page(() => import('@/features/profile/components/account-settings-page'), 'AccountSettingsPage'),
  },
];

/** Screens that need a permission show the calm "not available" page to other roles (screen-access.ts). */
const consoleRoutes: RouteObject[] = consoleScreens.map((route) => {
  const permission = route.path ? screenPermission(route.path) : undefined;
  return permission ? { ...route, element: <RoleGate permission={permission}>{route.element}</RoleGate> } : route;
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorPage />,
    children: [
      { path: 'auth', children: publicRoutes },
      {
        element: <RequireAuth />,
        children: [
          {
            path: '/',
            element: <AppLayout />,
            // A screen that fails (or whose code cannot be fetched) fails inside the layout.
            children: [{ errorElement: <ScreenError />, children: consoleRoutes }],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Fetches the code of the screen at `pathname` (nothing when no screen matches). */
export function preloadScreen(pathname: string): Promise<void> {
  const handle = matchRoutes(routes, pathname)?.at(-1)?.route.handle as ScreenHandle | undefined;
  return handle ? handle.preload() : Promise.resolve();
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
