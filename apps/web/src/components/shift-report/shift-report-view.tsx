import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { DrawerLine, ShiftReport } from '@shop/contracts/shift';
import { amountText } from '@/components/payments/payments-breakdown';
import { cn } from '@/lib/cn';
import { enumLabel } from '@/lib/enum-labels';
import { formatDateTime, formatMoney, formatTimeOfDay, SHOP_TIME_ZONE } from '@/lib/format';

export type ShiftReportViewProps = {
  report: ShiftReport;
  /** The shop's time zone (Settings → Localization): times read as the shop's clock. */
  timeZone?: string;
  /** Laid out for a receipt roll (black on white, 58 or 80 mm), as `printShiftReport` prints it; on screen otherwise. */
  paper?: '58' | '80';
  /** Leave out the title on screen (the dialog around it already says it). */
  untitled?: boolean;
  className?: string;
};

/** The printable width and type size per paper roll, as the receipt has them. */
const PAPER = {
  '58': { width: '58mm', padding: '3mm', text: 'text-[10.5px] leading-snug' },
  '80': { width: '80mm', padding: '4mm', text: 'text-[12px] leading-snug' },
} as const;

/** The shift's code as people say it: Z-000012 once closed, "X-report" while open. */
export function shiftReportTitle(report: Pick<ShiftReport, 'kind' | 'shift'>, t: (key: string, options?: Record<string, unknown>) => string): string {
  return report.kind === 'Z' && report.shift.z_code ? t('Z-report {{code}}', { code: report.shift.z_code }) : t('X-report');
}

/**
 * One shift's report, an X-report (the shift so far) or its Z-report: who opened and closed it,
 * the sales totals, the cash drawer per currency (float to difference; the expected amount is
 * left out while a blind count hides it), what each payment method took, the pay ins and outs,
 * and how often the drawer opened without a sale. The till and the Shifts screen show it; with
 * `paper` it is the slip printed on the receipt roll (see print-shift-report.tsx).
 */
export function ShiftReportView({ report, timeZone = SHOP_TIME_ZONE, paper, untitled = false, className }: ShiftReportViewProps) {
  const { t } = useTranslation();
  const { shift, sales } = report;
  const onPaper = paper !== undefined;
  const when = (instant: string) => formatDateTime(instant, timeZone);
  const title = shiftReportTitle(report, t);

  return (
    <article
      aria-label={title}
      data-paper-width={paper}
      style={onPaper ? { width: PAPER[paper].width, padding: PAPER[paper].padding, colorScheme: 'light' } : undefined}
      className={cn(
        'tabular-nums',
        onPaper ? cn('box-border bg-white font-sans text-black', PAPER[paper].text) : 'space-y-4 text-sm text-slate-700 dark:text-slate-200',
        className,
      )}
    >
      <header className={onPaper ? 'text-center' : undefined}>
        {onPaper ? (
          <>
            <p className="text-[1.35em] leading-tight font-bold">{report.shop.name}</p>
            {report.shop.address ? <p className="whitespace-pre-line">{report.shop.address}</p> : null}
            {report.shop.phone ? <p>{t('Tel: {{phone}}', { phone: report.shop.phone })}</p> : null}
          </>
        ) : null}
        {untitled && !onPaper ? null : <p className={cn('font-bold', onPaper ? 'mt-1.5 text-[1.2em]' : 'text-lg text-slate-900 dark:text-white')}>{title}</p>}
        {report.kind === 'X' && !onPaper ? (
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('The shift so far: these figures change until it is closed.')}</p>
        ) : null}
      </header>

      <Block paper={onPaper}>
        <dl className="space-y-0.5">
        <Row label={t('Till')} value={shift.till.name} paper={onPaper} />
        <Row label={t('Opened')} value={`${when(shift.opened_at)} · ${shift.opened_by.name}`} paper={onPaper} />
        {shift.closed_at ? <Row label={t('Closed')} value={`${when(shift.closed_at)} · ${shift.closed_by?.name ?? ''}`} paper={onPaper} /> : null}
        {shift.approved_by ? <Row label={t('Approved by')} value={shift.approved_by.name} paper={onPaper} /> : null}
        {shift.note ? <Row label={t('Note')} value={shift.note} paper={onPaper} /> : null}
        <Row label={t('Printed')} value={when(report.generated_at)} paper={onPaper} />
        </dl>
      </Block>

      <Block title={t('Sales')} paper={onPaper}>
        <dl className="space-y-0.5">
        <Row label={t('Orders')} value={String(sales.orders)} paper={onPaper} />
        <Row label={t('Gross')} value={formatMoney(sales.gross)} paper={onPaper} />
        <Row label={t('Discount')} value={sales.discount ? `−${formatMoney(sales.discount)}` : formatMoney(0)} paper={onPaper} />
        <Row label={t('Tax')} value={formatMoney(sales.tax)} paper={onPaper} />
        <Row label={t('Service')} value={formatMoney(sales.service)} paper={onPaper} />
        <Row label={t('Net')} value={formatMoney(sales.net)} paper={onPaper} strong />
        <Row label={t('Refunds')} value={sales.refunded ? `−${formatMoney(sales.refunded)}` : formatMoney(0)} paper={onPaper} />
        <Row label={t('Net after refunds')} value={formatMoney(sales.net_after_refunds)} paper={onPaper} strong />
        </dl>
      </Block>

      {report.drawer.length > 0 ? (
        <div className={onPaper ? undefined : 'grid gap-4 sm:grid-cols-2'}>
          {report.drawer.map((line) => (
            <DrawerBlock key={line.currency} line={line} paper={onPaper} />
          ))}
        </div>
      ) : (
        <Block title={t('Cash drawer')} paper={onPaper}>
          <p className={onPaper ? undefined : 'text-slate-500 dark:text-slate-400'}>{t('Counted blind: the cash figures show when the shift is closed.')}</p>
        </Block>
      )}

      <Block title={t('Takings by method')} paper={onPaper}>
        {report.methods.length === 0 ? (
          <p className={onPaper ? undefined : 'text-slate-500 dark:text-slate-400'}>{t('No payments in this shift.')}</p>
        ) : (
          <dl className="space-y-0.5">
          {report.methods.map((method) => (
            <Row
              key={`${method.method_key}-${method.currency}`}
              label={`${enumLabel('payment', method.method, t)} · ${method.currency === 'KHR' ? t('Riel') : t('Dollars')}`}
              value={
                method.refunded
                  ? `${amountText(method.currency, method.amount)} (${t('refunds')} ${amountText(method.currency, -method.refunded)})`
                  : amountText(method.currency, method.amount)
              }
              paper={onPaper}
            />
          ))}
          </dl>
        )}
      </Block>

      <Block title={t('Pay ins and outs')} paper={onPaper}>
        {report.movements.filter((m) => m.type !== 'no_sale').length === 0 ? (
          <p className={onPaper ? undefined : 'text-slate-500 dark:text-slate-400'}>{t('No cash paid in or out.')}</p>
        ) : (
          <ul aria-label={t('Pay ins and outs')} className={onPaper ? 'space-y-0.5' : 'divide-y divide-slate-100 dark:divide-slate-800'}>
            {report.movements
              .filter((m) => m.type !== 'no_sale')
              .map((movement) => (
                <li key={movement.id} className={cn('flex justify-between gap-2', !onPaper && 'py-1.5')}>
                  <span className="min-w-0 break-words">
                    {formatTimeOfDay(movement.created_at, timeZone)} {enumLabel('movement', movement.type, t)}
                    {movement.reason ? ` · ${movement.reason}` : ''}
                    {onPaper ? null : <span className="text-slate-500 dark:text-slate-400"> · {movement.user.name}</span>}
                  </span>
                  <span className="shrink-0 text-right">{amountText(movement.currency, movement.type === 'out' ? -movement.amount : movement.amount)}</span>
                </li>
              ))}
          </ul>
        )}
        <dl className="mt-1">
          <Row label={t('Drawer opened without a sale')} value={String(report.no_sales)} paper={onPaper} />
        </dl>
      </Block>
    </article>
  );
}

/** The drawer in one currency: where its expected amount comes from, then the count and the difference. */
function DrawerBlock({ line, paper }: { line: DrawerLine; paper: boolean }) {
  const { t } = useTranslation();
  const money = (amount: number) => amountText(line.currency, amount);
  const less = (amount: number) => (amount ? money(-amount) : money(0));
  return (
    <Block title={line.currency === 'KHR' ? t('Cash drawer: riel') : t('Cash drawer: dollars')} paper={paper}>
      <dl className="space-y-0.5">
      <Row label={t('Opening float')} value={money(line.float)} paper={paper} />
      <Row label={t('Cash taken')} value={money(line.cash_sales)} paper={paper} />
      <Row label={t('Change given')} value={less(line.change)} paper={paper} />
      <Row label={t('Pay ins')} value={money(line.pay_ins)} paper={paper} />
      <Row label={t('Pay outs')} value={less(line.pay_outs)} paper={paper} />
      <Row label={t('Cash refunds')} value={less(line.refunds)} paper={paper} />
      {line.expected !== null ? <Row label={t('Expected in the drawer')} value={money(line.expected)} paper={paper} strong /> : null}
      {line.counted !== null ? <Row label={t('Counted')} value={money(line.counted)} paper={paper} strong /> : null}
      {line.difference !== null ? (
        <Row
          label={t('Difference')}
          value={<Difference currency={line.currency} amount={line.difference} paper={paper} />}
          paper={paper}
          strong
        />
      ) : null}
      </dl>
    </Block>
  );
}

/** Counted less expected: nothing off reads as such; short in red, over in amber (on paper, in words). */
export function Difference({ currency, amount, paper = false }: { currency: DrawerLine['currency']; amount: number; paper?: boolean }) {
  const { t } = useTranslation();
  const text = amount > 0 ? `+${amountText(currency, amount)}` : amountText(currency, amount);
  const word = amount < 0 ? t('short') : amount > 0 ? t('over') : t('exact');
  return (
    <span
      className={cn(
        !paper && amount < 0 && 'text-red-700 dark:text-red-400',
        !paper && amount > 0 && 'text-amber-700 dark:text-amber-400',
        !paper && amount === 0 && 'text-emerald-700 dark:text-emerald-400',
      )}
    >
      {text} ({word})
    </span>
  );
}

function Block({ title, paper, children }: { title?: string; paper: boolean; children: ReactNode }) {
  if (paper) {
    return (
      <section>
        <hr className="my-2 border-0 border-t border-dashed border-black" />
        {title ? <h3 className="mb-0.5 font-bold">{title}</h3> : null}
        {children}
      </section>
    );
  }
  return (
    <section className="rounded-lg border border-slate-200 px-3 py-2 dark:border-slate-800">
      {title ? <h3 className="mb-1 font-semibold text-slate-900 dark:text-white">{title}</h3> : null}
      {children}
    </section>
  );
}

function Row({ label, value, paper, strong = false }: { label: string; value: ReactNode; paper: boolean; strong?: boolean }) {
  return (
    <div className={cn('flex justify-between gap-2', strong && 'font-semibold', strong && !paper && 'text-slate-900 dark:text-white')}>
      <dt className={cn('min-w-0', !paper && !strong && 'text-slate-500 dark:text-slate-400')}>{label}</dt>
      <dd className="text-right break-words">{value}</dd>
    </div>
  );
}
