import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/*
 * PostgreSQL's reports, when they read the tills' own database, give way to the sales
 * (docs/decisions/0017-speed-on-the-wire-and-under-load.md, "Reports on PostgreSQL give way to the
 * tills"). The database's processes are not the server's to lower, so while the tills are selling
 * each report connection keeps the database busy for at most `share` of the time: a statement that
 * held its connection t ms is followed, on that connection, by a pause of t × (1 / share − 1)
 * before the next starts. A shop whose tills are quiet reads its reports at full speed.
 */

/** The part of the time a report connection may keep the database busy while the tills sell. */
const REPORT_SHARE_WHILE_SELLING = 0.25;
/** The longest pause, however long the statement before it ran. */
const LONGEST_PAUSE_MS = 5_000;

export interface GateClock {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
}

const realClock: GateClock = { now: () => performance.now(), sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)) };

/** A pool whose connections pause between statements while `tillsSelling()`; the pause is taken holding the connection, so no other report slips in. */
export function yieldingPool(pool: pg.Pool, tillsSelling: () => boolean, clock: GateClock = realClock, share = REPORT_SHARE_WHILE_SELLING): PostgresPool {
  /** Per connection: when it was taken, and when its next statement may start while the tills sell. */
  const times = new WeakMap<pg.PoolClient, { taken: number; nextStart: number }>();
  const wrappers = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => ({
    query: ((...args: unknown[]) => (client.query as (...a: unknown[]) => unknown).apply(client, args)) as unknown as PostgresPoolClient['query'],
    release: () => {
      const entry = times.get(client)!;
      const now = clock.now();
      entry.nextStart = now + Math.min(LONGEST_PAUSE_MS, (now - entry.taken) * (1 / share - 1));
      client.release();
    },
  });
  return {
    async connect() {
      const client = await pool.connect();
      const entry = times.get(client) ?? { taken: 0, nextStart: 0 };
      times.set(client, entry);
      const wait = entry.nextStart - clock.now();
      if (wait > 0 && tillsSelling()) await clock.sleep(wait);
      entry.taken = clock.now();
      let wrapper = wrappers.get(client);
      if (!wrapper) {
        wrapper = wrap(client);
        wrappers.set(client, wrapper);
      }
      return wrapper;
    },
    end: () => pool.end(),
  };
}
