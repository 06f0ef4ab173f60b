import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { pinChangeSchema } from '@shop/contracts/approval';
import type { Profile } from '@shop/contracts/profile';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { useCan } from '@/lib/permissions';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useChangePin } from '../api/change-pin';
import { useSaving } from '../saving';
import { ProfileCard } from './profile-card';

/** The form's values: the PIN is only checked when it is being set, not removed. */
const pinFormSchema = z
  .object({ current_password: pinChangeSchema.shape.current_password, pin: z.string().trim(), remove: z.boolean() })
  .superRefine((value, ctx) => {
    if (!value.remove && !/^\d{4,6}$/.test(value.pin)) ctx.addIssue({ code: 'custom', path: ['pin'], message: 'The PIN is 4 to 6 digits.' });
  });
type PinForm = z.input<typeof pinFormSchema>;

const EMPTY: PinForm = { current_password: '', pin: '', remove: false };

/**
 * A Manager's or Admin's till PIN: typed at the till to approve what a cashier may not do alone
 * (tax off, another service charge, a refund). Setting, changing or removing it asks for the
 * password. Only shown to a role that can approve (the server refuses the others).
 */
export function PinCard({ profile }: { profile: Profile }) {
  const approvesTill = useCan('sales:override-tax');
  const approvesRefunds = useCan('sales:refund');
  return approvesTill || approvesRefunds ? <PinForm profile={profile} /> : null;
}

function PinForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const change = useChangePin();
  const { saving, run } = useSaving();
  const { field, submit, setValue } = useSchemaForm(pinFormSchema, {
    defaultValues: EMPTY,
    save: (input) => run(() => change.mutateAsync({ current_password: input.current_password, pin: input.remove ? null : input.pin })),
    resetTo: () => EMPTY,
    successToast: (saved) => t(saved.message),
    failureToast: t('Failed to save the PIN'),
    quietFieldErrors: true,
  });

  return (
    <form noValidate onSubmit={submit}>
      <ProfileCard
        title={t('Till PIN')}
        description={t('4 to 6 digits you type at the till to approve what a cashier may not do alone: switching tax off, another service charge, a refund.')}
        actions={profile.has_pin ? <Badge tone="success">{t('PIN set')}</Badge> : <Badge>{t('No PIN')}</Badge>}
        footer={
          <div className="flex flex-wrap items-center justify-end gap-2">
            {profile.has_pin ? (
              <Button type="submit" variant="secondary" disabled={saving} onClick={() => setValue('remove', true)}>
                {t('Remove PIN')}
              </Button>
            ) : null}
            <Button type="submit" disabled={saving} onClick={() => setValue('remove', false)}>
              {saving ? t('Saving…') : profile.has_pin ? t('Change PIN') : t('Set PIN')}
            </Button>
          </div>
        }
      >
        <fieldset disabled={saving} className="grid min-w-0 gap-5 px-5 py-5 lg:grid-cols-3">
          <TextField label={t('Password')} field={field('current_password', 'pin-current-password')} type="password" autoComplete="current-password" />
          <TextField
            label={profile.has_pin ? t('New PIN') : t('PIN')}
            field={field('pin', 'pin-new')}
            type="password"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
          />
        </fieldset>
      </ProfileCard>
    </form>
  );
}
