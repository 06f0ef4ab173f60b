import { useState, type ReactNode } from 'react';
import { CircleCheck, LoaderCircle, Plug, Printer as PrinterIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { Printer } from '@shop/contracts/settings';
import { Button } from '@/components/ui/button';
import { failureText } from '@/lib/error-text';
import { printAnswerText } from '@/lib/printing/print-text';
import { chooseLocalPrinter, localPrintingAvailable, type LocalConnection } from '@/lib/printing/local-printer';
import { usePrintTestPage } from '@/lib/printing/print-api';
import { useShopSettings } from '@/lib/shop-settings';

/**
 * "Print test page" for one printer of Settings → Printers: a network printer prints it from the
 * server (POST /printers/{id}/test); a USB or serial printer is first connected to this till with
 * a tap, then printed on from this browser. A printer not saved yet has nothing to print on.
 */
export function PrinterTestPage({ id, printer, saved }: { id: string; printer: Printer; saved: boolean }) {
  const { t } = useTranslation();
  if (printer.connection === 'browser') return <Note id={id}>{t('Prints through the browser’s print dialog, so there is no test page to send.')}</Note>;
  if (!saved) {
    return (
      <Row>
        <Button variant="secondary" size="sm" disabled aria-describedby={`${id}-note`}>
          <PrinterIcon aria-hidden className="size-4" />
          {t('Print test page')}
        </Button>
        <Note id={id}>{t('Save the printers first, then print a test page.')}</Note>
      </Row>
    );
  }
  if (printer.connection === 'network') return <NetworkTestPage printer={printer} />;
  return <LocalTestPage id={id} printer={printer} connection={printer.connection} />;
}

function NetworkTestPage({ printer }: { printer: Printer }) {
  const { t } = useTranslation();
  const test = usePrintTestPage();

  async function print() {
    try {
      const answer = await test.mutateAsync(printer.id);
      if (answer.data.status === 'printed') toast.success(t('Test page printed'));
      // A failed job's answer carries its error, naming the printer and its address.
      else toast.error(printAnswerText(answer, t));
    } catch (error) {
      const text = failureText(error, t('The test page did not print'), t);
      if (text) toast.error(text);
    }
  }

  return (
    <Row>
      <PrintButton busy={test.isPending} onClick={() => void print()} />
    </Row>
  );
}

function LocalTestPage({ id, printer, connection }: { id: string; printer: Printer; connection: LocalConnection }) {
  const { t } = useTranslation();
  const { settings } = useShopSettings();
  const [connected, setConnected] = useState(false);
  const [busy, setBusy] = useState<'connect' | 'print' | null>(null);

  if (!localPrintingAvailable(connection)) return <Note id={id} tone="warning">{t('This browser cannot reach USB or serial printers. Use Chrome or Edge on this till.')}</Note>;

  async function connect() {
    setBusy('connect');
    try {
      await chooseLocalPrinter(connection);
      setConnected(true);
    } catch {
      toast.error(t('No printer was connected.'));
    } finally {
      setBusy(null);
    }
  }

  async function print() {
    setBusy('print');
    // The slip's drawing and encoding load with the first local print, not with Settings.
    const [{ testPageSlip }, { localFailure, printHere }] = await Promise.all([import('@shop/print/test-page'), import('@/lib/printing/print-here')]);
    try {
      const slip = testPageSlip(printer, settings, { paper: printer.paperWidth, language: settings.receipts.language, now: new Date().toISOString() });
      await printHere({ kind: 'test', printer, slips: [slip] });
      toast.success(t('Test page printed'));
    } catch (error) {
      toast.error(t(localFailure(error)));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Row>
      <Button variant="secondary" size="sm" disabled={busy !== null} aria-busy={busy === 'connect'} onClick={() => void connect()}>
        {busy === 'connect' ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <Plug aria-hidden className="size-4" />}
        {connected ? t('Connect another printer') : t('Connect printer')}
      </Button>
      {connected ? (
        <>
          <span className="inline-flex items-center gap-1 text-sm text-emerald-700 dark:text-emerald-400">
            <CircleCheck aria-hidden className="size-4" />
            {t('Connected')}
          </span>
          <PrintButton busy={busy === 'print'} disabled={busy !== null} onClick={() => void print()} />
        </>
      ) : (
        <Note id={id}>{t('Connect the printer plugged into this till, then print a test page.')}</Note>
      )}
    </Row>
  );
}

function PrintButton({ busy, disabled, onClick }: { busy: boolean; disabled?: boolean; onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button variant="secondary" size="sm" disabled={busy || disabled} aria-busy={busy} onClick={onClick}>
      {busy ? <LoaderCircle aria-hidden className="size-4 animate-spin" /> : <PrinterIcon aria-hidden className="size-4" />}
      {busy ? t('Printing test page…') : t('Print test page')}
    </Button>
  );
}

function Row({ children }: { children: ReactNode }) {
  return <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-2">{children}</div>;
}

function Note({ id, tone = 'muted', children }: { id: string; tone?: 'muted' | 'warning'; children: ReactNode }) {
  return (
    <p id={`${id}-note`} className={tone === 'warning' ? 'min-w-0 text-sm text-amber-700 dark:text-amber-400' : 'min-w-0 text-sm text-slate-500 dark:text-slate-400'}>
      {children}
    </p>
  );
}
