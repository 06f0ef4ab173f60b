import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, listResponseSchema, recordResponseSchema, type ListMeta } from '@shop/contracts/common';
import type { Access, Permission } from '@shop/contracts/permissions';
import { actorOf } from '../plugins/auth';
import type { Actor, ServiceContext } from '../services/context';

/** The five calls of a list-and-form resource, each a thin shell over its service. */
export interface CrudResource<Query extends z.ZodType, Input extends z.ZodType, Item extends z.ZodType> {
  path: string;
  tag: string;
  noun: string;
  listQuery: Query;
  input: Input;
  item: Item;
  /** Who may list and read; every signed-in user when left out. */
  readAccess?: Access;
  /** Who may create, update and delete. */
  writeAccess: Permission;
  /** Who may create, when wider than writeAccess (Staff adding a customer at the till). */
  createAccess?: Permission;
  /** Lists that scan a large table read through `app.lists`: off the main thread (SQLite), or a pool of their own (PostgreSQL). */
  listOffMainThread?: boolean;
  list(ctx: ServiceContext, query: z.output<Query>): Promise<{ data: z.output<Item>[]; meta: ListMeta }>;
  get(ctx: ServiceContext, id: number): Promise<z.output<Item>>;
  create(ctx: ServiceContext, input: z.output<Input>, actor: Actor): Promise<z.output<Item>>;
  update(ctx: ServiceContext, id: number, input: z.output<Input>, actor: Actor): Promise<z.output<Item>>;
  remove(ctx: ServiceContext, id: number, actor: Actor): Promise<void>;
}

export function crudRoutes<Query extends z.ZodType, Input extends z.ZodType, Item extends z.ZodType>(
  resource: CrudResource<Query, Input, Item>,
): FastifyPluginAsyncZod {
  const { path, tag, noun } = resource;
  return async (zodApp) => {
    // The zod provider cannot resolve types through these generics; the schemas below still
    // validate every request and response at run time, and the services are typed.
    const app = zodApp as unknown as FastifyInstance;
    const idOf = (request: FastifyRequest) => (request.params as z.output<typeof idParamsSchema>).id;
    const queryOf = (request: FastifyRequest) => request.query as z.output<Query>;
    const bodyOf = (request: FastifyRequest) => request.body as z.output<Input>;

    const read = { access: resource.readAccess ?? 'signed-in' } as const;
    const write = { access: resource.writeAccess } as const;

    app.get(
      path,
      { config: read, schema: { tags: [tag], summary: `List ${noun}s`, querystring: resource.listQuery, response: { 200: listResponseSchema(resource.item) } } },
      async (request) => resource.list(resource.listOffMainThread ? app.lists : app.services, queryOf(request)),
    );

    app.get(
      `${path}/:id`,
      { config: read, schema: { tags: [tag], summary: `One ${noun}`, params: idParamsSchema, response: { 200: recordResponseSchema(resource.item) } } },
      async (request) => ({ data: await resource.get(app.services, idOf(request)) }),
    );

    app.post(
      path,
      {
        config: { access: resource.createAccess ?? resource.writeAccess },
        schema: { tags: [tag], summary: `Create a ${noun}`, body: resource.input, response: { 201: recordResponseSchema(resource.item) } },
      },
      async (request, reply) => {
        const data = await resource.create(app.services, bodyOf(request), actorOf(request));
        return reply.status(201).send({ data });
      },
    );

    app.put(
      `${path}/:id`,
      {
        config: write,
        schema: {
          tags: [tag],
          summary: `Replace a ${noun}`,
          params: idParamsSchema,
          body: resource.input,
          response: { 200: recordResponseSchema(resource.item) },
        },
      },
      async (request) => ({ data: await resource.update(app.services, idOf(request), bodyOf(request), actorOf(request)) }),
    );

    app.delete(
      `${path}/:id`,
      {
        config: write,
        schema: { tags: [tag], summary: `Delete a ${noun}`, params: idParamsSchema, response: { 204: z.null().describe('Deleted') } },
      },
      async (request, reply) => {
        await resource.remove(app.services, idOf(request), actorOf(request));
        return reply.status(204).send();
      },
    );
  };
}
