import { useState } from 'react';
import { KeyRound, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { API_KEY_SCOPE_NAMES, DEFAULT_API_KEY_SCOPE } from '@shop/contracts/api-key-scopes';
import { apiKeyCreateSchema, type ApiKey, type ApiKeyCreated, type ApiKeyCreateInput } from '@shop/contracts/profile';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { FieldError, fieldErrorId, SelectField } from '@/components/ui/form-field';
import { IconButton } from '@/components/ui/icon-button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Table, type Column } from '@/components/ui/table';
import { enumLabel } from '@/lib/enum-labels';
import { failureText, loadFailureText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { useShopSettings } from '@/lib/shop-settings';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useCreateApiKey } from '../api/create-api-key';
import { useApiKeys } from '../api/get-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';
import { useSaving } from '../saving';
import { CopyButton } from './copy-button';
import { ProfileCard } from './profile-card';

const EMPTY: ApiKeyCreateInput = { label: '', scope: DEFAULT_API_KEY_SCOPE };

/**
 * Keys for scripts and other programs: they act as this user, within the user's role and the
 * scope chosen here (read only unless chosen). The whole key is shown only once.
 */
export function ApiKeysTab() {
  const { t } = useTranslation();
  const timeZone = useShopSettings().settings.localization.timezone;
  const keys = useApiKeys();
  useLoadErrorToast(keys.error, keys.errorUpdatedAt, t('Failed to load API keys'), t);
  const create = useCreateApiKey();
  const revoke = useRevokeApiKey();
  const { saving, run } = useSaving();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const { register, field, fieldError, submit } = useSchemaForm(apiKeyCreateSchema, {
    defaultValues: EMPTY,
    save: (input) => run(() => create.mutateAsync(input)),
    resetTo: () => EMPTY,
    onSaved: setCreated,
    failureToast: t('Failed to create API key'),
  });

  function onConfirmRevoke() {
    if (!revoking) return;
    revoke.mutate(revoking.id, {
      onSuccess: () => toast.success(t('API key revoked')),
      onError: (error) => {
        const message = failureText(error, t('Failed to revoke API key'), t);
        if (message) toast.error(message);
      },
      onSettled: () => setRevoking(null),
    });
  }

  const labelError = fieldError('label');

  const columns: Column<ApiKey>[] = [
    { id: 'label', header: t('Label'), wrap: true, cell: (key) => <span className="font-medium text-slate-900 dark:text-white">{key.label}</span> },
    { id: 'key', header: t('Key'), cell: (key) => <code className="font-mono text-xs text-slate-600 dark:text-slate-300">{key.masked}</code> },
    { id: 'scope', header: t('Scope'), wrap: true, cell: (key) => enumLabel('apiKeyScope', key.scope, t) },
    { id: 'created', header: t('Created'), className: 'tabular-nums', cell: (key) => formatDateTime(key.created_at, timeZone) },
    {
      id: 'used',
      header: t('Last used'),
      className: 'tabular-nums',
      cell: (key) => (key.last_used_at ? formatDateTime(key.last_used_at, timeZone) : <span className="text-slate-500 dark:text-slate-400">{t('Never')}</span>),
    },
    {
      id: 'actions',
      header: t('Action'),
      pinned: true,
      className: 'w-20 text-right',
      cell: (key) => (
        <div className="flex justify-end">
          <IconButton tone="danger" label={t('Revoke {{label}}', { label: key.label })} onClick={() => setRevoking(key)}>
            <Trash2 aria-hidden />
          </IconButton>
        </div>
      ),
    },
  ];

  return (
    <ProfileCard
      title={t('API Keys')}
      description={t('A key lets a program use the API as you, within your role and the scope you choose. No key can manage accounts or change your password. Revoke any key you no longer use.')}
    >
      <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-x-2 gap-y-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
        <div className="max-w-sm min-w-48 flex-1">
          <Label htmlFor="api-key-label">{t('Label')}</Label>
          <Input
            id="api-key-label"
            placeholder={t('e.g. Stock sync script')}
            autoComplete="off"
            className="mt-1.5"
            disabled={saving}
            aria-invalid={labelError ? true : undefined}
            aria-describedby={labelError ? fieldErrorId('api-key-label') : undefined}
            {...register('label')}
          />
          <FieldError id="api-key-label" error={labelError} className="mt-1.5" />
        </div>
        <div className="w-full max-w-xs sm:w-auto">
          <SelectField label={t('Scope')} field={field('scope', 'api-key-scope')} disabled={saving}>
            {API_KEY_SCOPE_NAMES.map((scope) => (
              <option key={scope} value={scope}>
                {enumLabel('apiKeyScope', scope, t)}
              </option>
            ))}
          </SelectField>
        </div>
        <Button type="submit" disabled={saving} className="sm:mt-7">
          <Plus aria-hidden className="size-4" />
          {saving ? t('Saving…') : t('Create key')}
        </Button>
      </form>
      <Table
        label={t('API Keys')}
        columns={columns}
        rows={keys.data}
        rowKey={(key) => key.id}
        loading={keys.isPending}
        emptyText={t('No API keys yet.')}
        error={keys.isError ? { text: loadFailureText(keys.error, t('Failed to load API keys'), t), onRetry: () => void keys.refetch() } : null}
      />

      <Modal
        open={created !== null}
        onOpenChange={(open) => (open ? undefined : setCreated(null))}
        title={t('API key created')}
        description={created ? `${created.label} · ${enumLabel('apiKeyScope', created.scope, t)}` : undefined}
      >
        <ModalBody>
          <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2.5 text-sm text-amber-800 dark:border-amber-500/30 dark:bg-amber-500/10 dark:text-amber-300">
            <KeyRound aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('Copy this key now. You will not see it again: only its first characters are kept on screen.')}
          </p>
          <div className="space-y-1.5">
            <p id="api-key-full-label" className="text-sm font-medium text-slate-700 dark:text-slate-300">
              {t('Your new API key')}
            </p>
            <code
              aria-labelledby="api-key-full-label"
              className="block rounded-md bg-slate-100 px-3 py-2 font-mono text-sm break-all text-slate-900 select-all dark:bg-slate-800 dark:text-slate-100"
            >
              {created?.key}
            </code>
          </div>
          {created ? <CopyButton text={created.key} label={t('Copy key')} /> : null}
        </ModalBody>
        <ModalFooter>
          <Button onClick={() => setCreated(null)}>{t('Done')}</Button>
        </ModalFooter>
      </Modal>
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? undefined : setRevoking(null))}
        title={t('Revoke this API key?')}
        description={t('Programs using it will be refused from now on. This cannot be undone.')}
        subject={revoking ? `${revoking.label} (${revoking.masked})` : undefined}
        confirmLabel={t('Revoke')}
        pendingLabel={t('Revoking…')}
        pending={revoke.isPending}
        onConfirm={onConfirmRevoke}
      />
    </ProfileCard>
  );
}
