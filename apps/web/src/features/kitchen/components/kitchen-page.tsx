import { useLayoutEffect, useRef, useState } from 'react';
import { ChefHat, History, WifiOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { KitchenTicket } from '@shop/contracts/open-order';
import { AlertBanner } from '@/components/ui/alert-banner';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { PageTitle } from '@/components/ui/page-title';
import { SegmentedControl } from '@/components/ui/segmented-control';
import { Spinner } from '@/components/ui/spinner';
import { failureText } from '@/lib/error-text';
import { useCan } from '@/lib/permissions';
import { useShopSettings } from '@/lib/shop-settings';
import { useKitchenTickets } from '../api/get-kitchen-tickets';
import { useMarkDone, useRecallTicket } from '../api/ticket-actions';
import { useNow } from '../ticket-age';
import { useStation } from '../use-station';
import { BigButton } from './big-button';
import { RecallDialog } from './recall-dialog';
import { TicketCard } from './ticket-card';

/**
 * The kitchen display (docs/screens.md, "Kitchen"): one station's open tickets, oldest first,
 * read again every few seconds. A tap marks an item made, Done bumps the ticket off the board,
 * Recall brings a done one back.
 */
export function KitchenPage() {
  const { t } = useTranslation();
  const settings = useShopSettings();
  const stations = settings.data?.kitchen.stations ?? [];
  const [station, chooseStation] = useStation(stations);

  return (
    <section>
      <PageTitle title={t('Kitchen display')} description={t('The tickets to make at this station, oldest first. Tap an item when it is made.')} />
      {settings.data ? (
        station === null ? (
          <NoStations />
        ) : (
          <Board key={station} station={station} stations={stations} onStationChange={chooseStation} />
        )
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

function NoStations() {
  const { t } = useTranslation();
  const canManage = useCan('settings:manage');
  return (
    <Card className="px-5 py-12 text-center">
      <p className="text-lg font-semibold text-slate-900 dark:text-white">{t('No kitchen station yet.')}</p>
      <p className="mt-1 text-base text-slate-500 dark:text-slate-400">{t('Stations and the categories each one makes are set in Settings → Kitchen.')}</p>
      {canManage ? (
        <Button asChild variant="secondary" className="mt-4">
          <Link to="/settings?tab=kitchen">{t('Open Settings → Kitchen')}</Link>
        </Button>
      ) : null}
    </Card>
  );
}

type BoardProps = { station: string; stations: readonly string[]; onStationChange: (station: string) => void };

function Board({ station, stations, onStationChange }: BoardProps) {
  const { t } = useTranslation();
  const board = useKitchenTickets(station, 'open');
  const markDone = useMarkDone();
  const recall = useRecallTicket();
  const now = useNow();
  const [recalling, setRecalling] = useState(false);
  const tickets = board.data;
  const focusAfterBump = useFocusAfterBump(tickets);

  // mutateAsync: each call settles on its own (a mutate's callbacks follow only the latest call).
  function recallTicket(ticket: KitchenTicket) {
    recall.mutateAsync({ ticket }).then(
      () => toast.success(t('Ticket {{number}} is back on the board', { number: ticket.number })),
      (error: unknown) => showFailure(error, t('Could not recall the ticket')),
    );
  }

  function showFailure(error: unknown, text: string) {
    const message = failureText(error, text, t);
    if (message) toast.error(message);
  }

  function done(ticket: KitchenTicket, item?: KitchenTicket['items'][number]) {
    const last = item === undefined || ticket.items.every((one) => one.done || one.id === item.id);
    if (last) focusAfterBump(ticket);
    markDone.mutateAsync({ ticket, itemId: item?.id }).then(
      (saved) => {
        if (saved.done_at === null) return;
        toast.success(t('Ticket {{number}} done', { number: ticket.number }), { action: { label: t('Undo'), onClick: () => recallTicket(saved) } });
      },
      (error: unknown) => showFailure(error, item ? t('Could not mark the item made') : t('Could not mark the ticket done')),
    );
  }

  return (
    <>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        {stations.length > 1 ? (
          <SegmentedControl label={t('Station')} options={stations.map((name) => [name, name] as const)} value={station} onChange={onStationChange} className="[&>button]:h-11 [&>button]:px-5 [&>button]:text-base" />
        ) : (
          <p className="text-lg font-semibold text-slate-900 dark:text-white">{station}</p>
        )}
        <div className="flex items-center gap-3">
          <p role="status" className="text-base text-slate-600 dark:text-slate-400">
            {tickets ? t('To make: {{count}}', { count: tickets.length }) : ''}
          </p>
          <BigButton tone="secondary" onClick={() => setRecalling(true)}>
            <History aria-hidden />
            {t('Recall')}
          </BigButton>
        </div>
      </div>

      {board.isError && tickets ? (
        <p role="alert" className="mb-4 flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-3 py-2.5 text-base text-amber-900 dark:border-amber-500/40 dark:bg-amber-500/10 dark:text-amber-200">
          <WifiOff aria-hidden className="size-5 shrink-0" />
          {t('Cannot reach the server: the board may be out of date. Trying again…')}
        </p>
      ) : null}

      {tickets ? (
        tickets.length === 0 ? (
          <Card className="flex flex-col items-center px-5 py-16 text-center">
            <ChefHat aria-hidden className="size-12 text-slate-400" />
            <p className="mt-3 text-2xl font-semibold text-slate-900 dark:text-white">{t('Nothing to make')}</p>
            <p className="mt-1 text-base text-slate-500 dark:text-slate-400">{t('New tickets for {{station}} show here by themselves.', { station })}</p>
          </Card>
        ) : (
          <div data-board className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,18.5rem),1fr))] items-start gap-4">
            {tickets.map((ticket) => (
              <TicketCard key={ticket.id} ticket={ticket} now={now} onItemDone={(item) => done(ticket, item)} onDone={() => done(ticket)} />
            ))}
          </div>
        )
      ) : board.isError ? (
        <AlertBanner>
          <div className="flex flex-wrap items-center gap-3">
            {t('Failed to load the tickets')}
            <Button variant="secondary" size="sm" onClick={() => void board.refetch()}>
              {t('Retry')}
            </Button>
          </div>
        </AlertBanner>
      ) : (
        <Card className="px-5 py-10">
          <Spinner label={t('Loading…')} />
        </Card>
      )}

      <RecallDialog
        station={station}
        open={recalling}
        onOpenChange={setRecalling}
        onRecall={(ticket) => {
          setRecalling(false);
          recallTicket(ticket);
        }}
      />
    </>
  );
}

/**
 * A ticket bumped from the keyboard takes the focus with it: once it has left the board, focus
 * goes to the card now in its place (or the one before), so the next ticket is a key away.
 */
function useFocusAfterBump(tickets: KitchenTicket[] | undefined) {
  const pending = useRef<{ id: number; index: number } | null>(null);
  useLayoutEffect(() => {
    const bumped = pending.current;
    if (!bumped || !tickets || tickets.some((ticket) => ticket.id === bumped.id)) return;
    pending.current = null;
    const cards = document.querySelectorAll<HTMLElement>('[data-board] > article');
    const next = cards[Math.min(bumped.index, cards.length - 1)];
    next?.querySelector<HTMLElement>('button')?.focus();
  }, [tickets]);

  return (ticket: KitchenTicket) => {
    const inBoard = document.activeElement instanceof HTMLElement && document.activeElement.closest('[data-board]') !== null;
    pending.current = inBoard ? { id: ticket.id, index: tickets?.findIndex((one) => one.id === ticket.id) ?? 0 } : null;
  };
}
