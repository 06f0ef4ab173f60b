import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { ChevronDown } from 'lucide-react';
import { Popover, Tooltip } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation, useMatch } from 'react-router';
import { BrandMark } from '@/components/ui/brand-mark';
import { CountBadge } from '@/components/ui/count-badge';
import { useSession } from '@/features/auth/session-store';
import { cn } from '@/lib/cn';
import { groupContainsPath, sidebarItemsFor, type SidebarGroup, type SidebarLink } from './sidebar-nav';

export const SIDEBAR_WIDTH = { expanded: 220, collapsed: 90 } as const;

// Sidebar entries grow to 44 px on a touch screen (collapsed icons are 44 px everywhere).
const itemBase =
  'flex items-center rounded-lg text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-[-2px] focus-visible:outline-indigo-500';
const itemIdle =
  'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white';
const itemActive = 'bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300';
const collapsedItem = 'mx-auto size-11 justify-center';

type NavigateHandler = (() => void) | undefined;

/** Counts shown beside sidebar links, by route (the header's bell shows the same unread count). */
export type Badges = Record<string, number>;

function groupCount(group: SidebarGroup, badges: Badges): number {
  return group.children.reduce((sum, child) => sum + (badges[child.to] ?? 0), 0);
}

/** Said after a link's name, so a screen reader hears the number the badge shows. */
function CountText({ count }: { count: number }) {
  const { t } = useTranslation();
  return count > 0 ? <span className="sr-only">{`, ${t('{{count}} unread', { count })}`}</span> : null;
}

export function SidebarPanel({ collapsed, onNavigate, badges = {} }: { collapsed: boolean; onNavigate?: () => void; badges?: Badges }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const groups = useGroupOpenState(pathname);
  const role = useSession()?.user?.role ?? null;
  const items = sidebarItemsFor(role);

  return (
    <div className="flex h-full flex-col">
      <div
        className={cn(
          'flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 dark:border-slate-800',
          collapsed ? 'justify-center' : 'px-5',
        )}
      >
        <BrandMark />
        <span className={cn('min-w-0 leading-tight', collapsed && 'sr-only')}>
          <span className="block truncate text-[15px] font-semibold text-slate-900 dark:text-white">Shop Admin</span>
          <span className="block truncate text-xs text-slate-500 dark:text-slate-400">Back office</span>
        </span>
      </div>

      <nav aria-label={t('Main navigation')} className="flex-1 overflow-y-auto px-3 py-3">
        <ul className="space-y-0.5">
          {items.map((item) => {
            if (item.kind === 'link') {
              return (
                <li key={item.to}>
                  {collapsed ? (
                    <CollapsedLink item={item} onNavigate={onNavigate} />
                  ) : (
                    <ExpandedLink item={item} onNavigate={onNavigate} />
                  )}
                </li>
              );
            }
            const current = groupContainsPath(item, pathname);
            return (
              <li key={item.id}>
                {collapsed ? (
                  <GroupFlyout group={item} current={current} badges={badges} onNavigate={onNavigate} />
                ) : (
                  <ExpandedGroup
                    group={item}
                    current={current}
                    open={groups.isOpen(item)}
                    onToggle={() => groups.toggle(item)}
                    badges={badges}
                    onNavigate={onNavigate}
                  />
                )}
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}

/**
 * A group is open while the current page is one of its children, unless the user closed it
 * here; a toggle is remembered until the user navigates into that group from elsewhere.
 */
function useGroupOpenState(pathname: string) {
  const [toggles, setToggles] = useState<Record<string, { open: boolean; at: string }>>({});

  function isOpen(group: SidebarGroup): boolean {
    const containsPath = groupContainsPath(group, pathname);
    const toggle = toggles[group.id];
    if (!toggle || (containsPath && toggle.at !== pathname)) return containsPath;
    return toggle.open;
  }

  function toggle(group: SidebarGroup): void {
    setToggles((previous) => ({ ...previous, [group.id]: { open: !isOpen(group), at: pathname } }));
  }

  return { isOpen, toggle };
}

function ExpandedLink({ item, onNavigate }: { item: SidebarLink; onNavigate: NavigateHandler }) {
  const Icon = item.icon;
  return (
    <NavLink
      to={item.to}
      onClick={onNavigate}
      className={({ isActive }) => cn(itemBase, 'h-9 gap-3 px-3 pointer-coarse:h-11', isActive ? itemActive : itemIdle)}
    >
      <Icon aria-hidden className="size-[18px] shrink-0" />
      <span className="truncate">{item.label}</span>
    </NavLink>
  );
}

function CollapsedLink({ item, onNavigate }: { item: SidebarLink; onNavigate: NavigateHandler }) {
  const Icon = item.icon;
  // Radix's Slot joins classNames as strings, so NavLink's className callback cannot be used here.
  const active = useMatch({ path: item.to, end: false }) !== null;
  return (
    <Tooltip.Root>
      <Tooltip.Trigger asChild>
        <NavLink to={item.to} onClick={onNavigate} className={cn(itemBase, collapsedItem, active ? itemActive : itemIdle)}>
          <Icon aria-hidden className="size-5" />
          <span className="sr-only">{item.label}</span>
        </NavLink>
      </Tooltip.Trigger>
      <Tooltip.Portal>
        <Tooltip.Content
          side="right"
          sideOffset={10}
          className="z-50 rounded-md bg-slate-900 px-2.5 py-1.5 text-xs font-medium text-white shadow-md dark:bg-slate-700"
        >
          {item.label}
          <Tooltip.Arrow className="fill-slate-900 dark:fill-slate-700" />
        </Tooltip.Content>
      </Tooltip.Portal>
    </Tooltip.Root>
  );
}

function ExpandedGroup({
  group,
  current,
  open,
  onToggle,
  badges,
  onNavigate,
}: {
  group: SidebarGroup;
  current: boolean;
  open: boolean;
  onToggle: () => void;
  badges: Badges;
  onNavigate: NavigateHandler;
}) {
  const Icon = group.icon;
  // A closed group shows its children's counts, so nothing waiting is hidden by folding it.
  const hiddenCount = open ? 0 : groupCount(group, badges);
  const listId = `sidebar-group-${group.id}`;
  return (
    <>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
        className={cn(
          itemBase,
          'h-9 w-full gap-3 px-3 text-left pointer-coarse:h-11',
          current ? 'text-indigo-700 hover:bg-slate-100 dark:text-indigo-300 dark:hover:bg-slate-800' : itemIdle,
        )}
      >
        <Icon aria-hidden className="size-[18px] shrink-0" />
        <span className="flex-1 truncate">
          {group.label}
          <CountText count={hiddenCount} />
        </span>
        <CountBadge count={hiddenCount} />
        <ChevronDown aria-hidden className={cn('size-4 shrink-0 transition-transform', open ? 'rotate-180' : '')} />
      </button>
      {open ? (
        <ul id={listId} className="mt-1 ml-[21px] space-y-0.5 border-l border-slate-200 pl-3 dark:border-slate-800">
          {group.children.map((child) => (
            <li key={child.to}>
              <NavLink
                to={child.to}
                onClick={onNavigate}
                className={({ isActive }) =>
                  cn(itemBase, 'h-8 gap-2 px-3 font-normal pointer-coarse:h-11', isActive ? cn(itemActive, 'font-medium') : itemIdle)
                }
              >
                <span className="flex-1 truncate">
                  {child.label}
                  <CountText count={badges[child.to] ?? 0} />
                </span>
                <CountBadge count={badges[child.to] ?? 0} />
              </NavLink>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

const FLYOUT_CLOSE_DELAY_MS = 150;

/**
 * Collapsed groups show their links in a fly-out: hover or keyboard focus shows it, a click
 * (or Enter) also moves focus into it, Escape closes it and returns focus to the icon.
 */
function GroupFlyout({
  group,
  current,
  badges,
  onNavigate,
}: {
  group: SidebarGroup;
  current: boolean;
  badges: Badges;
  onNavigate: NavigateHandler;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  const focusLinksOnOpen = useRef(false);
  const returnFocusOnClose = useRef(false);
  const skipNextFocus = useRef(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);

  useEffect(() => () => window.clearTimeout(closeTimer.current), []);

  function show(focusLinks: boolean) {
    window.clearTimeout(closeTimer.current);
    focusLinksOnOpen.current = focusLinks;
    if (open && focusLinks) contentRef.current?.querySelector('a')?.focus();
    setOpen(true);
  }

  function hideAfterMouseLeaves(event: PointerEvent) {
    if (event.pointerType !== 'mouse') return;
    window.clearTimeout(closeTimer.current);
    closeTimer.current = window.setTimeout(() => setOpen(false), FLYOUT_CLOSE_DELAY_MS);
  }

  function closeAndNavigate() {
    setOpen(false);
    onNavigate?.();
  }

  const Icon = group.icon;
  const count = groupCount(group, badges);
  const label = count > 0 ? `${group.label}, ${t('{{count}} unread', { count })}` : group.label;
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <button
          ref={triggerRef}
          type="button"
          aria-label={label}
          onPointerEnter={(event) => {
            if (event.pointerType === 'mouse') show(false);
          }}
          onPointerLeave={hideAfterMouseLeaves}
          onFocus={() => {
            if (skipNextFocus.current) skipNextFocus.current = false;
            else show(false);
          }}
          onClick={(event) => {
            // Radix would toggle; hovering already opened it, so a click should keep it open.
            event.preventDefault();
            show(true);
          }}
          className={cn(itemBase, collapsedItem, 'relative', current ? itemActive : itemIdle)}
        >
          <Icon aria-hidden className="size-5" />
          <CountBadge count={count} className="absolute -top-1 -right-1" />
          <ChevronDown aria-hidden className="absolute right-0.5 size-3 -rotate-90 opacity-60" />
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          ref={contentRef}
          aria-label={group.label}
          side="right"
          align="start"
          sideOffset={12}
          onPointerEnter={() => window.clearTimeout(closeTimer.current)}
          onPointerLeave={hideAfterMouseLeaves}
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            if (focusLinksOnOpen.current) contentRef.current?.querySelector('a')?.focus();
          }}
          onEscapeKeyDown={() => {
            returnFocusOnClose.current = true;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!returnFocusOnClose.current) return;
            returnFocusOnClose.current = false;
            if (document.activeElement !== triggerRef.current) {
              skipNextFocus.current = true;
              triggerRef.current?.focus();
            }
          }}
          className="z-50 min-w-48 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg dark:border-slate-800 dark:bg-slate-900"
        >
          <p className="px-3 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">
            {group.label}
          </p>
          <ul>
            {group.children.map((child) => (
              <li key={child.to}>
                <NavLink
                  to={child.to}
                  onClick={closeAndNavigate}
                  className={({ isActive }) => cn(itemBase, 'h-9 gap-2 px-3 pointer-coarse:h-11', isActive ? itemActive : itemIdle)}
                >
                  <span className="flex-1">
                    {child.label}
                    <CountText count={badges[child.to] ?? 0} />
                  </span>
                  <CountBadge count={badges[child.to] ?? 0} />
                </NavLink>
              </li>
            ))}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
