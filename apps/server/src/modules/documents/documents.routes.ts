import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES, uploadDocumentTypes } from '@portal/domain';
import { uploadMessagesEn } from '@portal/domain/rules/uploads';
import { z } from 'zod';
import { callerOf } from '../../plugins/auth.ts';
import {
  deleteDocument,
  DocumentError,
  listDocuments,
  readDocument,
  uploadDocument,
  type UploadInput,
} from './documents.service.ts';
import { acceptUploads } from '../../plugins/uploads.ts';

const documentSchema = z.object({
  id: z.uuid(),
  documentType: z.string(),
  account: z.string().nullable(),
  reason: z.string().nullable(),
  fileName: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  uploadedAt: z.string(),
});
const errorSchema = z.object({
  errorCode: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
const applicationParams = z.object({ id: z.uuid() });
const documentParams = applicationParams.extend({ documentId: z.uuid() });

const messages: Record<string, string> = {
  notFound: 'Not found.',
  applicationLocked: 'This application was submitted for review and can no longer change.',
  invalidInput: 'The request is not valid.',
  invalidMultipart:
    'Send the upload as multipart/form-data with documentType, an optional account and reason, and file.',
  fileAlreadyExists: uploadMessagesEn.fileAlreadyExists,
  tooManyDocuments: 'This application already holds as many documents as it can.',
  storageQuotaExceeded: uploadMessagesEn.storageQuotaExceeded,
};

/**
 * One file of at most 10 MB and two short fields (architecture: "Data protection"). A file
 * over the limit is cut there and marked truncated, so it is refused as `fileTooLarge`.
 */
const uploadOptions: FastifyMultipartBaseOptions = {
  limits: {
    fileSize: MAX_UPLOAD_BYTES,
    files: 1,
    fields: 5,
    fieldSize: 1024,
    parts: 7,
    headerPairs: 20,
  },
  throwFileSizeLimit: false,
};

function refuse(reply: FastifyReply, error: unknown) {
  if (!(error instanceof DocumentError)) throw error;
  return reply.code(error.status).send({
    errorCode: error.errorCode,
    message: messages[error.errorCode] ?? error.errorCode,
    ...error.details,
  });
}

/**
 * Reads the multipart body into memory (never onto a disk path): the `file` part, whose reading
 * stops at 10 MB and says so, and the `documentType` and `reason` fields. Other parts are read
 * and dropped. A body that is not well-formed multipart is a DocumentError 400.
 */
async function readUpload(request: FastifyRequest): Promise<UploadInput> {
  if (!request.isMultipart()) throw new DocumentError(400, 'invalidMultipart');
  const input: UploadInput = {};
  try {
    for await (const part of request.parts(uploadOptions)) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && !input.file) {
          input.file = { fileName: part.filename, bytes, truncated: part.file.truncated };
        }
      } else if (
        (part.fieldname === 'documentType' ||
          part.fieldname === 'account' ||
          part.fieldname === 'reason') &&
        typeof part.value === 'string'
      ) {
        input[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // Busboy's and the plugin's refusals (limits, malformed parts) are the sender's doing.
    request.log.info({ reason: (error as Error).message }, 'multipart upload refused');
    throw new DocumentError(400, 'invalidMultipart');
  }
  return input;
}

/**
 * `inline` with the name twice: an ASCII fallback in quotes, and the exact name in RFC 5987
 * form, so no quote, semicolon or line break in a name can reach the header.
 */
export function contentDisposition(fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

export interface DocumentsRoutesOptions {
  /** How many bytes of documents one person may store in all. */
  uploadQuotaBytes: number;
}

export const documentsRoutes: FastifyPluginAsyncZod<DocumentsRoutesOptions> = async (
  app,
  { uploadQuotaBytes },
) => {
  await acceptUploads(app);
  // The caller is checked before anything is read from the body. Returning the reply makes
  // Fastify wait until the 401 is sent, so the handler never runs for an anonymous caller
  // (with async onSend hooks, a reply sent from an async hook is not finished when it returns).
  app.addHook('onRequest', async (request, reply) => {
    await app.requireUser(request, reply);
    if (!request.user) return reply;
  });
  const tags = ['documents'];
  const security = [{ bearer: [] }];

  app.post(
    '/applications/:id/documents',
    {
      schema: {
        tags,
        security,
        summary:
          'Uploads one document (multipart: documentType, account, reason, file; at most 10 MB)',
        description:
          `documentType is one of ${Object.keys(uploadDocumentTypes).join(', ')}; the file is a ` +
          'PDF, JPG/JPEG, PNG, BMP, GIF or TIF/TIFF whose content matches its extension. 400 ' +
          "account, when given, names one of the application's accounts (rrsp, usCash, ...). " +
          'field codes: required, invalid, heicPhoto, unsupportedExtension, statementMustBePdf ' +
          '(a bank or credit card statement must be a PDF), fileTooLarge, contentMismatch. ' +
          '409: applicationLocked, fileAlreadyExists, tooManyDocuments, storageQuotaExceeded ' +
          "(the person's documents in all their applications would pass their quota).",
        consumes: ['multipart/form-data'],
        params: applicationParams,
        response: { 201: documentSchema, 400: errorSchema, 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      try {
        const input = await readUpload(request);
        const document = await uploadDocument(
          app.db,
          app.cipher,
          callerOf(request).id,
          request.params.id,
          input,
          { quotaBytes: uploadQuotaBytes },
        );
        return reply.code(201).header('cache-control', 'private, no-store').send(document);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.get(
    '/applications/:id/documents',
    {
      schema: {
        tags,
        security,
        summary: "The application's documents, oldest first (never their content)",
        params: applicationParams,
        response: { 200: z.array(documentSchema), 404: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      try {
        return await listDocuments(app.db, app.cipher, callerOf(request).id, request.params.id);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.get(
    '/applications/:id/documents/:documentId/content',
    {
      schema: {
        tags,
        security,
        summary: 'The file itself, decrypted, for its owner',
        params: documentParams,
        response: {
          200: z.any().describe('The file, with its detected media type'),
          404: errorSchema,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      try {
        const { document, content } = await readDocument(
          app.db,
          app.cipher,
          callerOf(request).id,
          request.params.id,
          request.params.documentId,
        );
        return reply
          .type(document.contentType)
          .header('content-disposition', contentDisposition(document.fileName))
          .header('x-content-type-options', 'nosniff')
          .send(content);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );

  app.delete(
    '/applications/:id/documents/:documentId',
    {
      schema: {
        tags,
        security,
        summary: 'Removes a document before the application is submitted',
        params: documentParams,
        response: { 204: z.null(), 404: errorSchema, 409: errorSchema },
      },
    },
    async (request, reply) => {
      try {
        await deleteDocument(
          app.db,
          callerOf(request).id,
          request.params.id,
          request.params.documentId,
        );
        return reply.code(204).send(null);
      } catch (error) {
        return refuse(reply, error);
      }
    },
  );
};
