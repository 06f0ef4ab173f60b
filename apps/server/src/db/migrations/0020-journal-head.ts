import { sql, type Kysely, type Migration } from 'kysely';

/**
 * The journal's counter row keeps the last record's hash beside its number (`counters.hash`), so
 * appending a record reads both in the one statement that locks the row, and does not read the
 * record before it (services/journal.ts, chainJournal). Other counters leave it empty.
 */
export function journalHead(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('counters').addColumn('hash', 'text').execute();
      await sql`update counters set hash = (select journal.hash from journal where journal.seq = counters.value) where name = 'journal'`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('counters').dropColumn('hash').execute();
    },
  };
}
