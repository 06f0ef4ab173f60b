import { useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { accountDeleteSchema, type AccountDeleteInput } from '@shop/contracts/profile';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { failureText } from '@/lib/error-text';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useSessionActions } from '@/lib/session-actions';
import { useDeactivateAccount } from '../api/deactivate-account';
import { useDeleteAccount } from '../api/delete-account';
import { useSaving } from '../saving';
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
  const remove = useDeleteAccount();
  const { saving, run } = useSaving();
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<AccountDeleteInput>({ resolver: zodResolver(accountDeleteSchema), defaultValues: { password: '' } });

  function close(next: boolean) {
    if (!next) {
      reset({ password: '' });
      setRefusal(null);
    }
    onOpenChange(next);
  }

  const onSubmit = handleSubmit(async (input) => {
    setRefusal(null);
    try {
      await run(() => remove.mutateAsync(input));
      onDeleted();
      toast.success(t('Your account was deleted.'));
    } catch (error) {
      if (applyServerFieldErrors(error, setError, ['password'])) return;
      // 409: the last active Admin; the reason stays in the dialog, where the user is looking.
      if (error instanceof ApiError && error.status === 409 && error.serverMessage) {
        setRefusal(error.serverMessage);
        return;
      }
      const message = failureText(error, t('Failed to delete the account'), t);
      if (message) toast.error(message);
    }
  });

  const message = errors.password?.message ? t(errors.password.message) : undefined;

  return (
    <Modal
      open={open}
      onOpenChange={close}
      busy={saving}
      size="sm"
      title={t('Delete your account?')}
      description={t('Enter your password to confirm. This cannot be undone.')}
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <ModalBody>
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
        </ModalBody>
        <ModalFooter>
          <Button variant="secondary" onClick={() => close(false)} disabled={saving}>
            {t('Cancel')}
          </Button>
          <Button type="submit" variant="danger" disabled={saving}>
            {saving ? t('Deleting…') : t('Delete Account')}
          </Button>
        </ModalFooter>
      </form>
    </Modal>
  );
}
