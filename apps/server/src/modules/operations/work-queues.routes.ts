import {
  documentViewBodySchema,
  fundingActions,
  identityRevealBodySchema,
  pageQuerySchema,
  reasonBodySchema,
  refuseIdentityBodySchema,
  transferActions,
  verifyIdentityBodySchema,
} from '@portal/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import type { DocumentVerificationProvider } from '../../providers/document-verification/document-verification-provider.ts';
import type { BankClock } from '../../providers/sandbox-bank/bank-clock.ts';
import { contentDisposition } from '../documents/documents.routes.ts';
import { identityCase, revealIdentityField } from './identity-case.ts';
import { runOperations } from './operations-refusal.ts';
import {
  actOnFunding,
  actOnTransfer,
  documentForStaff,
  refuseIdentity,
  verifyIdentity,
  type WorkDeps,
} from './operations-work.ts';
import { pepFormFileName, renderPepForm } from './pep-form.pdf.ts';
import {
  assertPepFormDue,
  pepFormOf,
  submitPepAnswers,
  submitPepUpload,
  type PepFormDeps,
} from './pep-form.service.ts';
import { fundingQueue, identityQueue, pepFormQueue, queueCounts } from './work-queues.ts';
import { keptVendorEventQueue, resolveKeptVendorEvent } from './kept-vendor-events.ts';

const tags = ['operations'];
const security = [{ bearer: [] }];

export interface WorkQueuesOptions {
  publicUrl: string;
  /** The bank's today for funding retries (the sandbox bank's clock in sandbox mode). */
  clock?: BankClock;
  /** The photo-ID vendor, told to forget a check once staff decide it (issue 34). */
  documentVerification?: DocumentVerificationProvider;
}

/**
 * Staff's queues besides applications (issue 16; ADR 0023): counts, identity, funding and
 * transfers, PEP/HIO forms, documents inline. Staff only: the guard runs on request, so any
 * other caller gets 404 before their input is even read.
 */
const staffWorkRoutes: FastifyPluginAsyncZod<WorkQueuesOptions> = async (app, options) => {
  app.addHook('onRequest', app.requireRoleOr404('staff'));
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const deps = (): WorkDeps => ({
    db: app.db,
    cipher: app.cipher,
    publicUrl: options.publicUrl,
    ...(options.clock && { clock: options.clock }),
    ...(options.documentVerification && { documentVerification: options.documentVerification }),
  });

  app.get(
    '/ops/queues',
    { schema: { tags, security, summary: 'How many items wait in each queue' } },
    async () => queueCounts(app.db),
  );

  app.get(
    '/ops/identity',
    {
      schema: {
        tags,
        security,
        summary:
          'Identity attempts sent for review (two documents, manual, photo ID the vendor left to us), oldest first',
        querystring: pageQuerySchema,
      },
    },
    async (request) => identityQueue(app.db, app.cipher, request.query, callerOf(request).id),
  );

  const attemptParams = z.object({ attemptId: z.uuid() });
  app.get(
    '/ops/identity/:attemptId',
    {
      schema: {
        tags,
        security,
        summary:
          "An identity attempt sent for review, with a photo ID's check (its reports, the document read, its number masked)",
        params: attemptParams,
      },
    },
    async (request, reply) =>
      runOperations(request, reply, () =>
        identityCase(app.db, app.cipher, callerOf(request).id, request.params.attemptId),
      ),
  );
  app.post(
    '/ops/identity/:attemptId/reveal',
    {
      schema: {
        tags,
        security,
        summary:
          'Reveals the number of a photo ID under review (claim required; the field and the reason are audited, never the value)',
        params: attemptParams,
        body: identityRevealBodySchema,
      },
    },
    async (request, reply) =>
      runOperations(request, reply, () =>
        revealIdentityField(deps(), callerOf(request).id, request.params.attemptId, request.body),
      ),
  );
  app.post(
    '/ops/identity/:attemptId/verify',
    {
      schema: {
        tags,
        security,
        summary: "Verifies a person's identity from the documents they sent (claim required)",
        params: attemptParams,
        body: verifyIdentityBodySchema,
      },
    },
    async (request, reply) =>
      runOperations(request, reply, () =>
        verifyIdentity(
          { ...deps(), log: request.log },
          callerOf(request).id,
          request.params.attemptId,
          request.body,
        ),
      ),
  );
  app.post(
    '/ops/identity/:attemptId/refuse',
    {
      schema: {
        tags,
        security,
        summary: "Refuses a person's identity documents (claim required)",
        params: attemptParams,
        body: refuseIdentityBodySchema,
      },
    },
    async (request, reply) =>
      runOperations(request, reply, () =>
        refuseIdentity(
          { ...deps(), log: request.log },
          callerOf(request).id,
          request.params.attemptId,
          request.body,
        ),
      ),
  );

  app.get(
    '/ops/funding',
    {
      schema: {
        tags,
        security,
        summary:
          'Funding requests and transfers rejected by the bank or the delivering institution, or set aside by a job',
        querystring: pageQuerySchema,
      },
    },
    async (request) => fundingQueue(app.db, request.query, callerOf(request).id),
  );
  app.post(
    '/ops/funding/:requestId/:action',
    {
      schema: {
        tags,
        security,
        summary: 'Retries or declines a funding request (claim required; 409 while a job moves it)',
        params: z.object({ requestId: z.uuid(), action: z.enum(fundingActions) }),
        body: reasonBodySchema,
      },
    },
    async (request, reply) =>
      runOperations(request, reply, () =>
        actOnFunding(
          deps(),
          callerOf(request).id,
          request.params.requestId,
          request.params.action,
          request.body.reason,
        ),
      ),
  );
  app.post(
    '/ops/transfers/:transferId/:action',
    {
      schema: {
        tags,
        security,
        summary: 'Resubmits or closes a transfer (claim required; 409 while a job moves it)',
        params: z.object({ transferId: z.uuid(), action: z.enum(transferActions) }),
        body: reasonBodySchema,
      },
    },
    async (request, reply) =>
      runOperations(request, reply, () =>
        actOnTransfer(
          deps(),
          callerOf(request).id,
          request.params.transferId,
          request.params.action,
          request.body.reason,
        ),
      ),
  );

  app.get(
    '/ops/pepForms',
    {
      schema: {
        tags,
        security,
        summary: 'Applications with a PEP/HIO form due, soonest due first, restricted flagged',
        querystring: pageQuerySchema,
      },
    },
    async (request) => pepFormQueue(app.db, request.query),
  );

  app.get(
    '/ops/vendorEvents',
    {
      schema: {
        tags,
        security,
        summary: 'Signed vendor events kept for staff (unusable, unknown reference), oldest first',
        querystring: pageQuerySchema,
      },
    },
    async (request) => keptVendorEventQueue(app.db, app.cipher, request.query),
  );

  app.post(
    '/ops/vendorEvents/:role/:eventId/resolve',
    {
      schema: {
        tags,
        security,
        summary: 'Marks a kept vendor event as dealt with; 404 when none waits',
        params: z.object({ role: z.string().min(1).max(100), eventId: z.string().min(1).max(200) }),
      },
    },
    async (request, reply) => {
      const resolved = await resolveKeptVendorEvent(app.db, {
        ...request.params,
        staffId: callerOf(request).id,
      });
      if (!resolved) return reply.code(404).send({ errorCode: 'notFound', message: 'Not found.' });
      return resolved;
    },
  );

  app.post(
    '/ops/documents/:documentId/view',
    {
      schema: {
        tags,
        security,
        summary:
          'A document, inline, under the claim of the item it belongs to (its viewing and the reason are audited)',
        params: z.object({ documentId: z.uuid() }),
        body: documentViewBodySchema,
      },
    },
    async (request, reply) =>
      runOperations(request, reply, async () => {
        const document = await documentForStaff(
          deps(),
          callerOf(request).id,
          request.params.documentId,
          request.body,
        );
        return (
          reply
            .type(document.contentType)
            .header('content-disposition', contentDisposition(document.fileName))
            .header('x-content-type-options', 'nosniff')
            // Whatever the file holds, it runs nothing in the console's origin.
            .header('content-security-policy', 'sandbox')
            .send(document.content)
        );
      }),
  );
};

/**
 * The applicant's side of the PEP/HIO form (issue 16; spec section 9): its status, the answers
 * on screen, the completed PDF uploaded, the blank bilingual PDF. The owner or the joint
 * applicant only; anyone else 404.
 */
const pepFormRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    await app.requireUser(request, reply);
    if (!request.user) return reply;
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const deps = (): PepFormDeps => ({ db: app.db, cipher: app.cipher });
  const params = z.object({ id: z.uuid() });
  const ptags = ['applications'];

  app.get(
    '/applications/:id/pepForm',
    { schema: { tags: ptags, security, summary: 'The PEP/HIO form due, if any', params } },
    async (request, reply) =>
      runOperations(request, reply, () =>
        pepFormOf(deps(), callerOf(request).id, request.params.id),
      ),
  );
  app.put(
    '/applications/:id/pepForm',
    {
      schema: {
        tags: ptags,
        security,
        summary: 'The PEP/HIO form answered on screen',
        params,
        // Checked by the service against who must answer (packages/domain pep-form.ts).
        body: z.unknown(),
      },
    },
    async (request, reply) =>
      runOperations(request, reply, () =>
        submitPepAnswers(deps(), callerOf(request).id, request.params.id, request.body),
      ),
  );
  app.post(
    '/applications/:id/pepForm/upload',
    {
      schema: {
        tags: ptags,
        security,
        summary: 'The completed PEP/HIO form, as a document uploaded to the application',
        params,
        body: z.object({ documentId: z.uuid() }),
      },
    },
    async (request, reply) =>
      runOperations(request, reply, () =>
        submitPepUpload(deps(), callerOf(request).id, request.params.id, request.body.documentId),
      ),
  );
  app.get(
    '/applications/:id/pepForm/pdf',
    { schema: { tags: ptags, security, summary: 'The blank bilingual PEP/HIO form', params } },
    async (request, reply) =>
      runOperations(request, reply, async () => {
        await assertPepFormDue(app.db, callerOf(request).id, request.params.id);
        const bytes = await renderPepForm(new Date());
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            contentDisposition(pepFormFileName).replace(/^inline;/, 'attachment;'),
          )
          .header('x-content-type-options', 'nosniff')
          .send(Buffer.from(bytes));
      }),
  );
};

/** Both, registered by operations.plugin.ts with one line. */
export const workQueuesRoutes: FastifyPluginAsyncZod<WorkQueuesOptions> = async (app, options) => {
  await app.register(staffWorkRoutes, options);
  await app.register(pepFormRoutes);
};
