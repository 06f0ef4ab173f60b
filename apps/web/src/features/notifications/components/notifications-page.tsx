import { useEffect, useState } from 'react';
import { CheckCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Notification } from '@shop/contracts/notification';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ListFooter } from '@/components/ui/list-footer';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { failureText, loadFailureText } from '@/lib/error-text';
import { pageAfterDelete } from '@/lib/list';
import { useShopSettings } from '@/lib/shop-settings';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { usePage } from '@/lib/use-page';
import { useDeleteNotification } from '../api/delete-notification';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllRead } from '../api/mark-all-read';
import { useMarkNotification } from '../api/update-notification';
import { NotificationItem } from './notification-item';

const NOTIFICATIONS_PER_PAGE = 10;

type Filter = 'all' | 'unread';

export function NotificationsPage() {
  const { t } = useTranslation();
  const timeZone = useShopSettings().settings.localization.timezone;
  const [filter, setFilter] = useState<Filter>('all');
  const [page, setPage] = usePage(filter);
  const list = useNotifications({ page, per_page: NOTIFICATIONS_PER_PAGE, unread: filter === 'unread' ? true : undefined });
  useLoadErrorToast(list.error, list.errorUpdatedAt, t('Failed to load notifications'), t);
  const rows = list.data?.data;
  const meta = list.data?.meta;
  const unread = meta?.unread ?? 0;

  const mark = useMarkNotification();
  const remove = useDeleteNotification();
  const markAll = useMarkAllRead();

  // Reading or deleting the last rows of a later page (under "Unread" they leave the list) empties it.
  useEffect(() => {
    if (meta && rows?.length === 0 && meta.current_page > meta.last_page) setPage(meta.last_page);
  }, [meta, rows, setPage]);

  async function toggleRead(notification: Notification, read: boolean) {
    try {
      await mark.mutateAsync({ id: notification.id, read });
    } catch (error) {
      const message = failureText(error, read ? t('Could not mark the notification as read') : t('Could not mark the notification as unread'), t);
      if (message) toast.error(message);
    }
  }

  function onDelete(notification: Notification) {
    remove.mutate(notification.id, {
      onSuccess: () => {
        toast.success(t('Notification deleted'));
        setPage(pageAfterDelete(page, rows?.length ?? 0));
      },
      onError: (error) => {
        const message = failureText(error, t('Failed to delete the notification'), t);
        if (message) toast.error(message);
      },
    });
  }

  function onMarkAll() {
    markAll.mutate(undefined, {
      onSuccess: () => toast.success(t('All notifications marked as read')),
      onError: (error) => {
        const message = failureText(error, t('Could not mark all as read'), t);
        if (message) toast.error(message);
      },
    });
  }

  let content;
  if (list.isError && !rows) {
    content = (
      <div role="alert" className="flex flex-wrap items-center justify-center gap-3 px-4 py-10 text-sm">
        <span className="text-[#b91c1c] dark:text-red-300">{loadFailureText(list.error, t('Failed to load notifications'), t)}</span>
        <Button variant="secondary" size="sm" onClick={() => void list.refetch()}>
          {t('Retry')}
        </Button>
      </div>
    );
  } else if (!rows) {
    content = (
      <div className="flex justify-center px-4 py-10">
        <Spinner label={t('Loading notifications…')} />
      </div>
    );
  } else if (rows.length === 0) {
    content = (
      <p className="px-4 py-12 text-center text-sm text-slate-500 dark:text-slate-400">
        {filter === 'unread' ? t('You are all caught up.') : t('No notifications yet.')}
      </p>
    );
  } else {
    content = (
      <ul
        aria-label={t('Notifications')}
        aria-busy={list.isPlaceholderData || undefined}
        className={cn('divide-y divide-slate-100 transition-opacity dark:divide-slate-800', list.isPlaceholderData && 'opacity-60')}
      >
        {rows.map((notification) => (
          <NotificationItem
            key={notification.id}
            notification={notification}
            timeZone={timeZone}
            onToggleRead={(read) => toggleRead(notification, read)}
            onDelete={() => onDelete(notification)}
            deleting={remove.isPending && remove.variables === notification.id}
          />
        ))}
      </ul>
    );
  }

  return (
    <section>
      <PageTitle
        title={t('Notifications')}
        description={meta ? (unread > 0 ? t('{{count}} unread', { count: unread }) : t('Everything is read.')) : undefined}
        actions={
          <Button variant="secondary" onClick={onMarkAll} disabled={unread === 0 || markAll.isPending}>
            <CheckCheck aria-hidden className="size-4" />
            {t('Mark all as read')}
          </Button>
        }
      />
      <Card>
        <div className="flex flex-wrap items-center gap-3 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
          <div role="group" aria-label={t('Show')} className="inline-flex rounded-lg bg-slate-100 p-1 dark:bg-slate-800">
            {(['all', 'unread'] as const).map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={filter === value}
                onClick={() => setFilter(value)}
                className={cn(
                  'h-8 rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
                  filter === value
                    ? 'bg-white text-slate-900 shadow-sm dark:bg-slate-950 dark:text-white'
                    : 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white',
                )}
              >
                {value === 'all' ? t('All') : t('Unread')}
              </button>
            ))}
          </div>
        </div>
        {content}
        <ListFooter meta={meta} rowCount={rows?.length ?? 0} onPageChange={setPage} />
      </Card>
    </section>
  );
}
