import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

export type DbKind = 'sqlite' | 'postgres';

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself. */
function likePattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive "contains" on a text column. SQLite's LIKE ignores ASCII case but not
 * other scripts, so both sides are lowered there; PostgreSQL has ILIKE.
 */
export function containsInsensitive(kind: DbKind, column: Expression<unknown>, needle: string): RawBuilder<SqlBool> {
  const pattern = likePattern(needle);
  return kind === 'postgres'
    ? sql<SqlBool>`${column} ilike ${pattern} escape '\\'`
    : sql<SqlBool>`lower(${column}) like lower(${pattern}) escape '\\'`;
}
