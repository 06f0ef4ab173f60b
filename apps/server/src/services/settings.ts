import { DEFAULT_SETTINGS, settingsSchema, type Settings, type SettingsSection } from '@shop/contracts/settings';
import { businessDate } from '../lib/business-date';
import type { Actor, ServiceContext } from './context';
import { auditedWrite } from './write';

/**
 * The shop's settings: stored sections over the defaults (docs/screens.md, "Settings"). A stored section that
 * no longer fits its schema (a field added since) is completed from the defaults.
 */
export async function getSettings(ctx: ServiceContext): Promise<Settings> {
  const rows = await ctx.db.selectFrom('settings').select(['section', 'value']).execute();
  const merged: Record<string, unknown> = { ...DEFAULT_SETTINGS };
  for (const row of rows) {
    if (!(row.section in DEFAULT_SETTINGS)) continue;
    const section = row.section as SettingsSection;
    merged[section] = { ...DEFAULT_SETTINGS[section], ...(JSON.parse(row.value) as object) };
  }
  const parsed = settingsSchema.safeParse(merged);
  if (parsed.success) return parsed.data;
  // A section that cannot be read falls back to its default rather than stopping the till.
  const repaired: Record<string, unknown> = {};
  for (const section of Object.keys(DEFAULT_SETTINGS) as SettingsSection[]) {
    const one = settingsSchema.shape[section].safeParse(merged[section]);
    repaired[section] = one.success ? one.data : DEFAULT_SETTINGS[section];
  }
  return repaired as Settings;
}

export async function getSettingsSection<S extends SettingsSection>(ctx: ServiceContext, section: S): Promise<Settings[S]> {
  return (await getSettings(ctx))[section];
}

export function updateSettingsSection<S extends SettingsSection>(ctx: ServiceContext, section: S, value: Settings[S], actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'update', entity: `settings.${section}`, conflictMessage: 'Settings were saved by someone else at the same moment. Try again.' }, async (tx) => {
    const before = await getSettingsSection(tx, section);
    const now = tx.clock.now().toISOString();
    await tx.db
      .insertInto('settings')
      .values({ section, value: JSON.stringify(value), updated_by: actor.userId, updated_at: now })
      .onConflict((oc) => oc.column('section').doUpdateSet({ value: JSON.stringify(value), updated_by: actor.userId, updated_at: now }))
      .execute();
    return { id: 0, before, after: value, result: value };
  });
}

/** Today in the shop's time zone (settings → Localization). */
export async function shopToday(ctx: ServiceContext, instant: Date = ctx.clock.now()): Promise<string> {
  const { timezone } = await getSettingsSection(ctx, 'localization');
  return businessDate(instant, timezone);
}
