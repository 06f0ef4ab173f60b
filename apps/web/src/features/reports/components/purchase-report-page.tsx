import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';

export function PurchaseReportPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('Purchase Report')} />;
}
