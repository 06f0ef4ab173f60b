import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';

export function SalesReportPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('Sales Report')} />;
}
