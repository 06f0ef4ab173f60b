import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';

export function SupplyListPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('Supplies')} />;
}
