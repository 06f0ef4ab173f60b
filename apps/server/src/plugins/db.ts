import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Kysely } from 'kysely';
import type { DbHandle } from '../db/client';
import type { Database } from '../db/schema';
import { sqliteReaderDialect } from '../db/sqlite-reader';
import type { Clock } from '../lib/clock';
import type { ServiceContext } from '../services/context';

declare module 'fastify' {
  interface FastifyInstance {
    services: ServiceContext;
    /** For reports and long lists: on SQLite they read off the main thread, so sales never wait behind them. */
    reports: ServiceContext;
  }
}

/** Hands the database and clock to the routes' services, and closes the pool with the app. */
export const dbPlugin = fp(async (app: FastifyInstance, opts: { database: DbHandle; clock: Clock }) => {
  const { db, kind, location } = opts.database;
  // PostgreSQL already answers on its own processes; only SQLite needs reading threads.
  const reportDb = kind === 'sqlite' ? new Kysely<Database>({ dialect: sqliteReaderDialect(location, 2) }) : db;
  app.decorate('services', { db, kind, clock: opts.clock });
  app.decorate('reports', { db: reportDb, kind, clock: opts.clock });
  app.addHook('onClose', async () => {
    if (reportDb !== db) await reportDb.destroy();
    await db.destroy();
  });
});
