import { Suspense, useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { meQueryOptions, useMe } from '@/features/auth/api/get-me';
import { useSignOutLocally } from '@/features/auth/api/logout';
import { updateSessionUser, useSession } from '@/features/auth/session-store';
import { useUnreadCount } from '@/features/notifications/api/get-unread-count';
import { setMoneyFormat } from '@/lib/format';
import { startOutboxSender } from '@/lib/offline/sender';
import { useMediaQuery } from '@/lib/use-media-query';
import { RoleProvider } from '@/lib/permissions';
import { SessionActionsProvider, type SessionActions } from '@/lib/session-actions';
import { useShopSettings } from '@/lib/shop-settings';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';
import { Breadcrumb } from './breadcrumb';
import { Header } from './header';
import { SIDEBAR_WIDTH, SidebarPanel, type Badges } from './sidebar';

const DESKTOP_QUERY = '(min-width: 768px)';
/** From this width the sidebar starts expanded; below it (a tablet) it starts collapsed, leaving the page room. */
const WIDE_QUERY = '(min-width: 1280px)';

/** The frame of every signed-in screen: sidebar, header, breadcrumb, then the page. */
export function AppLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useMe();
  // Sales made offline go to the server from whichever screen is open.
  useEffect(() => startOutboxSender(), []);
  const signedIn = useSession()?.user ?? null;
  const badges: Badges = { '/notifications': useUnreadCount() };
  const sessionActions = useSessionActionsValue();
  // Before the page renders, so every amount on it follows the shop's currency.
  setMoneyFormat(useShopSettings().settings.localization);

  const { collapsed, toggleCollapsed } = useSidebarCollapsed();
  // The drawer belongs to the page it was opened on, so following a link closes it.
  const [drawerOpenedAt, setDrawerOpenedAt] = useState<string | null>(null);
  const drawerOpen = drawerOpenedAt === pathname;

  function toggleSidebar() {
    if (window.matchMedia(DESKTOP_QUERY).matches) {
      toggleCollapsed();
    } else {
      setDrawerOpenedAt(drawerOpen ? null : pathname);
    }
  }

  const width = collapsed ? SIDEBAR_WIDTH.collapsed : SIDEBAR_WIDTH.expanded;

  return (
    <div className="flex min-h-dvh bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-indigo-600 px-3 py-2 text-sm text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('Skip to main content')}
      </a>

      <aside
        style={{ width }}
        className="sticky top-0 hidden h-dvh shrink-0 border-r print:hidden border-slate-200 bg-white transition-[width] duration-200 md:block dark:border-slate-800 dark:bg-slate-900"
      >
        <SidebarPanel collapsed={collapsed} badges={badges} />
      </aside>

      <Dialog.Root open={drawerOpen} onOpenChange={(open) => setDrawerOpenedAt(open ? pathname : null)}>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-slate-950/50 backdrop-blur-[2px] md:hidden" />
          <Dialog.Content
            aria-describedby={undefined}
            style={{ width: SIDEBAR_WIDTH.expanded + 40 }}
            className="fixed inset-y-0 left-0 z-50 max-w-[85vw] bg-white shadow-xl md:hidden dark:bg-slate-900"
          >
            <Dialog.Title className="sr-only">{t('Main navigation')}</Dialog.Title>
            <SidebarPanel collapsed={false} badges={badges} onNavigate={() => setDrawerOpenedAt(null)} />
            <Dialog.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('Close')} className="absolute top-3.5 right-2">
                <X aria-hidden className="size-5" />
              </Button>
            </Dialog.Close>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>

      <div className="flex min-w-0 flex-1 flex-col">
        <Header sidebarCollapsed={collapsed} onToggleSidebar={toggleSidebar} />
        <main id="main" className="mx-auto w-full max-w-[1400px] flex-1 px-4 py-5 md:px-8 md:py-6">
          <Breadcrumb />
          <RoleProvider role={signedIn?.role ?? null} userId={signedIn?.id ?? null}>
            <SessionActionsProvider value={sessionActions}>
              <Suspense fallback={<Spinner label={t('Loading…')} className="py-10" />}>
                <Outlet />
              </Suspense>
            </SessionActionsProvider>
          </RoleProvider>
        </main>
      </div>
    </div>
  );
}

/**
 * Whether the sidebar is collapsed. Wide screens and tablets each remember the user's own
 * choice; without one, the sidebar is expanded from 1280 px and collapsed below (so a tablet
 * turned from portrait to landscape gets each default in turn).
 */
function useSidebarCollapsed() {
  const wide = useMediaQuery(WIDE_QUERY);
  const key = wide ? STORAGE_KEYS.sidebarCollapsed : STORAGE_KEYS.sidebarCollapsedNarrow;
  // Bumped on each toggle, so the stored choice is read again.
  const [, setVersion] = useState(0);
  const stored = readStorage(key);
  const collapsed = stored === null ? !wide : stored === 'true';
  function toggleCollapsed() {
    writeStorage(key, String(!collapsed));
    setVersion((version) => version + 1);
  }
  return { collapsed, toggleCollapsed };
}

function useSessionActionsValue(): SessionActions {
  const queryClient = useQueryClient();
  const signOutLocally = useSignOutLocally();
  return useMemo(
    () => ({
      userChanged: (user) => {
        updateSessionUser(user);
        // Keeps /me's cached answer in step, so it never puts the old name back.
        queryClient.setQueryData(meQueryOptions().queryKey, user);
      },
      signOutLocally,
    }),
    [queryClient, signOutLocally],
  );
}
