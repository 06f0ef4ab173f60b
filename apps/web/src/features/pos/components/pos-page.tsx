import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';

export function PosPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('Point of Sale')} />;
}
