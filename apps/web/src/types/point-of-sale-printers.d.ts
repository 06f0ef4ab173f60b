// The USB and serial printer drivers ship JavaScript without types; the console uses this much of them (lib/printing/local-printer.ts).
declare module '@point-of-sale/webserial-receipt-printer' {
  export default class WebSerialReceiptPrinter {
    constructor(options?: { baudRate?: number });
  }
}
declare module '@point-of-sale/webusb-receipt-printer' {
  export default class WebUSBReceiptPrinter {
    constructor();
  }
}
