import { z } from 'zod';
import { booleanFilterSchema, listMetaSchema, listQuerySchema } from './common';

/** `offline_short_stock`: a sale made offline took a product below zero (docs/decisions/0016-offline-selling.md). */
export const notificationKindSchema = z.enum(['low_stock', 'expiring', 'refund', 'signup', 'signup_duplicate', 'expired', 'offline_short_stock']);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** The console screen that shows what the notification is about. */
  link: z.string().nullable(),
  /** What the texts are made of (product name, quantity, date…), so the console can word them in the user's language. */
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  read: z.boolean(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = listQuerySchema.pick({ page: true, per_page: true }).extend({
  unread: booleanFilterSchema.optional(),
});

export const notificationListResponseSchema = z.object({
  data: z.array(notificationSchema),
  meta: listMetaSchema.extend({ unread: z.number().int() }),
});

export const notificationUpdateSchema = z.object({
  read: z.boolean({ error: 'Say whether the notification is read.' }),
});

export const unreadCountSchema = z.object({ data: z.object({ unread: z.number().int() }) });

export const NOTIFICATION_MESSAGES = {
  notFound: 'Notification not found.',
  deleted: 'Notification deleted',
  allRead: 'All notifications marked as read',
} as const;
