import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { userPasswordSchema, type StaffAccount } from '@shop/contracts/user';
import { Button } from '@/components/ui/button';
import { Modal, ModalBody, ModalFooter } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { failureText } from '@/lib/error-text';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useSetUserPassword } from '../api/set-user-password';

type FormInput = z.input<typeof userPasswordSchema>;
type FormOutput = z.output<typeof userPasswordSchema>;

const FIELDS = ['password'] as const;

/** An Admin sets a new password for someone who forgot theirs (there is no e-mailed reset link). */
export function SetPasswordDialog({ account, onClose }: { account: StaffAccount | null; onClose: () => void }) {
  const { t } = useTranslation();
  const setPassword = useSetUserPassword();
  return (
    <Modal
      open={account !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      busy={setPassword.isPending}
      title={t('Set password')}
      description={account ? t('A new password for {{name}}. Tell them in person; their other sessions are signed out.', { name: account.name }) : undefined}
      size="sm"
    >
      {account ? <PasswordForm account={account} setPassword={setPassword} onCancel={onClose} onDone={onClose} /> : null}
    </Modal>
  );
}

function PasswordForm({
  account,
  setPassword,
  onCancel,
  onDone,
}: {
  account: StaffAccount;
  setPassword: ReturnType<typeof useSetUserPassword>;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(userPasswordSchema), defaultValues: { password: '' } });
  const error = errors.password?.message ? t(errors.password.message) : undefined;
  const saving = setPassword.isPending;

  const onSubmit = handleSubmit((input) =>
    setPassword.mutate(
      { id: account.id, input },
      {
        onSuccess: () => {
          toast.success(t('Password set. Their other sessions were signed out.'));
          onDone();
        },
        onError: (failure) => {
          if (applyServerFieldErrors(failure, setError, FIELDS)) return;
          const message = failureText(failure, t('Failed to set the password'), t);
          if (message) toast.error(message);
        },
      },
    ),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <ModalBody>
        <FormField id="user-new-password" label={t('New password')} error={error}>
          <Input
            id="user-new-password"
            type="password"
            autoComplete="new-password"
            {...invalidProps('user-new-password', error)}
            {...register('password')}
          />
        </FormField>
      </ModalBody>
      <ModalFooter>
        <Button variant="secondary" onClick={onCancel} disabled={saving}>
          {t('Cancel')}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t('Saving…') : t('Set password')}
        </Button>
      </ModalFooter>
    </form>
  );
}
