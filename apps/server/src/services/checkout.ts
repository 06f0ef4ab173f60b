import { discountedUnitCents, fromBasisPoints, fromCents, sumCents, toBasisPoints, toCents } from '@shop/contracts/money';
import { OFFLINE_MAX_AGE_DAYS, OFFLINE_MESSAGES } from '@shop/contracts/offline-sale';
import { PAYMENT_MESSAGES } from '@shop/contracts/payment';
import { bestPromotion, priceSale, type SalePricing } from '@shop/contracts/pricing';
import { IDEMPOTENCY_KEY_HEADER } from '@shop/contracts/http';
import { SALE_MESSAGES, type PricesChangedAnswer, type Sale, type saleInputSchema } from '@shop/contracts/sale';
import type { Settings } from '@shop/contracts/settings';
import { CASH_METHOD, type SaleRates, type TenderOutcome } from '@shop/contracts/tender';
import type { Insertable, Kysely } from 'kysely';
import type { Database, ProductSaleDaysTable, SaleDaysTable, SalesTable } from '../db/schema';
import type { z } from 'zod';
import { compiledOnce, type Rows } from '../db/compiled-once';
import { businessDate } from '../lib/business-date';
import { AppError, conflict, forbidden, refuseFields, unprocessable } from '../lib/errors';
import { approveOverrides } from './approvals';
import { recordAuditIn } from './audit';
import { actorCan, SHOP_VIEW, type Actor, type ServiceContext } from './context';
import { answerUnderKey, runIdempotent, type IdempotentAnswer } from './idempotency';
import { nextNumber, reserveRowId } from './document-numbers';
import { getSale, saleNames, withSaleNumber, writtenSaleAnswer, writtenSaleRows, type WrittenSaleRows } from './sales';
import { currentRates, legacyPayments, methodsLabel, settle, takePayments, writePayments, type TakenPayment } from './payments';
import { getSettings } from './settings';
import { approveDiscounts, refuseDiscountsBeyond, storedDiscountValue, type GivenDiscount } from './hand-discounts';
import { chooseOptions, type ChosenOption } from './modifier-groups';
import { chainJournal, journalHeadTaken, saleContentOf, type JournalHead } from './journal';
import { sendSaleTickets, type TicketLine } from './kitchen';
import { flagOfflineSale, offlineSaleId } from './offline-sales';
import { queueSaleJobs, thenPrint } from './printing/jobs';
import { placeAtTill, type Place } from './shifts';
import { expiredOnHand, recordMovements, takeForLines } from './stock-ledger';
import { holdCatalogShared } from './catalog-version';
import { saleUnderWay } from './till-activity';
import { addToSaleDays, productDayRows, productDaysUpsert, saleDayRow, saleDayUpsert, type ProductDayLine, type SaleDayEntry } from './sale-days';

/*
 * POST /sales: a sale recorded as one transaction, in named steps (docs/architecture.md, "How a
 * sale flows"). Each step reads what the ones before it decided and adds its own part, so the
 * next rule (split tender, the till's shift) is one more step rather than more lines in one.
 */

type SaleInput = z.output<typeof saleInputSchema>;
type LineInput = SaleInput['items'][number];

/** A till's clock may run a little fast; more than this is a wrong date, not drift. */
const FUTURE_TOLERANCE_MS = 10 * 60 * 1000;
/** Sales sent late may be from this month, not an older one; a sale made offline is bound by OFFLINE_MAX_AGE_DAYS. */
const OLDEST_DAYS = 31;

/** When the sale happened: the instant and the shop's business day it counts for. */
interface Moment {
  instant: string;
  day: string;
}

/**
 * What the sale is taxed and paid at: the shop's settings of the moment, or for a sale made
 * offline the till's, which the customer paid by (docs/decisions/0016-offline-selling.md).
 */
interface Terms {
  taxEnabled: boolean;
  taxInclusive: boolean;
  taxRateBp: number;
  rates: SaleRates;
}

/** How it is paid: the payments, at which rates, and what they come to. */
interface Payment {
  taken: TakenPayment[];
  rates: SaleRates;
  outcome: TenderOutcome;
}

type ProductRow = { id: number; name: string; sku: string; price_cents: number; category_id: number; active: number; track_stock: number; on_hand: number };

// A sale's statements, built once per shape (docs/decisions/0017-speed-on-the-wire-and-under-load.md, "Statements built once").

const productsOfSale = (db: Kysely<Database>, productIds: number[]) =>
  db.selectFrom('products').select(['id', 'name', 'sku', 'price_cents', 'category_id', 'active', 'track_stock', 'on_hand']).where('id', 'in', productIds).orderBy('id');
const productsToSell = compiledOnce(productsOfSale);
const productsToSellLocked = compiledOnce((db, productIds: number[]) => productsOfSale(db, productIds).forUpdate());
const activePromotions = compiledOnce((db, productIds: number[]) =>
  db.selectFrom('promotions').select(['id', 'product_id', 'discount_bp', 'active', 'valid_until']).where('product_id', 'in', productIds).where('active', '=', 1),
);
// Each returns its rows whole: the sale's answer and its journal content are made from them, not read back.
const insertSale = compiledOnce((db, row: Insertable<SalesTable>) => db.insertInto('sales').values(row).returningAll().returning(saleNames));
const insertSaleItems = compiledOnce((db, rows: Rows<'sale_items'>) => db.insertInto('sale_items').values(rows).returningAll());
const insertLineOptions = compiledOnce((db, rows: Rows<'sale_item_modifiers'>) => db.insertInto('sale_item_modifiers').values(rows).returningAll());

/** One line as the catalogue prices it. */
interface PricedLine {
  product: ProductRow;
  quantity: number;
  /** The catalogue price with the chosen options' prices added (for a sale made offline: the till's). */
  unitPriceCents: number;
  discountBp: number;
  promotionId: number | null;
  /** The catalogue's unit price of the moment with its options, after its promotion: what an offline sale's price is compared with. */
  catalogueUnitCents: number;
  /** What the till showed, checked against the product's own catalogue price. */
  tillUnitPriceCents: number;
  /** The chosen options, in the order the groups are asked. */
  options: ChosenOption[];
  note: string | null;
  /** The cashier's discount on the line. */
  handDiscount: GivenDiscount | null;
}

/** Step 1: when. An ISO instant, or a plain date meaning today at the moment of the call. A sale made offline may be at most a week old. */
function resolveMoment(tx: ServiceContext, input: SaleInput, settings: Settings): Moment {
  const timeZone = settings.localization.timezone;
  const now = tx.clock.now();
  const refuse = (message: string) => unprocessable(message, { field: 'sale_date' });
  const oldestDays = input.offline ? OFFLINE_MAX_AGE_DAYS : OLDEST_DAYS;
  const tooOld = () => refuse(input.offline ? OFFLINE_MESSAGES.tooOld : `Sale date cannot be more than ${OLDEST_DAYS} days ago.`);
  if (/^\d{4}-\d{2}-\d{2}$/.test(input.sale_date)) {
    const today = businessDate(now, timeZone);
    if (input.sale_date > today) throw refuse('Sale date cannot be in the future.');
    if (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${input.sale_date}T00:00:00Z`) > oldestDays * 86_400_000) throw tooOld();
    return { instant: now.toISOString(), day: input.sale_date };
  }
  const instant = new Date(input.sale_date);
  if (instant.getTime() - now.getTime() > FUTURE_TOLERANCE_MS) throw refuse('Sale date cannot be in the future.');
  if (now.getTime() - instant.getTime() > oldestDays * 86_400_000) throw tooOld();
  return { instant: instant.toISOString(), day: businessDate(instant, timeZone) };
}

/** Step 2, continued: the named customer, whose name the sale keeps as it was that day. */
async function resolveCustomer(tx: ServiceContext, customerId: number | null): Promise<string | null> {
  if (customerId === null) return null;
  const customer = await tx.db.selectFrom('customers').select('name').where('id', '=', customerId).executeTakeFirst();
  if (!customer) throw unprocessable('The selected customer does not exist.', { field: 'customer_id' });
  return customer.name;
}

/**
 * Step 2, continued: the terms. The shop's tax (as the cashier left it switched on or off) and
 * riel rates now; for a sale made offline the till's tax rate and riel rates, and the till's
 * choice of tax on or off even if the shop has changed it since.
 */
function resolveTerms(input: SaleInput, settings: Settings): Terms {
  const offline = input.offline;
  if (offline === null) {
    return { taxEnabled: input.tax_enabled && settings.taxes.enabled, taxInclusive: settings.taxes.inclusive, taxRateBp: toBasisPoints(settings.taxes.rate), rates: currentRates(settings) };
  }
  return {
    taxEnabled: input.tax_enabled,
    taxInclusive: offline.tax_inclusive,
    taxRateBp: toBasisPoints(offline.tax_rate),
    rates: { khrPerUsd: offline.khr_per_usd, khrChangePerUsd: offline.khr_change_per_usd, rielStep: offline.riel_step },
  };
}

/**
 * Step 3: price the lines from the catalogue with each product's best promotion that day, add
 * tax and service by the terms, and check the till showed the same prices and total. A sale made
 * offline is priced at the till's figures instead (`atTillPrices`), and only its total is checked.
 * The products stay locked from here to commit, so stock is checked against what is there.
 */
async function priceLines(tx: ServiceContext, input: SaleInput, moment: Moment, terms: Terms) {
  const productIds = [...new Set(input.items.map((line) => line.product_id))].sort((a, b) => a - b);
  // On PostgreSQL the rows are locked as they are read, in id order and after the catalogue's
  // lock, as lockProducts (services/stock-ledger.ts) locks them: one statement, not two.
  if (tx.kind === 'postgres') await holdCatalogShared(tx);
  const products = new Map((await (tx.kind === 'postgres' ? productsToSellLocked : productsToSell)(tx, productIds)).map((product) => [product.id, product]));
  refuseFields(
    Object.fromEntries(input.items.flatMap((line, index) => (products.has(line.product_id) ? [] : [[`items.${index}.product_id`, ['This product does not exist.']]]))),
  );
  // A sale made offline may hold a product taken off sale since: it was on sale when it sold.
  const inactive = input.items.map((line) => products.get(line.product_id)!).find((product) => product.active !== 1);
  if (inactive && input.offline === null) throw conflict(`${inactive.name} is not on sale any more.`);

  const promotions = await activePromotions(tx, productIds);
  const promotionOf = (productId: number) =>
    bestPromotion(
      promotions.filter((p) => p.product_id === productId).map((p) => ({ id: p.id, discountBp: p.discount_bp, active: p.active === 1, validUntil: p.valid_until })),
      moment.day,
    );

  const chosen = await chooseOptions(
    tx,
    input.items.map((line) => ({ product: products.get(line.product_id)!, modifiers: line.modifiers })),
    (index) => `items.${index}.modifiers`,
  );
  if (input.offline) refuseStrayOptionPrices(input.items, chosen);
  const lines: PricedLine[] = input.items.map((line, index) => {
    const product = products.get(line.product_id)!;
    const promotion = promotionOf(product.id);
    const options = chosen[index]!;
    const unitPriceCents = product.price_cents + sumCents(options.map((option) => option.priceCents));
    const discountBp = promotion?.discountBp ?? 0;
    const priced: PricedLine = {
      product,
      quantity: line.quantity,
      unitPriceCents,
      discountBp,
      promotionId: promotion?.id ?? null,
      catalogueUnitCents: discountedUnitCents(unitPriceCents, discountBp),
      tillUnitPriceCents: toCents(line.unit_price),
      options,
      note: line.note,
      handDiscount: line.discount,
    };
    return input.offline ? atTillPrices(priced, line, promotion) : priced;
  });
  const pricing = priceSale(lines, {
    taxEnabled: terms.taxEnabled,
    taxInclusive: terms.taxInclusive,
    taxRateBp: terms.taxRateBp,
    serviceBp: toBasisPoints(input.service_percent),
    orderDiscount: input.discount,
  });
  refuseDiscountsBeyond(pricing);
  if (input.offline) {
    // The till priced it with these figures: another total means it computed something else.
    if (toCents(input.total_amount) !== pricing.totalCents) throw unprocessable(OFFLINE_MESSAGES.totalMismatch, { field: 'total_amount' });
  } else if (lines.some((line) => line.tillUnitPriceCents !== line.product.price_cents) || toCents(input.total_amount) !== pricing.totalCents) {
    throw pricesChanged(lines, pricing);
  }
  return { lines, pricing };
}

/** An offline line may price only the options it has (422 on the line's `option_prices`). */
function refuseStrayOptionPrices(items: readonly LineInput[], chosen: readonly ChosenOption[][]): void {
  refuseFields(
    Object.fromEntries(
      items.flatMap((line, index) =>
        (line.option_prices ?? []).every((price) => chosen[index]!.some((option) => option.option_id === price.option_id))
          ? []
          : [[`items.${index}.option_prices`, [OFFLINE_MESSAGES.optionPriceStray]]],
      ),
    ),
  );
}

/**
 * Step 3, for a sale made offline: the till's prices stand (docs/decisions/0016-offline-selling.md).
 * The line sells at the till's unit price, its options at the till's prices where it sent them
 * (else the catalogue's), less the till's promotion percent where it sent one (else the best
 * promotion of the day). The promotion is named only when the till's percent is that promotion's.
 */
function atTillPrices(line: PricedLine, sent: LineInput, promotion: { id: number; discountBp: number } | null): PricedLine {
  const options = line.options.map((option) => {
    const tillPrice = sent.option_prices?.find((price) => price.option_id === option.option_id);
    return tillPrice ? { ...option, priceCents: toCents(tillPrice.price) } : option;
  });
  const discountBp = sent.promotion_percent === null ? line.discountBp : toBasisPoints(sent.promotion_percent);
  return {
    ...line,
    unitPriceCents: toCents(sent.unit_price) + sumCents(options.map((option) => option.priceCents)),
    discountBp,
    promotionId: promotion !== null && promotion.discountBp === discountBp ? promotion.id : null,
    options,
  };
}

/** The catalogue's price of each option on the lines, each once. */
function optionPrices(lines: PricedLine[]): PricesChangedAnswer['modifier_prices'] {
  const prices = new Map<number, number>();
  for (const option of lines.flatMap((line) => line.options)) prices.set(option.option_id, fromCents(option.priceCents));
  return [...prices].map(([option_id, price]) => ({ option_id, price }));
}

/** The typed 409 of the contracts: the catalogue's figures, for the till to refresh its cart. */
function pricesChanged(lines: PricedLine[], pricing: SalePricing): AppError {
  const answer: Omit<PricesChangedAnswer, 'message'> = {
    prices: lines.map((line) => ({ product_id: line.product.id, unit_price: fromCents(line.product.price_cents), discount_percent: fromBasisPoints(line.discountBp) })),
    modifier_prices: optionPrices(lines),
    total_amount: fromCents(pricing.totalCents),
  };
  return new AppError('prices_changed', SALE_MESSAGES.pricesChanged, { details: answer });
}

/**
 * Step 4a: enough sellable stock for every tracked product, all lines of one product together,
 * unless the shop sells past zero. Units past their date are not sellable: the refusal says how
 * many there are, so the cashier can ask a Manager to write them off.
 */
async function checkStock(tx: ServiceContext, lines: PricedLine[], settings: Settings, moment: Moment): Promise<void> {
  if (settings.general.allowNegativeStock) return;
  const tracked = [...new Set(lines.filter((line) => line.product.track_stock === 1).map((line) => line.product.id))];
  const expired = await expiredOnHand(tx, tracked, moment.day);
  const wanted = new Map<number, { product: ProductRow; quantity: number }>();
  for (const { product, quantity } of lines) {
    if (product.track_stock !== 1) continue;
    wanted.set(product.id, { product, quantity: (wanted.get(product.id)?.quantity ?? 0) + quantity });
  }
  for (const { product, quantity } of wanted.values()) {
    const pastDate = expired.get(product.id) ?? 0;
    const sellable = Math.max(0, product.on_hand - pastDate);
    if (sellable >= quantity) continue;
    if (pastDate > 0) {
      throw new AppError('out_of_stock', SALE_MESSAGES.expiredStock(product.name, sellable, pastDate), {
        details: { product_id: product.id, product: product.name, sellable, expired: pastDate },
      });
    }
    throw new AppError('out_of_stock', `Only ${sellable} left of ${product.name}`, { details: { product_id: product.id, product: product.name, sellable, expired: 0 } });
  }
}

/**
 * Step 4c: the payments, at the sale's rates (the shop's of the moment; the till's for a sale made
 * offline, by any method the shop has): several in dollars and riel, or the specs' one method. They cover the total (only
 * cash beyond it: change), or with `sales:credit` a named customer's sale may stay partly unpaid,
 * on their account.
 */
function takeSalePayments(input: SaleInput, settings: Settings, totalCents: number, actor: Actor, rates: SaleRates): Payment {
  const legacy = input.payments === undefined;
  // A sale made offline was paid with the methods the till had then, though one may be off now.
  const madeOffline = input.offline !== null;
  const taken = legacy
    ? legacyPayments(settings, { payment_method: input.payment_method!, tendered: input.tendered, tendered_khr: input.tendered_khr }, totalCents, madeOffline)
    : takePayments(settings, input.payments!, 'payments', madeOffline);
  if (input.on_account) {
    if (!actorCan(actor, 'sales:credit')) throw forbidden(PAYMENT_MESSAGES.onAccountNotAllowed);
    if (input.customer_id === null) throw unprocessable(PAYMENT_MESSAGES.onAccountNeedsCustomer, { field: 'customer_id' });
  }
  const outcome = settle(taken, totalCents, rates, input.change_in, {
    allowShort: input.on_account,
    shortField: legacy ? 'tendered' : 'payments',
    shortMessage: legacy ? SALE_MESSAGES.tenderedShort : PAYMENT_MESSAGES.notCovered,
  });
  return { taken: taken.filter((payment) => payment.amount > 0), rates, outcome };
}

/**
 * Step 5: write the sale. Its number comes from a counter whose row stays locked until commit.
 * SQLite runs one write transaction at a time anyway; PostgreSQL runs sales side by side, so
 * there the number is taken last (numberSale) and the row carries its own id, negated, until
 * then: unique, and never seen, since the row is invisible to others before commit.
 */
async function writeSale(
  tx: ServiceContext,
  sale: {
    input: SaleInput;
    moment: Moment;
    customerName: string | null;
    payment: Payment;
    lines: PricedLine[];
    pricing: SalePricing;
    terms: Terms;
    actor: Actor;
    approvedBy: number | null;
    discountApprovedBy: number | null;
    place: Place;
  },
): Promise<{ saleId: number; number: number | null; day: SaleDayEntry; row: WrittenSaleRows['sale'] }> {
  const { input, pricing, terms } = sale;
  const reservedId = tx.kind === 'postgres' ? await reserveRowId(tx, 'sales') : null;
  const number = reservedId === null ? await nextNumber(tx, 'sale') : null;
  const row = {
    ...(reservedId === null ? {} : { id: reservedId }),
    number: number ?? -reservedId!,
    sale_date: sale.moment.instant,
    business_date: sale.moment.day,
    customer_id: input.customer_id,
    customer_name: sale.customerName,
    channel: input.channel,
    payment_method: methodsLabel(sale.payment.taken),
    status: sale.payment.outcome.covered ? 'Paid' : 'Partial',
    items_count: sale.lines.length,
    total_qty: sale.lines.reduce((sum, line) => sum + line.quantity, 0),
    gross_cents: pricing.grossCents,
    discount_cents: pricing.discountCents,
    tax_enabled: terms.taxEnabled ? 1 : 0,
    tax_inclusive: terms.taxInclusive ? 1 : 0,
    tax_rate_bp: terms.taxEnabled ? terms.taxRateBp : 0,
    tax_cents: pricing.taxCents,
    service_bp: toBasisPoints(input.service_percent),
    service_cents: pricing.serviceCents,
    total_cents: pricing.totalCents,
    khr_per_usd: sale.payment.rates.khrPerUsd,
    khr_change_per_usd: sale.payment.rates.khrChangePerUsd,
    riel_step: sale.payment.rates.rielStep,
    paid_cents: Math.min(sale.payment.outcome.paidCents, pricing.totalCents),
    change_cents: sale.payment.outcome.changeCents,
    change_usd_cents: sale.payment.outcome.change.usdCents,
    change_khr: sale.payment.outcome.change.khr,
    approved_by: sale.approvedBy,
    order_discount_type: input.discount?.type ?? null,
    order_discount_value: input.discount ? storedDiscountValue(input.discount) : null,
    order_discount_reason: input.discount?.reason ?? null,
    order_discount_cents: pricing.orderDiscountCents,
    discount_approved_by: sale.discountApprovedBy,
    till_id: sale.place.till_id,
    shift_id: sale.place.shift_id,
    notes: input.notes,
    user_id: sale.actor.userId,
    created_at: tx.clock.now().toISOString(),
    client_id: input.offline?.client_id ?? null,
    offline_number: input.offline?.number ?? null,
  } satisfies Insertable<SalesTable>;
  const [inserted] = await insertSale(tx, row);
  return { saleId: inserted!.id, number, day: { ...row, user_id: sale.actor.userId }, row: inserted! };
}

/**
 * Step 4b with 5: each line takes its stock (first to expire first) and is written with what that
 * stock cost; a few statements for the whole sale, whatever its number of lines.
 */
async function takeStockAndWriteLines(
  tx: ServiceContext,
  saleId: number,
  lines: PricedLine[],
  pricing: SalePricing,
  moment: Moment,
  actor: Actor,
): Promise<Pick<WrittenSaleRows, 'items' | 'options'>> {
  const tracked = lines.filter((line) => line.product.track_stock === 1);
  const taken = await takeForLines(
    tx,
    tracked.map((line) => ({ productId: line.product.id, quantity: line.quantity })),
    moment.day,
    { sellable: true },
  );
  const takesOf = new Map(tracked.map((line, index) => [line, taken[index]!]));
  const inserted = await insertSaleItems(
    tx,
    lines.map((line, index) => {
      const priced = pricing.lines[index]!;
      return {
        sale_id: saleId,
        product_id: line.product.id,
        product_name: line.product.name,
        sku: line.product.sku,
        quantity: line.quantity,
        unit_price_cents: line.unitPriceCents,
        discount_bp: line.discountBp,
        promotion_id: line.promotionId,
        discount_cents: priced.discountCents,
        line_total_cents: priced.lineTotalCents,
        cost_cents: (takesOf.get(line) ?? []).reduce((sum, take) => sum + take.quantity * take.unitCostCents, 0),
        note: line.note,
        hand_discount_type: line.handDiscount?.type ?? null,
        hand_discount_value: line.handDiscount ? storedDiscountValue(line.handDiscount) : null,
        hand_discount_reason: line.handDiscount?.reason ?? null,
        hand_discount_cents: priced.handCents,
        order_discount_cents: priced.orderShareCents,
      };
    }),
  );
  // One statement's rows take their ids in the order they are listed.
  const itemIds = inserted.map((row) => row.id).sort((a, b) => a - b);
  const options = await writeLineOptions(
    tx,
    lines.map((line, index) => ({ saleItemId: itemIds[index]!, options: line.options })),
  );
  await recordMovements(
    tx,
    tracked.flatMap((line) =>
      takesOf.get(line)!.map((take) => ({
        productId: line.product.id,
        quantity: -take.quantity,
        unitCostCents: take.unitCostCents,
        kind: 'sale' as const,
        businessDate: moment.day,
        batchId: take.batchId,
        referenceType: 'sale' as const,
        referenceId: saleId,
        userId: actor.userId,
      })),
    ),
  );
  return { items: inserted, options };
}

/** Step 5, with the lines: each line's options as they are now (names and prices), in order. */
async function writeLineOptions(tx: ServiceContext, lines: readonly { saleItemId: number; options: readonly ChosenOption[] }[]): Promise<WrittenSaleRows['options']> {
  const rows = lines.flatMap(({ saleItemId, options }) =>
    options.map((option, position) => ({
      sale_item_id: saleItemId,
      option_id: option.option_id,
      group_name: option.group,
      name: option.name,
      name_km: option.name_km,
      price_cents: option.priceCents,
      position,
    })),
  );
  return rows.length > 0 ? insertLineOptions(tx, rows) : [];
}

/**
 * Step 6: the sale's number, and the sale added to its day's summaries (its day's row, its
 * products' rows). Where the number was not taken up front (PostgreSQL), all in one statement with
 * the journal's head (its next record's number, and the last hash): the counters' rows are locked
 * from here to commit, so only the steps that need the number follow.
 */
async function numberSale(
  tx: ServiceContext,
  saleId: number,
  early: number | null,
  day: SaleDayEntry,
  products: readonly ProductDayLine[],
): Promise<{ number: number; journal?: JournalHead }> {
  if (early !== null) {
    await addToSaleDays(tx, day, products);
    return { number: early };
  }
  const [numbered] = await numberWithDays(tx, saleId, saleDayRow(day), productDayRows(day.business_date, products));
  if (!numbered || numbered.journal_seq === null) throw new Error('checkout: no sale or journal counter');
  return { number: numbered.number, journal: { value: numbered.journal_seq, hash: numbered.journal_hash } };
}

/** PostgreSQL: the number taken, written on the sale, the sale added to its day's rows, and the journal's head taken, in one statement (built once per shape). */
const numberWithDays = compiledOnce((db, saleId: number, day: SaleDaysTable, products: ProductSaleDaysTable[]) =>
  // PostgreSQL runs `taken` when the sale's row is updated and `head` when it is returned: the number's lock comes
  // before the journal's, as everywhere else; `day` and `products`, which nothing reads, last.
  db
    .with('day', (cte) => saleDayUpsert(cte, day))
    .with('products', () => productDaysUpsert(db, 'postgres', products))
    .with('taken', (cte) => cte.updateTable('counters').set((eb) => ({ value: eb('value', '+', 1) })).where('name', '=', 'sale').returning('value'))
    .with('head', () => journalHeadTaken(db))
    .updateTable('sales')
    .set((eb) => ({ number: eb.selectFrom('taken').select('value') }))
    .where('id', '=', saleId)
    .returning((eb) => ['number', eb.selectFrom('head').select('head.value').as('journal_seq'), eb.selectFrom('head').select('head.hash').as('journal_hash')]),
);

/** A sale as its lines were written, for what is done before its number (the kitchen's tickets show these lines). */
export interface WrittenSale {
  id: number;
  customerName: string | null;
  lines: TicketLine[];
  /** Its rows as the writes returned them; the sale unnumbered on PostgreSQL. */
  rows: WrittenSaleRows;
}

/**
 * The whole sale, step by step; nothing is written unless all of it is. Step 2b places it at its
 * till's open shift. A sale made offline (`input.offline`) is recorded as the till made it:
 * docs/decisions/0016-offline-selling.md.
 *
 * `beforeNumber` runs once the sale's rows are written and before its number is taken: what the
 * caller reads or sends there (the answer, the kitchen's tickets) is not done while the number's
 * lock is held. The sale's rows it is given, as its writes returned them, have the sale unnumbered
 * on PostgreSQL (withSaleNumber gives the answer its number); the journal's content is made from
 * the same rows, so a sale is not read back. docs/decisions/0017-speed-on-the-wire-and-under-load.md.
 */
export async function recordSale<T>(
  tx: ServiceContext,
  input: SaleInput,
  actor: Actor,
  beforeNumber: (sale: WrittenSale) => Promise<T>,
): Promise<{ saleId: number; number: number; before: T }> {
  saleUnderWay();
  const settings = await getSettings(tx);
  const madeOffline = input.offline !== null;
  const moment = resolveMoment(tx, input, settings);
  const customerName = await resolveCustomer(tx, input.customer_id);
  const place = await placeAtTill(tx, input.till_id, settings, { madeOffline });
  const terms = resolveTerms(input, settings);
  const approvedBy = await approveOverrides(tx, input, settings, actor);
  const { lines, pricing } = await priceLines(tx, input, moment, terms);
  const discountApprovedBy = await approveDiscounts(
    tx,
    { lines: lines.map((line) => line.handDiscount), order: input.discount, token: input.discount_approval_token },
    pricing,
    settings,
    actor,
  );
  // The goods of a sale made offline have left the shop: its stock is taken even past zero, and flagged below.
  if (!madeOffline) await checkStock(tx, lines, settings, moment);
  const payment = takeSalePayments(input, settings, pricing.totalCents, actor, terms.rates);

  const { saleId, number: early, day, row } = await writeSale(tx, { input, moment, customerName, payment, lines, pricing, terms, actor, approvedBy, discountApprovedBy, place });
  const { items, options } = await takeStockAndWriteLines(tx, saleId, lines, pricing, moment, actor);
  const payments = await writePayments(tx, { saleId, kind: 'sale', day: moment.day, actor, rates: payment.rates, place }, payment.taken, payment.outcome);
  const rows: WrittenSaleRows = { sale: row, items, options, payments };
  // A sale made offline lists what differed for review; its customer left long ago, so no receipt or drawer pulse is queued.
  if (madeOffline) {
    await flagOfflineSale(tx, {
      saleId,
      lines: lines.map((line) => ({ product: line.product, quantity: line.quantity, tillUnitCents: discountedUnitCents(line.unitPriceCents, line.discountBp), catalogueUnitCents: line.catalogueUnitCents })),
      noShift: place.till_id !== null && place.shift_id === null && settings.shifts.required,
    });
  } else {
    await queueSaleJobs(tx, { id: saleId, tillId: place.till_id, paidCash: payment.taken.some((p) => p.method.key === CASH_METHOD), userId: actor.userId }, settings);
  }
  // The sale's record names it by id (its number is on the sale, and never changes), so it is written before the number.
  await recordAuditIn(tx, {
    userId: actor.userId,
    action: 'create',
    entity: 'sale',
    entityId: saleId,
    after: {
      total_cents: pricing.totalCents,
      lines: lines.map((line, index) => ({
        product_id: line.product.id,
        quantity: line.quantity,
        unit_price_cents: line.unitPriceCents,
        options: line.options.map((option) => ({ option_id: option.option_id, group: option.group, name: option.name, price_cents: option.priceCents })),
        note: line.note,
        discount: line.handDiscount,
        discount_cents: pricing.lines[index]!.discountCents,
      })),
      order_discount: input.discount === null ? null : { ...input.discount, cents: pricing.orderDiscountCents },
      discount_approved_by: discountApprovedBy,
      payments: payment.taken.map((p) => ({ method: p.method.key, currency: p.currency, amount: p.amount })),
      khr_per_usd: payment.rates.khrPerUsd,
      till_id: place.till_id,
      shift_id: place.shift_id,
      ...(input.offline === null ? {} : { offline: { client_id: input.offline.client_id, number: input.offline.number } }),
    },
  });
  const before = await beforeNumber({
    id: saleId,
    customerName,
    rows,
    lines: lines.map((line) => ({
      orderLineId: null,
      categoryId: line.product.category_id,
      name: line.product.name,
      quantity: line.quantity,
      modifiers: line.options.map((option) => ({ group: option.group, name: option.name, name_km: option.name_km })),
      note: line.note,
    })),
  });
  const written = writtenSaleRows(rows);
  const content = saleContentOf(written.row, written.items, written.payments);

  // From here to commit the number's row is locked (PostgreSQL): only what needs the number, or a row every sale shares
  // (the day's summary, docs/decisions/0020-report-summaries.md).
  const products = lines.map((line, index) => ({
    product_id: line.product.id,
    product_name: line.product.name,
    sku: line.product.sku,
    quantity: line.quantity,
    line_total_cents: pricing.lines[index]!.lineTotalCents,
  }));
  const { number, journal } = await numberSale(tx, saleId, early, day, products);
  // Last, so the journal's lock is held for the least time (docs/decisions/0012-tills-shifts-and-the-journal.md): on
  // PostgreSQL its head was taken with the number. Its content was made unnumbered; the number keeps its place among the fields.
  await chainJournal(tx, 'sale', saleId, { ...content, number }, journal);
  saleUnderWay();
  return { saleId, number, before };
}

export interface CheckoutRequest {
  input: SaleInput;
  idempotencyKey: string | null;
  /** Who rings it up (and who the answer is shown to). */
  viewer: Actor;
}

type CheckoutAnswer = IdempotentAnswer<{ data: Sale; message: string }>;

/** POST /sales: 201 with the recorded sale, or the first answer again for a repeated key. */
export async function checkout(ctx: ServiceContext, request: CheckoutRequest): Promise<CheckoutAnswer> {
  const offline = request.input.offline;
  if (offline === null) return recordOnce(ctx, request);
  if (request.idempotencyKey !== offline.client_id) throw unprocessable(OFFLINE_MESSAGES.needsOfflineId, { field: IDEMPOTENCY_KEY_HEADER });
  // A sale made offline is recorded once, whoever sends it and however late (docs/decisions/0016-offline-selling.md).
  const earlier = await offlineAnswer(ctx, offline.client_id);
  if (earlier) return earlier;
  // The till tried this sale online first under the same key, and that attempt got through: it is this sale.
  const attempted = await answerUnderKey<{ data: Sale; message: string }>(ctx, offline.client_id, 'sale');
  if (attempted === 'in-flight') throw conflict(SALE_MESSAGES.inFlight);
  if (attempted) return attempted;
  try {
    return await recordOnce(ctx, request);
  } catch (error) {
    // A copy raced this one (the key's row, or the unique client_id, stopped it): answer with the copy that won.
    const won = await offlineAnswer(ctx, offline.client_id);
    if (won) return won;
    throw error;
  }
}

/** The sale already recorded under this offline id, answered again in the first answer's shape, to whoever sends it (the till's outbox holds the sale). */
async function offlineAnswer(ctx: ServiceContext, clientId: string): Promise<CheckoutAnswer | null> {
  const saleId = await offlineSaleId(ctx, clientId);
  if (saleId === null) return null;
  return { statusCode: 201, body: { data: await getSale(ctx, saleId, SHOP_VIEW), message: SALE_MESSAGES.recorded }, replayed: true };
}

function recordOnce(ctx: ServiceContext, request: CheckoutRequest): Promise<CheckoutAnswer> {
  const madeOffline = request.input.offline !== null;
  // Its receipt, drawer pulse and kitchen tickets go to the printers once the sale is recorded, never before.
  return thenPrint(
    ctx,
    () => runIdempotent<{ data: Sale; message: string }>(
    ctx,
    {
      key: request.idempotencyKey,
      userId: request.viewer.userId,
      scope: 'sale',
      request: request.input,
      messages: { keyReused: SALE_MESSAGES.keyReused, inFlight: SALE_MESSAGES.inFlight },
    },
    async (tx) => {
      const { number, before: sale } = await recordSale(tx, request.input, request.viewer, async (written) => {
        // The kitchen does not make what a customer took away hours ago.
        if (!madeOffline) await sendSaleTickets(tx, written);
        return writtenSaleAnswer(written.rows);
      });
      return { statusCode: 201, body: { data: withSaleNumber(sale, number), message: SALE_MESSAGES.recorded } };
    },
    ),
  );
}
