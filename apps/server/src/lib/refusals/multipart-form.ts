import type { FastifyMultipartBaseOptions } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { Refusal } from './refusal.ts';

export interface MultipartFile {
  fileName: string;
  bytes: Buffer;
  /** The file went past the size limit: what was read is cut short. */
  truncated: boolean;
}

export interface MultipartForm {
  fields: Record<string, string>;
  file?: MultipartFile;
}

export interface MultipartFormShape {
  /** The one file part kept; other file parts are read and dropped. */
  fileField: string;
  /** The text fields kept; others are ignored. */
  fieldNames: ReadonlySet<string>;
  limits: NonNullable<FastifyMultipartBaseOptions['limits']>;
}

/**
 * Reads a multipart body into memory: one file part and the named fields. The values (bank
 * and account numbers, SINs) are never logged, not even on a refusal: a body that is not
 * multipart, or past a limit, is refused as 400 `invalidMultipart`.
 */
export async function readMultipartForm(
  request: FastifyRequest,
  shape: MultipartFormShape,
): Promise<MultipartForm> {
  if (!request.isMultipart()) throw new Refusal(400, 'invalidMultipart');
  const form: MultipartForm = { fields: {} };
  try {
    const options: FastifyMultipartBaseOptions = {
      limits: shape.limits,
      throwFileSizeLimit: false,
    };
    for await (const part of request.parts(options)) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === shape.fileField && !form.file) {
          form.file = { fileName: part.filename, bytes, truncated: part.file.truncated };
        }
      } else if (shape.fieldNames.has(part.fieldname) && typeof part.value === 'string') {
        form.fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    // Busboy's refusals name limits and parts, never values; only the error's class is kept.
    request.log.info({ reason: (error as Error).name }, 'multipart upload refused');
    throw new Refusal(400, 'invalidMultipart');
  }
  return form;
}
