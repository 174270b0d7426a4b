import type { DocumentSummary } from '@portal/domain/rules/uploads';
import { http } from './http/http.ts';

/** One stored document as the server describes it (never its content). */
export type UploadedDocument = DocumentSummary;

export interface DocumentUpload {
  documentType: string;
  /** An account of the application by name (`rrsp`); absent or blank for the whole application. */
  account?: string;
  reason: string;
  file: File;
}

// The panel shows its own designed error states, so no call sends the person to the
// technical-glitch page.
const quiet = { noErrorPage: true } as const;

const documentsPath = (applicationId: string) =>
  `/applications/${encodeURIComponent(applicationId)}/documents`;
const documentPath = (applicationId: string, documentId: string) =>
  `${documentsPath(applicationId)}/${encodeURIComponent(documentId)}`;

/** The documents of one application (server module `documents`). */
export const documentsApi = {
  list: (applicationId: string, signal?: AbortSignal) =>
    http.get<UploadedDocument[]>(documentsPath(applicationId), { ...quiet, signal }),
  /** multipart/form-data: the browser writes the content type and its boundary itself. */
  upload: (applicationId: string, { documentType, account, reason, file }: DocumentUpload) => {
    const form = new FormData();
    form.set('documentType', documentType);
    if (account) form.set('account', account);
    form.set('reason', reason);
    form.set('file', file, file.name);
    return http.post<UploadedDocument>(documentsPath(applicationId), form, quiet);
  },
  remove: (applicationId: string, documentId: string) =>
    http.delete<void>(documentPath(applicationId, documentId), quiet),
  /** The file itself, typed by the server from its content (to show it from a blob URL). */
  content: (applicationId: string, documentId: string, signal?: AbortSignal) =>
    http.get<Blob>(`${documentPath(applicationId, documentId)}/content`, {
      ...quiet,
      signal,
      responseType: 'blob',
    }),
};
