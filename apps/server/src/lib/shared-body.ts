import { promisify } from 'node:util';
import { negotiate } from '@fastify/accept-negotiator';
import zlib from 'node:zlib';

/*
 * One answer body shared by everyone who asks for the same thing (docs/decisions/0017-speed-on-the-wire-and-under-load.md,
 * "Memory"): built once however many ask at the same moment, serialised once, and compressed once
 * per encoding; the latest is kept for whoever asks next. Ten tills taking a 10,000-product
 * catalogue at once built it ten times, each with its own copy of every row.
 */

export type BodyEncoding = 'br' | 'gzip';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const compress = (text: string, encoding: BodyEncoding): Promise<Buffer> =>
  encoding === 'br'
    ? brotli(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text) } })
    : gzip(text);

/** The encoding to send: brotli, else gzip, as `Accept-Encoding` allows; negotiated as @fastify/compress does for every other answer. */
export function acceptedEncoding(acceptEncoding: string | undefined): BodyEncoding | null {
  if (!acceptEncoding) return null;
  return negotiate(acceptEncoding, ['br', 'gzip']) as BodyEncoding | null;
}

interface Body {
  key: string;
  text: string;
  encoded: Map<BodyEncoding, Promise<Buffer>>;
}

export function sharedBodies(serialize: (value: unknown) => string) {
  let latest: Body | null = null;
  const building = new Map<string, Promise<Body>>();

  const bodyFor = async (key: string, build: () => Promise<unknown>): Promise<Body> => {
    if (latest?.key === key) return latest;
    let pending = building.get(key);
    if (!pending) {
      pending = build()
        .then((value) => {
          const body: Body = { key, text: serialize(value), encoded: new Map() };
          latest = body;
          return body;
        })
        .finally(() => building.delete(key));
      building.set(key, pending);
    }
    return pending;
  };

  /** The body under `key` as text, or compressed as asked; `build` runs only when no one has it. */
  return async (key: string, build: () => Promise<unknown>, encoding: BodyEncoding | null): Promise<string | Buffer> => {
    const body = await bodyFor(key, build);
    if (encoding === null) return body.text;
    let encoded = body.encoded.get(encoding);
    if (!encoded) {
      encoded = compress(body.text, encoding);
      body.encoded.set(encoding, encoded);
      // A failed compression is tried again by the next ask, not kept.
      encoded.catch(() => body.encoded.delete(encoding));
    }
    return encoded;
  };
}
