import { startReadingKeptCatalog } from '@/lib/offline/catalog-cache';
import { KEPT_QUERIES, startReadingCache } from '@/lib/offline/till-db';

/**
 * What the first screen waits for from IndexedDB, asked for before the console's code runs: main.tsx
 * imports this module first and nothing else imports it, so the browser reads the till's kept data
 * while the shell's modules are still being run, and the first render waits for none of it
 * (docs/decisions/0016-offline-selling.md, "A big catalogue"). The restores in main.tsx take these
 * reads; its imports are the database's alone, kept out of React's chunks.
 */
if (typeof indexedDB !== 'undefined') {
  startReadingCache(KEPT_QUERIES);
  if (window.location.pathname === '/sale') startReadingKeptCatalog();
}
