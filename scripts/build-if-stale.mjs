// Builds the console and the server when their output is missing or older than their sources,
// so `npm start` and `npm test` work on a fresh checkout and after a pull.
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

const targets = [
  {
    name: 'console (apps/web)',
    output: 'apps/web/dist/index.html',
    sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'apps/web/package.json', 'packages/contracts/src'],
    command: 'npm run build -w @shop/web',
  },
  {
    name: 'server (apps/server)',
    output: 'apps/server/dist/main.js',
    sources: ['apps/server/src', 'apps/server/build.mjs', 'apps/server/package.json', 'packages/contracts/src', 'packages/print/src'],
    command: 'npm run build -w @shop/server',
  },
];

export function buildIfStale() {
  for (const target of targets) {
    const output = path.join(root, target.output);
    const built = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
    const sources = Math.max(...target.sources.map((s) => newestMtime(path.join(root, s))));
    if (built >= sources) continue;
    console.log(`Building the ${target.name}…`);
    execSync(target.command, { cwd: root, stdio: 'inherit' });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale();
