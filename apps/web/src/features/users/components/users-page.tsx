import { useState } from 'react';
import { KeyRound, Pencil, Plus, ShieldOff, ShieldUser, UserCheck, UserX } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import type { Role } from '@shop/contracts/common';
import { USER_STATUSES, type StaffAccount, type UserStatus } from '@shop/contracts/user';
import { Avatar } from '@/components/ui/avatar';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { EmailText } from '@/components/ui/email-text';
import { IconButton } from '@/components/ui/icon-button';
import { ListCard, ListFilter } from '@/components/ui/list-card';
import { PageTitle } from '@/components/ui/page-title';
import { Select } from '@/components/ui/select';
import { StatusPill } from '@/components/ui/status-pill';
import type { Column } from '@/components/ui/table';
import { enumLabel } from '@/lib/enum-labels';
import { failureText, loadFailureText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { initials } from '@/lib/initials';
import { useCan, useSignedInUserId } from '@/lib/permissions';
import { useShopSettings } from '@/lib/shop-settings';
import { useListScreen } from '@/lib/use-list-screen';
import { useChangeAccountState, type AccountAction } from '../api/change-account-state';
import { usersQueryOptions } from '../api/get-users';
import { ROLES } from '../roles';
import { SetPasswordDialog } from './set-password-dialog';
import { UserFormDialog } from './user-form-dialog';

const USERS_PER_PAGE = 10;

const ROLE_TONES: Record<Role, BadgeTone> = { Admin: 'primary', Manager: 'success', Staff: 'neutral' };
const STATUS_TONES: Record<UserStatus, BadgeTone> = { Active: 'success', Pending: 'warning', Deactivated: 'danger' };

/** The actions that ask "are you sure?" first; approving a sign-up is one click. */
type ConfirmedAction = Exclude<AccountAction, 'approve'>;

/** The address's value when it is one of the choices, else '' (All). */
function choice<Value extends string>(value: string | null, choices: readonly Value[]): Value | '' {
  return choices.find((option) => option === value) ?? '';
}

export function UsersPage() {
  const { t } = useTranslation();
  const canManage = useCan('users:manage');

  if (!canManage) {
    return (
      <section>
        <PageTitle title={t('Users')} />
        <Card className="flex items-start gap-4 px-5 py-6">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-600 dark:bg-indigo-500/15 dark:text-indigo-300">
            <ShieldUser aria-hidden className="size-5" />
          </span>
          <div className="space-y-1">
            <p className="font-medium text-slate-900 dark:text-white">{t('Only an Admin can manage staff accounts.')}</p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t('Ask the shop’s Admin to add an account, change a role or set a new password.')}
            </p>
          </div>
        </Card>
      </section>
    );
  }
  return <StaffAccounts />;
}

function StaffAccounts() {
  const { t } = useTranslation();
  const me = useSignedInUserId();
  const timeZone = useShopSettings().settings.localization.timezone;

  // The filters live in the address, so a link (a sign-up notification: ?status=Pending) opens them set.
  const [params, setParams] = useSearchParams();
  const role = choice(params.get('role'), ROLES);
  const status = choice(params.get('status'), USER_STATUSES);
  function setFilter(name: 'role' | 'status', value: string) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(name, value);
        else next.delete(name);
        return next;
      },
      { replace: true },
    );
  }
  const list = useListScreen({
    query: ({ q, page }) => usersQueryOptions({ q, role: role || undefined, status: status || undefined, page, per_page: USERS_PER_PAGE }),
    rowKey: (account) => account.id,
    loadFailed: t('Failed to load users'),
  });

  const [settingPassword, setSettingPassword] = useState<StaffAccount | null>(null);
  const [confirming, setConfirming] = useState<{ account: StaffAccount; action: ConfirmedAction } | null>(null);
  const change = useChangeAccountState();

  const DONE: Record<AccountAction, string> = {
    approve: t('Account approved'),
    reject: t('Sign-up rejected'),
    deactivate: t('Account deactivated'),
    reactivate: t('Account reactivated'),
    'reset-2fa': t('Two-factor sign-in turned off for this user.'),
  };
  const FAILED: Record<AccountAction, string> = {
    approve: t('Failed to approve the account'),
    reject: t('Failed to reject the sign-up'),
    deactivate: t('Failed to deactivate the account'),
    reactivate: t('Failed to reactivate the account'),
    'reset-2fa': t('Failed to reset 2FA'),
  };
  const CONFIRM: Record<ConfirmedAction, { title: string; description: string; confirm: string; pending: string }> = {
    reject: {
      title: t('Reject this sign-up?'),
      description: t('The request is removed and the person cannot sign in. They can sign up again.'),
      confirm: t('Reject'),
      pending: t('Rejecting…'),
    },
    deactivate: {
      title: t('Deactivate this account?'),
      description: t('They are signed out everywhere and cannot sign in until an Admin reactivates the account.'),
      confirm: t('Deactivate'),
      pending: t('Deactivating…'),
    },
    reactivate: {
      title: t('Reactivate this account?'),
      description: t('They can sign in again with their password.'),
      confirm: t('Reactivate'),
      pending: t('Reactivating…'),
    },
    'reset-2fa': {
      title: t('Reset two-factor sign-in?'),
      description: t('Their authenticator app and backup codes stop working; they sign in with their password alone until they turn 2FA on again.'),
      confirm: t('Reset 2FA'),
      pending: t('Resetting…'),
    },
  };

  function run(account: StaffAccount, action: AccountAction) {
    change.mutate(
      { id: account.id, action },
      {
        onSuccess: () => {
          toast.success(DONE[action]);
          setConfirming(null);
        },
        onError: (error) => {
          setConfirming(null);
          const message = failureText(error, FAILED[action], t);
          if (message) toast.error(message);
        },
      },
    );
  }

  const lastActive = (account: StaffAccount) =>
    account.last_active_at ? formatDateTime(account.last_active_at, timeZone) : t('Never');
  const busyWith = (account: StaffAccount) => change.isPending && change.variables.id === account.id;

  const columns: Column<StaffAccount>[] = [
    {
      id: 'user',
      header: t('User'),
      wrap: true,
      cell: (account) => (
        <div className="flex items-center gap-3">
          <Avatar initials={initials(account.name, account.email)} />
          <div className="min-w-0">
            <div className="flex flex-wrap items-center gap-x-2 gap-y-0.5">
              <span className="font-medium text-slate-900 dark:text-white">{account.name}</span>
              {account.id === me ? <Badge>{t('You')}</Badge> : null}
            </div>
            <div className="max-w-60 text-xs [overflow-wrap:anywhere] text-slate-500 dark:text-slate-400">
              <EmailText email={account.email} />
            </div>
            {/* Below xl the 2FA and last-active columns are hidden so the row's actions stay in view. */}
            <div className="mt-0.5 text-xs text-slate-500 xl:hidden dark:text-slate-400">
              {account.two_fa_enabled ? t('2FA on') : t('2FA off')} ·{' '}
              {t('Last active: {{when}}', { when: lastActive(account) })}
            </div>
          </div>
        </div>
      ),
    },
    { id: 'role', header: t('Role'), cell: (account) => <Badge tone={ROLE_TONES[account.role]}>{enumLabel('role', account.role, t)}</Badge> },
    { id: 'status', header: t('Status'), cell: (account) => <Badge tone={STATUS_TONES[account.status]}>{enumLabel('userStatus', account.status, t)}</Badge> },
    {
      id: 'twofa',
      header: t('2FA'),
      className: 'hidden xl:table-cell',
      cell: (account) => <StatusPill checked={account.two_fa_enabled} onText={t('On')} offText={t('Off')} />,
    },
    {
      id: 'last-active',
      header: t('Last active'),
      className: 'hidden tabular-nums whitespace-nowrap xl:table-cell',
      cell: (account) => (account.last_active_at ? lastActive(account) : <span className="text-slate-500 dark:text-slate-400">{t('Never')}</span>),
    },
    {
      id: 'actions',
      header: t('Actions'),
      pinned: true,
      className: 'w-48 text-right',
      cell: (account) => {
        const busy = busyWith(account);
        return (
          <div className="flex items-center justify-end gap-1">
            {account.status === 'Pending' ? (
              <>
                <Button size="sm" aria-label={t('Approve {{name}}', { name: account.name })} disabled={busy} onClick={() => run(account, 'approve')}>
                  {t('Approve')}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={t('Reject {{name}}', { name: account.name })}
                  disabled={busy}
                  onClick={() => setConfirming({ account, action: 'reject' })}
                >
                  {t('Reject')}
                </Button>
              </>
            ) : null}
            <IconButton label={t('Edit {{name}}', { name: account.name })} onClick={() => list.edit(account)}>
              <Pencil aria-hidden />
            </IconButton>
            {account.status !== 'Pending' ? (
              <IconButton label={t('Set password for {{name}}', { name: account.name })} onClick={() => setSettingPassword(account)}>
                <KeyRound aria-hidden />
              </IconButton>
            ) : null}
            {account.two_fa_enabled ? (
              <IconButton
                label={t('Reset 2FA for {{name}}', { name: account.name })}
                disabled={busy}
                onClick={() => setConfirming({ account, action: 'reset-2fa' })}
              >
                <ShieldOff aria-hidden />
              </IconButton>
            ) : null}
            {account.status === 'Active' && account.id !== me ? (
              <IconButton
                tone="danger"
                label={t('Deactivate {{name}}', { name: account.name })}
                disabled={busy}
                onClick={() => setConfirming({ account, action: 'deactivate' })}
              >
                <UserX aria-hidden />
              </IconButton>
            ) : null}
            {account.status === 'Deactivated' ? (
              <IconButton
                label={t('Reactivate {{name}}', { name: account.name })}
                disabled={busy}
                onClick={() => setConfirming({ account, action: 'reactivate' })}
              >
                <UserCheck aria-hidden />
              </IconButton>
            ) : null}
          </div>
        );
      },
    },
  ];

  const dialog = confirming ? CONFIRM[confirming.action] : null;

  return (
    <section>
      <PageTitle
        title={t('Users')}
        description={t('Staff accounts: who can sign in to the console, and with which role.')}
        actions={
          <Button onClick={list.add}>
            <Plus aria-hidden className="size-4" />
            {t('Add user')}
          </Button>
        }
      />
      <ListCard
        list={list}
        searchPlaceholder={t('Search by name/email')}
        searchClassName="sm:max-w-sm"
        toolbar={
          <>
            <ListFilter id="users-role-filter" label={t('Role')}>
              <Select id="users-role-filter" className="w-36" value={role} onChange={(event) => setFilter('role', event.target.value)}>
                <option value="">{t('All')}</option>
                {ROLES.map((value) => (
                  <option key={value} value={value}>
                    {enumLabel('role', value, t)}
                  </option>
                ))}
              </Select>
            </ListFilter>
            <ListFilter id="users-status-filter" label={t('Status')}>
              <Select
                id="users-status-filter"
                className="w-40"
                value={status}
                onChange={(event) => setFilter('status', event.target.value)}
              >
                <option value="">{t('All')}</option>
                {USER_STATUSES.map((value) => (
                  <option key={value} value={value}>
                    {enumLabel('userStatus', value, t)}
                  </option>
                ))}
              </Select>
            </ListFilter>
          </>
        }
        label={t('Users')}
        columns={columns}
        emptyText={t('No users found.')}
        error={list.query.isError ? { text: loadFailureText(list.query.error, t('Failed to load users'), t), onRetry: () => void list.query.refetch() } : null}
      />

      <UserFormDialog {...list.formDialog} onSaved={(mode) => list.afterSave(mode)} />
      <SetPasswordDialog account={settingPassword} onClose={() => setSettingPassword(null)} />
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={dialog?.title ?? ''}
        description={dialog?.description ?? ''}
        subject={confirming ? `${confirming.account.name} (${confirming.account.email})` : undefined}
        confirmLabel={dialog?.confirm}
        pendingLabel={dialog?.pending}
        pending={change.isPending}
        onConfirm={() => (confirming ? run(confirming.account, confirming.action) : undefined)}
      />
    </section>
  );
}
