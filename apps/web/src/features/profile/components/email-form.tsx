import { useTranslation } from 'react-i18next';
import { emailChangeSchema, type Profile } from '@shop/contracts/profile';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { useSessionActions } from '@/lib/session-actions';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useChangeEmail } from '../api/change-email';
import { useSaving } from '../saving';
import { ProfileCard } from './profile-card';
import { SaveButton } from './save-button';

export function EmailForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { userChanged } = useSessionActions();
  const change = useChangeEmail();
  const { saving, run } = useSaving();
  const { register, fieldError, submit } = useSchemaForm(emailChangeSchema, {
    defaultValues: { email: profile.email },
    save: (input) => run(() => change.mutateAsync(input)),
    resetTo: (user) => ({ email: user.email }),
    onSaved: userChanged,
    successToast: () => t('Email updated'),
    failureToast: t('Failed to update email'),
  });
  const message = fieldError('email');

  return (
    <form noValidate onSubmit={submit}>
      <ProfileCard
        title={t('E-mail address')}
        description={t('You sign in with this address.')}
        footer={<SaveButton saving={saving} label={t('Update email')} />}
      >
        <fieldset disabled={saving} className="min-w-0 px-5 py-5 sm:max-w-md">
          <FormField id="change-email" label={t('Email')} error={message}>
            <Input id="change-email" type="email" inputMode="email" autoComplete="email" {...invalidProps('change-email', message)} {...register('email')} />
          </FormField>
        </fieldset>
      </ProfileCard>
    </form>
  );
}
