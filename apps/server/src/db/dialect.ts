import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';

export type DbKind = 'sqlite' | 'postgres';

/** Escapes LIKE wildcards so a user's `%` or `_` matches itself. */
function likePattern(needle: string): string {
  return `%${needle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Case-insensitive "contains" on a text column. SQLite's LIKE folds ASCII letters; its lower()
 * folds nothing more (no ICU), so wrapping both sides would only double the cost of a search.
 * Khmer has no letter case. PostgreSQL has ILIKE, which folds every script.
 */
export function containsInsensitive(kind: DbKind, column: Expression<unknown>, needle: string): RawBuilder<SqlBool> {
  const pattern = likePattern(needle);
  return kind === 'postgres'
    ? sql<SqlBool>`${column} ilike ${pattern} escape '\\'`
    : sql<SqlBool>`${column} like ${pattern} escape '\\'`;
}
