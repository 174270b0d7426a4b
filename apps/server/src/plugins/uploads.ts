import multipart from '@fastify/multipart';
import { MAX_UPLOAD_BYTES } from '@portal/domain';
import type { FastifyInstance } from 'fastify';

/**
 * Multipart bodies, for the modules that take an upload (documents, the void cheque, transfer
 * statements, identity pictures) and nowhere else. Every upload of the spec is one file of at
 * most 10 MB, read into memory, never onto a disk path (architecture page, "Data protection");
 * routes may narrow these limits further.
 *
 * Registered inside each such module rather than once for the app: @fastify/multipart hooks
 * every request of the scope it is registered in (a close listener on each answer, two async
 * hooks for its disk mode, which we never use), about a twentieth of the time of a cached
 * `GET users` (issue 18). Elsewhere a multipart body is refused as an unsupported media type.
 */
export async function acceptUploads(app: FastifyInstance): Promise<void> {
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
  });
}
