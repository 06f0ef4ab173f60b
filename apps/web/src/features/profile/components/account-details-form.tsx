import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { profileUpdateSchema, type Profile } from '@shop/contracts/profile';
import { roleSchema } from '@shop/contracts/common';
import { can } from '@shop/contracts/permissions';
import { userSchema } from '@shop/contracts/user';
import { Avatar } from '@/components/ui/avatar';
import { Badge } from '@/components/ui/badge';
import { SelectField, TextareaField, TextField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Thumbnail } from '@/components/ui/thumbnail';
import { enumLabel } from '@/lib/enum-labels';
import { initials } from '@/lib/initials';
import { useSessionActions } from '@/lib/session-actions';
import { useSchemaForm } from '@/lib/use-schema-form';
import { useUpdateProfile } from '../api/update-profile';
import { useSaving } from '../saving';
import { ProfileCard } from './profile-card';
import { SaveButton } from './save-button';

type FormInput = z.input<typeof profileUpdateSchema>;

function formValues(profile: Profile): FormInput {
  return {
    name: profile.name,
    phone: profile.phone ?? '',
    avatar: profile.avatar ?? '',
    bio: profile.bio ?? '',
    ...(can(profile.role, 'users:manage') ? { role: profile.role } : {}),
  };
}

/**
 * The Overview fields (also the account part of /settings/account): name, phone, avatar and
 * bio; an Admin also picks a role. The e-mail is shown here but changed under Security.
 */
export function AccountDetailsForm({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const { userChanged } = useSessionActions();
  const update = useUpdateProfile();
  const { saving, run } = useSaving();
  // Who manages accounts may change roles, their own included (the server keeps one such account).
  const isAdmin = can(profile.role, 'users:manage');
  const {
    control,
    field,
    submit,
    formState: { isDirty },
  } = useSchemaForm(profileUpdateSchema, {
    defaultValues: formValues(profile),
    save: (input) => run(() => update.mutateAsync(input)),
    successToast: () => t('Profile updated'),
    resetTo: formValues,
    // The header's profile menu reads the signed-in user: give it the new name at once.
    onSaved: (saved) => userChanged(userSchema.parse(saved)),
    failureToast: t('Failed to update profile'),
  });
  const avatar = useWatch({ control, name: 'avatar' });
  const name = useWatch({ control, name: 'name' });

  return (
    <form noValidate onSubmit={submit}>
      <ProfileCard
        title={t('Account details')}
        description={t('How you appear to the rest of the shop.')}
        footer={
          <>
            {isDirty && !saving ? <span className="text-sm text-amber-700 dark:text-amber-400">{t('Unsaved changes')}</span> : null}
            <SaveButton saving={saving} />
          </>
        }
      >
        <fieldset disabled={saving} className="grid min-w-0 gap-5 px-5 py-5 sm:grid-cols-2">
          <div className="flex items-center gap-4 sm:col-span-2">
            <Thumbnail
              src={typeof avatar === 'string' ? avatar.trim() : null}
              alt={t('Avatar preview')}
              className="size-16 rounded-full"
              fallback={<Avatar initials={initials(name, profile.email)} size="lg" />}
            />
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900 dark:text-white">{name || profile.name}</p>
              <p className="truncate text-sm text-slate-500 dark:text-slate-400">{profile.email}</p>
            </div>
          </div>

          <TextField label={t('Name')} field={field('name', 'profile-name')} autoComplete="name" />

          <div className="space-y-1.5">
            <Label htmlFor="profile-email">{t('Email')}</Label>
            <Input id="profile-email" type="email" value={profile.email} readOnly aria-describedby="profile-email-hint" className="bg-slate-50 dark:bg-slate-800/60" />
            <p id="profile-email-hint" className="text-sm text-slate-500 dark:text-slate-400">
              {t('Change your e-mail under')}{' '}
              <Link to="/profile?tab=security" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
                {t('Security')}
              </Link>
            </p>
          </div>

          <TextField label={t('Phone')} field={field('phone', 'profile-phone')} type="tel" autoComplete="tel" />

          <TextField label={t('Avatar URL')} field={field('avatar', 'profile-avatar')} type="url" inputMode="url" placeholder="https://" />

          <div className="sm:col-span-2">
            <TextareaField label={t('Bio')} field={field('bio', 'profile-bio')} rows={3} />
          </div>

          {isAdmin ? (
            <SelectField label={t('Role')} field={field('role', 'profile-role')}>
              {roleSchema.options.map((role) => (
                <option key={role} value={role}>
                  {enumLabel('role', role, t)}
                </option>
              ))}
            </SelectField>
          ) : (
            <div className="space-y-1.5">
              <p className="text-sm font-medium text-slate-700 dark:text-slate-300">{t('Role')}</p>
              <div className="flex flex-wrap items-center gap-2">
                <Badge tone="primary">{enumLabel('role', profile.role, t)}</Badge>
                <span className="text-sm text-slate-500 dark:text-slate-400">{t('Only an Admin can change a role.')}</span>
              </div>
            </div>
          )}
        </fieldset>
      </ProfileCard>
    </form>
  );
}
