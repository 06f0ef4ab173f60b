import { lazy, Suspense } from 'react';
import { AlertTriangle, ArrowRight, ShoppingCart, TrendingUp } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Dashboard } from '@shop/contracts/report';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { useCan } from '@/lib/permissions';
import { PaymentsBreakdown } from '@/components/payments/payments-breakdown';
import { useDashboard } from '../api/get-dashboard';
import { OpenShiftsCard } from './open-shifts-card';
import { Panel } from './panel';

const DashboardCharts = lazy(() => import('./dashboard-charts'));

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 });

/** '+12.50%' in green when zero or above, '-3.10%' in red below (docs/screens.md, "Dashboard"). */
function Change({ value }: { value: number }) {
  const { t } = useTranslation();
  const up = value >= 0;
  return (
    <span className={cn('text-sm font-medium tabular-nums', up ? 'text-emerald-700 dark:text-emerald-400' : 'text-red-700 dark:text-red-400')}>
      {up ? '+' : ''}
      {value.toFixed(2)}%<span className="sr-only"> {up ? t('up on the 30 days before') : t('down on the 30 days before')}</span>
    </span>
  );
}

function StatCard({ label, value, note, change }: { label: string; value: string; note?: string; change: number }) {
  return (
    <Card className="px-5 py-4">
      <p className="text-sm text-slate-500 dark:text-slate-400">
        {label} {note ? <span className="text-xs">{note}</span> : null}
      </p>
      <p className="mt-1 text-2xl font-semibold text-slate-900 tabular-nums dark:text-white">{value}</p>
      <Change value={change} />
    </Card>
  );
}

export function DashboardPage() {
  const { t } = useTranslation();
  const canSee = useCan('reports:view');
  const dashboard = useDashboard(canSee);

  if (!canSee) {
    return (
      <section>
        <PageTitle title={t('Dashboard')} />
        <Card className="flex flex-wrap items-center justify-between gap-4 px-5 py-6">
          <p className="text-slate-600 dark:text-slate-300">{t('Figures for the whole shop are for managers. Ring up a sale or look at your sales.')}</p>
          <div className="flex gap-2">
            <Button asChild>
              <Link to="/sale">
                <ShoppingCart aria-hidden className="size-4" />
                {t('Open the till')}
              </Link>
            </Button>
            <Button asChild variant="secondary">
              <Link to="/orders">{t('My sales')}</Link>
            </Button>
          </div>
        </Card>
      </section>
    );
  }

  const data = dashboard.data;
  return (
    <section>
      <PageTitle title={t('Dashboard')} description={data ? t('Last 30 days: {{from}} to {{to}}', { from: data.period.from, to: data.period.to }) : undefined} />
      {dashboard.isPending ? (
        <Spinner label={t('Loading…')} className="py-10" />
      ) : dashboard.isError || !data ? (
        <Card className="flex items-center justify-between gap-3 px-5 py-4" role="alert">
          <span className="text-[#b91c1c] dark:text-red-300">{t('Failed to load the dashboard')}</span>
          <Button variant="secondary" size="sm" onClick={() => void dashboard.refetch()}>
            {t('Retry')}
          </Button>
        </Card>
      ) : (
        <DashboardBody data={data} />
      )}
    </section>
  );
}

function DashboardBody({ data }: { data: Dashboard }) {
  const { t } = useTranslation();
  const { cards } = data;
  return (
    <div className="space-y-5">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label={t('New Orders')} note={t('(30 days)')} value={String(cards.newOrders.value)} change={cards.newOrders.change} />
        <StatCard label={t('Total Income')} value={usd.format(cards.totalIncome.value)} change={cards.totalIncome.change} />
        <StatCard label={t('Total Expense')} value={usd.format(cards.totalExpense.value)} change={cards.totalExpense.change} />
        <StatCard label={t('New User')} value={String(cards.newUsers.value)} change={cards.newUsers.change} />
      </div>

      <OpenShiftsCard />

      {/* What came in by method and currency over the same 30 days, refunds taken off on their day. */}
      <PaymentsBreakdown from={data.period.from} to={data.period.to} />

      <div className="grid gap-5 xl:grid-cols-2">
        <Panel
          title={t('Yearly Stats')}
          action={
            // The headline names what it sums: the chart's two lines over the year.
            <span className="flex flex-wrap justify-end gap-x-3 text-sm tabular-nums">
              <span>
                <span className="text-slate-500 dark:text-slate-400">{t('Income')}</span>{' '}
                <span className="font-semibold">{formatMoney(data.yearTotal)}</span>
              </span>
              <span>
                <span className="text-slate-500 dark:text-slate-400">{t('Expense')}</span>{' '}
                <span className="font-semibold">{formatMoney(data.yearExpense)}</span>
              </span>
            </span>
          }
        >
          <Suspense fallback={<Spinner label={t('Loading…')} className="py-20" />}>
            <DashboardCharts months={data.months} chart="line" />
          </Suspense>
        </Panel>
        <Panel title={t('Sales/Revenue')} action={<span className="text-sm text-slate-500 dark:text-slate-400">{data.year}</span>}>
          <Suspense fallback={<Spinner label={t('Loading…')} className="py-20" />}>
            <DashboardCharts months={data.months} chart="bar" />
          </Suspense>
        </Panel>
      </div>

      <div className="grid gap-5 lg:grid-cols-3">
        <Panel title={t('Top sellers (30 days)')} action={<TrendingUp aria-hidden className="size-4 text-slate-400" />}>
          {data.topProducts.length === 0 ? (
            <p className="py-4 text-sm text-slate-500 dark:text-slate-400">{t('No sales in the last 30 days.')}</p>
          ) : (
            <ol className="divide-y divide-slate-100 dark:divide-slate-800">
              {data.topProducts.map((product, index) => (
                <li key={product.productId} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span className="min-w-0 truncate">
                    <span className="mr-2 text-slate-500 tabular-nums dark:text-slate-400">{index + 1}.</span>
                    {product.name}
                  </span>
                  <span className="shrink-0 text-slate-600 tabular-nums dark:text-slate-300">
                    {t('{{count}} sold', { count: product.qty })} · {formatMoney(product.income)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </Panel>
        <Panel
          title={t('Low stock')}
          action={
            <Link to="/report-stock" className="inline-flex items-center gap-1 text-sm text-indigo-600 hover:underline dark:text-indigo-400">
              {t('See the stock report')} <ArrowRight aria-hidden className="size-3.5" />
            </Link>
          }
        >
          {data.lowStock.length === 0 ? (
            <p className="py-4 text-sm text-slate-500 dark:text-slate-400">{t('Nothing is below its reorder level.')}</p>
          ) : (
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {data.lowStock.map((product) => (
                <li key={product.productId} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span className="min-w-0 truncate">{product.name}</span>
                  <span className="shrink-0 text-red-700 tabular-nums dark:text-red-400">
                    {t('{{onHand}} left (reorder at {{level}})', { onHand: product.onHand, level: product.reorderLevel })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <Panel
          title={t('Expiring soon')}
          action={
            <Link to="/expire-product" className="inline-flex items-center gap-1 text-sm text-indigo-600 hover:underline dark:text-indigo-400">
              {t('See expiring batches')} <ArrowRight aria-hidden className="size-3.5" />
            </Link>
          }
        >
          {data.expiringSoon.length === 0 ? (
            <p className="py-4 text-sm text-slate-500 dark:text-slate-400">{t('Nothing expires in the next 7 days.')}</p>
          ) : (
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {data.expiringSoon.map((batch) => (
                <li key={batch.batchId} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span className="min-w-0 truncate">
                    {batch.daysLeft < 0 ? <AlertTriangle aria-hidden className="mr-1 inline size-3.5 text-red-600" /> : null}
                    {batch.name} <span className="text-slate-500 dark:text-slate-400">×{batch.remaining}</span>
                  </span>
                  <span className={cn('shrink-0 tabular-nums', batch.daysLeft < 0 ? 'text-red-700 dark:text-red-400' : 'text-amber-700 dark:text-amber-400')}>
                    {batch.daysLeft < 0 ? t('Expired {{date}}', { date: batch.expireDate }) : t('Expires {{date}}', { date: batch.expireDate })}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Panel>
      </div>
    </div>
  );
}
