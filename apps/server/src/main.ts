import path from 'node:path';
import v8 from 'node:v8';
import { buildApp, defaultWebDist } from './app';
import { openDatabase } from './db/client';
import type { DbKind } from './db/dialect';
import { migrateToLatest } from './db/migrate';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, ensureInitialData } from './seed';
import { bakongConfirmer, noPaymentConfirmer } from './lib/bakong';
import { systemClock } from './lib/clock';
import { loadEnv } from './plugins/env';
import { startExpirySweep } from './services/expiry-sweep';
import { startDemoPrinter } from './demo-printer';

/**
 * V8 lets its old generation grow to up to four times what the last full collection kept before
 * it collects again; under load that was 100 MB or more of garbage in a heap of 50 MB live. Here it
 * collects once the heap is a fifth over what was live on SQLite, and half over on PostgreSQL:
 * SQLite's server holds the database's pages and the report threads itself, and the fifth took its
 * peak in the bench from about 358 MB to 240 MB; PostgreSQL's peaked at 187 MB, and a full
 * collection half as often gives its searches' slowest answers and its sales back some time. Read
 * at every full collection, so set once the database is known. Applies to the reader threads too
 * (V8 flags are per process). A flag given on the command line is left as it is.
 * docs/decisions/0017-speed-on-the-wire-and-under-load.md, "The old generation collected sooner".
 */
function collectOldGenerationAt(kind: DbKind): void {
  if (process.execArgv.some((arg) => /^--heap[-_]growing[-_]percent/.test(arg))) return;
  v8.setFlagsFromString(`--heap-growing-percent=${kind === 'postgres' ? 50 : 20}`);
}

async function main() {
  const env = loadEnv();
  const database = openDatabase({ databaseUrl: env.DATABASE_URL, sqliteFile: path.join(env.dataDir, 'shop.db') });
  collectOldGenerationAt(database.kind);
  await migrateToLatest(database.db, database.kind);
  const demoPrinter = env.DEMO_PRINTER ? await startDemoPrinter(env.DEMO_PRINTER, path.join(env.dataDir, 'printed'), (line) => console.log(line)) : null;
  const initial = await ensureInitialData({ db: database.db, kind: database.kind, clock: systemClock }, {
    seedDemo: env.SEED_DEMO,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    demoPrinter: demoPrinter ? env.DEMO_PRINTER : undefined,
  });

  const app = await buildApp({
    database,
    reports: { url: env.DATABASE_READ_URL },
    webDist: env.WEB_DIST ?? defaultWebDist(),
    logLevel: env.LOG_LEVEL,
    loginRateLimitPerMinute: env.LOGIN_RATE_LIMIT_PER_MINUTE,
    http: {
      headersTimeoutMs: env.HEADERS_TIMEOUT_MS,
      requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
      keepAliveTimeoutMs: env.KEEP_ALIVE_TIMEOUT_MS,
      maxConnections: env.MAX_CONNECTIONS,
    },
    tls: env.HTTPS_CERT && env.HTTPS_KEY ? { cert: env.HTTPS_CERT, key: env.HTTPS_KEY } : null,
    paymentConfirmer: env.BAKONG_API_TOKEN ? bakongConfirmer({ url: env.BAKONG_API_URL, token: env.BAKONG_API_TOKEN, onError: (message) => console.warn(message) }) : noPaymentConfirmer,
  });
  await app.listen({ host: env.HOST, port: env.PORT });
  startExpirySweep(app.services, app.log);

  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const scheme = env.HTTPS_CERT ? 'https' : 'http';
  const lines = [
    '',
    `  Shop console is running: ${scheme}://localhost:${port}`,
    `  Database: ${database.kind === 'sqlite' ? `SQLite file ${database.location}` : database.location}`,
    `  API reference: ${scheme}://localhost:${port}/api/docs`,
  ];
  if (demoPrinter) lines.push(`  Demo printer: ${env.DEMO_PRINTER}, slips saved as pictures in ${path.join(env.dataDir, 'printed')}`);
  if (initial.seeded === 'admin') lines.push(`  First Admin created: ${initial.email}`);
  if (env.SEED_DEMO) {
    lines.push('  Demo sign-in (password ' + DEMO_PASSWORD + '):');
    for (const a of DEMO_ACCOUNTS) lines.push(`    ${a.role.padEnd(8)} ${a.email}`);
  }
  console.log(lines.join('\n') + '\n');

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
