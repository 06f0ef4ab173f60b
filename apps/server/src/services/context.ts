import type { Kysely } from 'kysely';
import type { Clock } from '../lib/clock';
import type { DbKind } from '../db/dialect';
import type { Database } from '../db/schema';

/** What every service needs: the database, which dialect it speaks, and the clock. */
export interface ServiceContext {
  db: Kysely<Database>;
  kind: DbKind;
  clock: Clock;
}

/** Who is acting, for the audit log and ownership rules. */
export interface Actor {
  userId: number;
}
