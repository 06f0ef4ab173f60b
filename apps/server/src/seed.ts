import { can } from '@shop/contracts/permissions';
import type { Kysely } from 'kysely';
import type { Role } from '@shop/contracts/common';
import { addDays, businessDate } from './lib/business-date';
import { hashPassword } from './lib/passwords';
import { DEFAULT_SETTINGS } from '@shop/contracts/settings';
import { saleInputSchema } from '@shop/contracts/sale';
import { checkout } from './services/checkout';
import { createPromotion } from './services/promotions';
import { closeShift, openShift, recordDrawerMovement } from './services/shifts';
import { createTill } from './services/tills';
import { createModifierGroup } from './services/modifier-groups';
import { getSettingsSection, updateSettingsSection } from './services/settings';
import { createStockRecord } from './services/stock-records';
import { createSupply } from './services/supplies';
import type { Actor, ServiceContext } from './services/context';
import type { Database } from './db/schema';

export const DEMO_PASSWORD = 'demo1234';
export const DEMO_ACCOUNTS: { name: string; email: string; role: Role }[] = [
  { name: 'Admin Demo', email: 'admin@demo.shop', role: 'Admin' },
  { name: 'Manager Demo', email: 'manager@demo.shop', role: 'Manager' },
  { name: 'Staff Demo', email: 'staff@demo.shop', role: 'Staff' },
];

const CATEGORIES = [
  { name: 'Coffee', description: 'Espresso drinks and Khmer-style coffee, made to order' },
  { name: 'Tea', description: 'Hot and iced teas' },
  { name: 'Smoothies & Juice', description: 'Fresh fruit, blended to order' },
  { name: 'Bakery', description: 'Baked every morning' },
  { name: 'Snacks & Drinks', description: 'Bottled drinks, snacks and retail packs' },
];

const UNITS = [
  { name: 'Cup', symbol: 'cup', description: 'One served drink' },
  { name: 'Piece', symbol: 'pc', description: 'A single item' },
  { name: 'Bottle', symbol: 'btl', description: 'Bottle or can' },
  { name: 'Pack', symbol: 'pk', description: 'A sealed retail pack' },
  { name: 'Kilogram', symbol: 'kg', description: 'Sold by weight' },
];

// [name, sku, category, unit, price in cents, tracked in stock]
const PRODUCTS: [string, string, string, string, number, boolean][] = [
  ['Espresso', 'COF-001', 'Coffee', 'Cup', 150, false],
  ['Americano', 'COF-002', 'Coffee', 'Cup', 175, false],
  ['Iced Americano', 'COF-003', 'Coffee', 'Cup', 200, false],
  ['Cappuccino', 'COF-004', 'Coffee', 'Cup', 225, false],
  ['Cafe Latte', 'COF-005', 'Coffee', 'Cup', 250, false],
  ['Iced Latte', 'COF-006', 'Coffee', 'Cup', 275, false],
  ['Mocha', 'COF-007', 'Coffee', 'Cup', 275, false],
  ['Caramel Macchiato', 'COF-008', 'Coffee', 'Cup', 300, false],
  ['Khmer Iced Coffee with Milk', 'COF-009', 'Coffee', 'Cup', 175, false],
  ['Coconut Coffee', 'COF-010', 'Coffee', 'Cup', 250, false],
  ['Iced Lemon Tea', 'TEA-001', 'Tea', 'Cup', 150, false],
  ['Green Tea Latte', 'TEA-002', 'Tea', 'Cup', 250, false],
  ['Thai Milk Tea', 'TEA-003', 'Tea', 'Cup', 200, false],
  ['Jasmine Tea', 'TEA-004', 'Tea', 'Cup', 125, false],
  ['Passion Fruit Iced Tea', 'TEA-005', 'Tea', 'Cup', 200, false],
  ['Mango Smoothie', 'JUI-001', 'Smoothies & Juice', 'Cup', 250, false],
  ['Passion Fruit Juice', 'JUI-002', 'Smoothies & Juice', 'Cup', 200, false],
  ['Watermelon Juice', 'JUI-003', 'Smoothies & Juice', 'Cup', 200, false],
  ['Avocado Shake', 'JUI-004', 'Smoothies & Juice', 'Cup', 275, false],
  ['Fresh Coconut', 'JUI-005', 'Smoothies & Juice', 'Piece', 150, true],
  ['Butter Croissant', 'BAK-001', 'Bakery', 'Piece', 180, true],
  ['Chocolate Croissant', 'BAK-002', 'Bakery', 'Piece', 220, true],
  ['Banana Muffin', 'BAK-003', 'Bakery', 'Piece', 150, true],
  ['Blueberry Muffin', 'BAK-004', 'Bakery', 'Piece', 180, true],
  ['Cinnamon Roll', 'BAK-005', 'Bakery', 'Piece', 200, true],
  ['Ham & Cheese Sandwich', 'BAK-006', 'Bakery', 'Piece', 350, true],
  ['Mineral Water 500 ml', 'SNK-001', 'Snacks & Drinks', 'Bottle', 50, true],
  ['Coca-Cola Can', 'SNK-002', 'Snacks & Drinks', 'Bottle', 75, true],
  ['Lemon Cookies', 'SNK-003', 'Snacks & Drinks', 'Pack', 150, true],
  ['Roasted Cashews', 'SNK-004', 'Snacks & Drinks', 'Pack', 250, true],
  ['Mondulkiri Coffee Beans', 'SNK-005', 'Snacks & Drinks', 'Kilogram', 1800, true],
];

const CUSTOMERS = [
  { name: 'Sokha Chan', email: 'sokha.chan@example.com', phone: '+855 12 345 678', company: null },
  { name: 'Dara Kim', email: 'dara.kim@example.com', phone: '+855 17 222 910', company: null },
  { name: 'Sreyneang Sok', email: 'sreyneang.sok@example.com', phone: null, company: null },
  { name: 'Vuthy Heng', email: 'vuthy@riverside-guesthouse.example', phone: '+855 92 118 004', company: 'Riverside Guesthouse' },
  { name: 'Lina Tan', email: 'lina@mekongtours.example', phone: '+855 23 990 120', company: 'Mekong Tours' },
];

const SUPPLIERS = [
  { code: 'SUP-001', name: 'Mondulkiri Coffee Roasters', contact_name: 'Rithy Prak', email: 'orders@mondulkiri-roasters.example', phone: '+855 73 690 111', city: 'Sen Monorom', country: 'Cambodia' },
  { code: 'SUP-002', name: 'Phnom Penh Fresh Dairy', contact_name: 'Chenda Lim', email: 'sales@ppfreshdairy.example', phone: '+855 23 880 245', city: 'Phnom Penh', country: 'Cambodia' },
  { code: 'SUP-003', name: 'Golden Bakery Supplies', contact_name: 'Bopha Mean', email: 'hello@goldenbakery.example', phone: '+855 12 909 313', city: 'Phnom Penh', country: 'Cambodia' },
  { code: 'SUP-004', name: 'Kampot Fruit Co-op', contact_name: 'Sovann Ouk', email: 'coop@kampotfruit.example', phone: '+855 33 932 540', city: 'Kampot', country: 'Cambodia' },
];

/** The demo Manager's and Admin's till PIN, for approving at the till. */
export const DEMO_PIN = '1234';

async function insertUsers(db: Kysely<Database>, now: string, users: { name: string; email: string; role: Role; password: string; pin?: string }[]) {
  for (const user of users) {
    await db
      .insertInto('users')
      .values({
        name: user.name,
        email: user.email.toLowerCase(),
        password_hash: await hashPassword(user.password),
        pin_hash: user.pin === undefined ? null : await hashPassword(user.pin),
        role: user.role,
        phone: null,
        avatar: null,
        bio: null,
        deactivated_at: null,
        created_at: now,
        updated_at: now,
      })
      .execute();
  }
}

export type InitialData = { seeded: 'demo' } | { seeded: 'admin'; email: string } | { seeded: 'none' };

export interface InitialDataOptions {
  seedDemo: boolean;
  adminEmail?: string | undefined;
  adminPassword?: string | undefined;
  /** The demo shop's received stock (supplies, batches); tests that count stock start without it. */
  demoStock?: boolean;
  /** The demo printer's host:port (`npm start`): the demo shop's printers point at it. */
  demoPrinter?: string | undefined;
}

/**
 * On an empty database: the demo shop, or (SEED_DEMO=false) one Admin from the environment.
 * A database that already has users is left alone.
 */
export async function ensureInitialData(ctx: ServiceContext, options: InitialDataOptions): Promise<InitialData> {
  const { db, clock } = ctx;
  const existing = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  if (Number(existing.n) > 0) return { seeded: 'none' };
  const now = clock.now().toISOString();

  if (!options.seedDemo) {
    if (!options.adminEmail || !options.adminPassword) {
      throw new Error('SEED_DEMO=false on an empty database needs ADMIN_EMAIL and ADMIN_PASSWORD to create the first Admin.');
    }
    const { adminEmail, adminPassword } = options;
    await insertUsers(db, now, [{ name: 'Administrator', email: adminEmail, role: 'Admin', password: adminPassword }]);
    return { seeded: 'admin', email: adminEmail.toLowerCase() };
  }

  await db.transaction().execute(async (trx) => {
    await insertUsers(trx, now, DEMO_ACCOUNTS.map((a) => ({ ...a, password: DEMO_PASSWORD, ...(can(a.role, 'sales:override-tax') ? { pin: DEMO_PIN } : {}) })));
    const categoryIds = new Map<string, number>();
    for (const c of CATEGORIES) {
      const row = await trx.insertInto('categories').values({ ...c, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
      categoryIds.set(c.name, row.id);
    }
    const unitIds = new Map<string, number>();
    for (const u of UNITS) {
      const row = await trx.insertInto('units').values({ ...u, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
      unitIds.set(u.name, row.id);
    }
    for (const [name, sku, category, unit, price, tracked] of PRODUCTS) {
      await trx
        .insertInto('products')
        .values({
          name,
          sku,
          barcode: null,
          category_id: categoryIds.get(category)!,
          unit_id: unitIds.get(unit)!,
          price_cents: price,
          active: 1,
          track_stock: tracked ? 1 : 0,
          reorder_level: tracked ? 5 : 0,
          image: null,
          description: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    for (const c of CUSTOMERS) {
      await trx.insertInto('customers').values({ ...c, avatar: null, created_at: now, updated_at: now }).execute();
    }
    for (const s of SUPPLIERS) {
      await trx.insertInto('suppliers').values({ ...s, address: null, active: 1, notes: null, created_at: now, updated_at: now }).execute();
    }
  });
  if (options.demoStock ?? true) {
    await seedDemoStock(ctx);
    await seedDemoShop(ctx);
    if (options.demoPrinter) await seedDemoPrinters(ctx, options.demoPrinter);
  }
  return { seeded: 'demo' };
}

// [supplier code, invoice, days ago, lines of [sku, quantity, unit cost, expires in days (null: never)]]
const DEMO_SUPPLIES: [string, string, number, [string, number, number, number | null][]][] = [
  ['SUP-003', 'GB-1101', 2, [
    ['BAK-001', 30, 0.85, 2],
    ['BAK-002', 24, 1.05, 2],
    ['BAK-003', 20, 0.6, 4],
    ['BAK-004', 20, 0.7, 4],
    ['BAK-005', 15, 0.8, 3],
    ['BAK-006', 12, 1.6, 1],
  ]],
  ['SUP-001', 'MR-0458', 9, [['SNK-005', 8, 11.5, 180]]],
  ['SUP-004', 'KF-0077', 3, [['JUI-005', 40, 0.6, 10]]],
  ['SUP-002', 'PFD-2210', 12, [
    ['SNK-001', 96, 0.18, 300],
    ['SNK-002', 48, 0.38, 200],
    ['SNK-003', 30, 0.75, 60],
    ['SNK-004', 15, 1.3, 90],
  ]],
];

/** Stock for the tracked products, received through the same services the console uses. */
async function seedDemoStock(ctx: ServiceContext) {
  const { db, clock } = ctx;
  const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@demo.shop').executeTakeFirstOrThrow();
  const actor = { userId: admin.id, role: 'Admin' as const };
  const today = businessDate(clock.now());
  const products = new Map((await db.selectFrom('products').select(['id', 'sku']).execute()).map((p) => [p.sku, p.id]));
  const suppliers = new Map((await db.selectFrom('suppliers').select(['id', 'code']).execute()).map((s) => [s.code, s.id]));
  for (const [code, invoice, daysAgo, lines] of DEMO_SUPPLIES) {
    await createSupply(
      ctx,
      {
        supplier_id: suppliers.get(code)!,
        invoice_id: invoice,
        invoice_date: addDays(today, -daysAgo),
        items: lines.map(([sku, quantity, cost, expiresIn]) => ({
          product_id: products.get(sku)!,
          supply_quantity: quantity,
          unit_price: cost,
          expire_date: expiresIn === null ? null : addDays(today, expiresIn),
          received_date: null,
          notes: null,
        })),
        reference: null,
        payment_method: 'Cash',
        notes: null,
      },
      actor,
    );
  }
  // A few packs bought at the market that have already expired: something for the Expire screen.
  await createStockRecord(
    ctx,
    { product_id: products.get('SNK-004')!, quantity: 5, price_in: 1.25, received_date: addDays(today, -40), expire_date: addDays(today, -3), notes: 'Market purchase' },
    actor,
  );
}

/** The demo cafe's own details, and promotions running today, so the till shows them at once. */
async function seedDemoShop(ctx: ServiceContext) {
  const { db, clock } = ctx;
  const admin = await db.selectFrom('users').select('id').where('email', '=', 'admin@demo.shop').executeTakeFirstOrThrow();
  const actor = { userId: admin.id, role: 'Admin' as const };
  await updateSettingsSection(ctx, 'general', { ...DEFAULT_SETTINGS.general, name: 'Mekong Corner Cafe', phone: '+855 12 345 000', address: 'Street 240, Daun Penh, Phnom Penh' }, actor);
  // Cambodian shops take bank transfers and KHQR every day, so the demo turns every method on,
  // with a made-up Bakong account so the till's KHQR works from the first sale.
  await updateSettingsSection(ctx, 'payments', { ...DEFAULT_SETTINGS.payments, methods: DEFAULT_SETTINGS.payments.methods.map((method) => ({ ...method, enabled: true })) }, actor);
  await updateSettingsSection(ctx, 'khqr', { ...DEFAULT_SETTINGS.khqr, accountId: 'mekong_corner@demo', merchantName: 'Mekong Corner Cafe', city: 'Phnom Penh' }, actor);
  await updateSettingsSection(ctx, 'receipts', { ...DEFAULT_SETTINGS.receipts, header: 'Free Wi-Fi: MekongCorner', footer: 'Thank you! Please come again.' }, actor);
  const products = new Map((await db.selectFrom('products').select(['id', 'sku']).execute()).map((p) => [p.sku, p.id]));
  const today = businessDate(clock.now());
  await createPromotion(ctx, { title: 'Iced Latte afternoon deal', product_id: products.get('COF-006')!, discount: 10, valid_until: addDays(today, 30), active: true }, actor);
  await createPromotion(ctx, { title: 'Croissant breakfast', product_id: products.get('BAK-001')!, discount: 15, valid_until: addDays(today, 14), active: true }, actor);
  await seedDemoModifiers(ctx, actor, products);
  // Drinks are made at the bar, pastries warmed in the kitchen; snacks are handed over at the counter.
  const categories = new Map((await db.selectFrom('categories').select(['id', 'name']).execute()).map((c) => [c.name, c.id]));
  await updateSettingsSection(
    ctx,
    'kitchen',
    {
      stations: ['Bar', 'Kitchen'],
      routes: [
        ...['Coffee', 'Tea', 'Smoothies & Juice'].map((name) => ({ category_id: categories.get(name)!, station: 'Bar' })),
        { category_id: categories.get('Bakery')!, station: 'Kitchen' },
      ],
    },
    actor,
  );
  await seedDemoTills(ctx, actor);
}

/**
 * The demo shop's printers, all at the demo printer (`npm start`): receipts at the counter with a
 * cash drawer, drinks' tickets at the bar, pastries' in the kitchen, price labels; slips print in
 * Khmer.
 */
async function seedDemoPrinters(ctx: ServiceContext, address: string) {
  const admin = await ctx.db.selectFrom('users').select('id').where('email', '=', 'admin@demo.shop').executeTakeFirstOrThrow();
  const actor = { userId: admin.id, role: 'Admin' as const };
  const printer = (id: string, name: string, type: 'Receipt' | 'Kitchen' | 'Label', paperWidth: '58' | '80', station = '') =>
    ({ id, name, ip: address, type, connection: 'network', paperWidth, station, drawer: type === 'Receipt' }) as const;
  await updateSettingsSection(
    ctx,
    'printers',
    {
      default: 'counter',
      list: [printer('counter', 'Counter printer', 'Receipt', '80'), printer('bar', 'Bar printer', 'Kitchen', '58', 'Bar'), printer('kitchen', 'Kitchen printer', 'Kitchen', '80', 'Kitchen'), printer('labels', 'Label printer', 'Label', '58')],
      label: { width: 50, height: 30 },
    },
    actor,
  );
  const receipts = await getSettingsSection(ctx, 'receipts');
  await updateSettingsSection(ctx, 'receipts', { ...receipts, language: 'kh' }, actor);
}

/**
 * Size and sugar for every coffee and tea, ice for the iced drinks, extras for the espresso
 * drinks, all three for the smoothies and juices (not the whole coconut). The defaults cost
 * nothing, so a drink sold without choosing keeps its catalogue price.
 */
async function seedDemoModifiers(ctx: ServiceContext, admin: Actor, products: Map<string, number>) {
  const categories = new Map((await ctx.db.selectFrom('categories').select(['id', 'name']).execute()).map((c) => [c.name, c.id]));
  const ids = (...skus: string[]) => skus.map((sku) => products.get(sku)!);
  const drinks = ['Coffee', 'Tea'].map((name) => categories.get(name)!);
  const smoothies = ids('JUI-001', 'JUI-002', 'JUI-003', 'JUI-004');
  const option = (name: string, name_km: string, price = 0, is_default = false) => ({ name, name_km, price, is_default });
  await createModifierGroup(
    ctx,
    {
      name: 'Size',
      name_km: 'ទំហំ',
      selection: 'single',
      required: true,
      min: 1,
      max: 1,
      options: [option('S', 'តូច', 0, true), option('M', 'មធ្យម', 0.5), option('L', 'ធំ', 1)],
      category_ids: drinks,
      product_ids: smoothies,
    },
    admin,
  );
  await createModifierGroup(
    ctx,
    {
      name: 'Sugar',
      name_km: 'ស្ករ',
      selection: 'single',
      required: true,
      min: 1,
      max: 1,
      options: [0, 25, 50, 75, 100].map((level) => option(`${level}% sugar`, `ស្ករ ${level}%`, 0, level === 100)),
      category_ids: drinks,
      product_ids: smoothies,
    },
    admin,
  );
  await createModifierGroup(
    ctx,
    {
      name: 'Ice',
      name_km: 'ទឹកកក',
      selection: 'single',
      required: true,
      min: 1,
      max: 1,
      options: [option('No ice', 'គ្មានទឹកកក'), option('Less ice', 'ទឹកកកតិច'), option('Normal ice', 'ទឹកកកធម្មតា', 0, true)],
      category_ids: [],
      product_ids: [...ids('COF-003', 'COF-006', 'COF-009', 'COF-010', 'TEA-001', 'TEA-003', 'TEA-005'), ...smoothies],
    },
    admin,
  );
  await createModifierGroup(
    ctx,
    {
      name: 'Extras',
      name_km: 'បន្ថែម',
      selection: 'multiple',
      required: false,
      min: 0,
      max: 3,
      options: [option('Extra shot', 'កាហ្វេបន្ថែម', 0.5), option('Oat milk', 'ទឹកដោះស្រូវអូត', 0.5), option('Whipped cream', 'ក្រែមវីប', 0.3)],
      category_ids: [],
      product_ids: ids('COF-001', 'COF-002', 'COF-003', 'COF-004', 'COF-005', 'COF-006', 'COF-007', 'COF-008'),
    },
    admin,
  );
}

/**
 * Two tills, shifts required: the counter's shift is open since this morning (Staff Demo counted
 * $50 and ៛100,000 in), and the bar's shift of yesterday is closed, with its Z-report.
 */
async function seedDemoTills(ctx: ServiceContext, admin: Actor) {
  const staff = await ctx.db.selectFrom('users').select('id').where('email', '=', 'staff@demo.shop').executeTakeFirstOrThrow();
  const cashier: Actor = { userId: staff.id, role: 'Staff' };
  const counter = await createTill(ctx, { name: 'Front counter', printer_id: null, active: true, auto_print: true }, admin);
  const bar = await createTill(ctx, { name: 'Bar', printer_id: null, active: true, auto_print: true }, admin);
  await updateSettingsSection(ctx, 'shifts', { ...DEFAULT_SETTINGS.shifts, required: true }, admin);

  const now = ctx.clock.now().getTime();
  const at = (hoursAgo: number) => ({ ...ctx, clock: { now: () => new Date(now - hoursAgo * 3_600_000) } });
  const yesterday = await openShift(at(26), { till_id: bar.id, float: [{ currency: 'USD', amount: 20, denominations: null }, { currency: 'KHR', amount: 40_000, denominations: null }] }, cashier);
  await recordDrawerMovement(at(24), yesterday.id, { type: 'out', currency: 'KHR', amount: 8_000, reason: 'Ice' }, cashier);
  await closeShift(at(17), yesterday.id, { counted: [{ currency: 'USD', amount: 20, denominations: null }, { currency: 'KHR', amount: 32_000, denominations: null }], note: null, approval_token: null }, cashier);
  await openShift(
    at(1),
    { till_id: counter.id, float: [{ currency: 'USD', amount: 50, denominations: [{ value: 10, count: 3 }, { value: 5, count: 2 }, { value: 1, count: 10 }] }, { currency: 'KHR', amount: 100_000, denominations: null }] },
    cashier,
  );
  await seedDemoOfflineSale(ctx, cashier, counter.id);
}

/**
 * A sale the front counter made offline 40 minutes ago, before the muffins went up to $1.80 this
 * morning: recorded through checkout as the till sent it, at its $1.60, so the Sales Report's
 * "Sold offline: to review" lists the difference (docs/decisions/0016-offline-selling.md).
 */
async function seedDemoOfflineSale(ctx: ServiceContext, cashier: Actor, tillId: number) {
  const products = new Map((await ctx.db.selectFrom('products').select(['id', 'sku']).execute()).map((p) => [p.sku, p.id]));
  const sokha = await ctx.db.selectFrom('customers').select('id').where('email', '=', 'sokha.chan@example.com').executeTakeFirstOrThrow();
  const clientId = 'demo-offline-front-counter-0001';
  // 2 muffins at the till's $1.60 and a water at $0.50: 3.70, tax 10 % 0.37.
  const input = saleInputSchema.parse({
    sale_date: new Date(ctx.clock.now().getTime() - 40 * 60_000).toISOString(),
    items: [
      { product_id: products.get('BAK-004')!, quantity: 2, unit_price: 1.6 },
      { product_id: products.get('SNK-001')!, quantity: 1, unit_price: 0.5 },
    ],
    total_amount: 4.07,
    customer_id: sokha.id,
    channel: 'POS',
    till_id: tillId,
    payments: [{ method: 'card', currency: 'USD', amount: 4.07 }],
    offline: {
      client_id: clientId,
      number: `T${tillId}-0001`,
      tax_rate: DEFAULT_SETTINGS.taxes.rate,
      tax_inclusive: DEFAULT_SETTINGS.taxes.inclusive,
      khr_per_usd: DEFAULT_SETTINGS.payments.khrPerUsd,
      khr_change_per_usd: DEFAULT_SETTINGS.payments.khrChangePerUsd ?? DEFAULT_SETTINGS.payments.khrPerUsd,
      riel_step: DEFAULT_SETTINGS.payments.rielStep,
      shop_service_percent: 0,
      shop_tax_enabled: DEFAULT_SETTINGS.taxes.enabled,
    },
  });
  await checkout(ctx, { input, idempotencyKey: clientId, viewer: cashier });
}
