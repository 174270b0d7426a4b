import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { AGREEMENT_DOCUMENTS, documentPath } from '@portal/domain/rules/agreement-documents';
import { describe, expect, it } from 'vitest';

const publicFile = (path: string) =>
  readFileSync(resolve(import.meta.dirname, '../../public', `.${path}`));

/** A published document never changes: a new text is a new id, with its own hashes. */
describe.each(AGREEMENT_DOCUMENTS)('the document $id', (document) => {
  it.each(['en', 'fr'] as const)('is served in %s with the bytes its hash pins', (language) => {
    const file = publicFile(documentPath(document, language));
    expect(createHash('sha256').update(file).digest('hex')).toBe(document.sha256[language]);
    const html = file.toString('utf8');
    expect(html).toContain(`<html lang="${language}-CA">`);
    expect(html).toContain(`${document.id}, version ${document.version}`);
  });
});
