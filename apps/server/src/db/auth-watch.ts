import type { Kysely } from 'kysely';
import type pg from 'pg';
import { pgModule } from './pg-types';
import type { Database } from './schema';

/*
 * What a signed-in request rests on (its session, its user and the shop's settings) is kept in
 * memory between requests (services/sessions.ts), and dropped as soon as any of those tables is
 * written (docs/decisions/0021-sessions-kept-in-memory.md). The watch below counts those writes:
 * a kept session is used only while the count is where it was when the session was read.
 *
 * - This process: the database layer sees every statement it sends (db/sqlite-group-commit.ts,
 *   db/pg-prepared.ts). A write to one of the tables moves the count when it is sent, when it
 *   returns and when its transaction commits or rolls back, so a read that overlapped any part of
 *   it is not kept, and one kept before it is dropped.
 * - Another process writing the same SQLite file: SQLite's `data_version` on the writer moves
 *   only for other connections' commits; it is read with each session.
 * - Another server on the same PostgreSQL database: triggers (migration 0023) send a notification
 *   on every write to the three tables, and a connection of this server listens. While that
 *   connection is not listening (at start, or after it dropped, until it is back) nothing is kept.
 */

/** A statement that writes users, sessions or settings (as the query builder writes it, or by hand). */
const WRITES_AUTH = /^\s*(?:insert\s+into|update|delete\s+from)\s+(?:"?public"?\.)?"?(?:users|sessions|settings)"?[\s(]/i;

export const writesAuth = (sql: string): boolean => WRITES_AUTH.test(sql);

/** The channel migration 0023's triggers notify. */
export const AUTH_CHANNEL = 'shop_auth_changed';

/** How long to wait before listening again after the connection dropped. */
const RELISTEN_MS = 1000;

export class AuthWatch {
  private count = 0;
  private listening = false;
  private listener: pg.Client | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  private lastOutside: number | null = null;

  /**
   * @param outside SQLite: a number that moves when another connection commits (`data_version`).
   * @param listenUrl PostgreSQL: where to listen for other servers' writes; without it there is no other server to hear.
   */
  constructor(
    private readonly outside: (() => number) | null,
    private readonly listenUrl: string | null,
  ) {}

  /** Something a session rests on may have changed. */
  changed(): void {
    this.count += 1;
  }

  /**
   * Where the count stands now, or null while a change could go unseen (PostgreSQL: not listening
   * yet, or no longer). The first call starts the listening.
   */
  now(): number | null {
    if (this.listenUrl !== null) {
      if (!this.listening) {
        if (!this.listener && !this.retry) this.listen();
        return null;
      }
    } else if (this.outside) {
      const outside = this.outside();
      if (outside !== this.lastOutside) {
        this.lastOutside = outside;
        this.changed();
      }
    }
    return this.count;
  }

  private listen(): void {
    if (this.closed || this.listenUrl === null) return;
    const client = new (pgModule().Client)({ connectionString: this.listenUrl, application_name: 'shop auth watch' });
    this.listener = client;
    const lost = () => {
      if (this.listener !== client) return;
      this.listener = null;
      this.listening = false;
      this.changed();
      client.end().catch(() => {});
      if (this.closed) return;
      this.retry = setTimeout(() => {
        this.retry = null;
        this.listen();
      }, RELISTEN_MS);
      this.retry.unref();
    };
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', () => this.changed());
    client
      .connect()
      .then(() => client.query(`listen ${AUTH_CHANNEL}`))
      .then(() => {
        // Closed or dropped meanwhile: close() and lost() have ended it.
        if (this.listener !== client) return;
        // Whatever was written before the listening began is not known: start from a new count.
        this.changed();
        this.listening = true;
      })
      .catch(lost);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listening = false;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.listener;
    this.listener = null;
    if (client) await client.end().catch(() => {});
  }
}

const watches = new WeakMap<Kysely<Database>, AuthWatch>();

export function watchAuth(db: Kysely<Database>, watch: AuthWatch): void {
  watches.set(db, watch);
}

/** The watch of a database opened by openDatabase (none for a transaction or a reader). */
export const authWatchOf = (db: Kysely<Database>): AuthWatch | undefined => watches.get(db);
