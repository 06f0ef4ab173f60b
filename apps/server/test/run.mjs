// Runs the server suite twice: on the embedded SQLite database, then on PostgreSQL.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const extra = process.argv.slice(2);
let failed = false;
for (const db of ['sqlite', 'postgres']) {
  console.log(`\n=== Server tests on ${db === 'sqlite' ? 'SQLite' : 'PostgreSQL'} ===`);
  const args = ['vitest', 'run', ...extra];
  if (process.env.TEST_REPORT_DIR) {
    args.push('--reporter=default', '--reporter=json', `--outputFile.json=${path.join(process.env.TEST_REPORT_DIR, `server-${db}.json`)}`);
  }
  const result = spawnSync('npx', args, { cwd: path.resolve(here, '..'), stdio: 'inherit', env: { ...process.env, TEST_DB: db } });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
