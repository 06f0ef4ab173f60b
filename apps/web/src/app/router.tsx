import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { AppLayout } from './layout/app-layout';
import { NotFoundPage } from './not-found-page';
import { RequireAuth } from './require-auth';
import { RoleGate } from './role-gate';
import { RootLayout } from './root-layout';
import { lazyScreen } from './lazy-screen';
import { RouteErrorPage } from './route-error-page';
import { ScreenError } from './screen-error';
import { screenPermission } from './screen-access';

/** Each screen is its own chunk, so the first load carries only the shell and the page shown. */
function page<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  const Screen = lazyScreen(load, name);
  return <Screen />;
}

const publicRoutes: RouteObject[] = [
  { path: 'sign-in', element: page(() => import('@/features/auth/components/sign-in-page'), 'SignInPage') },
  { path: 'sign-up', element: page(() => import('@/features/auth/components/sign-up-page'), 'SignUpPage') },
  {
    path: 'forgot-password',
    element: page(() => import('@/features/auth/components/forgot-password-page'), 'ForgotPasswordPage'),
  },
];

const productList = () => import('@/features/catalog/components/product-list-page');
const supplyList = () => import('@/features/purchasing/components/supply-list-page');

const consoleScreens: RouteObject[] = [
  { index: true, element: <Navigate to="/dashboard" replace /> },
  { path: 'dashboard', element: page(() => import('@/features/dashboard/components/dashboard-page'), 'DashboardPage') },
  { path: 'profile', element: page(() => import('@/features/profile/components/profile-page'), 'ProfilePage') },

  { path: 'products', element: page(productList, 'ProductListPage') },
  // The product form is a dialog over the list: /products/new is the list with that dialog open.
  { path: 'products/new', element: page(productList, 'ProductListPage') },
  { path: 'category-list', element: page(() => import('@/features/catalog/components/category-list-page'), 'CategoryListPage') },
  { path: 'unit-list', element: page(() => import('@/features/catalog/components/unit-list-page'), 'UnitListPage') },
  {
    path: 'modifier-groups',
    element: page(() => import('@/features/modifiers/components/modifier-group-list-page'), 'ModifierGroupListPage'),
  },
  {
    path: 'expire-product',
    element: page(() => import('@/features/inventory/components/expiring-products-page'), 'ExpiringProductsPage'),
  },
  { path: 'inventory', element: page(() => import('@/features/inventory/components/stock-inventory-page'), 'StockInventoryPage') },

  { path: 'sale', element: page(() => import('@/features/pos/components/pos-page'), 'PosPage') },
  { path: 'orders', element: page(() => import('@/features/sales/components/sales-orders-page'), 'SalesOrdersPage') },
  { path: 'shifts', element: page(() => import('@/features/shifts/components/shifts-page'), 'ShiftsPage') },
  { path: 'kitchen', element: page(() => import('@/features/kitchen/components/kitchen-page'), 'KitchenPage') },
  { path: 'promotions', element: page(() => import('@/features/promotions/components/promotion-list-page'), 'PromotionListPage') },
  { path: 'customers', element: page(() => import('@/features/customers/components/customer-list-page'), 'CustomerListPage') },

  { path: 'supplier', element: page(() => import('@/features/purchasing/components/supplier-list-page'), 'SupplierListPage') },
  // Both paths show the supplies list (docs/decisions/0005-readings-of-the-requirements.md).
  { path: 'supplies', element: page(supplyList, 'SupplyListPage') },
  { path: 'supplies-list', element: page(supplyList, 'SupplyListPage') },
  { path: 'supplies/create', element: page(() => import('@/features/purchasing/components/create-supply-page'), 'CreateSupplyPage') },
  { path: 'supplies-item', element: page(() => import('@/features/purchasing/components/supply-items-page'), 'SupplyItemsPage') },

  { path: 'report-sale', element: page(() => import('@/features/reports/components/sales-report-page'), 'SalesReportPage') },
  { path: 'report-purchase', element: page(() => import('@/features/reports/components/purchase-report-page'), 'PurchaseReportPage') },
  { path: 'report-stock', element: page(() => import('@/features/reports/components/stock-report-page'), 'StockReportPage') },

  { path: 'notifications', element: page(() => import('@/features/notifications/components/notifications-page'), 'NotificationsPage') },
  { path: 'chat', element: page(() => import('@/features/chat/components/chat-page'), 'ChatPage') },

  { path: 'users', element: page(() => import('@/features/users/components/users-page'), 'UsersPage') },

  { path: 'settings', element: page(() => import('@/features/settings/components/settings-page'), 'SettingsPage') },
  {
    path: 'settings/account',
    element: page(() => import('@/features/profile/components/account-settings-page'), 'AccountSettingsPage'),
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

export function createAppRouter() {
  return createBrowserRouter(routes);
}
