/**
 * True when a write broke a unique index. The services check first for a friendly message;
 * this catches the race where two requests pass the check at once. On SQLite a primary key is
 * its own code (an idempotency key is one).
 */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/** True when a write would leave a reference pointing at nothing (or remove a referenced row). */
export function isForeignKeyViolation(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const code = (error as { code?: unknown }).code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
}

/** True when PostgreSQL stopped a statement that ran past its time limit (a report's, openReportPool). */
export function isStatementTimeout(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  return (error as { code?: unknown }).code === '57014';
}
