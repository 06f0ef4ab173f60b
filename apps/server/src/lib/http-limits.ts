import fs from 'node:fs';
import type { ServerOptions } from 'node:http';

/*
 * What one client may hold of the server. Without limits a client that sends half a request and
 * waits keeps its connection for ever, and some thousands of them use up the process's files.
 * With them, a slow client is answered 408 and closed, an idle connection is closed, and past
 * the cap new connections are refused until others end (docs/architecture.md, "Security").
 */
export interface HttpLimits {
  /** The request line and headers must arrive within this time. */
  headersTimeoutMs: number;
  /** The whole request, body included, must arrive within this time. */
  requestTimeoutMs: number;
  /** A kept-alive connection with no request is closed after this time. */
  keepAliveTimeoutMs: number;
  /** Connections served at once; more wait to be accepted by the system, then are refused. */
  maxConnections: number;
}

/**
 * Generous for a till on slow shop Wi-Fi (a 1 MB body in 30 s is 35 KB/s), small for an attacker;
 * a shop's few dozen devices stay far below the connection cap.
 */
export const HTTP_DEFAULTS: HttpLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  keepAliveTimeoutMs: 5_000,
  maxConnections: 1_000,
};

export interface TlsFiles {
  cert: string;
  key: string;
}

/** Node's own server options for the limits; its timers are checked often enough to keep them. */
export function nodeServerOptions(limits: HttpLimits): ServerOptions {
  return {
    headersTimeout: limits.headersTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    // Node looks for overdue requests on this interval (30 s by default): a tenth of the shortest limit.
    connectionsCheckingInterval: Math.max(50, Math.min(1_000, Math.floor(limits.headersTimeoutMs / 10))),
  };
}

/** The certificate and key for HTTPS, read once at start; a missing file stops the server with its path. */
export function readTls(files: TlsFiles): { cert: Buffer; key: Buffer } {
  const read = (what: string, file: string) => {
    try {
      return fs.readFileSync(file);
    } catch (error) {
      throw new Error(`Cannot read ${what} ${file}: ${(error as Error).message}`);
    }
  };
  return { cert: read('HTTPS_CERT', files.cert), key: read('HTTPS_KEY', files.key) };
}
