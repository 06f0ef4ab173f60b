import type { ComponentProps, ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { NotifyPreferences, NotifyTopic, Profile } from '@shop/contracts/profile';
import { Switch } from '@/components/ui/switch';
import { failureText } from '@/lib/error-text';
import { useUpdateNotifyPreferences } from '../api/update-notify-preferences';
import { useSaving } from '../saving';
import { ProfileCard } from './profile-card';
import { SaveButton } from './save-button';

type Channel = Exclude<keyof NotifyPreferences, 'topics'>;
type Row<Name extends string> = { name: Name; label: (t: (key: string) => string) => string; hint: (t: (key: string) => string) => string };

const CHANNELS: Row<Channel>[] = [
  { name: 'email', label: (t) => t('Email'), hint: (t) => t('Messages to your e-mail address.') },
  { name: 'sms', label: (t) => t('SMS'), hint: (t) => t('Text messages to your phone number.') },
  { name: 'push', label: (t) => t('Push notifications'), hint: (t) => t('Alerts in this console while you are signed in.') },
];

const TOPICS: Row<NotifyTopic>[] = [
  { name: 'orders', label: (t) => t('Orders'), hint: (t) => t('Sales, refunds and supplies.') },
  { name: 'lowStock', label: (t) => t('Low stock'), hint: (t) => t('Products at or below their reorder level, and batches about to expire.') },
  { name: 'promotions', label: (t) => t('Promotions'), hint: (t) => t('Promotions starting and ending.') },
  { name: 'reports', label: (t) => t('Reports'), hint: (t) => t('Summaries of sales and stock.') },
];

/** Which channels and topics the user wants to hear about, stored per user on the server. */
export function NotificationsTab({ profile }: { profile: Profile }) {
  const { t } = useTranslation();
  const update = useUpdateNotifyPreferences();
  const { saving, run } = useSaving();
  const {
    register,
    handleSubmit,
    reset,
    formState: { isDirty },
  } = useForm<NotifyPreferences>({ defaultValues: profile.notify });

  const onSubmit = handleSubmit(async (preferences) => {
    try {
      reset(await run(() => update.mutateAsync(preferences)));
      toast.success(t('Notification settings saved'));
    } catch (error) {
      const message = failureText(error, t('Failed to save notification settings'), t);
      if (message) toast.error(message);
    }
  });

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <ProfileCard
        title={t('Notification settings')}
        description={t('Choose how you hear from the shop, and about what.')}
        footer={
          <>
            {isDirty && !saving ? <span className="text-sm text-amber-700 dark:text-amber-400">{t('Unsaved changes')}</span> : null}
            <SaveButton saving={saving} />
          </>
        }
      >
        <fieldset disabled={saving} className="grid min-w-0 gap-6 px-5 py-5 md:grid-cols-2">
          <SwitchGroup legend={t('Channels')}>
            {CHANNELS.map((row) => (
              <SwitchRow key={row.name} id={`notify-${row.name}`} label={row.label(t)} hint={row.hint(t)} {...register(row.name)} />
            ))}
          </SwitchGroup>
          <SwitchGroup legend={t('Topics')}>
            {TOPICS.map((row) => (
              <SwitchRow key={row.name} id={`notify-topic-${row.name}`} label={row.label(t)} hint={row.hint(t)} {...register(`topics.${row.name}`)} />
            ))}
          </SwitchGroup>
        </fieldset>
      </ProfileCard>
    </form>
  );
}

function SwitchGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="min-w-0 space-y-4">
      <legend className="mb-3 text-xs font-semibold tracking-wide text-slate-500 uppercase dark:text-slate-400">{legend}</legend>
      {children}
    </fieldset>
  );
}

function SwitchRow({ id, label, hint, ...props }: ComponentProps<typeof Switch> & { id: string; label: string; hint: string }) {
  return (
    <div className="flex items-start justify-between gap-4">
      <div className="min-w-0">
        <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-300">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-500 dark:text-slate-400">
          {hint}
        </p>
      </div>
      <Switch id={id} aria-describedby={`${id}-hint`} className="mt-0.5" {...props} />
    </div>
  );
}
