import type { UserListQuery } from '@shop/contracts/user';
import { containsInsensitive } from '../db/dialect';
import { paginate } from '../lib/paginate';
import type { ServiceContext } from './context';
import { toUser } from './users';

export async function listUsers(ctx: ServiceContext, query: UserListQuery) {
  let select = ctx.db.selectFrom('users').selectAll().orderBy('name').orderBy('id');
  if (query.q) {
    const q = query.q;
    select = select.where((eb) =>
      eb.or([containsInsensitive(ctx.kind, eb.ref('name'), q), containsInsensitive(ctx.kind, eb.ref('email'), q)]),
    );
  }
  if (query.role) select = select.where('role', '=', query.role);
  const page = await paginate(select, query.page, query.per_page);
  return { data: page.rows.map(toUser), meta: page.meta };
}
