import { MODIFIER_MESSAGES } from '@shop/contracts/modifier';
import { refuseFields } from '../lib/errors';
import type { ServiceContext } from './context';
import { optionsOf, ownGroupIds, productGroupIds } from './modifier-groups';

/*
 * Checkout step: the options chosen on each line, checked against the product's groups and
 * priced from the catalogue, never from the till (docs/decisions/0013-modifiers-and-discounts.md).
 */

/** An option as a line takes it: its group's and its own names and price as they are now. */
export interface ChosenOption {
  optionId: number;
  groupName: string;
  name: string;
  nameKm: string | null;
  priceCents: number;
}

/** What the step needs of a line and its product. */
export interface OptionLine {
  product: { id: number; name: string; category_id: number };
  /** The option ids sent, or null for each group's defaults. */
  modifiers: readonly number[] | null;
}

type GroupRow = { id: number; name: string; min_select: number; max_select: number };
type OptionRow = { id: number; group_id: number; name: string; name_km: string | null; price_cents: number; is_default: number };

/** The groups each product carries (its category's, then its own, each once), by product. */
async function groupsOfProducts(tx: ServiceContext, products: OptionLine['product'][]): Promise<Map<number, number[]>> {
  const [own, fromCategory] = await Promise.all([
    ownGroupIds(tx, 'product_modifier_groups', [...new Set(products.map((product) => product.id))]),
    ownGroupIds(tx, 'category_modifier_groups', [...new Set(products.map((product) => product.category_id))]),
  ]);
  return new Map(products.map((product) => [product.id, productGroupIds(own.get(product.id), fromCategory.get(product.category_id))]));
}

/** The problems of one line's choice, or its options in the order the till asks the groups. */
function checkLine(line: OptionLine, groupIds: number[], groups: Map<number, GroupRow>, options: Map<number, OptionRow[]>, known: Set<number>): string | ChosenOption[] {
  const offered = new Map(groupIds.flatMap((groupId) => (options.get(groupId) ?? []).map((option) => [option.id, option] as const)));
  const wanted = line.modifiers ?? groupIds.flatMap((groupId) => (options.get(groupId) ?? []).filter((option) => option.is_default === 1).map((option) => option.id));
  if (new Set(wanted).size !== wanted.length) return MODIFIER_MESSAGES.optionTwice;
  const missing = wanted.find((id) => !known.has(id));
  if (missing !== undefined) return MODIFIER_MESSAGES.optionMissing;
  const stranger = wanted.find((id) => !offered.has(id));
  if (stranger !== undefined) return MODIFIER_MESSAGES.notOffered(line.product.name, strangerName(stranger, options));
  const chosen: ChosenOption[] = [];
  for (const groupId of groupIds) {
    const group = groups.get(groupId)!;
    const picked = (options.get(groupId) ?? []).filter((option) => wanted.includes(option.id));
    if (picked.length < group.min_select) return MODIFIER_MESSAGES.tooFew(line.product.name, group.name, group.min_select);
    if (picked.length > group.max_select) return MODIFIER_MESSAGES.tooMany(line.product.name, group.name, group.max_select);
    chosen.push(...picked.map((option) => ({ optionId: option.id, groupName: group.name, name: option.name, nameKm: option.name_km, priceCents: option.price_cents })));
  }
  return chosen;
}

/** An option of another group, named for the refusal (its id when it cannot be found). */
function strangerName(id: number, options: Map<number, OptionRow[]>): string {
  for (const list of options.values()) {
    const option = list.find((candidate) => candidate.id === id);
    if (option) return option.name;
  }
  return `Option ${id}`;
}

/**
 * Step: each line's options. A line sent without `modifiers` takes its groups' defaults; an
 * option that does not exist, is not offered with the product, or is chosen twice, and a group
 * below its minimum or above its maximum, refuse the sale (422 on `items.N.modifiers`).
 */
export async function chooseOptions(tx: ServiceContext, lines: readonly OptionLine[]): Promise<ChosenOption[][]> {
  const groupsByProduct = await groupsOfProducts(
    tx,
    lines.map((line) => line.product),
  );
  const groupIds = [...new Set([...groupsByProduct.values()].flat())];
  const sentIds = [...new Set(lines.flatMap((line) => line.modifiers ?? []))];
  const [groupRows, options, sentRows] = await Promise.all([
    groupIds.length ? tx.db.selectFrom('modifier_groups').select(['id', 'name', 'min_select', 'max_select']).where('id', 'in', groupIds).execute() : Promise.resolve([]),
    optionsOf(tx, groupIds),
    sentIds.length ? tx.db.selectFrom('modifier_options').select(['id', 'group_id', 'name', 'name_km', 'price_cents', 'is_default']).where('id', 'in', sentIds).execute() : Promise.resolve([]),
  ]);
  const groups = new Map(groupRows.map((row) => [row.id, row]));
  const known = new Set([...sentRows.map((row) => row.id), ...[...options.values()].flat().map((row) => row.id)]);
  // An option of a group the product does not carry is still named in the refusal.
  for (const row of sentRows) if (!groups.has(row.group_id)) options.set(row.group_id, [...(options.get(row.group_id) ?? []), row]);
  const errors: Record<string, string[]> = {};
  const chosen = lines.map((line, index) => {
    const result = checkLine(line, groupsByProduct.get(line.product.id) ?? [], groups, options, known);
    if (typeof result === 'string') {
      errors[`items.${index}.modifiers`] = [result];
      return [];
    }
    return result;
  });
  refuseFields(errors);
  return chosen;
}

/** What the options add to one unit. */
export const optionsCents = (options: readonly ChosenOption[]) => options.reduce((sum, option) => sum + option.priceCents, 0);
