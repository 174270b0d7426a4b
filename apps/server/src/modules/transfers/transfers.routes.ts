import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '@portal/domain';
import { z } from 'zod';
import {
  TRANSFER_RETURN_PARAM,
  transferReturnTargetOf,
  transferReturnTargets,
} from '@portal/domain/transfers/transfer-return';
import { readMultipartForm, type MultipartFormShape } from '../../lib/refusals/multipart-form.ts';
import { refusalRunner, type RefusalTexts } from '../../lib/refusals/refusal.ts';
import { answerLanguageOf, callerOf, signedInAndUncached } from '../../plugins/auth.ts';
import type { EsignProvider } from '../../providers/esign/esign-provider.ts';
import type { BankClock } from '../../providers/sandbox-bank/bank-clock.ts';
import {
  cancelTransfer,
  coAccountsFor,
  esignOf,
  submitTransfer,
  uploadStatement,
  type StatementUpload,
  type TransferDeps,
  type TransferForm,
} from './transfers.service.ts';
import { acceptUploads } from '../../plugins/uploads.ts';

export interface TransfersRoutesOptions {
  clock: BankClock;
  provider: EsignProvider;
  publicUrl: string;
  uploadQuotaBytes: number;
}

/** Texts of the transfer refusals neither the common table nor the domain's messages name. */
const transferRefusalTexts: RefusalTexts = {
  en: {
    invalidMultipart:
      'Send the transfer as multipart/form-data with the field transferAccountModel (JSON) and, optionally, the file document.',
    notCancellable:
      'This transfer is already with the other institution and can no longer be cancelled.',
    transferBeingProcessed: 'This transfer is being processed right now. Try again in a moment.',
    transferCancelled: 'This transfer was cancelled: there is nothing to sign.',
    signerUnknown: 'The profile of the person who signs is missing.',
    transferPrecheckFailed: 'The transfer request must be corrected before it is sent.',
  },
  fr: {
    invalidMultipart:
      'Envoyez le transfert en multipart/form-data avec le champ transferAccountModel (JSON) et, au besoin, le fichier document.',
    notCancellable:
      'Ce transfert est déjà transmis à l’autre institution et ne peut plus être annulé.',
    transferBeingProcessed: 'Ce transfert est en cours de traitement. Réessayez dans un moment.',
    transferCancelled: 'Ce transfert a été annulé\u00a0: il n’y a rien à signer.',
    signerUnknown: 'Le profil de la personne qui signe est manquant.',
    transferPrecheckFailed: 'La demande de transfert doit être corrigée avant d’être envoyée.',
  },
};

/** One file `document` of at most 10 MB and a few fields; the model is JSON of at most 64 KB. */
function transferForm(fieldNames: readonly string[]): MultipartFormShape {
  return {
    fileField: 'document',
    fieldNames: new Set(fieldNames),
    limits: {
      fileSize: MAX_UPLOAD_BYTES,
      files: 1,
      fields: 4,
      fieldSize: 64 * 1024,
      parts: 6,
      headerPairs: 20,
    },
  };
}

const uploadForm = transferForm(['accountNumber', 'documentType', 'applicationId']);
const modelForm = transferForm(['transferAccountModel', TRANSFER_RETURN_PARAM]);

const idParams = z.object({ id: z.uuid() });

/**
 * Transfers in (issue 15; spec section 7): the statement upload, the request with its
 * pre-check, its e-signature, its cancellation, and the accounts that receive transfers.
 * Bearer; every id is checked against the caller (others' ids answer 404); answers are never
 * cached; account numbers are masked in every answer.
 */
export const transfersRoutes: FastifyPluginAsyncZod<TransfersRoutesOptions> = async (
  app,
  options,
) => {
  await acceptUploads(app);
  const deps: TransferDeps = {
    db: app.db,
    cipher: app.cipher,
    clock: options.clock,
    provider: options.provider,
    publicUrl: options.publicUrl,
    uploadQuotaBytes: options.uploadQuotaBytes,
  };
  signedInAndUncached(app);
  const tags = ['transfers'];
  const security = [{ bearer: [] }];
  const run = refusalRunner(transferRefusalTexts);

  app.post(
    '/transferAccounts/upload',
    {
      schema: {
        tags,
        security,
        summary: 'The statement of the account to transfer (multipart: accountNumber, document)',
        description:
          'Fields accountNumber (as on the statement), optional documentType ' +
          '(investmentStatement, the default, or transferForm) and applicationId (else the ' +
          'newest application open for funding); the file document, at most 10 MB, ' +
          'PDF/JPG/PNG/BMP/GIF/TIFF. 201 { documentUploadedId, documentType, applicationId, ' +
          'accountNumber (masked) }. 400 field codes; 404 not the caller’s application; 409 ' +
          'fundingNotOpen, fileAlreadyExists, storageQuotaExceeded.',
        consumes: ['multipart/form-data'],
      },
      preHandler: app.requireVerifiedEmail,
    },
    async (request, reply) =>
      run(request, reply, async () => {
        const form: StatementUpload = await readMultipartForm(request, uploadForm);
        const created = await uploadStatement(deps, callerOf(request).id, form);
        return reply.code(201).send(created);
      }),
  );

  app.put(
    '/transferAccounts',
    {
      schema: {
        tags,
        security,
        summary: 'A transfer in: pre-checked, saved, and its authorization sent to be signed',
        description:
          'multipart/form-data: transferAccountModel (JSON text, packages/domain ' +
          'transferAccountModelSchema), optional file document (the statement), optional ' +
          'returnTo (funding, the default, or application: where the ceremony returns). 200 ' +
          '{ transferAccountId, esignUrl, esignStatus: UNSIGNED }. 400 { fields } of the ' +
          'model; 404 an application, account or document not the caller’s; 409 ' +
          'fundingNotOpen; 422 { errorCode: transferPrecheckFailed, message, problems: ' +
          '{ field, code, values?, message }[] }, nothing saved.',
        consumes: ['multipart/form-data'],
      },
      preHandler: app.requireVerifiedEmail,
    },
    async (request, reply) =>
      run(request, reply, async () => {
        const form = await readMultipartForm(request, modelForm);
        const transfer: TransferForm = {
          model: form.fields.transferAccountModel,
          ...(form.file && { file: form.file }),
          returnTo: transferReturnTargetOf(form.fields[TRANSFER_RETURN_PARAM]),
        };
        return submitTransfer(deps, callerOf(request), transfer);
      }),
  );

  app.delete(
    '/transferAccounts/cancel/:id',
    {
      schema: {
        tags,
        security,
        summary: 'Cancels a transfer not signed yet, or signed and not yet sent',
        description:
          '200 { transfer: TransferView } (status CANCELLED); 404 not the caller’s; 409 ' +
          'notCancellable (already with the other institution, or cancelled) or ' +
          'transferBeingProcessed (the processing job holds it: try again).',
        params: idParams,
      },
    },
    async (request, reply) =>
      run(request, reply, () =>
        cancelTransfer(deps, callerOf(request).id, request.params.id, answerLanguageOf(request)),
      ),
  );

  app.get(
    '/transferAccounts/:id/esign',
    {
      schema: {
        tags,
        security,
        summary: 'Where to sign the transfer authorization, or its e-sign status',
        description:
          '{ transferAccountId, esignUrl, esignStatus }. Without status: esignUrl is where the ' +
          'caller signs (a new envelope when the last was declined or expired; null once ' +
          'signed; returnTo=application returns from the ceremony to the application’s ' +
          'funding step, else the funding page). status=check reads the status the server ' +
          'knows (esignUrl null); ' +
          'status=force asks the e-sign vendor and records a signature it reports. 404 not ' +
          'the caller’s; 409 transferCancelled (no status).',
        params: idParams,
        querystring: z.object({
          status: z.enum(['check', 'force']).optional(),
          [TRANSFER_RETURN_PARAM]: z.enum(transferReturnTargets).optional(),
        }),
      },
    },
    async (request, reply) =>
      run(request, reply, () =>
        esignOf(
          deps,
          callerOf(request),
          request.params.id,
          request.query.status ?? 'url',
          request.query[TRANSFER_RETURN_PARAM],
        ),
      ),
  );

  app.get(
    '/coapplications/:id/coaccounts',
    {
      schema: {
        tags,
        security,
        summary: 'The accounts the caller’s application opens, with their transfers in',
        description:
          'CoAccount[] (packages/domain transfer-request.ts), each with its TransferView[] ' +
          'newest first; [] while the application is not open for funding; 404 not the ' +
          'caller’s application (as primary applicant).',
        params: idParams,
      },
    },
    async (request, reply) =>
      run(request, reply, () =>
        coAccountsFor(deps, callerOf(request).id, request.params.id, answerLanguageOf(request)),
      ),
  );
};
