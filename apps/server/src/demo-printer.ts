import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { decodeEscPos, pageRgba } from '@shop/print/decode';

/*
 * The demo shop's printer (`npm start` only): a stand-in for a network receipt printer on a
 * loopback port. It reads each job's ESC/POS bytes back into the pictures a printer would put
 * on paper and saves them as PNG files, so the demo prints receipts, kitchen tickets and labels
 * for real without a printer on the desk. A shop points Settings → Printers at its own printers.
 */
export async function startDemoPrinter(address: string, folder: string, log: (line: string) => void): Promise<net.Server | null> {
  const [host = '127.0.0.1', portText = '9100'] = address.split(':');
  fs.mkdirSync(folder, { recursive: true });
  const { createCanvas } = await import('@napi-rs/canvas');
  let count = 0;
  const server = net.createServer((socket) => {
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('end', () => {
      socket.end();
      try {
        const job = decodeEscPos(new Uint8Array(Buffer.concat(chunks)));
        const stamp = new Date().toISOString().replace(/[:.]/g, '-');
        job.pages.forEach((page, index) => {
          const canvas = createCanvas(page.width, page.height);
          const context = canvas.getContext('2d');
          const image = context.createImageData(page.width, page.height);
          image.data.set(pageRgba(page));
          context.putImageData(image, 0, 0);
          fs.writeFileSync(path.join(folder, `${stamp}-${++count}-${index + 1}.png`), canvas.toBuffer('image/png'));
        });
        if (job.pulses.length > 0) log(`Demo printer: the cash drawer opened`);
      } catch (error) {
        log(`Demo printer could not read a job: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
  });
  return new Promise((resolve) => {
    server.once('error', (error) => {
      log(`Demo printer not started on ${address}: ${error.message}`);
      resolve(null);
    });
    server.listen(Number(portText), host, () => resolve(server));
  });
}
