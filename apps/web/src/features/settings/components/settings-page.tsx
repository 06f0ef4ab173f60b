import { useEffect, useRef, type ComponentType } from 'react';
import { Lock } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { SETTINGS_SECTIONS, type SettingsSection } from '@shop/contracts/settings';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import { useCan } from '@/lib/permissions';
import { useShopSettings } from '@/lib/shop-settings';
import { useMediaQuery } from '@/lib/use-media-query';
import { useTabParam } from '@/lib/use-tab-param';
import { DiscountSettings } from './discount-settings';
import { GeneralSettings } from './general-settings';
import { HoursSettings } from './hours-settings';
import { KhqrSettings } from './khqr-settings';
import { KitchenSettings } from './kitchen-settings';
import { LocalizationSettings } from './localization-settings';
import { PaymentSettings } from './payment-settings';
import { PrinterSettings } from './printer-settings';
import { ReceiptSettings } from './receipt-settings';
import { ServiceSettings } from './service-settings';
import { TillsAndShiftsSettings } from './shift-settings';
import { TaxSettings } from './tax-settings';

/** The side tabs (docs/screens.md, "Settings"), in this order, each with its own Save. */
const TABS: { section: SettingsSection; label: (t: (key: string) => string) => string; Form: ComponentType }[] = [
  { section: 'general', label: (t) => t('General'), Form: GeneralSettings },
  { section: 'localization', label: (t) => t('Localization'), Form: LocalizationSettings },
  { section: 'taxes', label: (t) => t('Taxes'), Form: TaxSettings },
  { section: 'service', label: (t) => t('Service Charges'), Form: ServiceSettings },
  { section: 'payments', label: (t) => t('Payments'), Form: PaymentSettings },
  { section: 'printers', label: (t) => t('Printers'), Form: PrinterSettings },
  { section: 'receipts', label: (t) => t('Receipts'), Form: ReceiptSettings },
  { section: 'hours', label: (t) => t('Store Hours'), Form: HoursSettings },
  { section: 'shifts', label: (t) => t('Tills and shifts'), Form: TillsAndShiftsSettings },
  { section: 'kitchen', label: (t) => t('Kitchen'), Form: KitchenSettings },
];

const WIDE_QUERY = '(min-width: 768px)';

export function SettingsPage() {
  const { t } = useTranslation();
  const settings = useShopSettings();
  const canWrite = useCan('settings:manage');
  const wide = useMediaQuery(WIDE_QUERY);
  const [tab, selectTab] = useTabParam<SettingsSection>(SETTINGS_SECTIONS, 'general');
  const listRef = useRef<HTMLDivElement>(null);
  // The till keeps a copy of the settings on this device (lib/offline/persist.ts), which may be
  // old: the forms start from the server's answer in this visit, never from that copy.
  const fresh = settings.data !== undefined && settings.dataUpdatedAt >= performance.timeOrigin;

  // On a narrow screen the tabs scroll sideways: keep the open one in sight (e.g. after a reload).
  useEffect(() => {
    if (wide) return;
    listRef.current?.querySelector('[data-state="active"]')?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [tab, wide, settings.isSuccess]);

  return (
    <section>
      <PageTitle title={t('Settings')} description={t('Shared by the whole shop: every till and screen follows them.')} />
      {fresh ? (
        <>
          {canWrite ? null : (
            <p className="mb-4 flex items-center gap-2 rounded-lg border border-slate-200 bg-white px-3 py-2.5 text-sm text-slate-600 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-300">
              <Lock aria-hidden className="size-4 shrink-0 text-slate-400" />
              {t('Only an Admin can change settings.')}
            </p>
          )}
          <Tabs.Root
            value={tab}
            onValueChange={selectTab}
            orientation={wide ? 'vertical' : 'horizontal'}
            className="flex flex-col gap-4 md:flex-row md:items-start md:gap-6"
          >
            <Tabs.List
              ref={listRef}
              aria-label={t('Settings')}
              className="-mx-4 flex shrink-0 gap-1 overflow-x-auto px-4 pb-1 md:sticky md:top-6 md:mx-0 md:w-52 md:flex-col md:overflow-visible md:px-0 md:pb-0"
            >
              {TABS.map(({ section, label }) => (
                <Tabs.Trigger
                  key={section}
                  value={section}
                  className={cn(
                    'shrink-0 rounded-lg px-3 py-2 text-left text-sm font-medium whitespace-nowrap transition-colors',
                    'text-slate-600 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white',
                    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500',
                    'data-[state=active]:bg-indigo-50 data-[state=active]:text-indigo-700 dark:data-[state=active]:bg-indigo-500/15 dark:data-[state=active]:text-indigo-300',
                  )}
                >
                  {label(t)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            {/* Every tab stays mounted, so what was typed on one tab survives a visit to another. */}
            {TABS.map(({ section, Form }) => (
              <Tabs.Content
                key={section}
                value={section}
                forceMount
                hidden={section !== tab}
                className="min-w-0 flex-1 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-indigo-500"
              >
                <Form />
                {section === 'payments' ? <KhqrSettings className="mt-6" /> : null}
                {section === 'service' ? <DiscountSettings className="mt-6" /> : null}
              </Tabs.Content>
            ))}
          </Tabs.Root>
        </>
      ) : settings.isError ? (
        <AlertBanner>
          <div className="flex flex-wrap items-center gap-3">
            {t('Failed to load settings')}
            <Button variant="secondary" size="sm" onClick={() => void settings.refetch()}>
              {t('Retry')}
            </Button>
          </div>
        </AlertBanner>
      ) : (
        <Card className="px-5 py-10">
          <Spinner label={t('Loading…')} />
        </Card>
      )}
    </section>
  );
}
