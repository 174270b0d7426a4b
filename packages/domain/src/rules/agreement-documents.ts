import type { Language } from '../enums/define-enum.ts';

/**
 * The documents the product asks people to read or accept (issue 12 item 16): each a real page
 * the client serves (`apps/web/public/documents/<id>.<language>.html`), one file per version, never
 * edited once published: a change is a new id. Each language's SHA-256 is pinned here, so what a
 * person agreed to can be proved later (the Quebec language choice records it, ADR 0016) and a
 * test fails if a published file's bytes change.
 */
export interface AgreementDocument {
  id: string;
  /** The version people see (`2026-11`). */
  version: string;
  /** SHA-256 (hex) of each language's file, as served. */
  sha256: Readonly<Record<Language, string>>;
}

export const RELATIONSHIP_DISCLOSURE: AgreementDocument = {
  id: 'relationship-disclosure-2026-11',
  version: '2026-11',
  sha256: {
    en: 'db9730806f51e5fd8727817eae64fc3afeddc97ab3ae8f1c4f48135421948720',
    fr: '2ee44700335349a0b4092a58edabef61b8054d507cebef6f3a4a506aac96c1d8',
  },
};

export const CUSTOMER_AGREEMENTS = {
  id: 'customer-agreements-2026-11',
  version: '2026-11',
  sha256: {
    en: 'b2a5d8153538b80e82dd7fee6d2f03e01d87fcb78b1421b80dbea7ba729cbe77',
    fr: 'dcff591211bb36bcd81bcbeefffa59b0f509e952de277ce013d585a3c7a85c38',
  },
} as const satisfies AgreementDocument;

export const AGREEMENT_DOCUMENTS: readonly AgreementDocument[] = [
  RELATIONSHIP_DISCLOSURE,
  CUSTOMER_AGREEMENTS,
];

/** Where the client serves a document (a path of the site, the same for every origin). */
export const documentPath = (document: Pick<AgreementDocument, 'id'>, language: Language) =>
  `/documents/${document.id}.${language}.html`;

export function agreementDocumentById(id: string): AgreementDocument | undefined {
  return AGREEMENT_DOCUMENTS.find((document) => document.id === id);
}
