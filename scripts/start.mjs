// `npm start`: build what is missing, then run the server (it migrates and seeds on its own).
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
await import(pathToFileURL(path.join(root, 'apps/server/dist/main.js')).href);
