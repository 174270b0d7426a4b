import { PDFDocument } from 'pdf-lib';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { stampSignedDocument } from './sandbox-signed-document.ts';

/** The words a reader copies out of a page, as pdf.js extracts them. */
async function textOfPage(bytes: Uint8Array, pageNumber: number): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const content = await (await pdf.getPage(pageNumber)).getTextContent();
    return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
  } finally {
    await pdf.destroy();
  }
}

describe('the sandbox vendor’s signed copy', () => {
  it('adds a certificate page naming the signer as written, in their language', async () => {
    const original = await PDFDocument.create();
    original.addPage([612, 792]);
    const signed = await stampSignedDocument(await original.save(), {
      envelopeId: 'env-1',
      signerName: 'Łukasz Żółć-Nguyễn',
      signerEmail: 'lukasz@example.com',
      language: 'fr',
      signedAt: new Date('2026-11-23T15:00:00Z'),
    });
    expect((await PDFDocument.load(signed)).getPageCount()).toBe(2);
    const certificate = await textOfPage(signed, 2);
    expect(certificate).toContain('Łukasz Żółć-Nguyễn');
    expect(certificate).toContain('lukasz@example.com');
    expect(certificate).toContain('novembre 2026');
  });
});
