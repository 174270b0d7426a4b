import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { APPLICATIONS_URL } from './applications.ts';
import { bearer } from './users.ts';

export const documentsUrl = (applicationId: string) =>
  `${APPLICATIONS_URL}/${applicationId}/documents`;

/** A PDF-looking file whose body is random, so every call is a different file. */
export function pdf(size = 2048): Buffer {
  const bytes = randomBytes(size);
  Buffer.from('%PDF-1.7\n').copy(bytes);
  return bytes;
}

/** A PNG-looking file whose body is random, so every call is a different file. */
export function png(size = 512): Buffer {
  const bytes = randomBytes(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
}

/** The file of a multipart body: under the field `file` unless `name` says otherwise. */
export interface FilePart {
  name?: string;
  fileName: string;
  content: Buffer;
  contentType?: string;
}

/** A multipart/form-data body as a browser sends it (which writes `"` in a name as %22). */
export function multipart(fields: Record<string, string>, file?: FilePart) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
      ),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name ?? 'file'}"; ` +
          `filename="${file.fileName.replaceAll('"', '%22')}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POSTs these fields and this file to an application's documents, as the browser sends them. */
export function postDocument(
  app: FastifyInstance,
  token: string,
  applicationId: string,
  fields: Record<string, string>,
  file?: FilePart,
) {
  const body = multipart(fields, file);
  return app.inject({
    method: 'POST',
    url: documentsUrl(applicationId),
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

/** An upload of one PDF (a new one each call) as a bank statement. */
export function uploadDocument(
  app: FastifyInstance,
  token: string,
  applicationId: string,
  fileName = 'statement.pdf',
) {
  return postDocument(
    app,
    token,
    applicationId,
    { documentType: 'bankStatement' },
    { fileName, content: pdf(), contentType: 'application/pdf' },
  );
}
