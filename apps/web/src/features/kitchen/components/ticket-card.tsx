import { Check, Clock, MessageSquareWarning } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { KitchenTicket } from '@shop/contracts/open-order';
import { cn } from '@/lib/cn';
import { ageTone, minutesSince, type AgeTone } from '../ticket-age';
import { BigButton } from './big-button';
import { optionNames, serviceLabel, ticketPlace } from './ticket-text';

type Item = KitchenTicket['items'][number];

/** The card's frame and heading by how long it has waited; the minutes are written too, so colour is never the only sign. */
const TONES: Record<AgeTone, { frame: string; heading: string }> = {
  fresh: {
    frame: 'border-slate-300 dark:border-slate-700',
    heading: 'bg-slate-100 text-slate-900 dark:bg-slate-800 dark:text-white',
  },
  waiting: {
    frame: 'border-amber-500 dark:border-amber-400',
    heading: 'bg-amber-100 text-amber-950 dark:bg-amber-500/25 dark:text-amber-100',
  },
  late: {
    frame: 'border-red-600 dark:border-red-500',
    heading: 'bg-red-600 text-white dark:bg-red-600/80',
  },
};

type TicketCardProps = {
  ticket: KitchenTicket;
  now: number;
  onItemDone: (item: Item) => void;
  onDone: () => void;
};

/** One ticket on the board: who it is for and how long it has waited, then what to make in large type. */
export function TicketCard({ ticket, now, onItemDone, onDone }: TicketCardProps) {
  const { t, i18n } = useTranslation();
  const minutes = minutesSince(ticket.created_at, now);
  const tone = ageTone(minutes);
  const place = ticketPlace(ticket, t);
  const titleId = `ticket-${ticket.id}-title`;

  return (
    <article aria-labelledby={titleId} data-age={tone} className={cn('flex flex-col overflow-hidden rounded-xl border-2 bg-white shadow-sm dark:bg-slate-900', TONES[tone].frame)}>
      <header className={cn('px-4 py-3', TONES[tone].heading)}>
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="min-w-0 text-2xl leading-tight font-bold break-words tabular-nums">
            {place ? `#${ticket.number} · ${place}` : `#${ticket.number}`}
          </h2>
          <p className="flex shrink-0 items-center gap-1.5 pt-0.5 text-xl font-bold tabular-nums">
            <Clock aria-hidden className="size-5" />
            <span>
              <span className="sr-only">{t('Waiting')} </span>
              {t('{{minutes}} min', { minutes })}
            </span>
          </p>
        </div>
        <p className="mt-1 flex flex-wrap items-center gap-x-2 text-base font-medium">
          <span className="uppercase">{serviceLabel(ticket, t)}</span>
          {/* The open order's code, or a till sale's number (a sale rung up without an order). */}
          {ticket.order_code ?? ticket.sale_code ? <span className="font-mono text-sm">{ticket.order_code ?? ticket.sale_code}</span> : null}
        </p>
      </header>

      <ul aria-label={t('Items')} className="flex-1 divide-y divide-slate-200 dark:divide-slate-800">
        {ticket.items.map((item) => (
          <li key={item.id}>
            <TicketItem item={item} khmer={i18n.language === 'kh'} onDone={() => onItemDone(item)} />
          </li>
        ))}
      </ul>

      <div className="border-t border-slate-200 p-3 dark:border-slate-800">
        <BigButton size="lg" className="w-full" aria-label={t('Done: ticket {{number}}', { number: ticket.number })} onClick={onDone}>
          <Check aria-hidden />
          {t('Done')}
        </BigButton>
      </div>
    </article>
  );
}

/** An item to make: a tap marks it made (struck through). A made item stays until the ticket is done. */
function TicketItem({ item, khmer, onDone }: { item: Item; khmer: boolean; onDone: () => void }) {
  const { t } = useTranslation();
  const options = optionNames(item, khmer);
  const body = (
    <>
      <span className="flex items-baseline gap-3">
        <span className="shrink-0 text-2xl font-bold tabular-nums">{item.quantity}×</span>
        <span className={cn('min-w-0 text-2xl leading-snug font-semibold break-words', item.done && 'line-through decoration-2')}>{item.name}</span>
        {item.done ? (
          <span className="ml-auto flex shrink-0 items-center gap-1 self-center text-base font-semibold text-emerald-700 dark:text-emerald-400">
            <Check aria-hidden className="size-5" />
            {t('Made')}
          </span>
        ) : null}
      </span>
      {options.length > 0 ? <span className={cn('mt-1 block text-lg leading-snug text-slate-700 dark:text-slate-300', item.done && 'line-through')}>{options.join(' · ')}</span> : null}
      {item.note ? (
        <span className="mt-2 flex items-start gap-2 rounded-md bg-yellow-200 px-2.5 py-1.5 text-lg leading-snug font-bold text-yellow-950 dark:bg-yellow-400/20 dark:text-yellow-200">
          <MessageSquareWarning aria-hidden className="mt-1 size-5 shrink-0" />
          <span className="min-w-0 break-words">
            <span className="sr-only">{t('Note')}: </span>
            {item.note}
          </span>
        </span>
      ) : null}
    </>
  );

  if (item.done) return <div className="block px-4 py-3 text-slate-500 dark:text-slate-400">{body}</div>;
  return (
    <button
      type="button"
      onClick={onDone}
      className={cn(
        'block min-h-14 w-full px-4 py-3 text-left text-slate-900 transition-colors dark:text-white',
        'hover:bg-slate-50 active:bg-slate-100 dark:hover:bg-slate-800/60 dark:active:bg-slate-800',
        'focus-visible:outline-3 focus-visible:-outline-offset-3 focus-visible:outline-indigo-500',
      )}
    >
      {body}
    </button>
  );
}
