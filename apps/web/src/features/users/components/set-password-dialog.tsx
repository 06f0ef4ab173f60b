import { useTranslation } from 'react-i18next';
import { userPasswordSchema, type StaffAccount } from '@shop/contracts/user';
import { Modal, ModalForm } from '@/components/ui/dialog';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useSetUserPassword } from '../api/set-user-password';

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
      description={account ? t('A new password for {{name}}. Tell them in person; they are signed out everywhere and their API keys stop working.', { name: account.name }) : undefined}
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
  const { register, fieldError, submit } = useSchemaForm(userPasswordSchema, {
    defaultValues: { password: '' },
    save: (input, handlers) => setPassword.mutate({ id: account.id, input }, handlers),
    successToast: () => t('Password set. Their other sessions were signed out.'),
    onSaved: onDone,
    failureToast: t('Failed to set the password'),
    quietFieldErrors: true,
  });
  const error = fieldError('password');

  return (
    <ModalForm onSubmit={submit} saving={setPassword.isPending} onCancel={onCancel} submitLabel={t('Set password')}>
      <FormField id="user-new-password" label={t('New password')} error={error}>
        <Input id="user-new-password" type="password" autoComplete="new-password" {...invalidProps('user-new-password', error)} {...register('password')} />
      </FormField>
    </ModalForm>
  );
}
