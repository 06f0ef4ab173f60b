import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Debian puts the server binaries in /usr/lib/postgresql/<major>/bin; PATH may have them too. */
export function findPostgresBin(): string | null {
  const fromPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim();
  if (fromPath) return path.dirname(fs.realpathSync(fromPath));
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return null;
  const majors = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
  for (const major of majors) {
    const bin = path.join(root, major, 'bin');
    if (fs.existsSync(path.join(bin, 'initdb'))) return bin;
  }
  return null;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

export interface PostgresCluster {
  url: string;
  stop(): void;
}

/**
 * A throwaway cluster on a free loopback port, for tests. PostgreSQL refuses to run as root,
 * so as root it runs as the `postgres` system user that Debian's package creates.
 */
export async function startPostgresCluster(bin: string, { durable = false } = {}): Promise<PostgresCluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pg-'));
  const dataDir = path.join(dir, 'data');
  const port = await freePort();
  let ids: { uid: number; gid: number } | undefined;
  if (process.getuid?.() === 0) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    ids = { uid, gid };
    fs.chownSync(dir, uid, gid);
  }
  const run = (cmd: string, args: string[]) =>
    execFileSync(path.join(bin, cmd), args, { ...ids, stdio: 'pipe', cwd: dir, env: { ...process.env, LC_ALL: 'C.UTF-8' } });

  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  // Durability is the database's promise in production; for throwaway test data speed matters.
  // The benchmark asks for a durable one, so its figures hold for a real shop.
  const fast = durable ? '' : ' -c fsync=off -c synchronous_commit=off -c full_page_writes=off';
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c max_connections=300${fast}`;
  run('pg_ctl', ['-D', dataDir, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
