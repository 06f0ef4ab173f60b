import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { z } from 'zod';
import { emailChangeSchema, type Profile } from '@shop/contracts/profile';
import { FormField, invalidProps } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { failureText } from '@/lib/error-text';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useSessionActions } from '@/lib/session-actions';
import { useChangeEmail } from '../api/change-email';
import { useSaving } from '../saving';
import { ProfileCard } from './profile-card';
import { SaveButton } from './save-button';

type FormInput = z.input<typeof emailChangeSchema>;
type FormOutput = z.output<typeof emailChangeSchema>;

export function EmailForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { userChanged } = useSessionActions();
  const change = useChangeEmail();
  const { saving, run } = useSaving();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(emailChangeSchema), defaultValues: { email: profile.email } });

  const onSubmit = handleSubmit(async (input) => {
    try {
      const user = await run(() => change.mutateAsync(input));
      reset({ email: user.email });
      userChanged(user);
      toast.success(t('Email updated'));
    } catch (error) {
      applyServerFieldErrors(error, setError, ['email']);
      const message = failureText(error, t('Failed to update email'), t);
      if (message) toast.error(message);
    }
  });

  const message = errors.email?.message ? t(errors.email.message) : undefined;

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
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
