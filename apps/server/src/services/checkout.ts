import { bestPromotion, priceSale } from '@shop/contracts/pricing';
import { SALE_MESSAGES, type Sale, type saleInputSchema } from '@shop/contracts/sale';
import type { Settings } from '@shop/contracts/settings';
import { sql } from 'kysely';
import type { z } from 'zod';
import { businessDate } from '../lib/business-date';
import { AppError, unprocessable } from '../lib/errors';
import { fromBasisPoints, fromCents, rielToCents, toBasisPoints, toCents } from '@shop/contracts/money';
import { recordAudit } from './audit';
import type { Actor, ServiceContext } from './context';
import { runIdempotent } from './idempotency';
import { getSale, nextNumber, type SaleViewer } from './sales';
import { getSettings } from './settings';
import { lockProducts, recordMovement, takeFromBatches } from './stock-ledger';

type SaleInput = z.output<typeof saleInputSchema>;

/** A till's clock may run a little fast; more than this is a wrong date, not drift. */
const FUTURE_TOLERANCE_MS = 10 * 60 * 1000;
/** Sales rung up offline may arrive late, but not from another month. */
const OLDEST_DAYS = 31;

function saleMoment(ctx: ServiceContext, input: SaleInput, timeZone: string): { instant: string; day: string } {
  const now = ctx.clock.now();
  const today = businessDate(now, timeZone);
  const refuse = (message: string) => unprocessable(message, { sale_date: [message] });
  if (/^\d{4}-\d{2}-\d{2}$/.test(input.sale_date)) {
    // The other reading of spec 01 §3: a plain date of today.
    if (input.sale_date > today) throw refuse('Sale date cannot be in the future.');
    if (Date.parse(`${today}T00:00:00Z`) - Date.parse(`${input.sale_date}T00:00:00Z`) > OLDEST_DAYS * 86_400_000) {
      throw refuse(`Sale date cannot be more than ${OLDEST_DAYS} days ago.`);
    }
    return { instant: now.toISOString(), day: input.sale_date };
  }
  const instant = new Date(input.sale_date);
  if (instant.getTime() - now.getTime() > FUTURE_TOLERANCE_MS) throw refuse('Sale date cannot be in the future.');
  if (now.getTime() - instant.getTime() > OLDEST_DAYS * 86_400_000) throw refuse(`Sale date cannot be more than ${OLDEST_DAYS} days ago.`);
  return { instant: instant.toISOString(), day: businessDate(instant, timeZone) };
}

function paymentMethod(settings: Settings, wanted: string) {
  const enabled = settings.payments.methods.filter((method) => method.enabled);
  const lower = wanted.toLowerCase();
  const method = enabled.find((m) => m.label.toLowerCase() === lower || m.key === lower);
  if (!method) {
    const message = `Choose one of the payment methods: ${enabled.map((m) => m.label).join(', ')}.`;
    throw unprocessable(message, { payment_method: [message] });
  }
  return method;
}

/**
 * Rings up a sale as one transaction: prices every line from the catalogue with its best
 * promotion, adds tax and service from the settings, checks and takes stock (first to expire
 * first), and writes the sale, its lines, its payment, its stock movements and an audit entry.
 * The till's prices and total are checked, never trusted. Nothing is written unless all is.
 */
async function recordSale(tx: ServiceContext, input: SaleInput, actor: Actor): Promise<number> {
  const settings = await getSettings(tx);
  const moment = saleMoment(tx, input, settings.localization.timezone);
  const method = paymentMethod(settings, input.payment_method);

  let customerName: string | null = null;
  if (input.customer_id !== null) {
    const customer = await tx.db.selectFrom('customers').select('name').where('id', '=', input.customer_id).executeTakeFirst();
    if (!customer) throw unprocessable('The selected customer does not exist.', { customer_id: ['The selected customer does not exist.'] });
    customerName = customer.name;
  }

  const productIds = [...new Set(input.items.map((line) => line.product_id))];
  await lockProducts(tx, productIds);
  const products = new Map(
    (
      await tx.db
        .selectFrom('products')
        .select(['id', 'name', 'sku', 'price_cents', 'active', 'track_stock', 'on_hand'])
        .where('id', 'in', productIds)
        .execute()
    ).map((product) => [product.id, product]),
  );
  const missing: Record<string, string[]> = {};
  input.items.forEach((line, index) => {
    if (!products.has(line.product_id)) missing[`items.${index}.product_id`] = ['This product does not exist.'];
  });
  if (Object.keys(missing).length) throw unprocessable(Object.values(missing)[0]![0]!, missing);
  for (const line of input.items) {
    const product = products.get(line.product_id)!;
    if (product.active !== 1) throw new AppError(409, `${product.name} is not on sale any more.`);
  }

  const today = moment.day;
  const promotions = await tx.db
    .selectFrom('promotions')
    .select(['id', 'product_id', 'discount_bp', 'active', 'valid_until'])
    .where('product_id', 'in', productIds)
    .where('active', '=', 1)
    .execute();
  const promotionOf = new Map(
    productIds.map((id) => [
      id,
      bestPromotion(
        promotions.filter((p) => p.product_id === id).map((p) => ({ id: p.id, discountBp: p.discount_bp, active: p.active === 1, validUntil: p.valid_until })),
        today,
      ),
    ]),
  );

  const taxEnabled = input.tax_enabled && settings.taxes.enabled;
  const lines = input.items.map((line) => {
    const product = products.get(line.product_id)!;
    const promotion = promotionOf.get(line.product_id) ?? null;
    return { line, product, promotion, quantity: line.quantity, unitPriceCents: product.price_cents, discountBp: promotion?.discountBp ?? 0 };
  });
  const pricing = priceSale(lines, {
    taxEnabled,
    taxInclusive: settings.taxes.inclusive,
    taxRateBp: toBasisPoints(settings.taxes.rate),
    serviceBp: toBasisPoints(input.service_percent),
  });

  const stalePrices = lines.filter(({ line, product }) => toCents(line.unit_price) !== product.price_cents);
  if (stalePrices.length || toCents(input.total_amount) !== pricing.totalCents) {
    throw new AppError(409, SALE_MESSAGES.pricesChanged, undefined, undefined, {
      prices: lines.map(({ product, discountBp }) => ({ product_id: product.id, unit_price: fromCents(product.price_cents), discount_percent: fromBasisPoints(discountBp) })),
      total_amount: fromCents(pricing.totalCents),
    });
  }

  if (!settings.general.allowNegativeStock) {
    const wanted = new Map<number, number>();
    for (const { product, quantity } of lines) if (product.track_stock === 1) wanted.set(product.id, (wanted.get(product.id) ?? 0) + quantity);
    for (const [productId, quantity] of wanted) {
      const product = products.get(productId)!;
      if (product.on_hand < quantity) throw new AppError(409, `Only ${Math.max(0, product.on_hand)} left of ${product.name}`);
    }
  }

  const khrPerUsd = settings.localization.khrPerUsd;
  let tenderedCents = pricing.totalCents;
  let tenderedKhr = 0;
  if (method.key === 'cash' && (input.tendered !== null || input.tendered_khr > 0)) {
    tenderedKhr = input.tendered_khr;
    tenderedCents = toCents(input.tendered ?? 0) + rielToCents(tenderedKhr, khrPerUsd);
    if (tenderedCents < pricing.totalCents) throw unprocessable(SALE_MESSAGES.tenderedShort, { tendered: [SALE_MESSAGES.tenderedShort] });
  }

  // The counter row stays locked until commit, so every sale waits in line behind it. SQLite
  // runs one write transaction at a time anyway; PostgreSQL runs sales side by side, so there
  // the number is taken last and the sale carries its own id, negated, until then (unique, and
  // never seen: the row is invisible to others before commit).
  const reservedId = tx.kind === 'postgres' ? await reserveSaleId(tx) : null;
  const earlyNumber = reservedId === null ? await nextNumber(tx, 'sale') : null;
  const createdAt = tx.clock.now().toISOString();
  const { id: saleId } = await tx.db
    .insertInto('sales')
    .values({
      ...(reservedId === null ? {} : { id: reservedId }),
      number: earlyNumber ?? -reservedId!,
      sale_date: moment.instant,
      business_date: moment.day,
      customer_id: input.customer_id,
      customer_name: customerName,
      channel: input.channel,
      payment_method: method.label,
      status: 'Paid',
      items_count: lines.length,
      total_qty: lines.reduce((sum, line) => sum + line.quantity, 0),
      gross_cents: pricing.grossCents,
      discount_cents: pricing.discountCents,
      tax_enabled: taxEnabled ? 1 : 0,
      tax_inclusive: settings.taxes.inclusive ? 1 : 0,
      tax_rate_bp: taxEnabled ? toBasisPoints(settings.taxes.rate) : 0,
      tax_cents: pricing.taxCents,
      service_bp: toBasisPoints(input.service_percent),
      service_cents: pricing.serviceCents,
      total_cents: pricing.totalCents,
      notes: input.notes,
      user_id: actor.userId,
      created_at: createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  for (const [index, { product, promotion, quantity, unitPriceCents, discountBp }] of lines.entries()) {
    const takes = product.track_stock === 1 ? await takeFromBatches(tx, product.id, quantity, moment.day) : [];
    const priced = pricing.lines[index]!;
    await tx.db
      .insertInto('sale_items')
      .values({
        sale_id: saleId,
        product_id: product.id,
        product_name: product.name,
        sku: product.sku,
        quantity,
        unit_price_cents: unitPriceCents,
        discount_bp: discountBp,
        promotion_id: promotion?.id ?? null,
        discount_cents: priced.discountCents,
        line_total_cents: priced.lineTotalCents,
        cost_cents: takes.reduce((sum, take) => sum + take.quantity * take.unitCostCents, 0),
      })
      .execute();
    for (const take of takes) {
      await recordMovement(tx, {
        productId: product.id,
        quantity: -take.quantity,
        unitCostCents: take.unitCostCents,
        kind: 'sale',
        businessDate: moment.day,
        batchId: take.batchId,
        referenceType: 'sale',
        referenceId: saleId,
        userId: actor.userId,
      });
    }
  }

  await tx.db
    .insertInto('sale_payments')
    .values({
      sale_id: saleId,
      method: method.label,
      amount_cents: pricing.totalCents,
      tendered_cents: tenderedCents,
      tendered_khr: tenderedKhr,
      khr_per_usd: khrPerUsd,
      change_cents: tenderedCents - pricing.totalCents,
      created_at: createdAt,
    })
    .execute();
  const number = earlyNumber ?? (await nextNumber(tx, 'sale'));
  if (earlyNumber === null) await tx.db.updateTable('sales').set({ number }).where('id', '=', saleId).execute();
  await recordAudit(tx.db, tx.clock, {
    userId: actor.userId,
    action: 'create',
    entity: 'sale',
    entityId: saleId,
    after: { number, total_cents: pricing.totalCents, lines: input.items, payment_method: method.label },
  });
  return saleId;
}

/** The id the next sale will have, taken from its PostgreSQL sequence. */
async function reserveSaleId(tx: ServiceContext): Promise<number> {
  const { rows } = await sql<{ id: number }>`select nextval(pg_get_serial_sequence('sales', 'id'))::int as id`.execute(tx.db);
  return rows[0]!.id;
}

export interface CheckoutRequest {
  input: SaleInput;
  idempotencyKey: string | null;
  viewer: SaleViewer;
}

/** POST /sales: 201 with the recorded sale, or the first answer again for a repeated key. */
export async function checkout(ctx: ServiceContext, request: CheckoutRequest) {
  return runIdempotent<{ data: Sale; message: string }>(
    ctx,
    {
      key: request.idempotencyKey,
      userId: request.viewer.userId,
      scope: 'sale',
      request: request.input,
      messages: { keyReused: SALE_MESSAGES.keyReused, inFlight: SALE_MESSAGES.inFlight },
    },
    async (tx) => {
      const saleId = await recordSale(tx, request.input, request.viewer);
      return { statusCode: 201, body: { data: await getSale(tx, saleId, request.viewer), message: SALE_MESSAGES.recorded } };
    },
  );
}
