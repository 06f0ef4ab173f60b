import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, listResponseSchema, recordResponseSchema } from '@shop/contracts/common';
import { journalVerifySchema } from '@shop/contracts/journal';
import {
  currentShiftQuerySchema,
  movementInputSchema,
  movementSchema,
  SHIFT_MESSAGES,
  shiftCloseSchema,
  shiftListQuerySchema,
  shiftOpenSchema,
  shiftReportSchema,
  shiftSchema,
  zCode,
} from '@shop/contracts/shift';
import { TILL_MESSAGES, tillInputSchema, tillSchema } from '@shop/contracts/till';
import { actorOf } from '../plugins/auth';
import { verifyJournal } from '../services/journal';
import { exportShiftReport } from '../services/report-export';
import { closeShift, currentShift, listShifts, openShift, recordDrawerMovement, shiftReport } from '../services/shifts';
import { createTill, listTills, updateTill } from '../services/tills';
import { idempotencyHeaders, keyOf, sendAnswer } from './idempotent';
import { sendCsv } from './reports';
import { FILE_COMPRESSION } from '../lib/compression';

/**
 * Tills, shifts and the journal (docs/decisions/0012-tills-shifts-and-the-journal.md). Whoever
 * sells opens, moves cash in and closes a shift at their till; the services narrow what a person
 * without `shifts:manage` sees and closes.
 */
export const shiftRoutes: FastifyPluginAsyncZod = async (app) => {
  const sell = { access: 'sales:create' } as const;
  const admin = { access: 'settings:manage' } as const;

  app.get(
    '/tills',
    { config: sell, schema: { tags: ['tills'], summary: "The shop's tills, each with its open shift", response: { 200: z.object({ data: z.array(tillSchema) }) } } },
    async () => ({ data: await listTills(app.services) }),
  );
  app.post(
    '/tills',
    { config: admin, schema: { tags: ['tills'], summary: 'Add a till', body: tillInputSchema, response: { 201: z.object({ data: tillSchema, message: z.string() }) } } },
    async (request, reply) => reply.code(201).send({ data: await createTill(app.services, request.body, actorOf(request)), message: TILL_MESSAGES.created }),
  );
  app.put(
    '/tills/:id',
    {
      config: admin,
      schema: { tags: ['tills'], summary: 'Rename a till, set its printer, switch it off or on', params: idParamsSchema, body: tillInputSchema, response: { 200: z.object({ data: tillSchema, message: z.string() }) } },
    },
    async (request) => ({ data: await updateTill(app.services, request.params.id, request.body, actorOf(request)), message: TILL_MESSAGES.updated }),
  );

  app.get(
    '/shifts',
    {
      config: sell,
      schema: { tags: ['shifts'], summary: 'Shifts, newest first (without shifts:manage, the ones you opened or closed)', querystring: shiftListQuerySchema, response: { 200: listResponseSchema(shiftSchema) } },
    },
    async (request) => listShifts(app.services, request.query, actorOf(request)),
  );
  app.post(
    '/shifts',
    {
      config: sell,
      schema: { tags: ['shifts'], summary: 'Open a shift at a till with its float counted per currency', body: shiftOpenSchema, response: { 201: z.object({ data: shiftSchema, message: z.string() }) } },
    },
    async (request, reply) => reply.code(201).send({ data: await openShift(app.services, request.body, actorOf(request)), message: SHIFT_MESSAGES.opened }),
  );
  app.get(
    '/shifts/current',
    { config: sell, schema: { tags: ['shifts'], summary: "A till's open shift, or null", querystring: currentShiftQuerySchema, response: { 200: z.object({ data: shiftSchema.nullable() }) } } },
    async (request) => ({ data: await currentShift(app.services, request.query.till_id) }),
  );
  app.post(
    '/shifts/:id/movements',
    {
      config: sell,
      schema: {
        tags: ['shifts'],
        summary: 'Pay cash in or out with a reason, or record the drawer opened without a sale',
        headers: idempotencyHeaders,
        params: idParamsSchema,
        body: movementInputSchema,
        response: { 201: z.object({ data: movementSchema, message: z.string() }) },
      },
    },
    async (request, reply) => sendAnswer(reply, await recordDrawerMovement(app.services, request.params.id, request.body, actorOf(request), keyOf(request))),
  );
  app.get(
    '/shifts/:id/report',
    {
      config: sell,
      schema: { tags: ['shifts'], summary: 'The X-report of an open shift, or the Z-report of a closed one', params: idParamsSchema, response: { 200: recordResponseSchema(shiftReportSchema) } },
    },
    async (request) => ({ data: await shiftReport(app.services, request.params.id, actorOf(request)) }),
  );
  app.get(
    '/shifts/:id/report.csv',
    { config: sell, compress: FILE_COMPRESSION, schema: { tags: ['shifts'], summary: 'The X- or Z-report as CSV', params: idParamsSchema } },
    async (request, reply) => {
      const report = await shiftReport(app.services, request.params.id, actorOf(request));
      const name = report.shift.z_number === null ? `x-report-shift-${report.shift.id}.csv` : `${zCode(report.shift.z_number).toLowerCase()}.csv`;
      return sendCsv(reply, name, exportShiftReport(report));
    },
  );
  app.post(
    '/shifts/:id/close',
    {
      config: sell,
      schema: {
        tags: ['shifts'],
        summary: 'Close a shift with the cash counted per currency; answers its Z-report',
        description:
          "A count off by more than Settings → Shifts → maxDifference needs shifts:manage or an approval_token for it, and a note: without them, 409 with code difference_needs_approval and the drawer's figures.",
        params: idParamsSchema,
        body: shiftCloseSchema,
        response: { 200: z.object({ data: shiftReportSchema, message: z.string() }) },
      },
    },
    async (request) => ({ data: await closeShift(app.services, request.params.id, request.body, actorOf(request)), message: SHIFT_MESSAGES.closed }),
  );

  app.get(
    '/journal/verify',
    { config: admin, schema: { tags: ['journal'], summary: 'Walk the hash chain of sales, refunds, payments, drawer movements and Z-reports', response: { 200: recordResponseSchema(journalVerifySchema) } } },
    async () => ({ data: await verifyJournal(app.services) }),
  );
};
