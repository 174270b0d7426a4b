import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '@portal/domain';
import { messageFor, messagesEn } from '@portal/domain/messages/messages';
import { uploadMessagesEn } from '@portal/domain/rules/uploads';
import { z } from 'zod';
import { answerLanguageOf, callerOf } from '../../plugins/auth.ts';
import type { EsignProvider } from '../../providers/esign/esign-provider.ts';
import type { BankClock } from '../../providers/sandbox-bank/bank-clock.ts';
import type { MessageLanguage } from '../outbox/outbox.service.ts';
import {
  cancelTransfer,
  coAccountsFor,
  esignOf,
  precheckRefusal,
  submitTransfer,
  TransferError,
  TransferPrecheckError,
  uploadStatement,
  type StatementUpload,
  type TransferDeps,
  type TransferForm,
} from './transfers.service.ts';

export interface TransfersRoutesOptions {
  clock: BankClock;
  provider: EsignProvider;
  publicUrl: string;
  uploadQuotaBytes: number;
}

/** Messages of the refusals the domain's message table does not name. */
const serverMessages: Record<MessageLanguage, Record<string, string>> = {
  en: {
    notFound: 'Not found.',
    invalidInput: 'The request is not valid.',
    invalidMultipart:
      'Send the transfer as multipart/form-data with the field transferAccountModel (JSON) and, optionally, the file document.',
    fundingNotOpen: 'Funding opens once the application review is agreed.',
    notCancellable:
      'This transfer is already with the other institution and can no longer be cancelled.',
    transferBeingProcessed: 'This transfer is being processed right now. Try again in a moment.',
    transferCancelled: 'This transfer was cancelled: there is nothing to sign.',
    signerUnknown: 'The profile of the person who signs is missing.',
    fileAlreadyExists: uploadMessagesEn.fileAlreadyExists,
    storageQuotaExceeded: uploadMessagesEn.storageQuotaExceeded,
    tooManyDocuments: 'This application already holds as many documents as it can.',
  },
  fr: {
    notFound: 'Introuvable.',
    invalidInput: 'La demande n’est pas valide.',
    invalidMultipart:
      'Envoyez le transfert en multipart/form-data avec le champ transferAccountModel (JSON) et, au besoin, le fichier document.',
    fundingNotOpen: 'Le financement est offert une fois la vérification de la demande acceptée.',
    notCancellable:
      'Ce transfert est déjà transmis à l’autre institution et ne peut plus être annulé.',
    transferBeingProcessed: 'Ce transfert est en cours de traitement. Réessayez dans un moment.',
    transferCancelled: 'Ce transfert a été annulé\u00a0: il n’y a rien à signer.',
    signerUnknown: 'Le profil de la personne qui signe est manquant.',
    fileAlreadyExists: 'Ce fichier existe déjà.',
    storageQuotaExceeded: 'Vous avez atteint l’espace de stockage permis pour vos documents.',
    tooManyDocuments: 'Cette demande contient déjà le nombre maximal de documents.',
  },
};

function messageOf(errorCode: string, language: MessageLanguage): string {
  return (
    serverMessages[language][errorCode] ??
    (errorCode in messagesEn ? messageFor(errorCode, language) : errorCode)
  );
}

function refuse(request: FastifyRequest, reply: FastifyReply, error: unknown) {
  const language = answerLanguageOf(request);
  if (error instanceof TransferPrecheckError) {
    return reply.code(422).send(precheckRefusal(error.problems, language));
  }
  if (!(error instanceof TransferError)) throw error;
  return reply.code(error.status).send({
    errorCode: error.errorCode,
    message: messageOf(error.errorCode, language),
    ...error.details,
  });
}

/** One file of at most 10 MB and a few fields; the model is JSON text of at most 64 KB. */
const uploadOptions: FastifyMultipartBaseOptions = {
  limits: {
    fileSize: MAX_UPLOAD_BYTES,
    files: 1,
    fields: 4,
    fieldSize: 64 * 1024,
    parts: 6,
    headerPairs: 20,
  },
  throwFileSizeLimit: false,
};

type Part = { fileName: string; bytes: Buffer; truncated: boolean };

/**
 * Reads a multipart body into memory: the file part `document` and the named fields. The
 * values (account numbers, the statement's SINs) are never logged, not even on a refusal.
 */
async function readForm(
  request: FastifyRequest,
  fieldNames: ReadonlySet<string>,
): Promise<{ fields: Record<string, string>; file?: Part }> {
  if (!request.isMultipart()) throw new TransferError(400, 'invalidMultipart');
  const form: { fields: Record<string, string>; file?: Part } = { fields: {} };
  try {
    for await (const part of request.parts(uploadOptions)) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'document' && !form.file) {
          form.file = { fileName: part.filename, bytes, truncated: part.file.truncated };
        }
      } else if (fieldNames.has(part.fieldname) && typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // Busboy's refusals name limits and parts, never values; only the error's class is kept.
    request.log.info({ reason: (error as Error).name }, 'multipart upload refused');
    throw new TransferError(400, 'invalidMultipart');
  }
  return form;
}

const UPLOAD_FIELDS = new Set(['accountNumber', 'documentType', 'applicationId']);
const MODEL_FIELDS = new Set(['transferAccountModel']);

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
  const deps: TransferDeps = {
    db: app.db,
    cipher: app.cipher,
    clock: options.clock,
    provider: options.provider,
    publicUrl: options.publicUrl,
    uploadQuotaBytes: options.uploadQuotaBytes,
  };
  app.addHook('onRequest', async (request, reply) => {
    await app.requireUser(request, reply);
    if (!request.user) return reply;
  });
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'private, no-store');
  });
  const tags = ['transfers'];
  const security = [{ bearer: [] }];
  const run = async <T>(request: FastifyRequest, reply: FastifyReply, work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      return refuse(request, reply, error);
    }
  };

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
        const form: StatementUpload = await readForm(request, UPLOAD_FIELDS);
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
          'transferAccountModelSchema), optional file document (the statement). 200 ' +
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
        const form = await readForm(request, MODEL_FIELDS);
        const transfer: TransferForm = {
          model: form.fields.transferAccountModel,
          ...(form.file && { file: form.file }),
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
          'signed). status=check reads the status the server knows (esignUrl null); ' +
          'status=force asks the e-sign vendor and records a signature it reports. 404 not ' +
          'the caller’s; 409 transferCancelled (no status).',
        params: idParams,
        querystring: z.object({ status: z.enum(['check', 'force']).optional() }),
      },
    },
    async (request, reply) =>
      run(request, reply, () =>
        esignOf(deps, callerOf(request), request.params.id, request.query.status ?? 'url'),
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
