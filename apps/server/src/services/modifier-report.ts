import type { ModifierSalesQuery, ModifierSalesRow } from '@shop/contracts/modifier';
import { fromCents } from '@shop/contracts/money';
import { sql } from 'kysely';
import { addDays } from '../lib/business-date';
import type { ServiceContext } from './context';
import { shopToday } from './settings';

/** The days the report covers: as asked, else the 30 days up to `to` (or today). */
async function periodOf(ctx: ServiceContext, query: ModifierSalesQuery): Promise<{ from: string; to: string }> {
  const today = await shopToday(ctx);
  const to = query.to ?? (query.from !== undefined && query.from > today ? query.from : today);
  return { from: query.from ?? addDays(to, -29), to };
}

/** The options kept on the lines of the period's sales (cancelled ones apart). */
export function soldOptions(ctx: ServiceContext, from: string, to: string) {
  return ctx.db
    .selectFrom('sale_item_modifiers')
    .innerJoin('sale_items', 'sale_items.id', 'sale_item_modifiers.sale_item_id')
    .innerJoin('sales', 'sales.id', 'sale_items.sale_id')
    .where('sales.business_date', '>=', from)
    .where('sales.business_date', '<=', to)
    .where('sales.status', '!=', 'Cancelled');
}

/**
 * GET /reports/modifiers: per group and option (by the names the sales kept), the units sold
 * with it and what it brought, most sold first.
 */
export async function modifierSales(ctx: ServiceContext, query: ModifierSalesQuery): Promise<ModifierSalesRow[]> {
  const { from, to } = await periodOf(ctx, query);
  const rows = await soldOptions(ctx, from, to)
    .select([
      'sale_item_modifiers.group_name as group',
      'sale_item_modifiers.name as option',
      sql<string | null>`max(sale_item_modifiers.name_km)`.as('option_km'),
      sql<number>`sum(sale_items.quantity)`.as('quantity'),
      sql<number>`sum(sale_item_modifiers.price_cents * sale_items.quantity)`.as('amount'),
    ])
    .groupBy(['sale_item_modifiers.group_name', 'sale_item_modifiers.name'])
    .orderBy('quantity', 'desc')
    .orderBy('sale_item_modifiers.group_name')
    .orderBy('sale_item_modifiers.name')
    .execute();
  return rows.map((row) => ({ group: row.group, option: row.option, option_km: row.option_km, quantity: Number(row.quantity), amount: fromCents(Number(row.amount)) }));
}
