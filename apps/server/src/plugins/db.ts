import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DbHandle } from '../db/client';
import type { Clock } from '../lib/clock';
import type { ServiceContext } from '../services/context';

declare module 'fastify' {
  interface FastifyInstance {
    services: ServiceContext;
  }
}

/** Hands the database and clock to the routes' services, and closes the pool with the app. */
export const dbPlugin = fp(async (app: FastifyInstance, opts: { database: DbHandle; clock: Clock }) => {
  app.decorate('services', { db: opts.database.db, kind: opts.database.kind, clock: opts.clock });
  app.addHook('onClose', async () => opts.database.db.destroy());
});
