import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '@portal/domain';
import { bankAccountSources } from '@portal/domain/enums/funding';
import { z } from 'zod';
import { readMultipartForm, type MultipartFormShape } from '../../lib/refusals/multipart-form.ts';
import { refusalRunner, type RefusalTexts } from '../../lib/refusals/refusal.ts';
import { answerLanguageOf, callerOf, signedInAndUncached } from '../../plugins/auth.ts';
import type { BankClock } from '../../providers/sandbox-bank/bank-clock.ts';
import { contentDisposition } from '../documents/documents.routes.ts';
import {
  adminAccountFor,
  adminAccountsFor,
  agreementOf,
  bankAccountsFor,
  cancelPending,
  chequesFor,
  createFundingRequest,
  deleteActive,
  itemsFor,
  nextBusinessDayOf,
  startDatesFor,
  toAccountsFor,
  uploadCheque,
  type ChequeUpload,
  type FundingDeps,
} from './funding.service.ts';
import { padAgreementFileName } from './pad-agreement.pdf.ts';
import { movementsRoutes } from './movements.routes.ts';
import { acceptUploads } from '../../plugins/uploads.ts';

export interface FundingRoutesOptions {
  clock: BankClock;
  publicUrl: string;
  uploadQuotaBytes: number;
}

/** Texts of the funding refusals neither the common table nor the domain's messages name. */
const fundingRefusalTexts: RefusalTexts = {
  en: {
    invalidMultipart:
      'Send the void cheque as multipart/form-data with its fields and the file uploadCheque.',
    notPending: 'This request is already with the bank and can no longer be cancelled.',
    notActive: 'Only an active recurring deposit can be deleted.',
  },
  fr: {
    invalidMultipart:
      'Envoyez le chèque annulé en multipart/form-data avec ses champs et le fichier uploadCheque.',
    notPending: 'Cette demande est déjà transmise à la banque et ne peut plus être annulée.',
    notActive: 'Seul un dépôt récurrent actif peut être supprimé.',
  },
};

/** The void cheque: one file `uploadCheque` of at most 10 MB and five short fields. */
const chequeForm: MultipartFormShape = {
  fileField: 'uploadCheque',
  fieldNames: new Set([
    'finInstitution',
    'transitNumber',
    'bankAccountNumber',
    'nickname',
    'currency',
  ]),
  limits: {
    fileSize: MAX_UPLOAD_BYTES,
    files: 1,
    fields: 6,
    fieldSize: 1024,
    parts: 8,
    headerPairs: 20,
  },
};

const idParams = z.object({ id: z.uuid() });
const booleanText = z.enum(['true', 'false']).transform((value) => value === 'true');

/**
 * Funding (issue 14; spec section 7): the accounts to fund, start dates, void cheques, the
 * bank accounts on file, EFT/PAC requests and their lists, cancel and delete, and the PAD
 * agreement's PDF. Bearer; every id is checked against the caller (others' ids answer 404);
 * answers are never cached; bank numbers are masked in every answer.
 */
export const fundingRoutes: FastifyPluginAsyncZod<FundingRoutesOptions> = async (app, options) => {
  await acceptUploads(app);
  const deps: FundingDeps = {
    db: app.db,
    cipher: app.cipher,
    clock: options.clock,
    publicUrl: options.publicUrl,
    uploadQuotaBytes: options.uploadQuotaBytes,
  };
  signedInAndUncached(app);
  await app.register(movementsRoutes);
  const tags = ['funding'];
  const security = [{ bearer: [] }];
  const run = refusalRunner(fundingRefusalTexts);
  const userOf = (request: FastifyRequest) => callerOf(request).id;

  app.get(
    '/coAcctFunding/toAccountsForCurrUser',
    {
      schema: {
        tags,
        security,
        summary: 'The accounts the caller’s agreed applications open, to fund',
        description:
          '{ accounts: toAccount[] } (accountId, accountNumber (null until the account opens), ' +
          'accountTypeId, accountTypeName, eftEligible, ownershipTypeId, currencyTypeId); ' +
          'applicationId narrows to one application (someone else’s: 404).',
        querystring: z.object({ applicationId: z.uuid().optional() }),
      },
    },
    async (request, reply) =>
      run(request, reply, () => toAccountsFor(deps, userOf(request), request.query.applicationId)),
  );

  app.get(
    '/coAcctFunding/startDates',
    {
      schema: {
        tags,
        security,
        summary: 'The start dates offered: the earliest allowed, then 30 business days',
        description:
          '{ today, earliest, dates } on the bank’s date. Earliest: 7 business days ahead and, ' +
          'without the waiver, at least 10 calendar days (Rule H1 pre-notification). institution ' +
          '(3 digits) adds Quebec’s bank holidays for Desjardins and National Bank.',
        querystring: z.object({
          preNotificationWaived: booleanText,
          institution: z
            .string()
            .regex(/^\d{3}$/)
            .optional(),
        }),
      },
    },
    async (request, reply) =>
      run(request, reply, () =>
        startDatesFor(deps, {
          preNotificationWaived: request.query.preNotificationWaived,
          ...(request.query.institution && { institution: request.query.institution }),
        }),
      ),
  );

  app.get(
    '/nextBusinessDay',
    {
      schema: {
        tags,
        security,
        summary: 'The daysFrom-th business day after fromDate (MM-DD-YYYY)',
        description:
          '{ nextBusinessDay: MM-DD-YYYY, date: YYYY-MM-DD } on the Canadian payments calendar; ' +
          'daysFrom 0 answers fromDate itself when it is a business day. 400 invalidDate, or ' +
          'daysFrom outside 0..60.',
        querystring: z.object({
          daysFrom: z.coerce.number().int().min(0).max(60),
          fromDate: z.string(),
        }),
      },
    },
    async (request, reply) =>
      run(request, reply, async () =>
        nextBusinessDayOf(request.query.fromDate, request.query.daysFrom),
      ),
  );

  app.post(
    '/coAcctFunding/uploadCheque/:id',
    {
      schema: {
        tags,
        security,
        summary: 'A void cheque for an agreed application (multipart, file uploadCheque)',
        description:
          'Fields finInstitution (3 digits), transitNumber (5), bankAccountNumber (7-12), ' +
          'nickname, currency (cad|usd); the file at most 10 MB, PDF/JPG/PNG/BMP/GIF/TIFF ' +
          'whose content matches. 201 { documentUploadedId, bankAccount } (number masked). 400 ' +
          'field codes; 404 not the caller’s application as primary applicant; 409 ' +
          'fundingNotOpen, fileAlreadyExists, storageQuotaExceeded.',
        consumes: ['multipart/form-data'],
        params: idParams,
      },
      preHandler: app.requireVerifiedEmail,
    },
    async (request, reply) =>
      run(request, reply, async () => {
        const upload: ChequeUpload = await readMultipartForm(request, chequeForm);
        const created = await uploadCheque(
          deps,
          userOf(request),
          request.params.id,
          upload,
          answerLanguageOf(request),
        );
        return reply.code(201).send(created);
      }),
  );

  app.get(
    '/coAcctFunding/nicknamesForUploadedChequesForCurrUser',
    {
      schema: {
        tags,
        security,
        summary: 'The caller’s void cheques (documentType=cad|usd narrows by currency)',
        description:
          '{ cheques: { documentUploadedId, nickname, financialInstitutionName, ' +
          'bankAccountNumber (masked), currencyTypeId, bankAccountId }[] }',
        querystring: z.object({ documentType: z.enum(['cad', 'usd']).optional() }),
      },
    },
    async (request, reply) =>
      run(request, reply, () =>
        chequesFor(deps, userOf(request), request.query.documentType, answerLanguageOf(request)),
      ),
  );

  app.get(
    '/finInstitutionAcctsForCurrUser',
    {
      schema: {
        tags,
        security,
        summary: 'Every bank account of the caller’s (numbers masked)',
        description: '{ bankAccounts: BankAccount[] }',
      },
    },
    async (request, reply) =>
      run(request, reply, async () => ({
        bankAccounts: await bankAccountsFor(deps, userOf(request), answerLanguageOf(request)),
      })),
  );

  app.get(
    '/flinksBankAcctsForCurrUser',
    {
      schema: {
        tags,
        security,
        summary: 'The caller’s bank accounts from a bank connection',
        description: '{ bankAccounts: BankAccount[] }',
      },
    },
    async (request, reply) =>
      run(request, reply, async () => ({
        bankAccounts: await bankAccountsFor(
          deps,
          userOf(request),
          answerLanguageOf(request),
          bankAccountSources.connection,
        ),
      })),
  );

  app.get(
    '/adminAcctsForCurrUser',
    {
      schema: {
        tags,
        security,
        summary: 'Bank accounts on file with us (back office, or already used to fund)',
        description: '{ accounts: BankAccount[] }',
      },
    },
    async (request, reply) =>
      run(request, reply, async () => ({
        accounts: await adminAccountsFor(deps, userOf(request), answerLanguageOf(request)),
      })),
  );

  app.get(
    '/adminAcctsForCurrUser/:id',
    {
      schema: {
        tags,
        security,
        summary: 'One bank account on file (BankAccount); 404 others',
        params: idParams,
      },
    },
    async (request, reply) =>
      run(request, reply, () =>
        adminAccountFor(deps, userOf(request), request.params.id, answerLanguageOf(request)),
      ),
  );

  const lists = [
    [
      '/eftPacHistoryForCurrUser',
      'all',
      'Every request of the caller’s, debits of PACs too, newest first',
    ],
    [
      '/activeFftPacsForCurrUser',
      'activeRecurring',
      'Recurring PACs active or awaiting their deletion date (never one-time)',
    ],
    [
      '/pendingEftPacsForCurrUser',
      'pending',
      'Requests not yet with the bank (14, 15, 51): cancellable',
    ],
  ] as const;
  for (const [path, filter, summary] of lists) {
    app.get(
      path,
      { schema: { tags, security, summary, description: '{ items: FundingItem[] }' } },
      async (request, reply) =>
        run(request, reply, () =>
          itemsFor(deps, userOf(request), filter, answerLanguageOf(request)),
        ),
    );
  }

  app.delete(
    '/deleteActiveEftPac/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Stops an active PAC after 10 business days’ notice',
        description: '200 { item, effectiveDate }; 404 not the caller’s; 409 notActive.',
        params: idParams,
      },
    },
    async (request, reply) =>
      run(request, reply, () => deleteActive(deps, userOf(request), request.params.id)),
  );

  app.delete(
    '/cancelPendingEftPac/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Cancels a request not yet with the bank',
        description: '200 { item }; 404 not the caller’s; 409 notPending.',
        params: idParams,
      },
    },
    async (request, reply) =>
      run(request, reply, () => cancelPending(deps, userOf(request), request.params.id)),
  );

  // The spec's path ends with a slash; the client may send it without.
  for (const path of ['/coAcctFunding/', '/coAcctFunding']) {
    app.post(
      path,
      {
        schema: {
          tags,
          security,
          summary: 'An EFT (fundingTypeId 1) or a PAC (3), with its PAD agreement accepted',
          description:
            'The spec’s payload (amount in dollars, toAccountId, fundingFrequencyTypeId, ' +
            'fundingTypeId, pacStartDate YYYY-MM-DD, one of documentUploadedId, ' +
            'flinksBankAccountId, fromAccountId) plus agreementAccepted, preNotificationWaived, ' +
            'taxYear. 201 { item, confirmation: { firstDebitDate, investedOn: { reason, date }, ' +
            'agreementId, preNotificationMailDate } }. 400 field codes (eftMinimum, ' +
            'startDateTooSoon, notBusinessDay, agreementRequired, sourceRequired, ...) or ' +
            'currencyMismatch; 404 an account or source not the caller’s.',
          body: z.unknown(),
          ...(path === '/coAcctFunding' && { hide: true }),
        },
        preHandler: app.requireVerifiedEmail,
      },
      async (request, reply) =>
        run(request, reply, async () => {
          const created = await createFundingRequest(deps, userOf(request), request.body);
          return reply.code(201).send(created);
        }),
    );
  }

  app.get(
    '/coAcctFunding/:id/agreement',
    {
      schema: {
        tags,
        security,
        summary: 'The PAD agreement of one of the caller’s requests, as a PDF',
        description: 'application/pdf, with X-Content-SHA256 (the hash kept); 404 others.',
        params: idParams,
      },
    },
    async (request, reply) =>
      run(request, reply, async () => {
        const agreement = await agreementOf(deps, userOf(request), request.params.id);
        return reply
          .type('application/pdf')
          .header(
            'content-disposition',
            contentDisposition(padAgreementFileName(agreement.agreementId, agreement.language)),
          )
          .header('x-content-type-options', 'nosniff')
          .header('x-content-sha256', agreement.sha256)
          .send(agreement.pdf);
      }),
  );
};
