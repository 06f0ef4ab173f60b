import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ProfileCard } from './profile-card';

const PROVIDERS = [
  { id: 'google', name: 'Google', letter: 'G', tint: 'bg-red-50 text-red-600 dark:bg-red-500/15 dark:text-red-300' },
  { id: 'apple', name: 'Apple', letter: 'A', tint: 'bg-slate-900 text-white dark:bg-white dark:text-slate-900' },
] as const;

/**
 * Google and Apple, the two the Profile screen lists. The console runs without an outside network, so
 * neither can be linked: each row says so plainly instead of pretending.
 */
export function ConnectedTab() {
  const { t } = useTranslation();
  return (
    <ProfileCard title={t('Connected accounts')} description={t('Sign in with another account instead of your password.')}>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {PROVIDERS.map((provider) => (
          <li key={provider.id} className="flex flex-wrap items-center gap-4 px-5 py-4">
            <span aria-hidden className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full text-lg font-semibold ${provider.tint}`}>
              {provider.letter}
            </span>
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-2">
                <p className="font-medium text-slate-900 dark:text-white">{provider.name}</p>
                <Badge>{t('Not available')}</Badge>
              </div>
              <p id={`connect-${provider.id}-hint`} className="text-sm text-slate-500 dark:text-slate-400">
                {t('Not available in this shop: the console works without a connection to outside services.')}
              </p>
            </div>
            <Button variant="secondary" size="sm" disabled aria-describedby={`connect-${provider.id}-hint`}>
              {t('Connect {{provider}}', { provider: provider.name })}
            </Button>
          </li>
        ))}
      </ul>
    </ProfileCard>
  );
}
