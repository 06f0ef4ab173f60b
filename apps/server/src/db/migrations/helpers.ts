import type { CreateTableBuilder } from 'kysely';
import type { DbKind } from '../dialect';

/** Adds the auto-increment integer primary key each dialect spells its own way. */
export function withId<T extends string>(kind: DbKind, table: CreateTableBuilder<T, never>) {
  return kind === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
