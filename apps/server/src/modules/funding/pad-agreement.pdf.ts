import { createHash } from 'node:crypto';
import { BRAND_NAME } from '@portal/domain/brand';
import {
  padAgreementSections,
  padAgreementTitle,
  padWaiverText,
  type PadAgreementDetails,
} from '@portal/domain/funding/pad-agreement';
import { PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import {
  DOCUMENT_ACCENT,
  DOCUMENT_INK,
  DOCUMENT_MUTED,
  LETTER_CONTENT_WIDTH,
  LETTER_MARGIN,
  LETTER_PAGE,
} from '../../lib/pdf/letter-layout.ts';
import { embedNotoSans } from '../../lib/pdf/noto-sans.ts';
import { wrapText } from '../esign/application-document.ts';

/**
 * The PAD agreement as a PDF (issue 14; Payments Canada Rule H1): the seven sections the
 * person accepted, from the domain's text in their language, then the pre-notification waiver
 * apart in a framed box when they waived it. Kept encrypted with its SHA-256, the evidence for
 * the 90-day reimbursement window; the client downloads it from their funding page.
 */

export type PadDetails = PadAgreementDetails;

export interface PadAgreementInput {
  language: 'en' | 'fr';
  agreementId: string;
  details: PadDetails;
  /** When it was accepted (the document's date). */
  acceptedAt: Date;
}

export interface PadAgreementPdf {
  bytes: Uint8Array;
  sha256: string;
  /** What the document says, heading then paragraphs, as drawn (tests and the trail read it). */
  lines: string[];
}

const words = {
  en: {
    brand: BRAND_NAME.en,
    reference: 'Agreement',
    waiver: 'Waiver of pre-notification',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
  fr: {
    brand: BRAND_NAME.fr,
    reference: 'Accord',
    waiver: 'Renonciation au préavis',
    page: (page: number, pages: number) => `Page ${page} de ${pages}`,
  },
} as const;

const PAGE = LETTER_PAGE;
const MARGIN = LETTER_MARGIN;
const CONTENT_WIDTH = LETTER_CONTENT_WIDTH;
const INK = DOCUMENT_INK;
const ACCENT = DOCUMENT_ACCENT;
const MUTED = DOCUMENT_MUTED;

/** The short reference printed on every page. */
export const agreementReferenceOf = (agreementId: string) => agreementId.slice(0, 8).toUpperCase();

export function padAgreementFileName(agreementId: string, language: 'en' | 'fr'): string {
  const reference = agreementReferenceOf(agreementId);
  return language === 'fr' ? `accord-dpa-${reference}.pdf` : `pad-agreement-${reference}.pdf`;
}

export async function renderPadAgreement(input: PadAgreementInput): Promise<PadAgreementPdf> {
  const { language } = input;
  const t = words[language];
  const title = padAgreementTitle(language, input.details.oneTime);
  const sections = padAgreementSections(language, input.details);
  const waiver = input.details.preNotificationWaived ? padWaiverText(language) : undefined;

  const pdf = await PDFDocument.create();
  const reference = `${t.reference} ${agreementReferenceOf(input.agreementId)}`;
  pdf.setTitle(`${title} ${agreementReferenceOf(input.agreementId)}`, {
    showInWindowTitleBar: true,
  });
  pdf.setAuthor(t.brand);
  pdf.setCreator(t.brand);
  pdf.setLanguage(language === 'fr' ? 'fr-CA' : 'en-CA');
  pdf.setCreationDate(input.acceptedAt);
  pdf.setModificationDate(input.acceptedAt);
  const texts = [
    title,
    ...Object.values(t).filter((value): value is string => typeof value === 'string'),
    ...sections.flatMap((section) => [section.heading, ...section.paragraphs]),
    ...(waiver ? [waiver] : []),
  ];
  const { regular, bold, clean } = await embedNotoSans(pdf, texts);

  const lines: string[] = [title];
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN.top;
  const room = (height: number) => {
    if (y - height < MARGIN.bottom) {
      page = pdf.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - MARGIN.top;
    }
  };
  const draw = (value: string, x: number, size: number, font: PDFFont, color = INK) =>
    page.drawText(value, { x, y: y - size, size, font, color });
  const paragraph = (text: string, font: PDFFont, width = CONTENT_WIDTH, x = MARGIN.left) => {
    for (const part of wrapText(clean(text), font, 10, width)) {
      room(14);
      draw(part, x, 10, font);
      y -= 14;
    }
    y -= 6;
  };

  draw(clean(t.brand), MARGIN.left, 10, bold, ACCENT);
  y -= 18;
  for (const part of wrapText(clean(title), bold, 18, CONTENT_WIDTH)) {
    draw(part, MARGIN.left, 18, bold);
    y -= 24;
  }
  draw(clean(reference), MARGIN.left, 9, regular, MUTED);
  y -= 20;

  for (const section of sections) {
    room(16 + 8 + 2 * 14);
    draw(clean(section.heading), MARGIN.left, 12, bold, ACCENT);
    y -= 20;
    lines.push(section.heading);
    for (const text of section.paragraphs) {
      paragraph(text, regular);
      lines.push(text);
    }
  }

  if (waiver) {
    // Rule H1: a waiver must stand out (bold, or a separate document): bold, in a frame.
    const wrapped = wrapText(clean(waiver), bold, 10, CONTENT_WIDTH - 24);
    const height = 20 + 16 + wrapped.length * 14 + 8;
    room(height + 10);
    y -= 10;
    page.drawRectangle({
      x: MARGIN.left,
      y: y - height,
      width: CONTENT_WIDTH,
      height,
      borderColor: ACCENT,
      borderWidth: 1.5,
    });
    y -= 12;
    draw(clean(t.waiver), MARGIN.left + 12, 12, bold, ACCENT);
    y -= 20;
    for (const part of wrapped) {
      draw(part, MARGIN.left + 12, 10, bold);
      y -= 14;
    }
    lines.push(t.waiver, waiver);
  }

  const pages = pdf.getPages();
  for (const [index, each] of pages.entries()) {
    each.drawText(clean(`${t.brand} · ${reference} · ${t.page(index + 1, pages.length)}`), {
      x: MARGIN.left,
      y: MARGIN.bottom / 2,
      size: 8,
      font: regular,
      color: MUTED,
    });
  }
  const bytes = await pdf.save();
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex'), lines };
}
