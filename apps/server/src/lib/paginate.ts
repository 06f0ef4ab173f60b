import { sql, type SelectQueryBuilder } from 'kysely';
import type { ListMeta } from '@shop/contracts/common';

export interface Page<T> {
  rows: T[];
  meta: ListMeta;
}

/** Runs a filtered, ordered query for one page plus the total of the whole filtered set. */
export async function paginate<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>, page: number, perPage: number): Promise<Page<O>> {
  const total = await countRows(query);
  const rows = total === 0 ? [] : await query.limit(perPage).offset((page - 1) * perPage).execute();
  return { rows, meta: pageMeta(total, page, perPage) };
}

/** What a list answer says about its pages. */
export function pageMeta(total: number, page: number, perPage: number): ListMeta {
  return { total, per_page: perPage, current_page: page, last_page: Math.max(1, Math.ceil(total / perPage)) };
}

async function countRows<DB, TB extends keyof DB, O>(query: SelectQueryBuilder<DB, TB, O>): Promise<number> {
  const counted = await query
    .clearSelect()
    .clearOrderBy()
    .select(sql<number>`count(*)`.as('total'))
    .executeTakeFirst();
  return Number((counted as { total?: number } | undefined)?.total ?? 0);
}
