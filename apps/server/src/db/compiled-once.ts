import type { Compilable, CompiledQuery, Insertable, Kysely } from 'kysely';
import type { DbKind } from './dialect';
import type { Database } from './schema';

/*
 * Kysely builds a query anew on every call: each step copies and freezes its tree, and compiling
 * walks it. For the statement every signed-in request runs (the session behind a token) that
 * was some 20 µs, two thirds of what SQLite took to run it; a sale ran some forty such statements.
 * Here a statement is built and compiled once per dialect and shape, with stand-ins where its
 * values go, and each call runs the same SQL with the call's values in their places
 * (docs/decisions/0017-speed-on-the-wire-and-under-load.md, "Statements built once").
 *
 * A value may be a single value, a list (an IN-list) or a row (an object), or a list of rows (a
 * multi-row insert): its shape (how long each list is, which keys each row has) picks the
 * statement, so three lines and four are two statements, each built once. The builder must only
 * place the values, never look at them: nothing but the shape may choose the SQL.
 */

/** Shapes kept per statement: IN-lists of many lengths must not grow it without end; past this a shape is built for its call. */
const SHAPES_KEPT = 32;

/**
 * The SQL of every statement built here and kept, at most SHAPES_KEPT a statement: a bounded set, so
 * the tills' pool on PostgreSQL prepares these whatever their number of values (db/pg-prepared.ts).
 */
const builtTexts = new Set<string>();

/** Whether `sql` is a statement compiledOnce built and kept. */
export const isBuiltOnce = (sql: string): boolean => builtTexts.has(sql);

/** The rows of a multi-row insert into `table`, as a value of a statement built once. */
export type Rows<T extends keyof Database> = Insertable<Database[T]>[];

/** Where a call's value goes, while the statement is built. */
class Slot {
  constructor(readonly index: number) {}
}

type Compiled<Row> = { sql: string; parameters: readonly unknown[]; query: CompiledQuery<Row>['query']; queryId: CompiledQuery<Row>['queryId'] };

function isRow(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * The call's single values in order, into `flat`; returns the shape. A row's key whose value is
 * undefined is left out, as Kysely leaves it out of an insert.
 */
function flatten(value: unknown, flat: unknown[]): string {
  if (Array.isArray(value)) {
    let shape = '[';
    for (const item of value) shape += `${flatten(item, flat)},`;
    return `${shape}]`;
  }
  if (isRow(value)) {
    let shape = '{';
    for (const key in value) {
      if (value[key] !== undefined) shape += `${key}:${flatten(value[key], flat)},`;
    }
    return `${shape}}`;
  }
  flat.push(value);
  return '';
}

/** The same structure as `value`, with a stand-in for each single value, numbered as `flatten` lists them. */
function standIn(value: unknown, next: { index: number }): unknown {
  if (Array.isArray(value)) return value.map((item) => standIn(item, next));
  if (isRow(value)) {
    const row: Record<string, unknown> = {};
    for (const key in value) {
      if (value[key] !== undefined) row[key] = standIn(value[key], next);
    }
    return row;
  }
  return new Slot(next.index++);
}

/**
 * `build` receives stand-ins for the call's values, in order, and uses each as a value (where a
 * value of that type goes). The statement runs on the database it is called with; what it
 * returns is Kysely's result, as `execute()` would give.
 */
export function compiledOnce<Args extends unknown[], Row>(build: (db: Kysely<Database>, ...values: Args) => Compilable<Row>) {
  const byShape = new Map<string, Compiled<Row>>();
  return async (ctx: { db: Kysely<Database>; kind: DbKind }, ...values: Args): Promise<Row[]> => {
    const flat: unknown[] = [];
    let shape: string = ctx.kind;
    for (const value of values) shape += `|${flatten(value, flat)}`;
    let compiled = byShape.get(shape);
    if (!compiled) {
      const next = { index: 0 };
      const slots = values.map((value) => standIn(value, next)) as Args;
      compiled = build(ctx.db, ...slots).compile();
      const placed = new Set(compiled.parameters.filter((p): p is Slot => p instanceof Slot).map((slot) => slot.index));
      if (placed.size !== flat.length) throw new Error(`compiledOnce: ${flat.length - placed.size} of the values has no place in: ${compiled.sql}`);
      if (byShape.size < SHAPES_KEPT) {
        byShape.set(shape, compiled);
        builtTexts.add(compiled.sql);
      }
    }
    const parameters = compiled.parameters.map((p) => (p instanceof Slot ? flat[p.index] : p));
    const { rows } = await ctx.db.executeQuery<Row>({ ...compiled, parameters } as CompiledQuery<Row>);
    return rows;
  };
}

/** compiledOnce for a statement whose SQL the builder writes differently for each dialect: `build` is asked once per dialect. */
export function compiledPerKind<Args extends unknown[], Row>(build: (kind: DbKind) => (db: Kysely<Database>, ...values: Args) => Compilable<Row>) {
  const byKind = { sqlite: compiledOnce(build('sqlite')), postgres: compiledOnce(build('postgres')) };
  return (ctx: { db: Kysely<Database>; kind: DbKind }, ...values: Args): Promise<Row[]> => byKind[ctx.kind](ctx, ...values);
}
