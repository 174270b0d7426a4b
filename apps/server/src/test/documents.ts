import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { APPLICATIONS_URL } from './applications.ts';
import { bearer } from './users.ts';

/** What the API answers for one uploaded document. */
export interface DocumentBody {
  id: string;
  documentType: string;
  reason: string | null;
  fileName: string;
  size: number;
  contentType: string;
  uploadedAt: string;
}

export const documentsUrl = (applicationId: string) =>
  `${APPLICATIONS_URL}/${applicationId}/documents`;

/** A PDF-looking file whose body is random, so every call is a different file. */
export function pdf(size = 2048): Buffer {
  const bytes = randomBytes(size);
  Buffer.from('%PDF-1.7\n').copy(bytes);
  return bytes;
}

/** A multipart/form-data upload of one PDF with a document type, as the browser sends it. */
export function uploadDocument(
  app: FastifyInstance,
  token: string,
  applicationId: string,
  fileName = 'statement.pdf',
) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="documentType"\r\n\r\nbankStatement\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\n` +
        'Content-Type: application/pdf\r\n\r\n',
    ),
    pdf(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({
    method: 'POST',
    url: documentsUrl(applicationId),
    headers: { ...bearer(token), 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}
