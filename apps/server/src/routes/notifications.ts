import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, messageResponseSchema } from '@shop/contracts/common';
import {
  NOTIFICATION_MESSAGES,
  notificationListQuerySchema,
  notificationListResponseSchema,
  notificationSchema,
  notificationUpdateSchema,
  unreadCountSchema,
} from '@shop/contracts/notification';
import { currentUser } from '../plugins/auth';
import * as notifications from '../services/notifications';

/** The signed-in user's own notifications. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['notifications'];
  const own = { access: 'signed-in' } as const;

  app.get(
    '/notifications',
    { config: own, schema: { tags, summary: 'My notifications, newest first', querystring: notificationListQuerySchema, response: { 200: notificationListResponseSchema } } },
    async (request) => notifications.listNotifications(app.services, currentUser(request).id, request.query),
  );

  app.get(
    '/notifications/unread-count',
    { config: own, schema: { tags, summary: 'How many of my notifications are unread (the header badge)', response: { 200: unreadCountSchema } } },
    async (request) => ({ data: { unread: await notifications.unreadCount(app.services, currentUser(request).id) } }),
  );

  app.put(
    '/notifications/:id',
    {
      config: own,
      schema: {
        tags,
        summary: 'Mark one notification read or unread',
        params: idParamsSchema,
        body: notificationUpdateSchema,
        response: { 200: z.object({ data: notificationSchema }) },
      },
    },
    async (request) => ({
      data: await notifications.markNotification(app.services, currentUser(request).id, request.params.id, request.body.read),
    }),
  );

  app.post(
    '/notifications/read-all',
    { config: own, schema: { tags, summary: 'Mark all my notifications read', response: { 200: messageResponseSchema } } },
    async (request) => {
      await notifications.markAllRead(app.services, currentUser(request).id);
      return { message: NOTIFICATION_MESSAGES.allRead };
    },
  );

  app.delete(
    '/notifications/:id',
    { config: own, schema: { tags, summary: 'Delete one notification', params: idParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await notifications.deleteNotification(app.services, currentUser(request).id, request.params.id);
      return { message: NOTIFICATION_MESSAGES.deleted };
    },
  );
};
