import { useTranslation } from 'react-i18next';
import type { Activity } from '@shop/contracts/profile';
import { Badge } from '@/components/ui/badge';
import { ListFooter } from '@/components/ui/list-footer';
import { Table, type Column } from '@/components/ui/table';
import { loadFailureText } from '@/lib/error-text';
import { formatDateTime } from '@/lib/format';
import { useShopSettings } from '@/lib/shop-settings';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { usePage } from '@/lib/use-page';
import { useActivity } from '../api/get-activity';
import { ProfileCard } from './profile-card';

/** The user's own entries of the shop's audit log, newest first, 8 a page. */
export function ActivityTab() {
  const { t } = useTranslation();
  const timeZone = useShopSettings().settings.localization.timezone;
  const [page, setPage] = usePage('');
  const activity = useActivity(page);
  useLoadErrorToast(activity.error, activity.errorUpdatedAt, t('Failed to load activity'), t);
  const rows = activity.data?.data;

  const columns: Column<Activity>[] = [
    { id: 'when', header: t('When'), className: 'w-40 whitespace-nowrap tabular-nums', cell: (entry) => formatDateTime(entry.ts, timeZone) },
    { id: 'type', header: t('Type'), className: 'w-32', cell: (entry) => <Badge>{entry.type}</Badge> },
    { id: 'detail', header: t('Detail'), wrap: true, cell: (entry) => <span className="text-slate-900 dark:text-white">{entry.detail}</span> },
  ];

  return (
    <ProfileCard title={t('Activity')} description={t('What you did in the console, newest first.')}>
      <Table
        label={t('Activity')}
        columns={columns}
        rows={rows}
        rowKey={(entry) => entry.id}
        loading={activity.isPending}
        busy={activity.isPlaceholderData}
        emptyText={t('No activity yet.')}
        error={activity.isError ? { text: loadFailureText(activity.error, t('Failed to load activity'), t), onRetry: () => void activity.refetch() } : null}
      />
      <ListFooter meta={activity.data?.meta} rowCount={rows?.length ?? 0} onPageChange={setPage} />
    </ProfileCard>
  );
}
