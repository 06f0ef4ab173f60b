import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { approvalInputSchema, approvalSchema, approverSchema, approversQuerySchema, APPROVAL_MESSAGES } from '@shop/contracts/approval';
import { actorOf } from '../plugins/auth';
import { grantApproval, listApprovers } from '../services/approvals';

/**
 * A Manager's approval at the till (docs/decisions/0011-manager-approvals.md): whoever can sell
 * may ask; the approver's PIN is what grants it.
 */
export const approvalRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['approvals'];
  const config = { access: 'sales:create' } as const;

  app.get(
    '/approvers',
    {
      config,
      schema: { tags, summary: 'Who can approve a permission at the till (those with a till PIN)', querystring: approversQuerySchema, response: { 200: z.object({ data: z.array(approverSchema) }) } },
    },
    async (request) => ({ data: await listApprovers(app.services, request.query.permission) }),
  );

  app.post(
    '/approvals',
    {
      config,
      schema: {
        tags,
        summary: "A Manager's approval by PIN: a token for one permission, good for 10 minutes, sent as approval_token",
        description: 'A few wrong PINs lock that approver’s PIN for a while (429 with Retry-After).',
        body: approvalInputSchema,
        response: { 201: z.object({ data: approvalSchema, message: z.string() }) },
      },
    },
    async (request, reply) =>
      reply.code(201).send({ data: await grantApproval(app.services, request.body, actorOf(request)), message: APPROVAL_MESSAGES.approved }),
  );
};
