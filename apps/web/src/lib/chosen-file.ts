import {
  FILE_SIGNATURE_BYTES,
  uploadFileProblem,
  type UploadProblemCode,
} from '@portal/domain/rules/uploads';

/** A file's problem as the browser finds it: a domain rule, or a file it can no longer read. */
export type ChosenFileProblem = UploadProblemCode | 'unreadable';

/**
 * The first upload rule a chosen file breaks, checked in the browser before any byte is sent
 * (the same domain rule the server applies): its name, size, the document type's rule
 * (statements are PDFs) and its first bytes. `unreadable` when the file moved or changed on
 * the person's device since it was chosen.
 */
export async function chosenFileProblem(
  file: File,
  documentType?: string,
): Promise<ChosenFileProblem | undefined> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.slice(0, FILE_SIGNATURE_BYTES).arrayBuffer());
  } catch {
    return 'unreadable';
  }
  return uploadFileProblem({ documentType, fileName: file.name, size: file.size, bytes });
}
