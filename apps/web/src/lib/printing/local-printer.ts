import WebSerialReceiptPrinter from '@point-of-sale/webserial-receipt-printer';
import WebUSBReceiptPrinter from '@point-of-sale/webusb-receipt-printer';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage';

/*
 * A printer plugged into this till (USB, or a serial port), reached from the browser through
 * WebUSB or Web Serial where the browser offers them (Chromium on https or localhost). The first
 * connection needs a tap (the browser asks which device); after that the device is found again
 * by its ids, kept in this browser. See docs/decisions/0015-printing.md.
 */

export type LocalConnection = 'usb' | 'serial';

type Device = { vendorId?: number | null; productId?: number | null; serialNumber?: string | null };
type Driver = {
  connect(): Promise<void>;
  reconnect(device: Device): Promise<void>;
  disconnect(): Promise<void>;
  print(bytes: Uint8Array): Promise<void>;
  addEventListener(event: 'connected' | 'disconnected', listener: (device: Device) => void): void;
};

const STORAGE_KEY = (connection: LocalConnection) => (connection === 'usb' ? STORAGE_KEYS.localPrinterUsb : STORAGE_KEYS.localPrinterSerial);

/** Whether this browser can reach a local printer that way at all. */
export function localPrintingAvailable(connection: LocalConnection): boolean {
  return typeof navigator !== 'undefined' && (connection === 'usb' ? 'usb' in navigator : 'serial' in navigator);
}

const drivers = new Map<LocalConnection, { driver: Driver; connected: boolean }>();

function driverFor(connection: LocalConnection) {
  let entry = drivers.get(connection);
  if (!entry) {
    const driver = (connection === 'usb' ? new WebUSBReceiptPrinter() : new WebSerialReceiptPrinter()) as unknown as Driver;
    const created = { driver, connected: false };
    driver.addEventListener('connected', (device) => {
      created.connected = true;
      writeStorage(STORAGE_KEY(connection), JSON.stringify({ vendorId: device.vendorId ?? null, productId: device.productId ?? null, serialNumber: device.serialNumber ?? null }));
    });
    driver.addEventListener('disconnected', () => {
      created.connected = false;
    });
    drivers.set(connection, created);
    entry = created;
  }
  return entry;
}

/** Asks the browser for the printer (call from a tap). */
export async function chooseLocalPrinter(connection: LocalConnection): Promise<void> {
  if (!localPrintingAvailable(connection)) throw new Error('unavailable');
  await driverFor(connection).driver.connect();
}

/** Sends bytes to this till's printer, finding the one chosen before; throws when there is none. */
export async function printOnLocalPrinter(connection: LocalConnection, bytes: Uint8Array): Promise<void> {
  if (!localPrintingAvailable(connection)) throw new Error('unavailable');
  const entry = driverFor(connection);
  if (!entry.connected) {
    const stored = readStorage(STORAGE_KEY(connection));
    if (!stored) throw new Error('not-chosen');
    await entry.driver.reconnect(JSON.parse(stored) as Device);
    if (!entry.connected) throw new Error('not-connected');
  }
  await entry.driver.print(bytes);
}
