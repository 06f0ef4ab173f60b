import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';

export function AccountSettingsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('Account Settings')} />;
}
