import {
  BadgePercent,
  Bell,
  Boxes,
  ChartColumn,
  ChefHat,
  LayoutDashboard,
  LockKeyhole,
  MessageSquare,
  Package,
  Receipt,
  ScanBarcode,
  Truck,
  UserCog,
  UserRound,
  Wallet,
  Users,
  Warehouse,
  type LucideIcon,
} from 'lucide-react';
import type { Role } from '@shop/contracts/common';
import { can } from '@shop/contracts/permissions';
import { screenPermission } from '../screen-access';

export type SidebarLink = { kind: 'link'; label: string; to: string; icon: LucideIcon };
export type SidebarGroupChild = { label: string; to: string };
export type SidebarGroup = { kind: 'group'; id: string; label: string; icon: LucideIcon; children: SidebarGroupChild[] };
export type SidebarItem = SidebarLink | SidebarGroup;

// Sidebar labels stay English in both languages (docs/decisions/0005-readings-of-the-requirements.md), so they are not run through t().
export const SIDEBAR_ITEMS: SidebarItem[] = [
  { kind: 'link', label: 'Dashboard', to: '/dashboard', icon: LayoutDashboard },
  { kind: 'link', label: 'Profile', to: '/profile', icon: UserRound },
  {
    kind: 'group',
    id: 'products',
    label: 'Products',
    icon: Package,
    children: [
      { label: 'Product List', to: '/products' },
      { label: 'Expire', to: '/expire-product' },
      { label: 'Category', to: '/category-list' },
      { label: 'Unit', to: '/unit-list' },
      // Not among the required sidebar links: the drinks' options (size, sugar, ice, extras).
      { label: 'Modifiers', to: '/modifier-groups' },
    ],
  },
  {
    kind: 'group',
    id: 'reports',
    label: 'Reports',
    icon: ChartColumn,
    children: [
      { label: 'Sale Report', to: '/report-sale' },
      { label: 'Purchase Report', to: '/report-purchase' },
      { label: 'Stock Report', to: '/report-stock' },
    ],
  },
  { kind: 'link', label: 'Sale', to: '/orders', icon: Receipt },
  // Not among the required sidebar links, but the till (/sale) must be one click away for cashiers.
  { kind: 'link', label: 'POS', to: '/sale', icon: ScanBarcode },
  // Not among the required sidebar links: every till's shifts and Z-reports, for Managers and Admins.
  { kind: 'link', label: 'Shifts', to: '/shifts', icon: Wallet },
  // Not among the required sidebar links: the bar's and the kitchen's board of tickets to make.
  { kind: 'link', label: 'Kitchen', to: '/kitchen', icon: ChefHat },
  { kind: 'link', label: 'Customers', to: '/customers', icon: Users },
  { kind: 'link', label: 'Supplier', to: '/supplier', icon: Truck },
  {
    kind: 'group',
    id: 'supplies',
    label: 'Supplies',
    icon: Boxes,
    children: [
      { label: 'Supplies', to: '/supplies' },
      { label: 'Supplies List', to: '/supplies-list' },
      { label: 'Supply Items', to: '/supplies-item' },
    ],
  },
  { kind: 'link', label: 'Promotions', to: '/promotions', icon: BadgePercent },
  { kind: 'link', label: 'Inventory', to: '/inventory', icon: Warehouse },
  // Not among the required sidebar links: the staff accounts screen, for those who manage users.
  { kind: 'link', label: 'Users', to: '/users', icon: UserCog },
  {
    kind: 'group',
    id: 'pages',
    label: 'Pages',
    icon: LockKeyhole,
    children: [
      { label: 'Sign In', to: '/auth/sign-in' },
      { label: 'Sign Up', to: '/auth/sign-up' },
      { label: 'Forgot Password', to: '/auth/forgot-password' },
    ],
  },
  { kind: 'group', id: 'message', label: 'Message', icon: Bell, children: [{ label: 'Notifications', to: '/notifications' }] },
  { kind: 'group', id: 'chat', label: 'Chat', icon: MessageSquare, children: [{ label: 'Conversation', to: '/chat' }] },
];

/** The required rule, taken literally: a group is "current" when the path starts with a child route. */
export function groupContainsPath(group: SidebarGroup, pathname: string): boolean {
  return group.children.some((child) => pathname.startsWith(child.to));
}

/** Whether a role may open the screen behind a link (screen-access.ts). */
export function mayOpen(role: Role | null, to: string): boolean {
  const permission = screenPermission(to);
  return !permission || can(role, permission);
}

/**
 * The sidebar a role sees: links to screens it may open, and groups keeping only such links (a
 * group left empty is not shown).
 */
export function sidebarItemsFor(role: Role | null): SidebarItem[] {
  return SIDEBAR_ITEMS.flatMap((item): SidebarItem[] => {
    if (item.kind === 'link') return mayOpen(role, item.to) ? [item] : [];
    const children = item.children.filter((child) => mayOpen(role, child.to));
    return children.length > 0 ? [{ ...item, children }] : [];
  });
}
