// What `npm run backup` and `npm run restore` work on: the database the server would open with
// the same environment (DATABASE_URL, else the SQLite file shop.db under DATA_DIR).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export function databaseTarget(env = process.env) {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  if (env.DATABASE_URL) {
    if (!/^postgres(ql)?:\/\//.test(env.DATABASE_URL)) throw new Error('DATABASE_URL must start with postgres://');
    const url = new URL(env.DATABASE_URL);
    return { kind: 'postgres', url: env.DATABASE_URL, dataDir, label: `PostgreSQL database ${url.host}${url.pathname}` };
  }
  const file = path.join(dataDir, 'shop.db');
  return { kind: 'sqlite', file, dataDir, label: `SQLite file ${file}` };
}

/** A file named on the command line, read from where the user ran npm (npm runs scripts from the root). */
export const userPath = (name) => path.resolve(process.env.INIT_CWD || process.cwd(), name);

/** pg_dump / pg_restore: on PATH, else in Debian's /usr/lib/postgresql/<major>/bin (newest first). */
export function postgresTool(name) {
  const onPath = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).stdout.trim();
  if (onPath) return onPath;
  const root = '/usr/lib/postgresql';
  const majors = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  for (const major of majors) {
    const tool = path.join(root, major, 'bin', name);
    if (fs.existsSync(tool)) return tool;
  }
  throw new Error(`${name} was not found: install the PostgreSQL client tools (Debian: apt-get install postgresql-client).`);
}

/** Runs a script's main, turning a thrown error into one clear line and exit code 1. */
export function runMain(main) {
  main().catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
