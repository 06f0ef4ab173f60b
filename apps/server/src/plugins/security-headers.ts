import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, worked out once. They are the same for every answer
 * (the policy uses no nonces), and helmet's middleware, run per request, built them again each
 * time: about a tenth of a millisecond of every short API answer on this 2-core machine
 * (docs/decisions/0017-speed-on-the-wire-and-under-load.md).
 */
export function securityHeaders(options: Readonly<HelmetOptions>): [string, string][] {
  const headers: [string, string][] = [];
  const collect = { setHeader: (name: string, value: unknown) => void headers.push([name, String(value)]), removeHeader: () => undefined };
  helmet(options)({} as IncomingMessage, collect as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/** Every answer (the API, the console's files, the not-found answers) carries the security headers. */
export const securityHeadersPlugin = fp(async (app: FastifyInstance, opts: { tls: boolean }) => {
  const headers = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        'default-src': ["'self'"],
        'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'script-src': ["'self'"],
        'connect-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'upgrade-insecure-requests': null,
      },
    },
    // Over plain HTTP (loopback, or a shop that has not set up HTTPS) HSTS would lock tablets out;
    // once the server has a certificate, browsers are told to keep to HTTPS.
    strictTransportSecurity: opts.tls ? { maxAge: 180 * 24 * 60 * 60, includeSubDomains: false } : false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
});
