import { sql } from 'kysely';
import type { ServiceContext } from './context';

/** Asks the database for the simplest answer it can give: a failure here means it cannot serve. */
export async function checkDatabase(ctx: ServiceContext): Promise<ServiceContext['kind']> {
  await sql`select 1`.execute(ctx.db);
  return ctx.kind;
}
