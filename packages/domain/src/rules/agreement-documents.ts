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
    en: '2ae7bd1f107a16b2eec5a98e3134e5b4ccc8d2a3b58b093bbfa21a937e1d84ad',
    fr: 'a537d69e85a32ac79af1290f65c4b705fa622e8deb1acdf267eb9b038e9bd58a',
  },
};

export const CUSTOMER_AGREEMENTS = {
  id: 'customer-agreements-2026-11',
  version: '2026-11',
  sha256: {
    en: 'dda9e2fa84f3dc3ead1d5f124c8cd7fdc7ffbc35d36fccd58258c2847c1fdef6',
    fr: 'ec316fc0b64f8cca74ba6c8846bda06af5a436d4a6fdf12e3b04ff6395dc68ff',
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
