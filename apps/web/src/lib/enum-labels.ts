import type { ApiKeyScope } from '@shop/contracts/api-key-scopes';
import type { Role } from '@shop/contracts/common';
import type { StockReportRow } from '@shop/contracts/report';
import type { Sale } from '@shop/contracts/sale';
import type { Printer } from '@shop/contracts/settings';
import type { MovementType, ShiftStatus } from '@shop/contracts/shift';
import type { StockAdjustmentInput } from '@shop/contracts/stock';
import type { Supply } from '@shop/contracts/supply';
import type { UserStatus } from '@shop/contracts/user';

type Translate = (key: string) => string;

/**
 * The English words for each value the contracts define, per kind; each is an i18n key, so
 * Khmer readers see them translated. English output is the contract value itself wherever that
 * already reads well, so the screens read as before in English.
 */
const LABELS = {
  /** The built-in methods (Settings can add others, shown as the shop typed them). */
  payment: { Cash: 'Cash', Card: 'Card', Bank: 'Bank' } satisfies Record<NonNullable<Supply['payment_method']>, string>,
  saleStatus: { Paid: 'Paid', Partial: 'Partial', Refunded: 'Refunded', Cancelled: 'Cancelled' } satisfies Record<Sale['status'], string>,
  channel: { POS: 'POS', Online: 'Online', Catering: 'Catering' } satisfies Record<Sale['channel'], string>,
  supplyStatus: { Pending: 'Pending', Received: 'Received', Cancelled: 'Cancelled' } satisfies Record<Supply['status'], string>,
  stockState: { Expired: 'Expired', 'Below Reorder': 'Below Reorder', Normal: 'Normal' } satisfies Record<StockReportRow['state'], string>,
  role: { Admin: 'Admin', Manager: 'Manager', Staff: 'Staff' } satisfies Record<Role, string>,
  userStatus: { Active: 'Active', Pending: 'Pending', Deactivated: 'Deactivated' } satisfies Record<UserStatus, string>,
  printerType: { Receipt: 'Receipt', Kitchen: 'Kitchen', Label: 'Label' } satisfies Record<Printer['type'], string>,
  adjustmentReason: {
    count: 'Count correction',
    waste: 'Waste',
    expired: 'Expired write-off',
    other: 'Other',
  } satisfies Record<StockAdjustmentInput['reason'], string>,
  apiKeyScope: {
    read: 'Read only',
    sales: 'Till: sales, refunds and customers',
    catalogue: 'Catalogue, stock and purchasing',
    full: 'Everything my role can do',
  } satisfies Record<ApiKeyScope, string>,
  /** A drawer movement in a shift. */
  movement: { in: 'Pay in', out: 'Pay out', no_sale: 'No sale' } satisfies Record<MovementType, string>,
  shiftStatus: { open: 'Shift open', closed: 'Shift closed' } satisfies Record<ShiftStatus, string>,
} as const;

export type EnumKind = keyof typeof LABELS;

/** Every English label the helper can show, for the translations test. */
export const ENUM_LABEL_KEYS: readonly string[] = Object.values(LABELS).flatMap((labels) => Object.values(labels));

/** Values are matched ignoring case and surrounding spaces: a sale keeps the method as it was sent. */
const BY_VALUE = Object.fromEntries(
  Object.entries(LABELS).map(([kind, labels]) => [kind, new Map(Object.entries(labels).map(([value, label]) => [normal(value), label]))]),
) as Record<EnumKind, Map<string, string>>;

function normal(value: string): string {
  return value.trim().toLowerCase();
}

/**
 * A value from the server (a status, a payment method, a role…) in the reader's language:
 * `enumLabel('saleStatus', sale.status, t)`. A value the contracts do not define (a payment
 * method the shop added) is shown as it is; nothing (null) shows as an empty text. For the
 * screen only: CSV exports keep the values as data.
 */
export function enumLabel(kind: EnumKind, value: string | null | undefined, t: Translate): string {
  if (value == null) return '';
  const label = BY_VALUE[kind].get(normal(value));
  return label ? t(label) : value;
}

/** Filter options for a list of contract values, each shown through `enumLabel`. */
export function enumOptions(kind: EnumKind, values: readonly string[], t: Translate): { value: string; label: string }[] {
  return values.map((value) => ({ value, label: enumLabel(kind, value, t) }));
}
