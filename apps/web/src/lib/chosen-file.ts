import {
  FILE_SIGNATURE_BYTES,
  uploadFileProblem,
  type UploadProblemCode,
} from '@portal/domain/rules/uploads';
import { fitPhotoUnderLimit } from './photo-fit.ts';

/** A file's bytes (FileReader: every browser, and the test environment's DOM). */
export function bytesOf(blob: Blob): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable file'));
    reader.readAsArrayBuffer(blob);
  });
}

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
    bytes = await bytesOf(file.slice(0, FILE_SIGNATURE_BYTES));
  } catch {
    return 'unreadable';
  }
  return uploadFileProblem({ documentType, fileName: file.name, size: file.size, bytes });
}

/** The codes of the domain's upload rules: their words are the domain's messages. */
const uploadRuleCodes = new Set<string>([
  'heicPhoto',
  'unsupportedExtension',
  'statementMustBePdf',
  'fileTooLarge',
  'contentMismatch',
] satisfies UploadProblemCode[]);

/** Whether a refusal's code is one of the upload rules (shown with `messageFor`). */
export const isUploadRuleCode = (code: string) => uploadRuleCodes.has(code);

/**
 * A chosen file made ready to send: a photo over 10 MB made smaller first (`fitPhotoUnderLimit`),
 * then checked against the upload rules. The file to send, and the problem that stops it.
 */
export async function readyToUpload(
  chosen: File,
  documentType?: string,
  fit: (file: File) => Promise<File> = fitPhotoUnderLimit,
): Promise<{ file: File; problem?: ChosenFileProblem }> {
  const problem = await chosenFileProblem(chosen, documentType);
  if (problem !== 'fileTooLarge') return { file: chosen, problem };
  const file = await fit(chosen);
  return { file, problem: file === chosen ? problem : await chosenFileProblem(file, documentType) };
}
