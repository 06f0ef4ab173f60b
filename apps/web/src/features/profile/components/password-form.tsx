import { useTranslation } from 'react-i18next';
import { passwordChangeSchema, type PasswordChangeInput } from '@shop/contracts/profile';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
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
  const { register, fieldError, submit } = useSchemaForm(passwordChangeSchema, {
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
          <FormField id="current-password" label={t('Current password')} error={fieldError('current_password')}>
            <Input
              id="current-password"
              type="password"
              autoComplete="current-password"
              {...invalidProps('current-password', fieldError('current_password'))}
              {...register('current_password')}
            />
          </FormField>
          <FormField id="new-password" label={t('New password')} error={fieldError('new_password')}>
            <Input
              id="new-password"
              type="password"
              autoComplete="new-password"
              {...invalidProps('new-password', fieldError('new_password'))}
              {...register('new_password')}
            />
          </FormField>
          <FormField id="new-password-confirmation" label={t('Confirm new password')} error={fieldError('new_password_confirmation')}>
            <Input
              id="new-password-confirmation"
              type="password"
              autoComplete="new-password"
              {...invalidProps('new-password-confirmation', fieldError('new_password_confirmation'))}
              {...register('new_password_confirmation')}
            />
          </FormField>
        </fieldset>
      </ProfileCard>
    </form>
  );
}
