import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '@shop/contracts/profile';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useProfile } from '../api/get-profile';

/** Renders its content once GET /profile has answered; loading and failure states otherwise. */
export function ProfileLoader({ children }: { children: (profile: Profile) => ReactNode }) {
  const { t } = useTranslation();
  const profile = useProfile();
  if (profile.data) return children(profile.data);
  if (profile.isError) {
    return (
      <AlertBanner>
        <div className="flex flex-wrap items-center gap-3">
          {t('Failed to load your profile')}
          <Button variant="secondary" size="sm" onClick={() => void profile.refetch()}>
            {t('Retry')}
          </Button>
        </div>
      </AlertBanner>
    );
  }
  return (
    <Card className="px-5 py-10">
      <Spinner label={t('Loading…')} />
    </Card>
  );
}
