import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';

export function SupplyItemsPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('Supply Items')} />;
}
