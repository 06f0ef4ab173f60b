import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DbHandle } from './db/client';
import type { PaymentConfirmer } from './lib/bakong';
import { systemClock, type Clock } from './lib/clock';
import { tooManyRequests } from './lib/errors';
import { ANSWER_COMPRESSION } from './lib/compression';
import { loadCommonPasswords } from './lib/passwords';
import { HTTP_DEFAULTS, nodeServerOptions, readTls, type HttpLimits, type TlsFiles } from './lib/http-limits';
import { authPlugin } from './plugins/auth';
import { dbPlugin } from './plugins/db';
import { errorHandlerPlugin } from './plugins/error-handler';
import { openApiPlugin } from './plugins/openapi';
import { securityHeadersPlugin } from './plugins/security-headers';
import { webPlugin } from './plugins/web';
import { authRoutes } from './routes/auth';
import { healthRoutes } from './routes/health';
import { userRoutes } from './routes/users';
import { catalogRoutes } from './routes/catalog';
import { modifierGroupRoutes } from './routes/modifier-groups';
import { openOrderRoutes } from './routes/open-orders';
import { customerRoutes } from './routes/customers';
import { promotionRoutes } from './routes/promotions';
import { purchasingRoutes } from './routes/purchasing';
import { stockRoutes } from './routes/stock';
import { posRoutes } from './routes/pos';
import { reportRoutes } from './routes/reports';
import { saleRoutes } from './routes/sales';
import { searchRoutes } from './routes/search';
import { settingsRoutes } from './routes/settings';
import { profileRoutes } from './routes/profile';
import { notificationRoutes } from './routes/notifications';
import { approvalRoutes } from './routes/approvals';
import { shiftRoutes } from './routes/shifts';
import { khqrRoutes } from './routes/khqr';
import { printingRoutes } from './routes/printing';
import { failInterruptedJobs } from './services/printing/jobs';

declare module 'fastify' {
  interface FastifyInstance {
    loginRateLimitPerMinute: number;
  }
}

export interface BuildAppOptions {
  database: DbHandle;
  /** PostgreSQL: where reports and long lists read (DATABASE_READ_URL, e.g. a replica), and how long one statement may run. */
  reports?: { url?: string | undefined; statementTimeoutMs?: number | undefined };
  clock?: Clock;
  /** Folder of the built console; null serves the API only. */
  webDist?: string | null;
  logLevel?: string;
  /** Sign-in attempts one address may make per minute, right or wrong (argon2 is costly on purpose). */
  loginRateLimitPerMinute?: number;
  /** Behind a proxy, trust X-Forwarded-For for the client address. */
  trustProxy?: boolean;
  /** Timeouts and the connection cap (lib/http-limits.ts); the defaults suit a shop. */
  http?: HttpLimits;
  /** Serve over HTTPS with these PEM files (and send HSTS); plain HTTP without. */
  tls?: TlsFiles | null;
  /** Asks the bank whether a KHQR was paid (lib/bakong.ts); without one the cashier confirms. */
  paymentConfirmer?: PaymentConfirmer;
}

export const defaultWebDist = () => path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Builds the whole server (plugins, then routes) without listening, so tests can `inject`. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  loadCommonPasswords();
  const limits = options.http ?? HTTP_DEFAULTS;
  const serverOptions = nodeServerOptions(limits);
  const tls = options.tls ? readTls(options.tls) : null;
  // One instance type for both: HTTPS changes how the server is made, not what the app sees.
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info' },
    trustProxy: options.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    ...(tls ? { https: { ...serverOptions, ...tls } } : { http: serverOptions }),
  }) as unknown as FastifyInstance;
  app.server.maxConnections = limits.maxConnections;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('loginRateLimitPerMinute', options.loginRateLimitPerMinute ?? 30);

  await app.register(dbPlugin, { database: options.database, clock: options.clock ?? systemClock, reportsUrl: options.reports?.url, reportStatementTimeoutMs: options.reports?.statementTimeoutMs });
  // A job still pending was being sent when the server last stopped: it waits for a retry rather than printing twice.
  await failInterruptedJobs(app.services);
  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin, { tls: Boolean(tls) });
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      tooManyRequests(`Too many requests. Try again in ${context.after}.`, context.ttl / 1000),
  });
  // Every answer of 1 KiB or more goes compressed (lib/compression.ts); the CSV downloads say their own way.
  await app.register(compress, { global: true, ...ANSWER_COMPRESSION });
  await app.register(openApiPlugin);

  await app.register(
    async (api) => {
      await api.register(authPlugin);
      await api.register(healthRoutes);
      await api.register(authRoutes);
      await api.register(userRoutes);
      await api.register(catalogRoutes);
      await api.register(modifierGroupRoutes);
      await api.register(openOrderRoutes);
      await api.register(promotionRoutes);
      await api.register(customerRoutes);
      await api.register(purchasingRoutes);
      await api.register(stockRoutes);
      await api.register(settingsRoutes);
      await api.register(saleRoutes);
      await api.register(approvalRoutes);
      await api.register(shiftRoutes);
      await api.register(posRoutes);
      await api.register(reportRoutes);
      await api.register(searchRoutes);
      await api.register(profileRoutes);
      await api.register(notificationRoutes);
      await api.register(khqrRoutes, { confirmer: options.paymentConfirmer });
      await api.register(printingRoutes);
    },
    { prefix: '/api' },
  );

  await app.register(webPlugin, { webDist: options.webDist === undefined ? defaultWebDist() : options.webDist });
  return app;
}
