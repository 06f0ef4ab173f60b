import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/ui/page-title';
import { AccountDetailsForm } from './account-details-form';
import { PasswordForm } from './password-form';
import { ProfileLoader } from './profile-loader';

/** The header's 'Account Settings': the Overview fields and the password change, the same forms as Profile. */
export function AccountSettingsPage() {
  const { t } = useTranslation();
  return (
    <section>
      <PageTitle title={t('Account Settings')} description={t('Your name, contact details and password.')} />
      <div className="space-y-6">
        <ProfileLoader>{(profile) => <AccountDetailsForm profile={profile} />}</ProfileLoader>
        <PasswordForm />
      </div>
    </section>
  );
}
