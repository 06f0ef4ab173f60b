import type { ListQuery } from '@shop/contracts/common';
import { CUSTOMER_MESSAGES, type Customer, type customerInputSchema } from '@shop/contracts/customer';
import type { z } from 'zod';
import { containsInsensitive } from '../db/dialect';
import type { CustomersTable } from '../db/schema';
import { sql, type Selectable } from 'kysely';
import { fromCents } from '@shop/contracts/money';
import { conflict, notFound } from '../lib/errors';
import { paginate } from '../lib/paginate';
import type { Actor, ServiceContext } from './context';
import { auditedWrite } from './write';

type CustomerInput = z.output<typeof customerInputSchema>;

const toCustomer = ({ owed_cents, ...row }: Selectable<CustomersTable> & { owed_cents: number | string | null }): Customer => ({
  ...row,
  balance_owing: fromCents(Number(owed_cents ?? 0)),
});

/** Customers with what they still owe on sales left partly unpaid (docs/decisions/0010-payments-in-dollars-and-riel.md). */
function selectCustomers(ctx: ServiceContext) {
  return ctx.db
    .selectFrom('customers')
    .selectAll('customers')
    .select((eb) =>
      eb
        .selectFrom('sales')
        .select(sql<number>`coalesce(sum(sales.total_cents - sales.paid_cents), 0)`.as('owed'))
        .whereRef('sales.customer_id', '=', 'customers.id')
        .where('sales.status', '=', 'Partial')
        .as('owed_cents'),
    );
}

export async function listCustomers(ctx: ServiceContext, query: ListQuery) {
  let select = selectCustomers(ctx).orderBy('id', 'desc');
  if (query.q) {
    const q = query.q;
    select = select.where((eb) =>
      eb.or(
        (['name', 'email', 'phone', 'company'] as const).map((column) => containsInsensitive(ctx.kind, eb.ref(column), q)),
      ),
    );
  }
  const page = await paginate(select, query.page, query.per_page);
  return { data: page.rows.map(toCustomer), meta: page.meta };
}

export async function getCustomer(ctx: ServiceContext, id: number): Promise<Customer> {
  const row = await selectCustomers(ctx).where('customers.id', '=', id).executeTakeFirst();
  if (!row) throw notFound(CUSTOMER_MESSAGES.notFound);
  return toCustomer(row);
}

async function assertEmailFree(ctx: ServiceContext, email: string, exceptId?: number) {
  let query = ctx.db.selectFrom('customers').select('id').where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()));
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  if (await query.executeTakeFirst()) throw conflict(CUSTOMER_MESSAGES.emailTaken, { field: 'email' });
}

const auditInfo = { entity: 'customer', conflictMessage: CUSTOMER_MESSAGES.emailTaken, conflictField: 'email' };

export function createCustomer(ctx: ServiceContext, input: CustomerInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'create', ...auditInfo }, async (tx) => {
    await assertEmailFree(tx, input.email);
    const now = tx.clock.now().toISOString();
    const { id } = await tx.db.insertInto('customers').values({ ...input, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
    const result = await getCustomer(tx, id);
    return { id, after: result, result };
  });
}

export function updateCustomer(ctx: ServiceContext, id: number, input: CustomerInput, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'update', ...auditInfo }, async (tx) => {
    const before = await getCustomer(tx, id);
    await assertEmailFree(tx, input.email, id);
    await tx.db.updateTable('customers').set({ ...input, updated_at: tx.clock.now().toISOString() }).where('id', '=', id).execute();
    const result = await getCustomer(tx, id);
    return { id, before, after: result, result };
  });
}

export function deleteCustomer(ctx: ServiceContext, id: number, actor: Actor) {
  return auditedWrite(ctx, actor, { action: 'delete', ...auditInfo }, async (tx) => {
    const before = await getCustomer(tx, id);
    if (before.balance_owing > 0) throw conflict(CUSTOMER_MESSAGES.owes(before.name));
    await tx.db.deleteFrom('customers').where('id', '=', id).execute();
    return { id, before, result: undefined };
  });
}
