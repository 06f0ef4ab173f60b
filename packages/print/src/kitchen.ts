import type { KitchenTicket } from '@shop/contracts/open-order';
import type { Settings } from '@shop/contracts/settings';
import { slipFormat } from './format';
import type { Block, PaperWidth, Slip } from './slip';
import { slipTranslator, type SlipLanguage } from './texts';

/*
 * A kitchen ticket as its station's printer prints it: large type to read from a step away,
 * the station and ticket number, table or take-away, the order or sale to call out, when it was
 * placed, then each item with its options (in Khmer when the shop prints in Khmer) and its note.
 * Only what the ticket holds: adding to an order sends a new ticket with the new lines.
 */
export function kitchenSlip(
  ticket: KitchenTicket,
  settings: Pick<Settings, 'localization'>,
  options: { paper: PaperWidth; language: SlipLanguage; copy?: boolean },
): Slip {
  const t = slipTranslator(options.language);
  const format = slipFormat(settings.localization);
  const blocks: Block[] = [];
  if (options.copy) blocks.push({ kind: 'text', text: t('COPY'), align: 'center', size: 'large', bold: true }, { kind: 'gap', dots: 6 });
  blocks.push({ kind: 'text', text: `${ticket.station} · #${ticket.number}`, align: 'center', size: 'huge', bold: true, inverse: true });
  blocks.push({ kind: 'gap', dots: 8 });
  const where = ticket.service === 'take_away' ? t('Take away') : ticket.table ? t('Table {{table}}', { table: ticket.table }) : t('Dine in');
  blocks.push({ kind: 'text', text: where, align: 'center', size: 'huge', bold: true });
  if (ticket.name) blocks.push({ kind: 'text', text: ticket.name, align: 'center', size: 'large' });
  const code = ticket.order_code ? t('Order {{code}}', { code: ticket.order_code }) : ticket.sale_code ? t('Sale {{code}}', { code: ticket.sale_code }) : null;
  if (code) blocks.push({ kind: 'text', text: code, align: 'center' });
  blocks.push({ kind: 'text', text: t('Placed {{time}}', { time: format.dateTime(ticket.created_at) }), align: 'center' });
  blocks.push({ kind: 'rule', dashed: false });
  for (const item of ticket.items) {
    blocks.push({ kind: 'text', text: `${item.quantity} × ${item.name}`, size: 'large', bold: true });
    if (item.modifiers.length > 0) {
      const names = item.modifiers.map((option) => (options.language === 'kh' && option.name_km ? option.name_km : option.name));
      blocks.push({ kind: 'text', text: names.join(' · '), size: 'large', indent: 24 });
    }
    if (item.note) blocks.push({ kind: 'text', text: `» ${item.note}`, size: 'large', bold: true, indent: 24 });
    blocks.push({ kind: 'rule' });
  }
  return { paper: options.paper, blocks };
}
