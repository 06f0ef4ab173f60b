import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { decodeEscPos, pageRgba, type DecodedJob, type DecodedPage } from '../decode';


/*
 * A stand-in for a network receipt printer, for tests: it listens on a loopback port as a
 * printer listens on 9100, takes each connection's bytes, and reads them back as a printer
 * would (decode.ts). It can be switched off (connections refused) and on again at the same port.
 */

export type ReceivedJob = DecodedJob & { bytes: Uint8Array };

export class FakePrinter {
  readonly jobs: ReceivedJob[] = [];
  private server: net.Server | null = null;
  private waiters: (() => void)[] = [];
  port = 0;

  /** Starts listening (on a free port the first time, on the same port after `off`). */
  async on(): Promise<this> {
    const server = net.createServer((socket) => {
      const chunks: Buffer[] = [];
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('end', () => {
        const bytes = new Uint8Array(Buffer.concat(chunks));
        socket.end();
        if (bytes.length === 0) return;
        this.jobs.push({ ...decodeEscPos(bytes), bytes });
        for (const wake of this.waiters.splice(0)) wake();
      });
      socket.on('error', () => undefined);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
    return this;
  }

  /** Stops listening: connections to its port are refused, as a printer switched off. */
  async off(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  get address(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** Waits until `count` jobs have arrived in all (throws after `timeoutMs`). */
  async waitForJobs(count: number, timeoutMs = 10_000): Promise<ReceivedJob[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.jobs.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`The printer got ${this.jobs.length} of ${count} jobs`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.jobs.slice(0, count);
  }
}

/** Saves a decoded page as a PNG file (ink black on white), for a person to look at what was printed. */
export function savePagePng(page: DecodedPage, file: string): void {
  const canvas = createCanvas(page.width, page.height);
  const context = canvas.getContext('2d');
  const image = context.createImageData(page.width, page.height);
  image.data.set(pageRgba(page));
  context.putImageData(image, 0, 0);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, canvas.toBuffer('image/png'));
}

export async function startFakePrinter(): Promise<FakePrinter> {
  return new FakePrinter().on();
}

/**
 * How far two pictures of the same slip differ: the share of dots inked in one and not the other,
 * after letting each inked dot match one a dot away (two canvases round a letter's edge apart).
 */
export function dotDifference(a: { width: number; height: number; dots: Uint8Array }, b: { width: number; height: number; dots: Uint8Array }): number {
  if (a.width !== b.width) return 1;
  const height = Math.min(a.height, b.height);
  const near = (page: typeof a, x: number, y: number) => {
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const nx = x + dx;
        const ny = y + dy;
        if (nx >= 0 && ny >= 0 && nx < page.width && ny < height && page.dots[ny * page.width + nx]) return true;
      }
    }
    return false;
  };
  let inked = 0;
  let unmatched = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < a.width; x++) {
      const inA = a.dots[y * a.width + x] === 1;
      const inB = b.dots[y * b.width + x] === 1;
      if (inA) inked += 1;
      if ((inA && !near(b, x, y)) || (inB && !near(a, x, y))) unmatched += 1;
    }
  }
  return (unmatched + Math.abs(a.height - b.height) * a.width * 0.1) / Math.max(1, inked);
}
