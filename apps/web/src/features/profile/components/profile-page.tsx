import { useEffect, useRef, type ReactNode } from 'react';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '@/components/ui/page-title';
import { cn } from '@/lib/cn';
import { useTabParam } from '@/lib/use-tab-param';
import { AccountDetailsForm } from './account-details-form';
import { ActivityTab } from './activity-tab';
import { ApiKeysTab } from './api-keys-tab';
import { ConnectedTab } from './connected-tab';
import { DangerZoneTab } from './danger-zone-tab';
import { EmailForm } from './email-form';
import { NotificationsTab } from './notifications-tab';
import { PasswordForm } from './password-form';
import { PinCard } from './pin-form';
import { ProfileLoader } from './profile-loader';
import { SessionsTab } from './sessions-tab';
import { TwoFactorCard } from './two-factor-card';

type Translate = (key: string) => string;

/** The tabs, in this order (docs/screens.md, "Profile"). The open one is `?tab=`, so a reload keeps it. */
const TABS: { value: string; label: (t: Translate) => string; content: () => ReactNode }[] = [
  { value: 'overview', label: (t) => t('Overview'), content: () => <ProfileLoader>{(profile) => <AccountDetailsForm profile={profile} />}</ProfileLoader> },
  {
    value: 'security',
    label: (t) => t('Security'),
    content: () => (
      <ProfileLoader>
        {(profile) => (
          <div className="space-y-6">
            <EmailForm profile={profile} />
            <PasswordForm />
            <TwoFactorCard profile={profile} />
            <PinCard profile={profile} />
          </div>
        )}
      </ProfileLoader>
    ),
  },
  { value: 'sessions', label: (t) => t('Sessions'), content: () => <SessionsTab /> },
  { value: 'notifications', label: (t) => t('Notifications'), content: () => <ProfileLoader>{(profile) => <NotificationsTab profile={profile} />}</ProfileLoader> },
  { value: 'api-keys', label: (t) => t('API Keys'), content: () => <ApiKeysTab /> },
  { value: 'connected', label: (t) => t('Connected'), content: () => <ConnectedTab /> },
  { value: 'activity', label: (t) => t('Activity'), content: () => <ActivityTab /> },
  { value: 'danger-zone', label: (t) => t('Danger Zone'), content: () => <DangerZoneTab /> },
];
const TAB_VALUES = TABS.map(({ value }) => value);

export function ProfilePage() {
  const { t } = useTranslation();
  const [tab, selectTab] = useTabParam(TAB_VALUES, 'overview');
  const listRef = useRef<HTMLDivElement>(null);

  // The tab row scrolls sideways on a narrow screen: keep the open tab in sight (e.g. after a reload).
  useEffect(() => {
    listRef.current?.querySelector('[data-state="active"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab]);

  return (
    <section>
      <PageTitle title={t('Profile')} description={t('Your own account: details, security and sign-in.')} />
      <Tabs.Root value={tab} onValueChange={selectTab} className="space-y-5">
        <Tabs.List
          ref={listRef}
          aria-label={t('Profile')}
          className="-mx-4 flex gap-1 overflow-x-auto border-b border-slate-200 px-4 md:mx-0 md:px-0 dark:border-slate-800"
        >
          {TABS.map(({ value, label }) => (
            <Tabs.Trigger
              key={value}
              value={value}
              className={cn(
                '-mb-px shrink-0 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap transition-colors',
                'text-slate-600 hover:border-slate-300 hover:text-slate-900 dark:text-slate-400 dark:hover:border-slate-600 dark:hover:text-white',
                'focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-500',
                'data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700 dark:data-[state=active]:border-indigo-400 dark:data-[state=active]:text-indigo-300',
                value === 'danger-zone' && 'data-[state=active]:border-red-600 data-[state=active]:text-red-700 dark:data-[state=active]:border-red-400 dark:data-[state=active]:text-red-300',
              )}
            >
              {label(t)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(({ value, content }) => (
          <Tabs.Content key={value} value={value} className="focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500">
            {content()}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </section>
  );
}
