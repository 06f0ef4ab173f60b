import { DEFAULT_SETTINGS, settingsSchema, type Settings, type SettingsSection } from '@shop/contracts/settings';
import { compiledOnce } from '../db/compiled-once';
import { businessDate } from '../lib/business-date';
import { oncePerTransaction, type Actor, type ServiceContext } from './context';
import { auditedWrite } from './write';

/**
 * One section as stored (the `value` of its row, or nothing when never saved), completed from the
 * defaults: a stored section without a field added since gets the field's default, and one that
 * cannot be read falls back to its default rather than stopping the till.
 */
export function readStoredSection<S extends SettingsSection>(section: S, stored: string | null | undefined): Settings[S] {
  if (stored == null) return DEFAULT_SETTINGS[section];
  const last = lastRead.get(section);
  if (last?.stored === stored) return last.value as Settings[S];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return DEFAULT_SETTINGS[section];
  }
  const parsed = settingsSchema.shape[section].safeParse(upgradeSection(section, { ...DEFAULT_SETTINGS[section], ...(value as object) }));
  const read = parsed.success ? deepFreeze(parsed.data as Settings[S]) : DEFAULT_SETTINGS[section];
  lastRead.set(section, { stored, value: read });
  return read;
}

/**
 * Each section's last stored text and what it read as. A sale reads the settings and nearly always
 * finds the same text, so it is checked against the schema once per change, not per sale (that
 * check took about half a millisecond of every sale). What it read as is frozen: callers share it,
 * as they share the defaults.
 */
const lastRead = new Map<SettingsSection, { stored: string; value: unknown }>();

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * A section saved before a built-in payment method existed gains it, switched off: the shop turns
 * it on when it is ready (KHQR needs its account filled in first). A printer saved before
 * connections existed gains the one its address implies.
 */
function upgradeSection(section: SettingsSection, value: Record<string, unknown>): Record<string, unknown> {
  if (section === 'printers' && Array.isArray(value.list)) {
    // A printer saved before connections existed is a network printer when it has an address, else the browser's.
    const upgraded = (printer: Record<string, unknown>) => ({
      connection: typeof printer.ip === 'string' && printer.ip !== '' ? 'network' : 'browser',
      paperWidth: '80',
      station: '',
      drawer: printer.type === 'Receipt',
      ...printer,
    });
    return { ...value, list: (value.list as Record<string, unknown>[]).map(upgraded) };
  }
  if (section !== 'payments' || !Array.isArray(value.methods)) return value;
  const methods = value.methods as { key?: unknown }[];
  const missing = DEFAULT_SETTINGS.payments.methods.filter((builtIn) => !methods.some((method) => method.key === builtIn.key));
  return { ...value, methods: [...methods, ...missing.map((method) => ({ ...method, enabled: false }))] };
}

/** The riel rate was a Localization setting before it moved to Payments; a shop that set it keeps it. */
function storedRate(stored: Map<string, string>): number | null {
  if (stored.get('payments')?.includes('"khrPerUsd"')) return null;
  try {
    const rate = (JSON.parse(stored.get('localization') ?? '{}') as { khrPerUsd?: unknown }).khrPerUsd;
    return typeof rate === 'number' && Number.isInteger(rate) && rate >= 1000 && rate <= 10000 ? rate : null;
  } catch {
    return null;
  }
}

/**
 * The shop's settings: stored sections over the defaults (docs/screens.md, "Settings"). Inside a
 * transaction they are read once: a sale asks three times (its pricing, its kitchen tickets,
 * their printers), and only updateSettingsSection changes them.
 */
export const getSettings = oncePerTransaction(readSettings);

/** Every stored section: read by every sale, so built once (docs/decisions/0017-speed-on-the-wire-and-under-load.md). */
const allSections = compiledOnce((db) => db.selectFrom('settings').select(['section', 'value']));

async function readSettings(ctx: ServiceContext): Promise<Settings> {
  const rows = await allSections(ctx);
  const stored = new Map(rows.map((row) => [row.section, row.value]));
  const settings: Record<string, unknown> = {};
  for (const section of Object.keys(DEFAULT_SETTINGS) as SettingsSection[]) settings[section] = readStoredSection(section, stored.get(section));
  const rate = storedRate(stored);
  if (rate !== null) settings.payments = { ...(settings.payments as Settings['payments']), khrPerUsd: rate };
  return settings as Settings;
}

export async function getSettingsSection<S extends SettingsSection>(ctx: ServiceContext, section: S): Promise<Settings[S]> {
  return (await getSettings(ctx))[section];
}

export function updateSettingsSection<S extends SettingsSection>(ctx: ServiceContext, section: S, value: Settings[S], actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'update', entity: `settings.${section}`, conflictMessage: 'Settings were saved by someone else at the same moment. Try again.' }, async (tx) => {
    const before = await getSettingsSection(tx, section);
    getSettings.forget(tx);
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
