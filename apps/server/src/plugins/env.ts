import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_BAKONG_API_URL } from '../lib/bakong';
import { HTTP_DEFAULTS } from '../lib/http-limits';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'], { error: 'must be true or false' })
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    HOST: z.string().min(1).default('0.0.0.0'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// (leave it unset for the embedded SQLite database)')
      .optional(),
    // Reports and long lists read here (a replica) when set; only with DATABASE_URL.
    DATABASE_READ_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// (a PostgreSQL server that reports read from)')
      .optional(),
    SEED_DEMO: booleanFlag.default(true),
    ADMIN_EMAIL: z.email('must be an e-mail address').optional(),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').max(128).optional(),
    LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(30),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('warn'),
    WEB_DIST: z.string().optional(),
    // How long a client may take to send its request headers, and the whole request with its body;
    // how long an idle kept-alive connection stays open; how many connections are served at once.
    HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(HTTP_DEFAULTS.headersTimeoutMs),
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(HTTP_DEFAULTS.requestTimeoutMs),
    KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(HTTP_DEFAULTS.keepAliveTimeoutMs),
    MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100_000).default(HTTP_DEFAULTS.maxConnections),
    // Serve over HTTPS with this certificate (PEM files; `npm run cert` makes a pair for the shop's network).
    HTTPS_CERT: z.string().optional(),
    HTTPS_KEY: z.string().optional(),
    // With a Bakong API token the server asks Bakong whether a KHQR was paid; without, the cashier confirms.
    BAKONG_API_TOKEN: z.string().optional(),
    // `npm start` runs the demo shop's stand-in printer here (demo-printer.ts); a fresh demo shop prints to it. Unset: none.
    DEMO_PRINTER: z
      .string()
      .regex(/^[a-z0-9.-]+:\d{1,5}$/i, 'must be host:port, such as 127.0.0.1:9100')
      .optional(),
    BAKONG_API_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) address' }).default(DEFAULT_BAKONG_API_URL),
  })
  .refine((env) => Boolean(env.HTTPS_CERT) === Boolean(env.HTTPS_KEY), {
    message: 'set both HTTPS_CERT and HTTPS_KEY, or neither',
    path: ['HTTPS_CERT'],
  })
  .refine((env) => env.HEADERS_TIMEOUT_MS <= env.REQUEST_TIMEOUT_MS, {
    message: 'must not be longer than REQUEST_TIMEOUT_MS',
    path: ['HEADERS_TIMEOUT_MS'],
  })
  .refine((env) => !env.DATABASE_READ_URL || env.DATABASE_URL, {
    message: 'needs DATABASE_URL too (the embedded SQLite database reads reports on its own threads)',
    path: ['DATABASE_READ_URL'],
  });

export type Env = z.infer<typeof envSchema> & { dataDir: string };

/** Reads and checks the configuration once at start; a bad value stops the server with a clear line. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}
