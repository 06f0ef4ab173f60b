import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { DbKind } from './dialect';
import type { Database } from './schema';

/*
 * Kysely builds a query anew on every call: each step copies and freezes its tree, and compiling
 * walks it. For the statement every signed-in request runs (the session behind a token) that
 * was some 20 µs, two thirds of what SQLite took to run it. Here such a statement is built and
 * compiled once per dialect, with stand-ins where its values go, and each call runs the same SQL
 * with the call's values in their places (docs/decisions/0017-speed-on-the-wire-and-under-load.md,
 * "Statements built once").
 *
 * Only for a statement whose shape never changes: each value a single parameter (never an
 * IN-list, whose length changes the SQL), and nothing chosen by the values but the values.
 */

/** Where a call's value goes, while the statement is built. */
class Slot {
  constructor(readonly index: number) {}
}

type Compiled<Row> = { sql: string; parameters: readonly unknown[]; query: CompiledQuery<Row>['query']; queryId: CompiledQuery<Row>['queryId'] };

/**
 * `build` receives stand-ins for the call's values, in order, and uses each as a value (where a
 * value of that type goes). The statement runs on the database it is called with; what it
 * returns is Kysely's result, as `execute()` would give.
 */
export function compiledOnce<Args extends unknown[], Row>(build: (db: Kysely<Database>, ...values: Args) => Compilable<Row>) {
  const byKind = new Map<DbKind, Compiled<Row>>();
  return async (ctx: { db: Kysely<Database>; kind: DbKind }, ...values: Args): Promise<Row[]> => {
    let compiled = byKind.get(ctx.kind);
    if (!compiled) {
      const slots = values.map((_, index) => new Slot(index)) as Args;
      compiled = build(ctx.db, ...slots).compile();
      const placed = new Set(compiled.parameters.filter((p): p is Slot => p instanceof Slot).map((slot) => slot.index));
      if (placed.size !== values.length) throw new Error(`compiledOnce: ${values.length - placed.size} of the values has no place in: ${compiled.sql}`);
      byKind.set(ctx.kind, compiled);
    }
    const parameters = compiled.parameters.map((p) => (p instanceof Slot ? values[p.index] : p));
    const { rows } = await ctx.db.executeQuery<Row>({ ...compiled, parameters } as CompiledQuery<Row>);
    return rows;
  };
}
