// Bundles the server into dist/main.js (the journal check into dist/verify-journal.js, the printing worker thread into dist/printing-worker.js, the SQLite report reader thread into dist/report-reader.js, PostgreSQL's export writer thread into dist/export-reader.js). npm packages stay external (native addons such as
// better-sqlite3 cannot be bundled); the workspace's own TypeScript packages are bundled in.
// Code split into chunks beside them: what a dynamic import asks for (the printing libraries)
// loads when it is first used, not at start (docs/decisions/0017-speed-on-the-wire-and-under-load.md).
import fs from 'node:fs';
import { build } from 'esbuild';

// Chunks are named by their content: an earlier build's would be left behind.
fs.rmSync('dist', { recursive: true, force: true });

await build({
  // The server, and `npm run verify-journal`.
  entryPoints: { main: 'src/main.ts', 'verify-journal': 'src/verify-journal.ts', 'printing-worker': 'src/services/printing/draw-worker.ts', 'report-reader': 'src/db/sqlite-reader-worker.ts', 'export-reader': 'src/db/pg-export-worker.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Chunks sit in dist/ beside the entry points, so `new URL('./report-reader.js', import.meta.url)` finds them from any chunk.
  splitting: true,
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@shop/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
