import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

/** A form's submit button: 'Saving…' while the save runs (see useSaving). */
export function SaveButton({ saving, label }: { saving: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <Button type="submit" disabled={saving}>
      {saving ? t('Saving…') : (label ?? t('Save'))}
    </Button>
  );
}
