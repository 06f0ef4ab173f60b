import { useState } from 'react';
import { Pencil, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Till } from '@shop/contracts/till';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { IconButton } from '@/components/ui/icon-button';
import { Table, type Column } from '@/components/ui/table';
import { formatDateTime } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { useShopSettings } from '@/lib/shop-settings';
import { useTills } from '@/components/shift-report/shifts-api';
import { useLoadErrorToast } from '@/lib/use-load-error-toast';
import { TillFormDialog } from './till-form-dialog';

/**
 * Settings → Tills (GET/POST/PUT /tills): each cash drawer, the printer its receipts go to and
 * whether they print by themselves, whether it sells, and the shift open at it. An Admin adds and edits them; others read the list.
 */
export function TillsSettings() {
  const { t } = useTranslation();
  const canWrite = useCan('settings:manage');
  const { settings } = useShopSettings();
  const tills = useTills();
  useLoadErrorToast(tills.error, tills.errorUpdatedAt, t('Failed to load tills'), t);
  const [editing, setEditing] = useState<Till | 'new' | null>(null);
  const timeZone = settings.localization.timezone;

  const printerName = (id: string | null) =>
    id === null ? t('Shop default') : (settings.printers.list.find((printer) => printer.id === id)?.name ?? t('Removed printer'));

  const columns: Column<Till>[] = [
    { id: 'name', header: t('Name'), wrap: true, cell: (till) => <span className="font-medium text-slate-900 dark:text-white">{till.name}</span> },
    { id: 'printer', header: t('Receipt printer'), wrap: true, minor: true, cell: (till) => printerName(till.printer_id) },
    {
      id: 'auto_print',
      header: t('Receipts'),
      minor: true,
      cell: (till) => <Badge tone={till.auto_print ? 'primary' : 'neutral'}>{till.auto_print ? t('Auto') : t('On tap')}</Badge>,
    },
    {
      id: 'active',
      header: t('Status'),
      cell: (till) => <Badge tone={till.active ? 'success' : 'neutral'}>{till.active ? t('Active') : t('Off')}</Badge>,
    },
    {
      id: 'shift',
      header: t('Current shift'),
      wrap: true,
      cell: (till) =>
        till.open_shift ? (
          <div>
            <div>{till.open_shift.opened_by.name}</div>
            <div className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
              {t('Since {{time}}', { time: formatDateTime(till.open_shift.opened_at, timeZone) })}
            </div>
          </div>
        ) : (
          <span className="text-slate-500 dark:text-slate-400">{t('None')}</span>
        ),
    },
  ];
  if (canWrite) {
    columns.push({
      id: 'actions',
      header: t('Actions'),
      pinned: true,
      className: 'w-16 text-right',
      cell: (till) => (
        <div className="flex justify-end">
          <IconButton label={t('Edit {{name}}', { name: till.name })} onClick={() => setEditing(till)}>
            <Pencil aria-hidden />
          </IconButton>
        </div>
      ),
    });
  }

  return (
    <Card>
      <section aria-labelledby="settings-tills-title">
        <div className="flex flex-wrap items-start justify-between gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
          <div className="min-w-0">
            <h2 id="settings-tills-title" className="text-base font-semibold text-slate-900 dark:text-white">
              {t('Tills')}
            </h2>
            <p className="mt-0.5 text-sm text-slate-500 dark:text-slate-400">
              {t('Each cash drawer and the browser that sells at it. A browser is set to its till on the till screen.')}
            </p>
          </div>
          {canWrite ? (
            <Button variant="secondary" onClick={() => setEditing('new')}>
              <Plus aria-hidden className="size-4" />
              {t('Add till')}
            </Button>
          ) : null}
        </div>
        <Table
          label={t('Tills')}
          columns={columns}
          rows={tills.data}
          rowKey={(till) => till.id}
          loading={tills.isPending}
          emptyText={t('No tills yet. Add one for each cash drawer.')}
          error={tills.isError ? { text: t('Failed to load tills'), onRetry: () => void tills.refetch() } : null}
        />
      </section>
      {canWrite ? (
        <TillFormDialog
          open={editing !== null}
          record={editing === 'new' ? null : editing}
          onOpenChange={(open) => (open ? undefined : setEditing(null))}
          onSaved={() => setEditing(null)}
        />
      ) : null}
    </Card>
  );
}
