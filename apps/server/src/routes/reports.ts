import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { recordResponseSchema } from '@shop/contracts/common';
import { dashboardSchema, REPORT_FILES, stockReportQuerySchema, stockReportResponseSchema } from '@shop/contracts/report';
import { paymentTotalsQuerySchema, paymentTotalsResponseSchema } from '@shop/contracts/payment-totals';
import { saleListQuerySchema } from '@shop/contracts/sale';
import { supplyListQuerySchema } from '@shop/contracts/supply';
import { modifierSalesQuerySchema, modifierSalesResponseSchema } from '@shop/contracts/modifier';
import { FILE_COMPRESSION } from '../lib/compression';
import { actorOf } from '../plugins/auth';
import { getDashboard } from '../services/dashboard';
import { modifierSales } from '../services/modifier-report';
import { paymentTotals } from '../services/payment-totals';
import { exportPurchases, exportSaleLines, exportSales, exportStock } from '../services/report-export';
import { stockReport } from '../services/stock-report';

/** Reports need `reports:view`; without it a person sees their own sales on the orders screen. */
const reports = { access: 'reports:view' } as const;

/** A CSV download (its route compresses with FILE_COMPRESSION); `rows` (when known) goes in X-Total-Count, so the console can show how far it is. */
export function sendCsv(reply: FastifyReply, fileName: string, stream: Readable, rows?: number) {
  if (rows !== undefined) reply.header('x-total-count', rows);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(stream);
}

export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stock-report',
    {
      config: reports,
      schema: {
        tags: ['reports'],
        summary: 'Per product over [from, to]: opening, purchases, sales, adjustments, closing, weighted unit cost, valuation',
        querystring: stockReportQuerySchema,
        response: { 200: stockReportResponseSchema },
      },
    },
    async (request) => stockReport(app.reports, request.query),
  );

  app.get(
    '/stock-report/export',
    { config: reports, compress: FILE_COMPRESSION, schema: { tags: ['reports'], summary: `The whole filtered stock report as ${REPORT_FILES.stock}`, querystring: stockReportQuerySchema } },
    async (request, reply) => {
      const { rows, stream } = await exportStock(app.reports, request.query);
      return sendCsv(reply, REPORT_FILES.stock, stream, rows);
    },
  );

  app.get(
    '/sales/export',
    { config: reports, compress: FILE_COMPRESSION, schema: { tags: ['reports'], summary: `The whole filtered sales list as ${REPORT_FILES.sales}`, querystring: saleListQuerySchema } },
    async (request, reply) => {
      const { rows, stream } = await exportSales(app.reports, request.query, actorOf(request));
      return sendCsv(reply, REPORT_FILES.sales, stream, rows);
    },
  );

  app.get(
    '/sales/lines/export',
    { config: reports, compress: FILE_COMPRESSION, schema: { tags: ['reports'], summary: `The lines of the filtered sales, with their options, notes and discounts, as ${REPORT_FILES.saleLines}`, querystring: saleListQuerySchema } },
    async (request, reply) => {
      const { rows, stream } = await exportSaleLines(app.reports, request.query, actorOf(request));
      return sendCsv(reply, REPORT_FILES.saleLines, stream, rows);
    },
  );

  app.get(
    '/supplies/export',
    { config: reports, compress: FILE_COMPRESSION, schema: { tags: ['reports'], summary: `The whole filtered purchase list as ${REPORT_FILES.purchases}`, querystring: supplyListQuerySchema } },
    async (request, reply) => {
      const { rows, stream } = await exportPurchases(app.reports, request.query);
      return sendCsv(reply, REPORT_FILES.purchases, stream, rows);
    },
  );

  app.get(
    '/reports/payments',
    {
      config: reports,
      schema: {
        tags: ['reports'],
        summary: 'Per payment method and currency over [from, to]: payments, settlements and change on their day, less refunds on theirs',
        querystring: paymentTotalsQuerySchema,
        response: { 200: paymentTotalsResponseSchema },
      },
    },
    async (request) => ({ data: await paymentTotals(app.reports, request.query), meta: { from: request.query.from ?? null, to: request.query.to ?? null } }),
  );

  app.get(
    '/reports/modifiers',
    {
      config: reports,
      schema: {
        tags: ['reports'],
        summary: 'Per modifier option over [from, to] (default the last 30 days): units sold with it and what it brought, most sold first',
        querystring: modifierSalesQuerySchema,
        response: { 200: modifierSalesResponseSchema },
      },
    },
    async (request) => ({ data: await modifierSales(app.reports, request.query) }),
  );

  app.get(
    '/dashboard',
    { config: reports, schema: { tags: ['reports'], summary: 'Cards, the year by month, top sellers, low stock and expiring batches', response: { 200: recordResponseSchema(dashboardSchema) } } },
    async () => ({ data: await getDashboard(app.reports) }),
  );
};
