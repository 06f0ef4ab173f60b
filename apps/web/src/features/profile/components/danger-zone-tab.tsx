import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { accountDeleteSchema } from '@shop/contracts/profile';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal, ModalForm } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { failureText } from '@/lib/error-text';
import { useSessionActions } from '@/lib/session-actions';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useDeactivateAccount } from '../api/deactivate-account';
import { useDeleteAccount } from '../api/delete-account';
import { useSaving, type Saving } from '../saving';
import { ProfileCard } from './profile-card';

/** Deactivate (an Admin can undo it) or delete one's own account; both end every session. */
export function DangerZoneTab() {
  const { t } = useTranslation();
  const { signOutLocally } = useSessionActions();
  const deactivate = useDeactivateAccount();
  const [confirmingDeactivate, setConfirmingDeactivate] = useState(false);
  const [deleting, setDeleting] = useState(false);

  function onConfirmDeactivate() {
    deactivate.mutate(undefined, {
      onSuccess: () => {
        // The server has already ended every session, this one too.
        signOutLocally();
        toast.success(t('Your account is deactivated. An Admin can reactivate it.'));
      },
      onError: (error) => {
        setConfirmingDeactivate(false);
        const message = failureText(error, t('Failed to deactivate the account'), t);
        if (message) toast.error(message);
      },
    });
  }

  return (
    <ProfileCard title={t('Danger Zone')} description={t('These change your access to the console. Read before you click.')}>
      <div className="divide-y divide-slate-100 dark:divide-slate-800">
        <DangerRow
          title={t('Deactivate account')}
          text={t('You are signed out everywhere and cannot sign in until an Admin reactivates your account.')}
          action={
            <Button variant="secondary" className="text-red-600 dark:text-red-400" onClick={() => setConfirmingDeactivate(true)}>
              {t('Deactivate account')}
            </Button>
          }
        />
        <DangerRow
          title={t('Delete Account')}
          text={t('Your name, e-mail, password, sessions and keys are erased. Sales you made stay in the books. This cannot be undone.')}
          action={
            <Button variant="danger" onClick={() => setDeleting(true)}>
              {t('Delete Account')}
            </Button>
          }
        />
      </div>
      <ConfirmDialog
        open={confirmingDeactivate}
        onOpenChange={setConfirmingDeactivate}
        title={t('Deactivate your account?')}
        description={t('You will be signed out on every device. Only an Admin can reactivate your account; until then you cannot sign in.')}
        confirmLabel={t('Deactivate')}
        pendingLabel={t('Deactivating…')}
        pending={deactivate.isPending}
        onConfirm={onConfirmDeactivate}
      />
      <DeleteAccountDialog open={deleting} onOpenChange={setDeleting} onDeleted={signOutLocally} />
    </ProfileCard>
  );
}

function DangerRow({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 px-5 py-5">
      <div className="min-w-0 flex-1 basis-72">
        <h3 className="font-medium text-slate-900 dark:text-white">{title}</h3>
        <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">{text}</p>
      </div>
      {action}
    </div>
  );
}

function DeleteAccountDialog({ open, onOpenChange, onDeleted }: { open: boolean; onOpenChange: (open: boolean) => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const { saving, run } = useSaving();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      busy={saving}
      size="sm"
      title={t('Delete your account?')}
      description={t('Enter your password to confirm. This cannot be undone.')}
    >
      <DeleteAccountForm saving={saving} run={run} onDeleted={onDeleted} onCancel={() => onOpenChange(false)} />
    </Modal>
  );
}

/** Mounted while the dialog is open, so it starts empty, without a refusal, each time. */
function DeleteAccountForm({ saving, run, onDeleted, onCancel }: Saving & { onDeleted: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const remove = useDeleteAccount();
  const [refusal, setRefusal] = useState<string | null>(null);
  const { register, fieldError, submit } = useSchemaForm(accountDeleteSchema, {
    defaultValues: { password: '' },
    save: (input) => {
      setRefusal(null);
      return run(() => remove.mutateAsync(input));
    },
    onSaved: onDeleted,
    successToast: () => t('Your account was deleted.'),
    failureToast: t('Failed to delete the account'),
    quietFieldErrors: true,
    onRefused: (error) => {
      // 409: the last active Admin; the reason stays in the dialog, where the user is looking.
      if (!(error instanceof ApiError && error.status === 409 && error.serverMessage)) return false;
      setRefusal(error.serverMessage);
      return true;
    },
  });
  const message = fieldError('password');

  return (
    <ModalForm onSubmit={submit} saving={saving} onCancel={onCancel} submitLabel={t('Delete Account')} savingLabel={t('Deleting…')} danger>
      {refusal ? <AlertBanner>{t(refusal)}</AlertBanner> : null}
      <FormField id="delete-account-password" label={t('Password')} error={message}>
        <Input
          id="delete-account-password"
          type="password"
          autoComplete="current-password"
          {...invalidProps('delete-account-password', message)}
          {...register('password')}
        />
      </FormField>
    </ModalForm>
  );
}
