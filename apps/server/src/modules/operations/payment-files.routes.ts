import { isIsoDate } from '@portal/domain/calendar/iso-date';
import { pageQuerySchema, reasonBodySchema } from '@portal/domain/operations/operations-api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { answerLanguageOf, callerOf } from '../../plugins/auth.ts';
import { reconciliationReport } from '../payment-files/reconciliation.ts';
import { runOperations } from './operations-refusal.ts';
import { refusePaymentFile, releaseRifPayout } from './payment-files-actions.ts';
import {
  heldRifPayouts,
  paymentFileDetail,
  paymentFilePage,
  paymentReturnDetail,
  paymentReturnPage,
} from './payment-files-console.ts';

const tags = ['operations'];
const security = [{ bearer: [] }];

/**
 * The payment files in the operations console (issue 35; packages/domain payment-files-api.ts):
 * the files and their items, the returns read from the bank, the RRIF payouts held for a person
 * and the day's reconciliation; recording a file the bank refused and releasing a held payout,
 * both audited. Staff only: the guard runs on request, so anyone else gets 404 before their
 * input is even read.
 */
export const paymentFilesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireRoleOr404('staff'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const deps = () => ({ db: app.db });

  app.get(
    '/ops/paymentFiles',
    {
      schema: {
        tags,
        security,
        summary: 'The payment files written for the bank, newest business day first',
        querystring: pageQuerySchema,
      },
    },
    async (request) => paymentFilePage(app.db, request.query),
  );

  const fileParams = z.object({ fileId: z.uuid() });
  app.get(
    '/ops/paymentFiles/:fileId',
    {
      schema: {
        tags,
        security,
        summary: 'A payment file with every item it carried, their statuses and return codes',
        params: fileParams,
      },
    },
    async (request, reply) =>
      runOperations(request, reply, () => paymentFileDetail(app.db, request.params.fileId)),
  );
  app.post(
    '/ops/paymentFiles/:fileId/refused',
    {
      schema: {
        tags,
        security,
        summary:
          'Records that the bank refused a whole file: its payments go in the next file, their journals are reversed (audited; 409 once an item settled or came back)',
        params: fileParams,
        body: reasonBodySchema,
      },
    },
    async (request, reply) =>
      runOperations(request, reply, () =>
        refusePaymentFile(
          deps(),
          callerOf(request).id,
          request.params.fileId,
          request.body.reason,
          request.log,
        ),
      ),
  );

  app.get(
    '/ops/paymentReturns',
    {
      schema: {
        tags,
        security,
        summary: 'The return files read from the bank, latest first',
        querystring: pageQuerySchema,
      },
    },
    async (request) => paymentReturnPage(app.db, request.query),
  );
  app.get(
    '/ops/paymentReturns/:returnFileId',
    {
      schema: {
        tags,
        security,
        summary: 'A return file with each returned item and what became of it',
        params: z.object({ returnFileId: z.uuid() }),
      },
    },
    async (request, reply) =>
      runOperations(request, reply, () => paymentReturnDetail(app.db, request.params.returnFileId)),
  );

  app.get(
    '/ops/rifPayouts/held',
    {
      schema: {
        tags,
        security,
        summary: 'The RRIF payouts held for a person, soonest due first',
      },
    },
    async () => heldRifPayouts(app.db),
  );
  app.post(
    '/ops/rifPayouts/:payoutId/release',
    {
      schema: {
        tags,
        security,
        summary: 'Lets a held RRIF payout go: the next cut-off files it (audited)',
        params: z.object({ payoutId: z.uuid() }),
        body: reasonBodySchema,
      },
    },
    async (request, reply) =>
      runOperations(request, reply, () =>
        releaseRifPayout(
          deps(),
          callerOf(request).id,
          request.params.payoutId,
          request.body.reason,
        ),
      ),
  );

  app.get(
    '/ops/reconciliation',
    {
      schema: {
        tags,
        security,
        summary:
          "A business day's payment files against their items and the ledger, the returns read that day, and each disagreement in words",
        querystring: z.object({ day: z.string().refine(isIsoDate, { message: 'invalid' }) }),
      },
    },
    async (request) => reconciliationReport(app.db, request.query.day, answerLanguageOf(request)),
  );
};
