import zlib from 'node:zlib';

/*
 * How the server compresses what it sends per request (docs/decisions/0017-speed-on-the-wire-and-under-load.md).
 * Answers of 1 KiB or more go compressed, brotli else gzip as the client accepts; a smaller one is
 * sent as it is, since compressing it would save too little to pay for. The built files are
 * compressed once at build time, and the tills' catalogue once per version (lib/shared-body.ts).
 */

const compressedAt = (brotliQuality: number, gzipLevel: number) => ({
  threshold: 1024,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality } },
  zlibOptions: { level: gzipLevel },
});

/**
 * The API's answers: brotli at quality 1, on the main thread as each is sent. It takes about a
 * third of quality 4's time (16 µs against 47 µs for a search's page of 2 KB), for answers 10-22%
 * larger: a few hundred bytes on a page the size of a screen. Gzip at zlib's default level.
 */
export const ANSWER_COMPRESSION = compressedAt(1, 6);

/**
 * A file to download (the CSV exports): quality 4, compressed on libuv's threads as it streams.
 * A year's sales is 2.4 MB at 4 against 3.3 MB at 1, which a shop on mobile data feels. A client
 * that takes only gzip (a script on an API key, most HTTP libraries) gets level 3: 10% more bytes
 * than zlib's default (6) and about a fifth less time for the whole file
 * (docs/decisions/0017-speed-on-the-wire-and-under-load.md).
 */
export const FILE_COMPRESSION = compressedAt(4, 3);
