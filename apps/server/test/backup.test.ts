import { spawn } from 'node:child_process';
import SQLite from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../src/db/client';
import { systemClock } from '../src/lib/clock';
import { verifyJournal } from '../src/services/journal';
import { expectLedgerConsistent } from './support/ledger';
import { expectSalesComplete, saleIds, salesChecksums } from './support/sale-integrity';
import { newIdempotencyKey, randomSaleBody, repoRoot, request, signIn, startServer, stockedProducts, stopAllServers } from './support/server-process';
import { dbKind, freshDatabase } from './support/test-app';

const live = await freshDatabase();
// Restores land in databases nothing else uses: a PostgreSQL dump is read by restoring it.
const moment = dbKind === 'postgres' ? await freshDatabase({ migrate: false }) : null;
const target = await freshDatabase({ migrate: false });
const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backup-'));
const open = new Set<DbHandle>([live, target, ...(moment ? [moment] : [])]);
afterAll(async () => {
  await stopAllServers();
  await Promise.all([...open].map((handle) => handle.db.destroy()));
  await moment?.drop();
  await target.drop();
  await live.drop();
  fs.rmSync(backupDir, { recursive: true, force: true });
});

/** The restore refuses a database anything else has open, this test's own connections included. */
async function close(handle: DbHandle) {
  if (open.delete(handle)) await handle.db.destroy();
}

function reopen(databaseEnv: Record<string, string>): DbHandle {
  const handle = databaseEnv.DATABASE_URL
    ? openDatabase({ databaseUrl: databaseEnv.DATABASE_URL })
    : openDatabase({ sqliteFile: path.join(databaseEnv.DATA_DIR!, 'shop.db') });
  open.add(handle);
  return handle;
}

/** `npm run backup` / `npm run restore` as an operator runs them, with the server's database settings. */
function runScript(script: 'backup' | 'restore', file: string, databaseEnv: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(repoRoot, 'scripts', `${script}.mjs`), file], {
      cwd: repoRoot,
      env: { ...process.env, ...databaseEnv },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => resolve({ code, output }));
  });
}

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 60_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Sales and stock movements row by row: a restore must give back exactly the rows of its moment. */
async function ledgerRows(database: DbHandle) {
  return {
    sales: await database.db.selectFrom('sales').select(['id', 'number', 'total_cents', 'created_at']).orderBy('id').execute(),
    movements: await database.db.selectFrom('stock_movements').select(['id', 'product_id', 'quantity', 'reference_id']).orderBy('id').execute(),
  };
}

describe(`npm run backup and npm run restore (${dbKind})`, () => {
  it('back up while sales are being written and restore exactly the sales and ledger of that moment', { timeout: 120_000 }, async () => {
    const server = await startServer(live.serverEnv);
    const token = await signIn(server.base, 'manager@demo.shop');
    const products = await stockedProducts(server.base, token, 4, 100_000);

    // A long report keeps a read open through the backup: checkpoints cannot move past it, so
    // the latest sales live only in SQLite's write-ahead log, where a copy of the file misses them.
    const report = dbKind === 'sqlite' ? new SQLite(path.join(live.serverEnv.DATA_DIR!, 'shop.db'), { readonly: true }) : null;
    report?.exec('begin');
    report?.prepare('select count(*) from sales').get();

    const answered: number[] = [];
    const failures: string[] = [];
    let selling = true;
    const till = async () => {
      while (selling) {
        const answer = await request(server.base, token, 'POST', '/api/sales', randomSaleBody(products), { 'idempotency-key': newIdempotencyKey() });
        if (answer.status === 201) answered.push(answer.body.data.id);
        else failures.push(`${answer.status} ${JSON.stringify(answer.body)}`);
      }
    };
    const tills = Promise.all(Array.from({ length: 4 }, till));

    await until(() => answered.length >= 40, 'the first sales');
    const beforeBackup = new Set(answered);
    const backupFile = path.join(backupDir, dbKind === 'sqlite' ? 'shop.db' : 'shop.dump');
    const backup = await runScript('backup', backupFile, live.serverEnv);
    expect(backup, backup.output).toMatchObject({ code: 0 });
    const duringBackup = answered.length - beforeBackup.size;
    report?.exec('commit');
    report?.close();

    // The backup's figures, read while the tills keep selling: the SQLite copy opens as it is;
    // a PostgreSQL dump has to be restored to be read.
    let atBackup: Record<string, number>;
    if (moment) {
      const restored = await runScript('restore', backupFile, moment.serverEnv);
      expect(restored, restored.output).toMatchObject({ code: 0 });
      atBackup = await salesChecksums(moment);
    } else {
      const copy = reopen({ DATA_DIR: backupDir });
      atBackup = await salesChecksums(copy);
      await close(copy);
    }
    await until(() => answered.length >= beforeBackup.size + duringBackup + 40, 'sales after the backup');

    const refused = await runScript('restore', backupFile, live.serverEnv);
    expect(refused.code, refused.output).toBe(1);
    expect(refused.output).toMatch(/stop the server first; nothing was restored/);
    selling = false;
    await tills;
    await server.stop();
    expect(failures).toEqual([]);
    expect(duringBackup, 'sales answered while the backup ran').toBeGreaterThan(0);

    await close(target);
    const restore = await runScript('restore', backupFile, target.serverEnv);
    expect(restore, restore.output).toMatchObject({ code: 0 });
    const restored = reopen(target.serverEnv);
    expect(await salesChecksums(restored)).toEqual(atBackup);
    await expectSalesComplete(restored);
    await expectLedgerConsistent(restored);
    // The journal comes back whole: every restored sale is in it, and its chain still holds.
    const journal = async () => {
      const chain = await verifyJournal({ db: restored.db, kind: restored.kind, clock: systemClock });
      expect(chain).toMatchObject({ ok: true, checked: chain.total, first_break: null });
      const journaled = await restored.db.selectFrom('journal').select('entity_id').where('kind', '=', 'sale').execute();
      expect(new Set(journaled.map((row) => row.entity_id))).toEqual(await saleIds(restored));
    };
    await journal();

    const restoredIds = await saleIds(restored);
    expect([...beforeBackup].filter((id) => !restoredIds.has(id)), 'sales answered before the backup began but missing from it').toEqual([]);
    const liveRows = await ledgerRows(live);
    const restoredRows = await ledgerRows(restored);
    expect(restoredRows.sales.length, 'the sales made after the backup are not in it').toBeLessThan(liveRows.sales.length);
    // Every restored row is the live row of that id: the backup holds the committed sales of one moment, unchanged.
    const movementIds = new Set(restoredRows.movements.map((m) => m.id));
    expect(restoredRows.sales).toEqual(liveRows.sales.filter((s) => restoredIds.has(s.id)));
    expect(restoredRows.movements).toEqual(liveRows.movements.filter((m) => movementIds.has(m.id)));

    // Restored over the live database, which has moved on since, it goes back to the backup's moment.
    await close(live);
    const overLive = await runScript('restore', backupFile, live.serverEnv);
    expect(overLive, overLive.output).toMatchObject({ code: 0 });
    expect(await salesChecksums(reopen(live.serverEnv))).toEqual(atBackup);

    // A server runs on the restored database and numbers the next sale after the restored ones.
    const next = await startServer(target.serverEnv);
    const nextToken = await signIn(next.base, 'manager@demo.shop');
    const sale = await request(next.base, nextToken, 'POST', '/api/sales', randomSaleBody(products), { 'idempotency-key': newIdempotencyKey() });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    expect(sale.body.data.code).toBe(`SO-${String(atBackup.max_sale_number! + 1).padStart(6, '0')}`);
    await next.stop();
    // …and chains it on to the restored journal.
    await journal();
  });
});
