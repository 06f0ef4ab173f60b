import { useTranslation } from 'react-i18next';
import { ComingSoon } from '@/components/ui/coming-soon';

export function PromotionListPage() {
  const { t } = useTranslation();
  return <ComingSoon title={t('Promotions')} />;
}
