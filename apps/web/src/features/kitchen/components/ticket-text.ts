import type { KitchenTicket } from '@shop/contracts/open-order';

type Translate = (key: string, options?: Record<string, unknown>) => string;
type Item = KitchenTicket['items'][number];

/** Where the ticket goes: "Table 4 · Dara", "Table 4", "Dara", or nothing (a counter sale). */
export function ticketPlace(ticket: KitchenTicket, t: Translate): string {
  const table = ticket.table ? t('Table {{table}}', { table: ticket.table }) : null;
  return [table, ticket.name].filter(Boolean).join(' · ');
}

export function serviceLabel(ticket: KitchenTicket, t: Translate): string {
  return ticket.service === 'take_away' ? t('Take-away') : t('Dine-in');
}

/** The item's options, in Khmer when the console is (the English name where no Khmer one was given). */
export function optionNames(item: Item, khmer: boolean): string[] {
  return item.modifiers.map((option) => (khmer && option.name_km ? option.name_km : option.name));
}

/** "2× Iced Latte, 1× Croissant", for the recall list. */
export function itemsSummary(ticket: KitchenTicket): string {
  return ticket.items.map((item) => `${item.quantity}× ${item.name}`).join(', ');
}
