// `npm start`: build what is missing, then run the server (it migrates and seeds on its own).
// package.json starts this with `--max-semi-space-size=4`: V8's young generation stays at 8 MB
// instead of growing to 32 MB, about 18 MB less resident memory for a server that mostly idles
// (docs/decisions/0017-speed-on-the-wire-and-under-load.md). `npm run bench` runs the server the same way.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!fs.existsSync(path.join(root, 'node_modules'))) {
  console.error('Dependencies are not installed: run `npm ci` first.');
  process.exit(1);
}
buildIfStale();
// The demo shop prints to a stand-in printer on this machine (slips saved as pictures in the data
// folder); DEMO_PRINTER=off runs without it, and a shop without the demo has no use for it.
const demo = !/^(false|0|no)$/i.test(process.env.SEED_DEMO ?? 'true');
if (process.env.DEMO_PRINTER === 'off' || !demo) delete process.env.DEMO_PRINTER;
else process.env.DEMO_PRINTER ??= '127.0.0.1:9100';
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
