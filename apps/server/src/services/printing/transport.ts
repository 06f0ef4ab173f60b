import net from 'node:net';
import type { PRINT_MESSAGES } from '@shop/contracts/print-messages';

/*
 * A job to a network printer: a raw TCP connection to its port (9100 on nearly every ESC/POS
 * printer), the bytes written, the connection closed. A browser cannot open such a connection,
 * which is why the server sends (docs/decisions/0015-printing.md).
 */

type FaultKey = Extract<keyof typeof PRINT_MESSAGES, 'refused' | 'unreachable' | 'timedOut' | 'closed'>;

/** Why a printer did not take a job, as one of the readable messages. */
export class PrinterFault extends Error {
  constructor(readonly key: FaultKey, cause?: unknown) {
    super(key, { cause });
  }
}

const FAULTS: Record<string, FaultKey> = {
  ECONNREFUSED: 'refused',
  EHOSTUNREACH: 'unreachable',
  ENETUNREACH: 'unreachable',
  ENOTFOUND: 'unreachable',
  EAI_AGAIN: 'unreachable',
  EADDRNOTAVAIL: 'unreachable',
  ECONNRESET: 'closed',
  EPIPE: 'closed',
  ETIMEDOUT: 'timedOut',
};

/** Long enough for a printer busy with the job before; short enough that a till is told soon. */
export const PRINTER_TIMEOUT_MS = 5000;
/** After the last byte, how long to wait for the printer to hang up before hanging up on it. */
const LINGER_MS = 1000;

/** Sends `bytes` to `host:port`; resolves once they are all written, rejects with a PrinterFault. */
export function sendToNetworkPrinter(target: string, bytes: Uint8Array, timeoutMs = PRINTER_TIMEOUT_MS): Promise<void> {
  const [host = '', portText] = target.split(':');
  const port = Number(portText);
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (error: PrinterFault | null) => {
      if (settled) return;
      settled = true;
      if (error) {
        socket.destroy();
        reject(error);
      } else {
        resolve();
        // Most printers hang up after the job; one that does not is let go shortly.
        setTimeout(() => socket.destroy(), LINGER_MS).unref();
      }
    };
    const socket = net.connect({ host, port });
    socket.setNoDelay(true);
    socket.setTimeout(timeoutMs, () => finish(new PrinterFault('timedOut')));
    socket.on('error', (error: NodeJS.ErrnoException) => finish(new PrinterFault(FAULTS[error.code ?? ''] ?? 'closed', error)));
    socket.on('connect', () => {
      socket.end(bytes, () => finish(null));
    });
    socket.on('close', () => finish(settled ? null : new PrinterFault('closed')));
  });
}
