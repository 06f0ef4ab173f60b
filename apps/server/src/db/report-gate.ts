import type { PostgresPool, PostgresPoolClient } from 'kysely';
import type pg from 'pg';

/*
 * Reports give way to the sales (docs/decisions/0017-speed-on-the-wire-and-under-load.md, "Reports
 * on PostgreSQL give way to the tills" and "SQLite's report readers give way too"). While the tills
 * are selling, each report connection (PostgreSQL) or reader thread (SQLite) is kept busy for at
 * most `share` of the time: a statement that held it t ms is followed by a pause of
 * t × (1 / share − 1) before the next report statement starts there. A shop whose tills are quiet
 * reads its reports at full speed.
 */

/**
 * PostgreSQL: the part of the time a report connection may keep the database busy while the tills
 * sell. The database's processes are not the server's to lower.
 */
const REPORT_SHARE_WHILE_SELLING = 0.25;
/**
 * SQLite: the part of the time a report reader thread may read while the tills sell. The thread
 * already runs ten nice steps below the sales on a core of its own; half the time brought the
 * tills' p99 back to its idle level, as a quarter did, with reports about a third faster.
 */
const READER_SHARE_WHILE_SELLING = 0.5;
/** The longest pause, however long the statement before it ran. */
const LONGEST_PAUSE_MS = 5_000;

/** How long a report connection or thread rests after holding it `heldMs`, while the tills sell. */
const pauseAfter = (heldMs: number, share: number) => Math.min(LONGEST_PAUSE_MS, heldMs * (1 / share - 1));

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
      entry.nextStart = now + pauseAfter(now - entry.taken, share);
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

/** Report statements on one SQLite reader thread, one after another, resting between them while the tills sell. */
export interface YieldingLane {
  run<T>(read: () => Promise<T>): Promise<T>;
  /** Statements handed to the lane and not yet answered, the one reading included. */
  readonly waiting: number;
}

/** A lane for one reader thread (db/sqlite-reader.ts); lists and exports read on the thread beside it, without pausing. */
export function yieldingLane(tillsSelling: () => boolean, clock: GateClock = realClock, share = READER_SHARE_WHILE_SELLING): YieldingLane {
  let last: Promise<unknown> = Promise.resolve();
  let nextStart = 0;
  let waiting = 0;
  return {
    get waiting() {
      return waiting;
    },
    run(read) {
      waiting += 1;
      const turn = last.then(async () => {
        const wait = nextStart - clock.now();
        if (wait > 0 && tillsSelling()) await clock.sleep(wait);
        const started = clock.now();
        try {
          return await read();
        } finally {
          const now = clock.now();
          nextStart = now + pauseAfter(now - started, share);
          waiting -= 1;
        }
      });
      last = turn.catch(() => undefined);
      return turn;
    },
  };
}
