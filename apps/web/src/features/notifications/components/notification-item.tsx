import { CalendarClock, CalendarX, PackageMinus, Trash2, Undo2, UserPlus, UserRoundX, type LucideIcon } from 'lucide-react';
import { startTransition, useOptimistic } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Notification } from '@shop/contracts/notification';
import { Checkbox } from '@/components/ui/checkbox';
import { IconButton } from '@/components/ui/icon-button';
import { cn } from '@/lib/cn';
import { formatRelativeTime } from '@/lib/dates';
import { formatDateTime } from '@/lib/format';
import { LANGUAGES } from '@/lib/i18n';
import { notificationLinkText, notificationText } from './notification-text';

const KIND_ICONS: Record<Notification['kind'], { icon: LucideIcon; tone: string }> = {
  low_stock: { icon: PackageMinus, tone: 'bg-amber-50 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300' },
  expiring: { icon: CalendarClock, tone: 'bg-orange-50 text-orange-700 dark:bg-orange-500/15 dark:text-orange-300' },
  refund: { icon: Undo2, tone: 'bg-sky-50 text-sky-700 dark:bg-sky-500/15 dark:text-sky-300' },
  signup: { icon: UserPlus, tone: 'bg-violet-50 text-violet-700 dark:bg-violet-500/15 dark:text-violet-300' },
  expired: { icon: CalendarX, tone: 'bg-red-50 text-red-700 dark:bg-red-500/15 dark:text-red-300' },
  signup_duplicate: { icon: UserRoundX, tone: 'bg-rose-50 text-rose-700 dark:bg-rose-500/15 dark:text-rose-300' },
  offline_short_stock: { icon: PackageMinus, tone: 'bg-amber-50 text-amber-700 dark:bg-amber-500/15 dark:text-amber-300' },
};

type NotificationItemProps = {
  notification: Notification;
  timeZone: string;
  /** Saves the tick; settles (never rejects) once the server has answered and the list has it. */
  onToggleRead: (read: boolean) => Promise<void>;
  onDelete: () => void;
  deleting: boolean;
};

/** One notification: unread ones carry a bar, bold title and an "Unread" tag, not colour alone. */
export function NotificationItem({ notification, timeZone, onToggleRead, onDelete, deleting }: NotificationItemProps) {
  const { t, i18n } = useTranslation();
  const { title, body } = notificationText(notification, t);
  const locale = LANGUAGES.find((language) => language.code === i18n.language)?.htmlLang ?? 'en';
  const { icon: Icon, tone } = KIND_ICONS[notification.kind];
  const unread = !notification.read;
  const checkboxId = `notification-read-${notification.id}`;
  // The tick shows in the click's own frame, and stays until the server has answered; the list
  // then has the change, or has it put back when the server refused.
  const [checked, setChecked] = useOptimistic(notification.read);

  function toggle(read: boolean) {
    startTransition(async () => {
      setChecked(read);
      await onToggleRead(read);
    });
  }

  return (
    <li
      className={cn(
        'relative flex gap-3 px-4 py-4 sm:gap-4',
        unread ? 'bg-indigo-50/50 dark:bg-indigo-500/[0.07]' : 'bg-transparent',
      )}
    >
      {unread ? <span aria-hidden className="absolute inset-y-0 left-0 w-1 bg-indigo-500" /> : null}
      <span aria-hidden className={cn('mt-0.5 inline-flex size-9 shrink-0 items-center justify-center rounded-full', tone)}>
        <Icon className="size-[18px]" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <h2
            className={cn(
              'text-sm break-words',
              unread ? 'font-semibold text-slate-900 dark:text-white' : 'font-normal text-slate-600 dark:text-slate-400',
            )}
          >
            {title}
          </h2>
          {unread ? (
            <span className="rounded-full bg-indigo-600 px-1.5 py-px text-[10px] font-semibold tracking-wide text-white uppercase dark:bg-indigo-500">
              {t('Unread')}
            </span>
          ) : null}
        </div>
        <p className={cn('mt-1 text-sm break-words', unread ? 'text-slate-700 dark:text-slate-300' : 'text-slate-500 dark:text-slate-400')}>
          {body}
        </p>
        <div className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-500 dark:text-slate-400">
          <time dateTime={notification.created_at}>
            {formatRelativeTime(notification.created_at, locale)}
            <span aria-hidden> · </span>
            <span className="tabular-nums">{formatDateTime(notification.created_at, timeZone)}</span>
          </time>
          {notification.link ? (
            <Link
              to={notification.link}
              className="font-medium text-indigo-600 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 dark:text-indigo-400"
            >
              {notificationLinkText(notification.kind, t)}
            </Link>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 items-start gap-1 sm:gap-2">
        <label htmlFor={checkboxId} className="flex h-8 cursor-pointer items-center gap-2 rounded-md px-2 text-sm text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800">
          <Checkbox
            id={checkboxId}
            checked={checked}
            aria-label={t('Read: {{title}}', { title })}
            onChange={(event) => toggle(event.target.checked)}
          />
          <span aria-hidden>{t('Read')}</span>
        </label>
        <IconButton tone="danger" label={t('Delete notification: {{title}}', { title })} disabled={deleting} onClick={onDelete}>
          <Trash2 aria-hidden />
        </IconButton>
      </div>
    </li>
  );
}
