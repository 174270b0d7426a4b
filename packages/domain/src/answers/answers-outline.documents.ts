import { labelOf } from '../enums/define-enum.ts';
import { uploadDocumentTypeLabels, uploadDocumentTypes } from '../enums/documents.ts';
import type { OutlineFormat } from './answers-outline.format.ts';
import { Rows, section, type OutlineSection } from './answers-outline.rows.ts';

// --- Documents ------------------------------------------------------------------------------

/** An uploaded document as the documents API describes it. */
export interface OutlineDocument {
  documentType: string;
  fileName: string;
}

export function documentsSection(
  documents: readonly OutlineDocument[] | undefined,
  f: OutlineFormat,
): OutlineSection | undefined {
  if (documents === undefined) return undefined;
  const { t } = f;
  const rows = new Rows('documents').add(
    'uploaded',
    t.uploadedDocuments,
    documents.length === 0
      ? t.noDocuments
      : documents.map((document) =>
          f.say('documentOf', {
            name: document.fileName,
            type:
              labelOf(
                uploadDocumentTypes,
                uploadDocumentTypeLabels,
                document.documentType,
                f.language,
              ) ?? document.documentType,
          }),
        ),
  );
  return section('documents', t.documents, 'otherinterests', rows);
}
