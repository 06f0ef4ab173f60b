import type { ListQuery } from '@shop/contracts/common';
import { CUSTOMER_MESSAGES, type Customer, type customerInputSchema } from '@shop/contracts/customer';
import type { z } from 'zod';
import { containsInsensitive } from '../db/dialect';
import type { CustomersTable } from '../db/schema';
import type { Selectable } from 'kysely';
import { conflict, notFound } from '../lib/errors';
import { paginate } from '../lib/paginate';
import type { Actor, ServiceContext } from './context';
import { auditedWrite } from './write';

type CustomerInput = z.output<typeof customerInputSchema>;

const toCustomer = (row: Selectable<CustomersTable>): Customer => ({ ...row });

export async function listCustomers(ctx: ServiceContext, query: ListQuery) {
  let select = ctx.db.selectFrom('customers').selectAll().orderBy('id', 'desc');
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
  const row = await ctx.db.selectFrom('customers').selectAll().where('id', '=', id).executeTakeFirst();
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
    await tx.db.deleteFrom('customers').where('id', '=', id).execute();
    return { id, before, result: undefined };
  });
}
