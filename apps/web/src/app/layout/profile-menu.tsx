import { useQueryClient } from '@tanstack/react-query';
import { LogOut, Settings, UserRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Role } from '@shop/contracts/common';
import type { Till } from '@shop/contracts/till';
import { Avatar } from '@/components/ui/avatar';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { MenuContent, MenuItem, MenuSeparator } from '@/components/ui/dropdown-menu';
import { useLogout } from '@/features/auth/api/logout';
import { useSession } from '@/features/auth/session-store';
import { enumLabel } from '@/lib/enum-labels';
import { initials } from '@/lib/initials';
import { useOutbox } from '@/lib/offline/outbox';
import { readTillId, tillKeys } from '@/lib/till';

const ROLE_TONES: Record<Role, BadgeTone> = { Admin: 'primary', Manager: 'success', Staff: 'neutral' };

export function ProfileMenu() {
  const { t } = useTranslation();
  const user = useSession()?.user ?? null;
  const logout = useLogout();
  const letters = initials(user?.name, user?.email);
  const name = user?.name || t('Guest');
  // Signing out never waits on the shift, but a cashier leaving their till open is told so
  // (from the tills the till screen last loaded; the menu asks the server for nothing).
  const queryClient = useQueryClient();
  const tillId = readTillId();
  const till = queryClient.getQueryData<Till[]>(tillKeys.all)?.find((candidate) => candidate.id === tillId);
  const shiftLeftOpen = till?.open_shift && user && till.open_shift.opened_by.id === user.id ? till : null;
  // Sales made offline live on this device until the server has them: signing out waits for that.
  const unsynced = useOutbox().count;

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          aria-label={t('Open profile menu')}
          className="rounded-full ring-offset-2 transition-shadow hover:ring-2 hover:ring-indigo-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 data-[state=open]:ring-2 data-[state=open]:ring-indigo-300 dark:ring-offset-slate-950 dark:hover:ring-indigo-500/40 dark:data-[state=open]:ring-indigo-500/60"
        >
          <Avatar initials={letters} />
        </button>
      </DropdownMenu.Trigger>
      <MenuContent align="end" className="w-64">
        <div className="flex items-center gap-3 px-2.5 py-2">
          <Avatar initials={letters} size="md" />
          <div className="min-w-0 flex-1">
            <p className="truncate font-semibold text-slate-900 dark:text-white">{name}</p>
            <p className="truncate text-xs text-slate-500 dark:text-slate-400">{user?.email || t('Not signed in')}</p>
            {user?.role ? (
              <Badge tone={ROLE_TONES[user.role]} className="mt-1.5">
                {enumLabel('role', user.role, t)}
              </Badge>
            ) : null}
          </div>
        </div>
        <MenuSeparator />
        <MenuItem asChild>
          <Link to="/profile">
            <UserRound aria-hidden />
            {t('View Profile')}
          </Link>
        </MenuItem>
        <MenuItem asChild>
          <Link to="/settings/account">
            <Settings aria-hidden />
            {t('Account Settings')}
          </Link>
        </MenuItem>
        <MenuSeparator />
        {shiftLeftOpen ? (
          <p role="note" className="mx-2.5 my-1 rounded-md bg-amber-50 px-2 py-1.5 text-xs text-amber-800 dark:bg-amber-500/10 dark:text-amber-200">
            {t('Your shift at {{till}} is still open.', { till: shiftLeftOpen.name })}
          </p>
        ) : null}
        {unsynced > 0 ? (
          <p role="note" className="mx-2.5 my-1 rounded-md bg-amber-50 px-2 py-1.5 text-xs text-amber-800 dark:bg-amber-500/10 dark:text-amber-200">
            {t('Sales made offline not yet on the server: {{count}}. Sign out once they are synced.', { count: unsynced })}
          </p>
        ) : null}
        <MenuItem tone="danger" disabled={logout.isPending || unsynced > 0} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden />
          {t('Sign out')}
        </MenuItem>
      </MenuContent>
    </DropdownMenu.Root>
  );
}
