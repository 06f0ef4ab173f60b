import { CloudOff, CloudUpload, TriangleAlert } from 'lucide-react';
import { Popover } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { formatMoney } from '@/lib/format';
import { useOnline } from '@/lib/offline/connection';
import { sendAgain, useOutbox } from '@/lib/offline/outbox';
import { sendOutbox } from '@/lib/offline/sender';

/**
 * The header's word on the connection (docs/decisions/0016-offline-selling.md): "Offline" while
 * the server cannot be reached, "Unsynced: N" while sales made offline wait to reach it, and the
 * sales the server refused, which wait for a Manager. Nothing shows while all is well.
 */
export function ConnectionStatus() {
  const { t } = useTranslation();
  const online = useOnline();
  const outbox = useOutbox();
  const waiting = outbox.count - outbox.refused.length;
  if (online && outbox.count === 0) return null;
  const tone = outbox.refused.length > 0 ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950/60 dark:text-red-100' : 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950/60 dark:text-amber-100';
  return (
    <Popover.Root>
      <Popover.Trigger asChild>
        <button
          type="button"
          data-testid="connection-status"
          className={`flex h-9 items-center gap-1.5 rounded-full border px-3 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ${tone}`}
        >
          {online ? null : (
            <span className="flex items-center gap-1">
              <CloudOff aria-hidden className="size-4" />
              {t('Offline')}
            </span>
          )}
          {waiting > 0 ? (
            <span className="flex items-center gap-1 tabular-nums">
              <CloudUpload aria-hidden className="size-4" />
              {t('Unsynced: {{count}}', { count: waiting })}
            </span>
          ) : null}
          {outbox.refused.length > 0 ? (
            <span className="flex items-center gap-1 tabular-nums">
              <TriangleAlert aria-hidden className="size-4" />
              {t('Not recorded: {{count}}', { count: outbox.refused.length })}
            </span>
          ) : null}
        </button>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={8}
          className="z-50 w-80 space-y-3 rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200"
        >
          {online ? null : <p>{t('The server cannot be reached. The till keeps selling: sales are kept on this device and sent when the server is back.')}</p>}
          {online ? null : <p className="text-slate-500 dark:text-slate-400">{t('Refunds, new customers and settings need the server.')}</p>}
          {waiting > 0 ? (
            <div className="flex items-center justify-between gap-2">
              <p>{t('Waiting to reach the server: {{count}}.', { count: waiting })}</p>
              <Button variant="secondary" size="sm" onClick={() => sendOutbox()}>
                {t('Send now')}
              </Button>
            </div>
          ) : null}
          {outbox.refused.length > 0 ? (
            <div className="space-y-2">
              <p className="font-medium text-red-800 dark:text-red-300">{t('The server refused these sales. They stay on this till until a Manager sorts them out.')}</p>
              <ul className="space-y-2">
                {outbox.refused.map((entry) => (
                  <li key={entry.client_id} className="rounded-lg border border-red-200 px-3 py-2 dark:border-red-900">
                    <div className="flex items-baseline justify-between gap-2">
                      <span className="font-mono text-xs">{entry.number}</span>
                      <span className="tabular-nums">{formatMoney(entry.sale.total)}</span>
                    </div>
                    <p className="text-xs text-red-800 dark:text-red-300">{t(entry.refused?.message ?? '')}</p>
                    <Button variant="secondary" size="sm" className="mt-1" onClick={() => void sendAgain(entry.client_id).then(() => sendOutbox())}>
                      {t('Send again')}
                    </Button>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
