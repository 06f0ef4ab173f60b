import type { Generated, Insertable, Selectable, Updateable } from 'kysely';
import type { Role } from '@shop/contracts/common';
import type { ApiKeyScope } from '@shop/contracts/api-key-scopes';
import type { NotificationKind } from '@shop/contracts/notification';
import type { OfflineFlagKind } from '@shop/contracts/offline-sale';

/*
 * Portable column conventions (SQLite and PostgreSQL read the same):
 * instants are ISO-8601 UTC text, calendar dates are YYYY-MM-DD text,
 * booleans are 0/1 integers, money is integer cents.
 */

export interface UsersTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  role: Role;
  phone: string | null;
  avatar: string | null;
  bio: string | null;
  deactivated_at: string | null;
  pending: Generated<number>;
  totp_secret: string | null;
  totp_last_step: number | null;
  /** The till PIN that approves what a cashier may not do alone (hashed like a password). */
  pin_hash: string | null;
  /** JSON of the user's notification preferences; null means the defaults. */
  notify: string | null;
  deleted_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface BackupCodesTable {
  id: Generated<number>;
  user_id: number;
  code_hash: string;
  used_at: string | null;
}

/** A Manager's approval: a token (kept hashed) lending one permission to the cashier who asked, until it expires. */
export interface ApprovalsTable {
  id: Generated<number>;
  token_hash: string;
  permission: string;
  approver_id: number;
  requested_by: number;
  created_at: string;
  expires_at: string;
}

export interface TillsTable {
  id: Generated<number>;
  name: string;
  printer_id: string | null;
  active: number;
  auto_print: number;
  created_at: string;
  updated_at: string;
}

/** One opening and closing of a till's drawer: dollars in cents, riel in riel, each apart. */
export interface ShiftsTable {
  id: Generated<number>;
  till_id: number;
  status: 'open' | 'closed';
  business_date: string;
  opened_by: number | null;
  opened_by_name: string;
  opened_at: string;
  float_usd_cents: number;
  float_khr: number;
  /** The notes counted into the float, as JSON (null when a total was given). */
  float_detail: string | null;
  closed_by: number | null;
  closed_by_name: string | null;
  closed_at: string | null;
  counted_usd_cents: number | null;
  counted_khr: number | null;
  count_detail: string | null;
  expected_usd_cents: number | null;
  expected_khr: number | null;
  note: string | null;
  approved_by: number | null;
  approved_by_name: string | null;
  z_number: number | null;
}

export interface DrawerMovementsTable {
  id: Generated<number>;
  shift_id: number;
  till_id: number;
  type: 'in' | 'out' | 'no_sale';
  currency: 'USD' | 'KHR';
  amount_cents: number;
  amount_khr: number;
  reason: string | null;
  user_id: number | null;
  user_name: string;
  created_at: string;
}

/** A closed shift's report as it was at the close (JSON of the ShiftReport contract). */
export interface ZReportsTable {
  id: Generated<number>;
  number: number;
  shift_id: number;
  content: string;
  created_at: string;
}

/** The hash chain over the money records (docs/decisions/0012-tills-shifts-and-the-journal.md). */
export interface JournalTable {
  seq: number;
  kind: string;
  entity_id: number;
  hash: string;
  created_at: string;
}

export interface ApiKeysTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  prefix: string;
  key_hash: string;
  /** What the key may do (packages/contracts/src/api-key-scopes.ts); always given on insert. */
  scope: ApiKeyScope;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: NotificationKind;
  /** JSON of the values the texts are made of. */
  params: string;
  link: string | null;
  dedupe_key: string;
  read_at: string | null;
  created_at: string;
}

export interface SessionsTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  device: string;
  ip: string;
  user_agent: string;
  created_at: string;
  last_active_at: string;
  revoked_at: string | null;
}

export interface LoginFailuresTable {
  key: string;
  failures: number;
  window_started_at: string;
}

export interface AuditLogTable {
  id: Generated<number>;
  user_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  before: string | null;
  after: string | null;
  created_at: string;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface UnitsTable {
  id: Generated<number>;
  name: string;
  symbol: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

export interface ProductsTable {
  id: Generated<number>;
  name: string;
  sku: string;
  barcode: string | null;
  category_id: number;
  unit_id: number;
  price_cents: number;
  active: number;
  track_stock: number;
  reorder_level: number;
  on_hand: Generated<number>;
  image: string | null;
  description: string | null;
  /** The catalogue version at which the till's row for it last changed (0017). */
  catalog_rev: Generated<number>;
  created_at: string;
  updated_at: string;
}

export interface CustomersTable {
  id: Generated<number>;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  avatar: string | null;
  created_at: string;
  updated_at: string;
}

export interface SuppliersTable {
  id: Generated<number>;
  code: string;
  name: string;
  contact_name: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  city: string | null;
  country: string | null;
  active: number;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface PromotionsTable {
  id: Generated<number>;
  title: string;
  product_id: number;
  discount_bp: number;
  valid_until: string | null;
  active: number;
  created_at: string;
  updated_at: string;
}

export interface SuppliesTable {
  id: Generated<number>;
  supplier_id: number;
  invoice_id: string;
  invoice_date: string;
  reference: string | null;
  payment_method: 'Cash' | 'Card' | 'Bank' | null;
  status: 'Pending' | 'Received' | 'Cancelled';
  tax_cents: number;
  freight_cents: number;
  notes: string | null;
  created_by: number | null;
  created_at: string;
  updated_at: string;
}

export type BatchSource = 'supply' | 'manual' | 'adjustment';

export interface StockBatchesTable {
  id: Generated<number>;
  product_id: number;
  source: BatchSource;
  quantity: number;
  remaining: number;
  unit_cost_cents: number;
  received_date: string;
  expire_date: string | null;
  notes: string | null;
  created_by: number | null;
  created_at: string;
}

export interface SupplyItemsTable {
  id: Generated<number>;
  supply_id: number;
  product_id: number;
  batch_id: number;
  supply_quantity: number;
  unit_price_cents: number;
  expire_date: string | null;
  received_date: string;
  notes: string | null;
  created_at: string;
  updated_at: string;
}

export interface StockAdjustmentsTable {
  id: Generated<number>;
  product_id: number;
  quantity: number;
  reason: 'count' | 'waste' | 'expired' | 'other';
  notes: string | null;
  business_date: string;
  created_by: number | null;
  created_at: string;
}

export type MovementKind = 'receipt' | 'receipt_correction' | 'sale' | 'refund' | 'adjustment';
export type MovementReference = 'stock_record' | 'supply_item' | 'sale' | 'refund' | 'adjustment';

export interface StockMovementsTable {
  id: Generated<number>;
  product_id: number;
  quantity: number;
  unit_cost_cents: number;
  kind: MovementKind;
  business_date: string;
  batch_id: number | null;
  reference_type: MovementReference;
  reference_id: number;
  user_id: number | null;
  created_at: string;
}

export interface SettingsTable {
  section: string;
  value: string;
  updated_by: number | null;
  updated_at: string;
}

export interface CountersTable {
  name: string;
  value: number;
  /** The journal's row only: the hash of its last record (migration 0020). */
  hash: string | null;
}

export type SaleChannel = 'POS' | 'Online' | 'Catering';
export type SaleStatus = 'Paid' | 'Partial' | 'Refunded' | 'Cancelled';

export interface SalesTable {
  id: Generated<number>;
  number: number;
  sale_date: string;
  business_date: string;
  customer_id: number | null;
  customer_name: string | null;
  channel: SaleChannel;
  payment_method: string;
  status: SaleStatus;
  items_count: number;
  total_qty: number;
  gross_cents: number;
  discount_cents: number;
  tax_enabled: number;
  tax_inclusive: number;
  tax_rate_bp: number;
  tax_cents: number;
  service_bp: number;
  service_cents: number;
  total_cents: number;
  refunded_cents: Generated<number>;
  /** The rates it was paid at (docs/decisions/0010-payments-in-dollars-and-riel.md). */
  khr_per_usd: number;
  khr_change_per_usd: number;
  riel_step: number;
  /** What its payments brought toward the total (less than it while on account). */
  paid_cents: number;
  /** Paid beyond the total, and how it was handed back: whole dollars, and riel. */
  change_cents: number;
  change_usd_cents: number;
  change_khr: number;
  /** The Manager who approved what the cashier's role may not do alone. */
  approved_by: number | null;
  notes: string | null;
  user_id: number | null;
  created_at: string;
  till_id: number | null;
  shift_id: number | null;
  /** The cashier's discount on the whole order: percent in basis points, or an amount in cents. */
  order_discount_type: 'percent' | 'amount' | null;
  order_discount_value: number | null;
  order_discount_reason: string | null;
  order_discount_cents: Generated<number>;
  /** Who approved discounts beyond the cashier's limit. */
  discount_approved_by: number | null;
  /** The open order it paid (all of it, or one bill of it). */
  open_order_id: number | null;
  /** Made offline: the till's id for it (unique) and its receipt's number (docs/decisions/0016-offline-selling.md). */
  client_id: string | null;
  offline_number: string | null;
}

export interface SaleItemsTable {
  id: Generated<number>;
  sale_id: number;
  product_id: number;
  product_name: string;
  sku: string;
  quantity: number;
  unit_price_cents: number;
  discount_bp: number;
  promotion_id: number | null;
  discount_cents: number;
  line_total_cents: number;
  cost_cents: number;
  refunded_qty: Generated<number>;
  note: string | null;
  /** The cashier's discount on the line: percent in basis points, or an amount in cents (docs/decisions/0013-modifiers-and-discounts.md). */
  hand_discount_type: 'percent' | 'amount' | null;
  hand_discount_value: number | null;
  hand_discount_reason: string | null;
  hand_discount_cents: Generated<number>;
  /** The line's share of the order's discount. */
  order_discount_cents: Generated<number>;
}

/** A modifier group: Size, Sugar, Ice, Extras. */
export interface ModifierGroupsTable {
  id: Generated<number>;
  name: string;
  name_km: string | null;
  selection: 'single' | 'multiple';
  min_select: number;
  max_select: number;
  created_at: string;
  updated_at: string;
}

export interface ModifierOptionsTable {
  id: Generated<number>;
  group_id: number;
  name: string;
  name_km: string | null;
  price_cents: number;
  is_default: number;
  position: number;
}

export interface ProductModifierGroupsTable {
  product_id: number;
  group_id: number;
  position: number;
}

export interface CategoryModifierGroupsTable {
  category_id: number;
  group_id: number;
  position: number;
}

/** A parked cart under a table or a name (docs/decisions/0014-open-orders-and-the-kitchen.md). */
export interface OpenOrdersTable {
  id: Generated<number>;
  number: number;
  name: string | null;
  table_label: string | null;
  service: 'dine_in' | 'take_away';
  status: 'open' | 'paid' | 'voided';
  till_id: number | null;
  user_id: number | null;
  void_reason: string | null;
  voided_by: number | null;
  created_at: string;
  updated_at: string;
}

export interface OpenOrderLinesTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  quantity: number;
  /** JSON: the option ids chosen. */
  modifier_ids: string;
  /** JSON: those options' group, names and price as they were when added (for the kitchen). */
  modifiers: string;
  note: string | null;
  status: 'open' | 'paid' | 'voided';
  sale_id: number | null;
  user_id: number | null;
  created_at: string;
}

/** One slip sent to one printer (docs/decisions/0015-printing.md). */
export interface PrintJobsTable {
  id: Generated<number>;
  kind: 'receipt' | 'kitchen' | 'test' | 'label' | 'drawer';
  printer_id: string;
  printer_name: string;
  target: string;
  till_id: number | null;
  sale_id: number | null;
  ticket_id: number | null;
  copy: number;
  open_drawer: number;
  payload: string | null;
  status: 'pending' | 'printed' | 'failed';
  error: string | null;
  attempts: number;
  bytes: number;
  user_id: number | null;
  created_at: string;
  printed_at: string | null;
}

/** What a Manager reviews about a sale made offline (docs/decisions/0016-offline-selling.md). */
export interface OfflineFlagsTable {
  id: Generated<number>;
  kind: OfflineFlagKind;
  sale_id: number;
  product_id: number | null;
  /** short_stock: units sold, and on hand after the sale. */
  quantity: number | null;
  on_hand_after: number | null;
  /** price: per unit after promotion, and the difference over the line's quantity (till − catalogue). */
  till_price_cents: number | null;
  catalogue_price_cents: number | null;
  difference_cents: number | null;
  created_at: string;
}

export interface KitchenTicketsTable {
  id: Generated<number>;
  number: number;
  station: string;
  order_id: number | null;
  sale_id: number | null;
  table_label: string | null;
  name: string | null;
  service: 'dine_in' | 'take_away';
  created_at: string;
  done_at: string | null;
}

export interface KitchenTicketItemsTable {
  id: Generated<number>;
  ticket_id: number;
  order_line_id: number | null;
  name: string;
  quantity: number;
  /** JSON: [{ group, name, name_km }]. */
  modifiers: string;
  note: string | null;
  done_at: string | null;
}

/** An option a sale line was sold with, as it was that day. */
export interface SaleItemModifiersTable {
  id: Generated<number>;
  sale_item_id: number;
  option_id: number | null;
  group_name: string;
  name: string;
  name_km: string | null;
  price_cents: number;
  position: number;
}

export interface SalePaymentsTable {
  id: Generated<number>;
  sale_id: number;
  /** The method's label as it was that day, and its key. */
  method: string;
  method_key: string;
  currency: 'USD' | 'KHR';
  /** Its worth toward the sale in cents (for riel: at the sale's rate, rounded down). */
  amount_cents: number;
  /** Riel handed over, for a riel payment. */
  amount_khr: number;
  reference: string | null;
  khqr_md5: string | null;
  bill_number: string | null;
  /** A payment taken with the sale, one taken later against its balance, or change handed back (negative). */
  kind: 'sale' | 'settlement' | 'change';
  business_date: string;
  user_id: number | null;
  /** Before payments were split: what was handed over and the change (kept for old rows). */
  tendered_cents: number;
  tendered_khr: number;
  khr_per_usd: number;
  change_cents: number;
  created_at: string;
  till_id: number | null;
  shift_id: number | null;
}

export interface RefundsTable {
  id: Generated<number>;
  number: number;
  sale_id: number;
  amount_cents: number;
  reason: string | null;
  restock: number;
  business_date: string;
  /** How the money went back: a method, a currency (riel in `amount_khr`) at the sale's rate. */
  method: string | null;
  currency: 'USD' | 'KHR';
  amount_khr: number;
  khr_per_usd: number | null;
  approved_by: number | null;
  user_id: number | null;
  created_at: string;
  till_id: number | null;
  shift_id: number | null;
}

export interface RefundItemsTable {
  id: Generated<number>;
  refund_id: number;
  sale_item_id: number;
  product_id: number;
  quantity: number;
  amount_cents: number;
}

export interface IdempotencyKeysTable {
  key: string;
  user_id: number;
  scope: string;
  request_hash: string;
  status_code: number;
  response: string;
  created_at: string;
}

export interface StockMonthsTable {
  product_id: number;
  /** YYYY-MM */
  month: string;
  purchased: number;
  sold: number;
  adjusted: number;
  net: number;
}

/** The sales summed by business day and seller (db/migrations/0018-sale-days.ts). */
export interface SaleDaysTable {
  /** YYYY-MM-DD */
  business_date: string;
  /** 0: a user since removed. */
  user_id: number;
  orders: number;
  items: number;
  qty: number;
  gross_cents: number;
  discount_cents: number;
  tax_cents: number;
  service_cents: number;
  total_cents: number;
}

/** What one product sold on one business day, as sold (migration 0021): refunds are read from their lines. */
export interface ProductSaleDaysTable {
  /** YYYY-MM-DD, the sales' business day. */
  business_date: string;
  product_id: number;
  /** The greatest name and SKU its lines had that day. */
  product_name: string;
  sku: string;
  qty: number;
  income_cents: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  audit_log: AuditLogTable;
  categories: CategoriesTable;
  units: UnitsTable;
  products: ProductsTable;
  customers: CustomersTable;
  suppliers: SuppliersTable;
  promotions: PromotionsTable;
  supplies: SuppliesTable;
  stock_batches: StockBatchesTable;
  supply_items: SupplyItemsTable;
  stock_adjustments: StockAdjustmentsTable;
  stock_movements: StockMovementsTable;
  settings: SettingsTable;
  counters: CountersTable;
  sales: SalesTable;
  sale_items: SaleItemsTable;
  sale_payments: SalePaymentsTable;
  refunds: RefundsTable;
  refund_items: RefundItemsTable;
  idempotency_keys: IdempotencyKeysTable;
  stock_months: StockMonthsTable;
  sale_days: SaleDaysTable;
  product_sale_days: ProductSaleDaysTable;
  backup_codes: BackupCodesTable;
  api_keys: ApiKeysTable;
  approvals: ApprovalsTable;
  notifications: NotificationsTable;
  tills: TillsTable;
  shifts: ShiftsTable;
  drawer_movements: DrawerMovementsTable;
  z_reports: ZReportsTable;
  journal: JournalTable;
  modifier_groups: ModifierGroupsTable;
  modifier_options: ModifierOptionsTable;
  product_modifier_groups: ProductModifierGroupsTable;
  category_modifier_groups: CategoryModifierGroupsTable;
  sale_item_modifiers: SaleItemModifiersTable;
  open_orders: OpenOrdersTable;
  open_order_lines: OpenOrderLinesTable;
  kitchen_tickets: KitchenTicketsTable;
  print_jobs: PrintJobsTable;
  kitchen_ticket_items: KitchenTicketItemsTable;
  offline_flags: OfflineFlagsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type SessionRow = Selectable<SessionsTable>;
