import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { passwordChangeSchema, type PasswordChangeInput } from '@shop/contracts/profile';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { failureText } from '@/lib/error-text';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useChangePassword } from '../api/change-password';
import { useSaving } from '../saving';
import { ProfileCard } from './profile-card';
import { SaveButton } from './save-button';

const FIELDS = ['current_password', 'new_password', 'new_password_confirmation'] as const;
const EMPTY: PasswordChangeInput = { current_password: '', new_password: '', new_password_confirmation: '' };

/** Current, new and confirmation; the server also signs out the user's other sessions. */
export function PasswordForm() {
  const { t } = useTranslation();
  const change = useChangePassword();
  const { saving, run } = useSaving();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<PasswordChangeInput>({ resolver: zodResolver(passwordChangeSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (input) => {
    try {
      await run(() => change.mutateAsync(input));
      reset(EMPTY);
      toast.success(t('Password updated'));
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
      const message = failureText(error, t('Failed to update password'), t);
      if (message) toast.error(message);
    }
  });

  const error = (field: (typeof FIELDS)[number]) => {
    const message = errors[field]?.message;
    return message ? t(message) : undefined;
  };

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <ProfileCard
        title={t('Change password')}
        description={t('Use at least 8 characters. Your other sessions are signed out when it changes.')}
        footer={<SaveButton saving={saving} label={t('Update password')} />}
      >
        <fieldset disabled={saving} className="grid min-w-0 gap-5 px-5 py-5 lg:grid-cols-3">
          <FormField id="current-password" label={t('Current password')} error={error('current_password')}>
            <Input
              id="current-password"
              type="password"
              autoComplete="current-password"
              {...invalidProps('current-password', error('current_password'))}
              {...register('current_password')}
            />
          </FormField>
          <FormField id="new-password" label={t('New password')} error={error('new_password')}>
            <Input
              id="new-password"
              type="password"
              autoComplete="new-password"
              {...invalidProps('new-password', error('new_password'))}
              {...register('new_password')}
            />
          </FormField>
          <FormField id="new-password-confirmation" label={t('Confirm new password')} error={error('new_password_confirmation')}>
            <Input
              id="new-password-confirmation"
              type="password"
              autoComplete="new-password"
              {...invalidProps('new-password-confirmation', error('new_password_confirmation'))}
              {...register('new_password_confirmation')}
            />
          </FormField>
        </fieldset>
      </ProfileCard>
    </form>
  );
}
