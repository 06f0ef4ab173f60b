import { rolesWith, type Permission } from '@shop/contracts/permissions';
import { NOTIFICATION_MESSAGES, type Notification, type NotificationKind } from '@shop/contracts/notification';
import { OFFLINE_MESSAGES } from '@shop/contracts/offline-sale';
import { DEFAULT_NOTIFY_PREFERENCES, type NotifyPreferences, type NotifyTopic } from '@shop/contracts/profile';
import type { NotificationsTable } from '../db/schema';
import { addDays } from '../lib/business-date';
import { notFound } from '../lib/errors';
import { paginate } from '../lib/paginate';
import type { ServiceContext } from './context';
import { shopToday } from './settings';

/*
 * Notifications are raised by the server when something happens that a person should act on,
 * inside the transaction of that event, so a refund and its notice land together. Each user
 * gets one copy per event (a unique dedupe key), which makes raising one twice harmless.
 */

type Params = Record<string, string | number>;

interface Audience {
  /** Everyone whose role holds this permission. */
  permission: Permission;
  /** The preference topic that lets a user turn this kind off; none means it always comes. */
  topic?: NotifyTopic;
  /** Whoever caused it does not need telling. */
  exceptUserId?: number | null;
}

export function readPreferences(stored: string | null): NotifyPreferences {
  if (!stored) return DEFAULT_NOTIFY_PREFERENCES;
  try {
    const value = JSON.parse(stored) as Partial<NotifyPreferences>;
    return { ...DEFAULT_NOTIFY_PREFERENCES, ...value, topics: { ...DEFAULT_NOTIFY_PREFERENCES.topics, ...value.topics } };
  } catch {
    return DEFAULT_NOTIFY_PREFERENCES;
  }
}

async function recipients(tx: ServiceContext, audience: Audience): Promise<number[]> {
  const users = await tx.db
    .selectFrom('users')
    .select(['id', 'notify'])
    .where('role', 'in', [...rolesWith(audience.permission)])
    .where('pending', '=', 0)
    .where('deactivated_at', 'is', null)
    .where('deleted_at', 'is', null)
    .execute();
  return users
    .filter((user) => user.id !== audience.exceptUserId)
    .filter((user) => !audience.topic || readPreferences(user.notify).topics[audience.topic])
    .map((user) => user.id);
}

async function raise(
  tx: ServiceContext,
  notice: { kind: NotificationKind; params: Params; link: string | null; dedupeKey: string },
  audience: Audience,
): Promise<void> {
  const userIds = await recipients(tx, audience);
  if (userIds.length === 0) return;
  const now = tx.clock.now().toISOString();
  await tx.db
    .insertInto('notifications')
    .values(
      userIds.map((userId) => ({
        user_id: userId,
        kind: notice.kind,
        params: JSON.stringify(notice.params),
        link: notice.link,
        dedupe_key: notice.dedupeKey,
        created_at: now,
      })),
    )
    .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
    .execute();
}

/** A tracked product just went down to its reorder level or below. */
export async function notifyLowStock(
  tx: ServiceContext,
  movementId: number,
  product: { id: number; name: string; sku: string; onHand: number; reorderLevel: number },
): Promise<void> {
  await raise(
    tx,
    {
      kind: 'low_stock',
      params: { product: product.name, sku: product.sku, on_hand: product.onHand, reorder_level: product.reorderLevel },
      link: '/report-stock',
      dedupeKey: `low_stock:${movementId}`,
    },
    { permission: 'stock:manage', topic: 'lowStock' },
  );
}

/**
 * A sale made offline took a tracked product below zero: someone sold what the shelf no longer
 * held, and the count wants checking (docs/decisions/0016-offline-selling.md).
 */
export async function notifyOfflineShortStock(
  tx: ServiceContext,
  flagId: number,
  sold: { product: string; sku: string; quantity: number; onHand: number },
): Promise<void> {
  await raise(
    tx,
    {
      kind: 'offline_short_stock',
      params: { product: sold.product, sku: sold.sku, quantity: sold.quantity, on_hand: sold.onHand },
      link: '/report-stock',
      dedupeKey: `offline_short_stock:${flagId}`,
    },
    { permission: 'stock:manage', topic: 'lowStock' },
  );
}

export async function notifyRefund(
  tx: ServiceContext,
  refund: { id: number; code: string; saleCode: string; amount: number; byUserId: number; byName: string },
): Promise<void> {
  await raise(
    tx,
    {
      kind: 'refund',
      params: { refund: refund.code, sale: refund.saleCode, amount: refund.amount, by: refund.byName },
      link: `/orders?q=${encodeURIComponent(refund.saleCode)}`,
      dedupeKey: `refund:${refund.id}`,
    },
    { permission: 'sales:view-all', topic: 'orders', exceptUserId: refund.byUserId },
  );
}

export async function notifySignUp(tx: ServiceContext, user: { id: number; name: string; email: string }): Promise<void> {
  await raise(
    tx,
    { kind: 'signup', params: { name: user.name, email: user.email }, link: '/users?status=Pending', dedupeKey: `signup:${user.id}` },
    { permission: 'users:manage' },
  );
}

/**
 * Someone asked for an account with an e-mail that already has one. The visitor hears the same
 * as any sign-up (so sign-up does not tell which accounts exist); the Admins hear the truth.
 */
export async function notifySignUpDuplicate(tx: ServiceContext, attempt: { name: string; email: string; at: string }): Promise<void> {
  await raise(
    tx,
    { kind: 'signup_duplicate', params: { name: attempt.name, email: attempt.email }, link: '/users', dedupeKey: `signup-duplicate:${attempt.email}:${attempt.at}` },
    { permission: 'users:manage' },
  );
}

export const EXPIRY_NOTICE_DAYS = 7;

/**
 * Tells managers about every batch still on the shelf that expires within a week. Safe to run
 * as often as wanted (hourly, and when stock arrives): a batch is told once.
 */
export async function sweepExpiringBatches(ctx: ServiceContext): Promise<number> {
  const today = await shopToday(ctx);
  const batches = await ctx.db
    .selectFrom('stock_batches')
    .innerJoin('products', 'products.id', 'stock_batches.product_id')
    .select([
      'stock_batches.id',
      'stock_batches.remaining',
      'stock_batches.expire_date',
      'products.name',
      'products.sku',
    ])
    .where('stock_batches.remaining', '>', 0)
    .where('stock_batches.expire_date', 'is not', null)
    .where('stock_batches.expire_date', '<=', addDays(today, EXPIRY_NOTICE_DAYS))
    .execute();
  for (const batch of batches) {
    // A batch already past its date is told apart (once), as it now waits to be written off.
    const expired = batch.expire_date! < today;
    await raise(
      ctx,
      {
        kind: expired ? 'expired' : 'expiring',
        params: { product: batch.name, sku: batch.sku, remaining: batch.remaining, expire_date: batch.expire_date ?? '' },
        link: '/expire-product?days=7',
        dedupeKey: `${expired ? 'expired' : 'expiring'}:${batch.id}`,
      },
      { permission: 'stock:manage', topic: 'lowStock' },
    );
  }
  return batches.length;
}

/** English texts for API clients; the console words them itself from kind and params. */
function describe(kind: NotificationKind, params: Params): { title: string; body: string } {
  switch (kind) {
    case 'low_stock':
      return {
        title: `Low stock: ${params.product}`,
        body: `${params.on_hand} left of ${params.product} (${params.sku}); reorder level ${params.reorder_level}.`,
      };
    case 'expiring':
      return {
        title: `Expiring soon: ${params.product}`,
        body: `${params.remaining} of ${params.product} (${params.sku}) expire on ${params.expire_date}.`,
      };
    case 'refund':
      return { title: `Refund ${params.refund}`, body: `${params.by} refunded ${Number(params.amount).toFixed(2)} on sale ${params.sale}.` };
    case 'signup':
      return { title: `Sign-up waiting: ${params.name}`, body: `${params.name} (${params.email}) asked for an account. Approve it on the Users screen.` };
    case 'expired':
      return {
        title: `Expired: ${params.product}`,
        body: `${params.remaining} of ${params.product} (${params.sku}) expired on ${params.expire_date}: write them off; they cannot be sold.`,
      };
    case 'offline_short_stock':
      return {
        title: `Sold past stock offline: ${params.product}`,
        body: OFFLINE_MESSAGES.notification(Number(params.quantity), String(params.product), Number(params.on_hand)),
      };
    case 'signup_duplicate':
      return {
        title: `Sign-up with a known e-mail: ${params.email}`,
        body: `Someone asked for an account as ${params.name} with ${params.email}, which already has one. Nothing was changed.`,
      };
  }
}

function toNotification(row: Pick<NotificationsTable, 'kind' | 'params' | 'link' | 'read_at' | 'created_at'> & { id: number }): Notification {
  const params = JSON.parse(row.params) as Params;
  return { id: row.id, kind: row.kind, ...describe(row.kind, params), link: row.link, params, read: row.read_at !== null, created_at: row.created_at };
}

export async function unreadCount(ctx: ServiceContext, userId: number): Promise<number> {
  const row = await ctx.db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listNotifications(ctx: ServiceContext, userId: number, query: { page: number; per_page: number; unread?: boolean | undefined }) {
  let select = ctx.db
    .selectFrom('notifications')
    .select(['id', 'kind', 'params', 'link', 'read_at', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc');
  if (query.unread !== undefined) select = select.where('read_at', query.unread ? 'is' : 'is not', null);
  const page = await paginate(select, query.page, query.per_page);
  return { data: page.rows.map(toNotification), meta: { ...page.meta, unread: await unreadCount(ctx, userId) } };
}

async function ownNotification(ctx: ServiceContext, userId: number, id: number) {
  const row = await ctx.db
    .selectFrom('notifications')
    .select(['id', 'kind', 'params', 'link', 'read_at', 'created_at'])
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw notFound(NOTIFICATION_MESSAGES.notFound);
  return row;
}

export async function markNotification(ctx: ServiceContext, userId: number, id: number, read: boolean): Promise<Notification> {
  const row = await ownNotification(ctx, userId, id);
  const readAt = read ? (row.read_at ?? ctx.clock.now().toISOString()) : null;
  await ctx.db.updateTable('notifications').set({ read_at: readAt }).where('id', '=', id).execute();
  return toNotification({ ...row, read_at: readAt });
}

export async function markAllRead(ctx: ServiceContext, userId: number): Promise<void> {
  await ctx.db
    .updateTable('notifications')
    .set({ read_at: ctx.clock.now().toISOString() })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

export async function deleteNotification(ctx: ServiceContext, userId: number, id: number): Promise<void> {
  await ownNotification(ctx, userId, id);
  await ctx.db.deleteFrom('notifications').where('id', '=', id).execute();
}
