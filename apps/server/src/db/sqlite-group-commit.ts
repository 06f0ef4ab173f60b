import type SQLite from 'better-sqlite3';
import {
  type CompiledQuery,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type QueryResult,
} from 'kysely';
import { writesAuth, type AuthWatch } from './auth-watch';

/*
 * SQLite with group commit (docs/decisions/0018-sqlite-group-commit.md).
 *
 * With `synchronous = FULL` every COMMIT waits for the disk, and one sale per commit made that
 * wait a good part of each checkout. Here the transactions that arrive together share one
 * commit: each runs inside a savepoint of the open group, so a refused sale is rolled back alone,
 * and each is answered only once the group's COMMIT has returned, so an answered sale is on disk
 * exactly as before.
 *
 * - One writer connection, one transaction at a time (a FIFO lock), as Kysely's own driver.
 * - The group opens with the first write and commits when the event loop has taken in the
 *   requests that were waiting (`setImmediate`), after the transaction that holds the lock ends.
 * - Reads outside a transaction go to a second, read-only connection: they see only what is
 *   committed and never wait for a group.
 * - A write outside a transaction joins the group and returns after its commit, as autocommit.
 * - If the commit fails, every transaction of the group fails with its error; none was answered.
 * - A write to users, sessions or settings moves the sessions' watch when it runs and when its
 *   group ends (db/auth-watch.ts).
 */

const CACHED_STATEMENTS = 500;
const SAVEPOINT = 'one_transaction';

/**
 * Kysely prepares every query anew, and on SQLite preparing costs about as much as running a
 * small statement: a sale runs a few dozen. The same SQL text reuses its prepared statement
 * (safe because better-sqlite3 runs each statement to the end before the next; nothing here
 * streams). The oldest entry goes when the cache is full, so IN-lists of many sizes cannot grow it.
 */
function statementCache(database: SQLite.Database) {
  const statements = new Map<string, SQLite.Statement>();
  return (sql: string): SQLite.Statement => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = database.prepare(sql);
      if (statements.size >= CACHED_STATEMENTS) statements.delete(statements.keys().next().value as string);
      statements.set(sql, statement);
    }
    return statement;
  };
}

function run(statement: SQLite.Statement, parameters: readonly unknown[]): QueryResult<unknown> {
  if (statement.reader) return { rows: statement.all(parameters) };
  const { changes, lastInsertRowid } = statement.run(parameters);
  return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
}

/** Transactions that share one COMMIT; settled once it has run. */
class Group {
  readonly done: Promise<void>;
  settle!: (error?: unknown) => void;
  commitAsked = false;
  constructor() {
    this.done = new Promise<void>((resolve, reject) => {
      this.settle = (error) => (error === undefined ? resolve() : reject(error));
    });
    // A group nobody waits on (every member rolled back) must not report an unhandled rejection.
    this.done.catch(() => {});
  }
}

/** What Kysely holds between acquiring and releasing a connection: one request's queries. */
class Session implements DatabaseConnection {
  inTransaction = false;
  /** The group this session wrote in, and whether its answer depends on that group's commit. */
  group: Group | null = null;
  wrote = false;

  constructor(private readonly writer: GroupWriter) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return this.writer.execute(this, compiled) as Promise<QueryResult<R>>;
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    const { rows } = await this.executeQuery<R>(compiled);
    for (const row of rows) yield { rows: [row] };
  }
}

class GroupWriter {
  private readonly writerStatement: (sql: string) => SQLite.Statement;
  private readonly readerStatement: (sql: string) => SQLite.Statement;
  private locked = false;
  private readonly waiting: (() => void)[] = [];
  private group: Group | null = null;
  /** The open group wrote users, sessions or settings: its end moves the watch again. */
  private wroteAuth = false;
  /** COMMITs run and transactions committed in them, for the bench and the tests. */
  readonly counts = { commits: 0, transactions: 0 };

  constructor(
    private readonly writer: SQLite.Database,
    private readonly reader: SQLite.Database,
    private readonly watch: AuthWatch,
  ) {
    this.writerStatement = statementCache(writer);
    this.readerStatement = statementCache(reader);
  }

  private lock(): Promise<void> {
    if (!this.locked) {
      this.locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private unlock(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.locked = false;
  }

  /** The open group, begun if there is none; the caller holds the lock. */
  private openGroup(): Group {
    if (!this.group) {
      this.writerStatement('begin').run();
      this.group = new Group();
    }
    return this.group;
  }

  /** After an error SQLite may have rolled the whole transaction back (a full disk, an I/O error): then the group is lost. */
  private checkGroupAlive(error: unknown): void {
    if (this.group && !this.writer.inTransaction) {
      const lost = this.group;
      this.group = null;
      this.groupEnded();
      lost.settle(error);
    }
  }

  async execute(session: Session, compiled: CompiledQuery): Promise<QueryResult<unknown>> {
    const { sql, parameters } = compiled;
    if (session.inTransaction) {
      // Never go on in autocommit after SQLite dropped the transaction under this one.
      if (session.group !== this.group) throw new Error('The database rolled back this transaction.');
      return this.onWriter(sql, parameters);
    }
    const onReader = this.forReader(sql);
    if (onReader) return { rows: onReader.all(parameters) };
    // A write outside a transaction: it joins the group and answers after the group's commit.
    await this.lock();
    try {
      session.group = this.openGroup();
      session.wrote = true;
      return this.onWriter(sql, parameters);
    } finally {
      this.unlock();
    }
  }

  /**
   * The statement on the read-only connection if it only reads; null for a write, or for what
   * the reader cannot prepare yet (a table the open group has just created).
   */
  private forReader(sql: string): SQLite.Statement | null {
    let statement: SQLite.Statement;
    try {
      statement = this.readerStatement(sql);
    } catch {
      return null;
    }
    return statement.reader && statement.readonly ? statement : null;
  }

  private onWriter(sql: string, parameters: readonly unknown[]): QueryResult<unknown> {
    const auth = writesAuth(sql);
    if (auth) {
      this.watch.changed();
      this.wroteAuth = true;
    }
    try {
      return run(this.writerStatement(sql), parameters);
    } catch (error) {
      this.checkGroupAlive(error);
      throw error;
    } finally {
      if (auth) this.watch.changed();
    }
  }

  /** The group ended (committed or rolled back): what it wrote is now as every reader sees it. */
  private groupEnded(): void {
    if (!this.wroteAuth) return;
    this.wroteAuth = false;
    this.watch.changed();
  }

  async begin(session: Session): Promise<void> {
    await this.lock();
    try {
      session.group = this.openGroup();
      this.writerStatement(`savepoint ${SAVEPOINT}`).run();
      session.inTransaction = true;
    } catch (error) {
      this.checkGroupAlive(error);
      this.unlock();
      throw error;
    }
  }

  /** The savepoint released into the group; on an error Kysely rolls back, which unlocks. */
  async commit(session: Session): Promise<void> {
    this.onWriter(`release ${SAVEPOINT}`, []);
    session.inTransaction = false;
    session.wrote = true;
    this.counts.transactions += 1;
    this.unlock();
  }

  async rollback(session: Session): Promise<void> {
    session.inTransaction = false;
    try {
      if (!this.writer.inTransaction) throw new Error('The database rolled back a group of transactions.');
      this.writerStatement(`rollback to ${SAVEPOINT}`).run();
      this.writerStatement(`release ${SAVEPOINT}`).run();
    } catch (error) {
      // Without its savepoint the group cannot be told apart from this transaction: it is lost.
      this.checkGroupAlive(error);
      if (this.group && this.writer.inTransaction) {
        this.writerStatement('rollback').run();
        const lost = this.group;
        this.group = null;
        this.groupEnded();
        lost.settle(error);
      }
    } finally {
      this.unlock();
    }
  }

  /**
   * Kysely releases the connection before it hands back a transaction's result: here a session
   * that wrote waits for its group's commit and fails if it failed. A session that was refused
   * and rolled back waits too (its refusal may rest on what the group wrote), without its error.
   */
  async release(session: Session): Promise<void> {
    if (session.inTransaction) {
      session.inTransaction = false;
      this.unlock();
    }
    const group = session.group;
    if (!group) return;
    session.group = null;
    this.askCommit(group);
    if (session.wrote) await group.done;
    else await group.done.catch(() => {});
  }

  private askCommit(group: Group): void {
    if (group.commitAsked) return;
    group.commitAsked = true;
    setImmediate(() => void this.commitGroup(group));
  }

  private async commitGroup(group: Group): Promise<void> {
    await this.lock();
    try {
      if (this.group !== group) return;
      this.group = null;
      try {
        this.writerStatement('commit').run();
        this.counts.commits += 1;
        this.groupEnded();
        group.settle();
      } catch (error) {
        if (this.writer.inTransaction) this.writerStatement('rollback').run();
        this.groupEnded();
        group.settle(error);
      }
    } finally {
      this.unlock();
    }
  }

  async close(): Promise<void> {
    if (this.group) await this.commitGroup(this.group);
    this.reader.close();
    this.writer.close();
  }
}

/** Kysely on one SQLite file: a writer with group commit and a read-only connection beside it. */
export function sqliteGroupCommitDialect(writer: SQLite.Database, reader: SQLite.Database, watch: AuthWatch): { dialect: Dialect; counts: GroupWriter['counts'] } {
  const groups = new GroupWriter(writer, reader, watch);
  const session = (connection: DatabaseConnection) => connection as Session;
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => new Session(groups),
    beginTransaction: (connection) => groups.begin(session(connection)),
    commitTransaction: (connection) => groups.commit(session(connection)),
    rollbackTransaction: (connection) => groups.rollback(session(connection)),
    releaseConnection: (connection) => groups.release(session(connection)),
    destroy: () => groups.close(),
  };
  return {
    counts: groups.counts,
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => driver,
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
  };
}
