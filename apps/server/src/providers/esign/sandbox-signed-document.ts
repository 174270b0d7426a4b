import { createHash } from 'node:crypto';
import { PDFDocument, rgb } from 'pdf-lib';
import { embedNotoSans } from '../../lib/pdf/noto-sans.ts';
import { signedCertificateEn, signedCertificateFr } from './sandbox-signed-document.locales.ts';

/**
 * What the sandbox vendor hands back once an envelope is signed, as a real vendor does: the
 * document sent, with a signature certificate page added (who signed, when, the envelope, and
 * the hash of what they were shown). The original pages are copied untouched.
 */

export interface SignatureFacts {
  envelopeId: string;
  signerName: string;
  signerEmail: string;
  language: 'en' | 'fr';
  signedAt: Date;
}

function formatSignedAt(date: Date, language: 'en' | 'fr'): string {
  const formatted = new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeStyle: 'long',
    timeZone: 'America/Toronto',
  }).format(date);
  return `${formatted} (${date.toISOString()})`;
}

export async function stampSignedDocument(
  original: Uint8Array,
  facts: SignatureFacts,
): Promise<Uint8Array> {
  const t = facts.language === 'fr' ? signedCertificateFr : signedCertificateEn;
  const pdf = await PDFDocument.load(original, { updateMetadata: false });
  const rows: [string, string][] = [
    [t.signer, facts.signerName],
    [t.email, facts.signerEmail],
    [t.signedAt, formatSignedAt(facts.signedAt, facts.language)],
    [t.method, t.typedName],
    [t.envelope, facts.envelopeId],
    [t.documentHash, createHash('sha256').update(original).digest('hex')],
  ];
  // The signer's name as written (Łukasz, Nguyễn): the certificate is in the application's font.
  const fonts = await embedNotoSans(pdf, [t.title, t.notice, ...rows.flat()]);
  const page = pdf.addPage([612, 792]);
  const left = 56;
  let y = 720;
  const line = (text: string, options: { size?: number; strong?: boolean; gap?: number } = {}) => {
    const used = options.strong ? fonts.bold : fonts.regular;
    const size = options.size ?? 11;
    page.drawText(fonts.clean(text), { x: left, y, size, font: used, color: rgb(0, 0, 0) });
    y -= options.gap ?? size + 8;
  };
  line(t.title, { size: 16, strong: true, gap: 28 });
  line(t.notice, { size: 9, gap: 24 });
  for (const [label, value] of rows) {
    line(label, { strong: true, gap: 15 });
    line(value, { size: value.length > 70 ? 8 : 11, gap: 22 });
  }
  pdf.setModificationDate(facts.signedAt);
  pdf.setKeywords(['signed', facts.envelopeId]);
  return pdf.save();
}
