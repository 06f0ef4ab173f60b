import { RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { KitchenTicket } from '@shop/contracts/open-order';
import { Button } from '@/components/ui/button';
import { Modal, ModalBody } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { formatTimeOfDay } from '@/lib/format';
import { useShopSettings } from '@/lib/shop-settings';
import { useKitchenTickets } from '../api/get-kitchen-tickets';
import { BigButton } from './big-button';
import { itemsSummary, ticketPlace } from './ticket-text';

type RecallDialogProps = {
  station: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onRecall: (ticket: KitchenTicket) => void;
};

/** The station's latest done tickets, newest first, each with Recall (back on the board, every item to make again). */
export function RecallDialog({ station, open, onOpenChange, onRecall }: RecallDialogProps) {
  const { t } = useTranslation();
  const timeZone = useShopSettings().settings.localization.timezone;
  const done = useKitchenTickets(station, 'done', { enabled: open });

  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('Recall a ticket')} description={t('The latest tickets done at {{station}}. Recall one to make it again.', { station })} size="lg">
      <ModalBody>
        {done.data ? (
          done.data.length === 0 ? (
            <p className="py-6 text-center text-base text-slate-500 dark:text-slate-400">{t('No ticket is done yet.')}</p>
          ) : (
            <ul aria-label={t('Done tickets')} className="divide-y divide-slate-200 dark:divide-slate-800">
              {done.data.map((ticket) => {
                const place = ticketPlace(ticket, t);
                return (
                  <li key={ticket.id} className="flex items-center gap-4 py-3">
                    <div className="min-w-0 flex-1">
                      <p className="text-lg font-bold text-slate-900 dark:text-white">
                        <span className="tabular-nums">#{ticket.number}</span>
                        {place ? ` · ${place}` : ''}
                      </p>
                      <p className="truncate text-base text-slate-700 dark:text-slate-300">{itemsSummary(ticket)}</p>
                      {ticket.done_at ? <p className="text-sm text-slate-500 tabular-nums dark:text-slate-400">{t('Done at {{time}}', { time: formatTimeOfDay(ticket.done_at, timeZone) })}</p> : null}
                    </div>
                    <BigButton tone="secondary" aria-label={t('Recall ticket {{number}}', { number: ticket.number })} onClick={() => onRecall(ticket)}>
                      <RotateCcw aria-hidden />
                      {t('Recall')}
                    </BigButton>
                  </li>
                );
              })}
            </ul>
          )
        ) : done.isError ? (
          <div role="alert" className="flex flex-wrap items-center justify-center gap-3 py-6 text-base text-red-700 dark:text-red-300">
            {t('Failed to load the done tickets')}
            <Button variant="secondary" onClick={() => void done.refetch()}>
              {t('Retry')}
            </Button>
          </div>
        ) : (
          <div className="py-6 text-center">
            <Spinner label={t('Loading…')} />
          </div>
        )}
      </ModalBody>
    </Modal>
  );
}
