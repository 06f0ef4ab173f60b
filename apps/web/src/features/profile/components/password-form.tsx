import { useTranslation } from 'react-i18next';
import { passwordChangeSchema, type PasswordChangeInput } from '@shop/contracts/profile';
import { Checkbox } from '@/components/ui/checkbox';
import { TextField } from '@/components/ui/form-field';
import { Label } from '@/components/ui/label';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useApiKeys } from '../api/get-api-keys';
import { useChangePassword } from '../api/change-password';
import { useSaving } from '../saving';
import { ProfileCard } from './profile-card';
import { SaveButton } from './save-button';

const EMPTY: PasswordChangeInput = { current_password: '', new_password: '', new_password_confirmation: '', keep_api_keys: false };

/**
 * Current, new and confirmation; the server also signs out the user's other sessions and revokes
 * their API keys, unless they tick "Keep my API keys working" (offered only to someone who has keys).
 */
export function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const keys = useApiKeys();
  const hasKeys = (keys.data?.length ?? 0) > 0;
  const { saving, run } = useSaving();
  const { field, register, submit } = useSchemaForm(passwordChangeSchema, {
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
          {hasKeys ? (
            <div className="flex items-start gap-3 lg:col-span-3">
              <Checkbox id="keep-api-keys" aria-describedby="keep-api-keys-hint" className="mt-0.5" {...register('keep_api_keys')} />
              <div className="min-w-0">
                <Label htmlFor="keep-api-keys">{t('Keep my API keys working')}</Label>
                <p id="keep-api-keys-hint" className="text-sm text-slate-500 dark:text-slate-400">
                  {t('Leave it unticked if someone else may know your old password: your API keys are revoked, and programs using them need new ones.')}
                </p>
              </div>
            </div>
          ) : null}
        </fieldset>
      </ProfileCard>
    </form>
  );
}
