import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';

export function UnitListPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('Units')} />;
}
