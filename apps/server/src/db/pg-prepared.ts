import crypto from 'node:crypto';
import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';
import { writesAuth, type AuthWatch } from './auth-watch';
import { isBuiltOnce } from './compiled-once';

/*
 * Kysely sends each statement unnamed, so PostgreSQL parses and plans it on every call: a sale
 * runs some sixty. Here the tills' pool names each statement after its text, and `pg` prepares a
 * named statement once per connection and then only binds and runs it
 * (docs/decisions/0017-speed-on-the-wire-and-under-load.md, "PostgreSQL: statements prepared once").
 *
 * Every statement built once (db/compiled-once.ts keeps at most a few dozen shapes of each), whatever
 * its number of values, none included: a sale's own row has thirty-odd. Any other statement only
 * with parameters (what `pg` sends through the extended protocol anyway) and a handful of them: an
 * IN-list comes in as many texts as it has lengths, and each prepared statement stays in its
 * connection's memory on the server.
 *
 * It also moves the sessions' watch (db/auth-watch.ts) for a write to users, sessions or settings:
 * when it is sent, when it returns, and when its connection's transaction commits or rolls back.
 */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
const MOST_PARAMETERS = 16;
const NAMES_KEPT = 1000;

/** Ends the transaction a connection has open (not a savepoint's `rollback to`). */
const ENDS_TRANSACTION = /^\s*(?:commit|rollback|end|abort)\s*;?\s*$/i;

export function preparedStatementsPool(pool: pg.Pool, watch: AuthWatch): PostgresPool {
  const names = new Map<string, string>();
  const nameOf = (text: string): string => {
    let name = names.get(text);
    if (!name) {
      name = `s${crypto.createHash('sha1').update(text).digest('base64url')}`;
      if (names.size >= NAMES_KEPT) names.delete(names.keys().next().value as string);
      names.set(text, name);
    }
    return name;
  };
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const send = (client: pg.PoolClient, textOrCursor: unknown, parameters?: readonly unknown[]) => {
    if (typeof textOrCursor === 'string' && parameters && (isBuiltOnce(textOrCursor) || (parameters.length > 0 && parameters.length <= MOST_PARAMETERS && PREPARABLE.test(textOrCursor)))) {
      return client.query({ name: nameOf(textOrCursor), text: textOrCursor, values: [...parameters] });
    }
    return client.query(textOrCursor as string, parameters as unknown[]);
  };
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    /** This connection's open transaction wrote users, sessions or settings. */
    let wroteAuth = false;
    return {
      query: ((textOrCursor: unknown, parameters?: readonly unknown[]) => {
        if (typeof textOrCursor === 'string') {
          if (writesAuth(textOrCursor)) {
            watch.changed();
            wroteAuth = true;
            return (send(client, textOrCursor, parameters) as Promise<unknown>).finally(() => watch.changed());
          }
          if (wroteAuth && ENDS_TRANSACTION.test(textOrCursor)) {
            return (send(client, textOrCursor, parameters) as Promise<unknown>).finally(() => {
              wroteAuth = false;
              watch.changed();
            });
          }
        }
        return send(client, textOrCursor, parameters);
      }) as unknown as PostgresPoolClient['query'],
      release: () => client.release(),
    };
  };
  return {
    async connect() {
      const client = await pool.connect();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: async () => {
      await watch.close();
      await pool.end();
    },
  };
}
