import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../src/db/client';
import { dbKind } from './support/test-app';

/*
 * SQLite's group commit (db/sqlite-group-commit.ts): transactions that arrive together share one
 * COMMIT, each in a savepoint of its own, and each is answered only once that COMMIT has run.
 * `other` is a second connection, as another process would read the file: what it sees is what
 * is committed.
 */
interface Tables {
  notes: { id: string; body: string };
  lines: { note_id: string; text: string };
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'group-commit-'));
const file = path.join(dir, 'shop.db');
let handle: DbHandle;
let db: Kysely<Tables>;
let other: SQLite.Database;

if (dbKind === 'sqlite') {
  handle = openDatabase({ sqliteFile: file });
  db = handle.db as unknown as Kysely<Tables>;
  await sql`create table notes (id text primary key, body text not null)`.execute(db);
  // Checked at COMMIT, not at each statement: one bad transaction makes its group's COMMIT fail.
  await sql`create table lines (note_id text not null references notes (id) deferrable initially deferred, text text not null)`.execute(db);
  other = new SQLite(file, { readonly: true });
}

afterAll(async () => {
  if (dbKind !== 'sqlite') return;
  other.close();
  await handle.db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

const committedNote = (id: string) => other.prepare('select body from notes where id = ?').get(id) as { body: string } | undefined;

/** A transaction that writes a note and a line, as a sale writes its row and its lines. */
const writeNote = (id: string, options: { refuse?: boolean; orphanLine?: boolean } = {}) =>
  db.transaction().execute(async (trx) => {
    await trx.insertInto('notes').values({ id, body: `note ${id}` }).execute();
    await trx.insertInto('lines').values({ note_id: options.orphanLine ? `missing-${id}` : id, text: 'line' }).execute();
    if (options.refuse) throw new Error(`refused ${id}`);
    return id;
  });

describe.skipIf(dbKind !== 'sqlite')('SQLite group commit', () => {
  beforeEach(async () => {
    await db.deleteFrom('lines').execute();
    await db.deleteFrom('notes').execute();
  });

  it('answers each transaction only once it is committed, in fewer COMMITs than transactions', async () => {
    const before = { ...handle.groupCommit! };
    const seenWhenAnswered: (string | undefined)[] = [];
    await Promise.all(
      Array.from({ length: 40 }, (_, n) =>
        writeNote(`a${n}`).then((id) => {
          seenWhenAnswered.push(committedNote(id)?.body);
        }),
      ),
    );
    expect(seenWhenAnswered).toHaveLength(40);
    expect(seenWhenAnswered.filter((body) => body === undefined), 'answered before another connection could see it').toEqual([]);
    expect(handle.groupCommit!.transactions - before.transactions).toBe(40);
    expect(handle.groupCommit!.commits - before.commits).toBeLessThan(40);
  });

  it('rolls back a refused transaction alone: the others in its group commit', async () => {
    const results = await Promise.allSettled(Array.from({ length: 30 }, (_, n) => writeNote(`b${n}`, { refuse: n % 7 === 3 })));
    const refused = results.flatMap((result, n) => (result.status === 'rejected' ? [n] : []));
    expect(refused).toEqual([3, 10, 17, 24]);
    const kept = (other.prepare("select id from notes where id like 'b%'").all() as { id: string }[]).map((row) => Number(row.id.slice(1)));
    expect(kept.sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n).filter((n) => !refused.includes(n)));
    expect((other.prepare('select count(*) as n from lines').get() as { n: number }).n).toBe(26);
  });

  it('reads outside a transaction see only what is committed', async () => {
    let inside!: () => void;
    const holding = new Promise<void>((resolve) => (inside = resolve));
    let finish!: () => void;
    const written = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ id: 'c1', body: 'pending' }).execute();
      inside();
      // Still inside the transaction: the till's sale is written but not committed.
      await new Promise<void>((resolve) => (finish = resolve));
    });
    await holding;
    expect(await db.selectFrom('notes').select('id').where('id', '=', 'c1').execute()).toEqual([]);
    finish();
    await written;
    expect(await db.selectFrom('notes').select('body').where('id', '=', 'c1').execute()).toEqual([{ body: 'pending' }]);
  });

  it('fails every transaction of a group whose COMMIT fails, keeps none of them, and commits the next', async () => {
    const group = await Promise.allSettled([writeNote('d1'), writeNote('d2', { orphanLine: true }), writeNote('d3')]);
    expect(group.map((result) => result.status)).toEqual(['rejected', 'rejected', 'rejected']);
    expect(group.map((result) => (result.status === 'rejected' ? String(result.reason) : ''))).toEqual(Array(3).fill('SqliteError: FOREIGN KEY constraint failed'));
    expect(other.prepare("select id from notes where id like 'd%'").all()).toEqual([]);

    await expect(writeNote('d4')).resolves.toBe('d4');
    expect(committedNote('d4')).toEqual({ body: 'note d4' });
  });

  it('answers a write outside a transaction after its commit', async () => {
    const answered = await db
      .insertInto('notes')
      .values({ id: 'e1', body: 'alone' })
      .execute()
      .then(() => committedNote('e1'));
    expect(answered).toEqual({ body: 'alone' });
  });
});
