import { useTranslation } from 'react-i18next';
import { passwordChangeSchema, type PasswordChangeInput } from '@shop/contracts/profile';
import { TextField } from '@/components/ui/form-field';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useChangePassword } from '../api/change-password';
import { useSaving } from '../saving';
import { ProfileCard } from './profile-card';
import { SaveButton } from './save-button';

const EMPTY: PasswordChangeInput = { current_password: '', new_password: '', new_password_confirmation: '' };

/** Current, new and confirmation; the server also signs out the user's other sessions. */
export function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const { saving, run } = useSaving();
  const { field, submit } = useSchemaForm(passwordChangeSchema, {
    defaultValues: EMPTY,
    save: (input) => run(() => change.mutateAsync(input)),
    resetTo: () => EMPTY,
    successToast: () => t('Password updated'),
    failureToast: t('Failed to update password'),
  });

  return (
    <form noValidate onSubmit={submit}>
      <ProfileCard
        title={t('Change password')}
        description={t('Use at least 8 characters. Your other sessions are signed out when it changes.')}
        footer={<SaveButton saving={saving} label={t('Update password')} />}
      >
        <fieldset disabled={saving} className="grid min-w-0 gap-5 px-5 py-5 lg:grid-cols-3">
          <TextField label={t('Current password')} field={field('current_password', 'current-password')} type="password" autoComplete="current-password" />
          <TextField label={t('New password')} field={field('new_password', 'new-password')} type="password" autoComplete="new-password" />
          <TextField
            label={t('Confirm new password')}
            field={field('new_password_confirmation', 'new-password-confirmation')}
            type="password"
            autoComplete="new-password"
          />
        </fieldset>
      </ProfileCard>
    </form>
  );
}
