import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { API_MESSAGES } from '@shop/contracts/http';

/** The console's built files that are only ever loaded by a page (no workers are built under assets/), or their compressed copies. */
const SUBRESOURCE = /\.(?:js|css|woff2)(?:\.br|\.gz)?$/;

/** Security headers (set on every answer by plugins/security-headers.ts) that apply to a page, not to what a page loads. */
const PAGE_ONLY_HEADERS = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

/**
 * Serves the built console. Hashed assets are cached for good; index.html never is, so a new
 * release reaches every till on its next load. The build writes a brotli and a gzip copy beside
 * each text file (docs/decisions/0017-speed-on-the-wire-and-under-load.md): the copy the browser
 * accepts is sent as it is, with no compressing per request. Unknown /api paths are JSON 404s; any other
 * unknown path is a screen of the single-page app.
 */
export const webPlugin = fp(async (app: FastifyInstance, opts: { webDist: string | null }) => {
  const root = opts.webDist && fs.existsSync(path.join(opts.webDist, 'index.html')) ? opts.webDist : null;
  if (root) {
    await app.register(fastifyStatic, {
      root,
      wildcard: true,
      preCompressed: true,
      cacheControl: false,
      setHeaders(reply, filePath) {
        const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        // A script, style sheet or font is never a page: the headers that govern a page (its
        // policy, framing, referrer, opener) say nothing there and cost each of the first load's
        // forty-odd files about 560 bytes. nosniff and the resource policy stay: they do apply.
        if (hashed && SUBRESOURCE.test(filePath)) for (const name of PAGE_ONLY_HEADERS) reply.raw.removeHeader(name);
      },
    });
  } else {
    app.log.warn('The console is not built (apps/web/dist): only the API is served. Run `npm run build`.');
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (!isApi && wantsPage && root && !path.extname(request.url.split('?')[0] ?? '')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ message: API_MESSAGES.notFound });
  });
});
