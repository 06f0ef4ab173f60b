import { useState } from 'react';
import { LogOut } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Session } from '@shop/contracts/profile';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { IconButton } from '@/components/ui/icon-button';
import { Table, type Column } from '@/components/ui/table';
import { failureText, loadFailureText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { useShopSettings } from '@/lib/shop-settings';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useSessions } from '../api/get-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { ProfileCard } from './profile-card';

/** Where the user is signed in; any session but this one can be signed out from here. */
export function SessionsTab() {
  const { t } = useTranslation();
  const timeZone = useShopSettings().settings.localization.timezone;
  const sessions = useSessions();
  useLoadErrorToast(sessions.error, sessions.errorUpdatedAt, t('Failed to load sessions'), t);
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const [revoking, setRevoking] = useState<Session | null>(null);
  const [signingOutAll, setSigningOutAll] = useState(false);
  const others = sessions.data?.filter((session) => !session.current).length ?? 0;

  function onConfirmRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => toast.success(t('Session signed out')),
      onError: (error) => {
        const message = failureText(error, t('Failed to sign out the session'), t);
        if (message) toast.error(message);
      },
      onSettled: () => setRevoking(null),
    });
  }

  function onConfirmSignOutAll() {
    revokeOthers.mutate(undefined, {
      onSuccess: () => toast.success(t('Signed out of every other session')),
      onError: (error) => {
        const message = failureText(error, t('Failed to sign out the other sessions'), t);
        if (message) toast.error(message);
      },
      onSettled: () => setSigningOutAll(false),
    });
  }

  const columns: Column<Session>[] = [
    {
      id: 'device',
      header: t('Device'),
      wrap: true,
      cell: (session) => (
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-medium text-slate-900 dark:text-white">{session.device}</span>
          {session.current ? <Badge tone="success">{t('This device')}</Badge> : null}
        </div>
      ),
    },
    { id: 'ip', header: t('IP address'), className: 'tabular-nums', cell: (session) => session.ip },
    {
      id: 'agent',
      header: t('User agent'),
      wrap: true,
      cell: (session) => (
        <span title={session.user_agent} className="block max-w-72 truncate text-slate-500 dark:text-slate-400">
          {session.user_agent}
        </span>
      ),
    },
    { id: 'active', header: t('Last active'), className: 'tabular-nums', cell: (session) => formatDateTime(session.last_active_at, timeZone) },
    {
      id: 'actions',
      header: t('Action'),
      pinned: true,
      className: 'w-20 text-right',
      cell: (session) =>
        session.current ? null : (
          <div className="flex justify-end">
            <IconButton tone="danger" label={t('Sign out {{device}}', { device: session.device })} onClick={() => setRevoking(session)}>
              <LogOut aria-hidden />
            </IconButton>
          </div>
        ),
    },
  ];

  return (
    <ProfileCard
      title={t('Sessions')}
      description={t('The browsers and devices signed in to your account.')}
      actions={
        <Button variant="secondary" size="sm" disabled={others === 0} onClick={() => setSigningOutAll(true)}>
          <LogOut aria-hidden className="size-4" />
          {t('Sign out all')}
        </Button>
      }
    >
      <Table
        label={t('Sessions')}
        columns={columns}
        rows={sessions.data}
        rowKey={(session) => session.id}
        loading={sessions.isPending}
        emptyText={t('No sessions.')}
        error={sessions.isError ? { text: loadFailureText(sessions.error, t('Failed to load sessions'), t), onRetry: () => void sessions.refetch() } : null}
      />
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title={t('Sign out this session?')}
        description={t('That browser or device will have to sign in again.')}
        subject={revoking ? `${revoking.device} · ${revoking.ip}` : undefined}
        confirmLabel={t('Sign out')}
        pendingLabel={t('Signing out…')}
        pending={revoke.isPending}
        onConfirm={onConfirmRevoke}
      />
      <ConfirmDialog
        open={signingOutAll}
        onOpenChange={setSigningOutAll}
        title={t('Sign out all other sessions?')}
        description={t('Every other browser and device will have to sign in again. This one stays signed in.')}
        confirmLabel={t('Sign out all')}
        pendingLabel={t('Signing out…')}
        pending={revokeOthers.isPending}
        onConfirm={onConfirmSignOutAll}
      />
    </ProfileCard>
  );
}
