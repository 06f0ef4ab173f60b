import { z } from 'zod';
import { fromNotAfterTo, listQuerySchema, optionalDateFilterSchema, optionalText, referenceId, requiredText } from './common';
import { money } from './money';

/*
 * Modifier groups: the choices a cafe's drinks come with (Size S/M/L, Sugar 0–100 %, Ice, Extras),
 * attached to products or to whole categories. The server prices the chosen options itself and
 * keeps them on the sale line as they were that day (docs/decisions/0013-modifiers-and-discounts.md).
 */

export const MODIFIER_SELECTIONS = ['single', 'multiple'] as const;
export type ModifierSelection = (typeof MODIFIER_SELECTIONS)[number];

/** At most this many options in one group, and groups on one product. */
export const MAX_MODIFIER_OPTIONS = 30;
export const MAX_PRODUCT_GROUPS = 10;

export const modifierOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The Khmer name, shown at the till and on the kitchen display in Khmer; null when none. */
  name_km: z.string().nullable(),
  /** Added to the product's price per unit, in dollars (0 for a free choice). */
  price: z.number(),
  /** Chosen before the cashier taps anything. */
  is_default: z.boolean(),
});
export type ModifierOption = z.infer<typeof modifierOptionSchema>;

export const modifierGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  name_km: z.string().nullable(),
  /** One option (a size) or several (extras). */
  selection: z.enum(MODIFIER_SELECTIONS),
  /** At least `min` options must be chosen (required ⇔ min ≥ 1); at most `max`. */
  required: z.boolean(),
  min: z.number().int(),
  max: z.number().int(),
  options: z.array(modifierOptionSchema),
  /** Where it applies: these products, and every product of these categories. */
  product_ids: z.array(z.number().int()),
  category_ids: z.array(z.number().int()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ModifierGroup = z.infer<typeof modifierGroupSchema>;

const optionInputSchema = z.object({
  /** An existing option keeps its id (past sales keep their own copy either way). */
  id: z.number({ error: 'An option id must be a number.' }).int().positive().optional(),
  name: requiredText(60, 'Option name', 'Each option needs a name.'),
  name_km: optionalText(60, 'Khmer name'),
  price: money('Option price').default(0),
  is_default: z.boolean({ error: 'Default must be true or false.' }).default(false),
});

const idList = (message: string) => z.array(referenceId(message), { error: message }).max(5000, 'Too many at once.');

/**
 * Create or update a group. `min` and `max` may be left out: a required group then asks for one
 * choice, an optional one for none; a single-choice group allows one, a multiple-choice group all.
 */
export const modifierGroupInputSchema = z
  .object({
    name: requiredText(60, 'Name'),
    name_km: optionalText(60, 'Khmer name'),
    selection: z.enum(MODIFIER_SELECTIONS, { error: 'Choice must be single or multiple.' }),
    required: z.boolean({ error: 'Required must be true or false.' }).default(false),
    min: z.number({ error: 'Minimum must be a whole number.' }).int('Minimum must be a whole number.').min(0, 'Minimum must be 0 or more.').optional(),
    max: z.number({ error: 'Maximum must be a whole number.' }).int('Maximum must be a whole number.').min(1, 'Maximum must be at least 1.').optional(),
    options: z
      .array(optionInputSchema, { error: 'Add at least one option.' })
      .min(1, 'Add at least one option.')
      .max(MAX_MODIFIER_OPTIONS, `A group can have at most ${MAX_MODIFIER_OPTIONS} options.`),
    /** When sent, these replace where the group applies. */
    product_ids: idList('Choose products from the list.').optional(),
    category_ids: idList('Choose categories from the list.').optional(),
  })
  .transform((group) => {
    const min = group.min ?? (group.required ? 1 : 0);
    const max = group.max ?? (group.selection === 'single' ? 1 : group.options.length);
    return { ...group, min, max };
  })
  .superRefine((group, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (group.selection === 'single' && group.max !== 1) issue('max', 'A single-choice group allows one option.');
    if (group.required && group.min < 1) issue('min', 'A required group needs a minimum of at least 1.');
    if (!group.required && group.min > 0) issue('min', 'An optional group has a minimum of 0.');
    if (group.min > group.max) issue('min', 'The minimum cannot be more than the maximum.');
    if (group.max > group.options.length) issue('max', 'The maximum cannot be more than the number of options.');
    const defaults = group.options.filter((option) => option.is_default).length;
    if (defaults > group.max) issue('options', group.max === 1 ? 'Choose one default at most.' : `Choose at most ${group.max} defaults.`);
    const names = new Set<string>();
    for (const option of group.options) {
      const key = option.name.toLowerCase();
      if (names.has(key)) issue('options', `The option ${option.name} is listed twice.`);
      names.add(key);
    }
  });
export type ModifierGroupInput = z.input<typeof modifierGroupInputSchema>;

export const modifierGroupListQuerySchema = listQuerySchema;

/** What a product or category carries: its groups, in the order the till asks them. */
export const modifierGroupIdsSchema = z
  .array(referenceId('Choose modifier groups from the list.'), { error: 'Choose modifier groups from the list.' })
  .max(MAX_PRODUCT_GROUPS, `At most ${MAX_PRODUCT_GROUPS} modifier groups.`)
  .refine((ids) => new Set(ids).size === ids.length, 'A modifier group is listed twice.');

/**
 * The options a sale or order line is sold with (option ids). Left out (or null), every group of
 * the product takes its defaults; `[]` chooses none (docs/decisions/0013-modifiers-and-discounts.md).
 */
export const lineModifiersSchema = z
  .array(referenceId('Choose options from the list.'), { error: 'Choose options from the list.' })
  .max(30, 'A line can have at most 30 options.')
  .nullish()
  .transform((v) => v ?? null);

/** An option as a sale line keeps it: names and price as they were that day. */
export const saleModifierSchema = z.object({
  option_id: z.number().int().nullable(),
  group: z.string(),
  name: z.string(),
  name_km: z.string().nullable(),
  price: z.number(),
});
export type SaleModifier = z.infer<typeof saleModifierSchema>;

/** GET /reports/modifiers: how many units were sold with each option, and what the options brought. */
export const modifierSalesRowSchema = z.object({
  group: z.string(),
  option: z.string(),
  option_km: z.string().nullable(),
  /** Units sold with this option (line quantities, refunds not taken off). */
  quantity: z.number().int(),
  /** The option's price times those units, in dollars. */
  amount: z.number(),
});
export type ModifierSalesRow = z.infer<typeof modifierSalesRowSchema>;

/** GET /reports/modifiers: sales of business days [from, to]; either left out, the 30 days up to `to` (or today). */
export const modifierSalesQuerySchema = z
  .object({
    from: optionalDateFilterSchema,
    to: optionalDateFilterSchema,
  })
  .refine(...fromNotAfterTo);
export type ModifierSalesQuery = z.infer<typeof modifierSalesQuerySchema>;

export const modifierSalesResponseSchema = z.object({ data: z.array(modifierSalesRowSchema) });

export const MODIFIER_MESSAGES = {
  created: 'Modifier group created',
  updated: 'Modifier group updated',
  deleted: 'Modifier group deleted',
  notFound: 'Modifier group not found.',
  nameTaken: 'A modifier group with this name already exists.',
  optionMissing: 'This option does not exist.',
  notOffered: (product: string, option: string) => `${option} is not offered with ${product}.`,
  tooFew: (product: string, group: string, min: number) => `${product} needs ${min === 1 ? 'a choice' : `at least ${min} choices`} of ${group}.`,
  tooMany: (product: string, group: string, max: number) => `${product} takes at most ${max === 1 ? 'one choice' : `${max} choices`} of ${group}.`,
  optionTwice: 'An option is chosen twice on one line.',
} as const;
