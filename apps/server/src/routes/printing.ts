import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, recordResponseSchema } from '@shop/contracts/common';
import { PRINT_MESSAGES } from '@shop/contracts/print-messages';
import { labelPrintInputSchema, printJobListQuerySchema, printJobListResponseSchema, printJobReportSchema, printJobSchema, salePrintInputSchema } from '@shop/contracts/print-job';
import { actorOf } from '../plugins/auth';
import { listPrintJobs, printLabels, printSaleReceipt, printTestPage, reportPrintJob, retryPrintJob } from '../services/printing/jobs';

/**
 * Printing (docs/decisions/0015-printing.md): test pages, receipts and labels sent through the
 * server to network printers, answered with the job and how it ended (200 whether it printed or
 * not: a printer that is off is the job's result, not a bad request); the jobs' list and retry.
 */
export const printingRoutes: FastifyPluginAsyncZod = async (app) => {
  const jobAnswer = z.object({ data: printJobSchema, message: z.string() });
  const answer = (job: z.infer<typeof printJobSchema>, printed: string = PRINT_MESSAGES.printed) => ({ data: job, message: job.status === 'printed' ? printed : (job.error ?? PRINT_MESSAGES.failed) });

  app.get(
    '/print-jobs',
    { config: { access: 'signed-in' }, schema: { tags: ['printing'], summary: 'Print jobs, newest first: what, where, when and how it ended', querystring: printJobListQuerySchema, response: { 200: printJobListResponseSchema } } },
    async (request) => listPrintJobs(app.services, request.query),
  );
  app.post(
    '/print-jobs',
    { config: { access: 'sales:create' }, schema: { tags: ['printing'], summary: 'Record a slip a till printed on its own USB or serial printer', body: printJobReportSchema, response: { 201: recordResponseSchema(printJobSchema) } } },
    async (request, reply) => reply.status(201).send({ data: await reportPrintJob(app.services, request.body, actorOf(request)) }),
  );
  app.post(
    '/print-jobs/:id/retry',
    { config: { access: 'sales:create' }, schema: { tags: ['printing'], summary: 'Send a failed job again (it prints once, however often this is asked)', params: idParamsSchema, response: { 200: jobAnswer } } },
    async (request) => answer(await retryPrintJob(app.services, request.params.id)),
  );
  app.post(
    '/printers/:id/test',
    {
      config: { access: 'settings:manage' },
      schema: { tags: ['printing'], summary: 'Print the test page on a network printer (Khmer and English lines, a QR, a barcode)', params: z.object({ id: z.string().trim().min(1).max(60) }), response: { 200: jobAnswer } },
    },
    async (request) => answer(await printTestPage(app.services, request.params.id, actorOf(request)), PRINT_MESSAGES.testPrinted),
  );
  app.post(
    '/sales/:id/print',
    { config: { access: 'sales:create' }, schema: { tags: ['printing'], summary: "Print a sale's receipt (the till's printer unless one is named; copy marks a reprint)", params: idParamsSchema, body: salePrintInputSchema, response: { 200: jobAnswer } } },
    async (request) => answer(await printSaleReceipt(app.services, request.params.id, request.body, actorOf(request))),
  );
  app.post(
    '/labels/print',
    { config: { access: 'labels:print' }, schema: { tags: ['printing'], summary: 'Print price labels with barcodes on a network Label printer', body: labelPrintInputSchema, response: { 200: jobAnswer } } },
    async (request) => answer(await printLabels(app.services, request.body, actorOf(request))),
  );
};
