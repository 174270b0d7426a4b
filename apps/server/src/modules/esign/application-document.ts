import {
  answersOutline,
  dealerDate,
  NOTIFY_CHANGES_WITHIN_DAYS,
  outlineFormat,
  stepApplies,
  type Language,
  type OutlineDocument,
  type ReferenceLabel,
  type SavedSteps,
} from '@portal/domain';
import { PDFDocument, rgb, type Color, type PDFFont, type PDFPage } from 'pdf-lib';
import { embedNotoSans } from '../../lib/pdf/noto-sans.ts';
import type { SignatureSpot } from '../../providers/esign/esign-provider.ts';
import { documentText, type DocumentTextKey } from './application-document.locales.ts';

/**
 * The application document the applicants sign (spec sections 2 and 4: eSign): a real PDF,
 * generated from the saved steps in the applicant's language. It is built in two stages: the
 * lines (what the document says, which tests read: the answers come from the domain's outline,
 * the one the review shows), then their drawing with pdf-lib in Noto Sans, embedded and subset
 * (ADR 0013), so names in any alphabet the name rule accepts print as written. SINs and TINs appear only as the steps keep them masked
 * (`sinMasked`, `tinMasked`); the encrypted values are never read here.
 */

export type DocumentLine =
  | { kind: 'title'; text: string }
  | { kind: 'heading'; text: string }
  | { kind: 'subheading'; text: string }
  | { kind: 'field'; label: string; value: string }
  | { kind: 'bullet'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'signature'; label: string; dateLabel: string };

export type { ReferenceLabel };

export interface DocumentInput {
  applicationId: string;
  language: Language;
  steps: SavedSteps;
  /** When the document is generated (its date, in the dealer's time zone). */
  generatedAt: Date;
  references?: ReferenceLabel;
  /** The documents sent with the application, listed with the answers. */
  documents?: readonly OutlineDocument[];
}

export interface ApplicationDocument {
  name: string;
  bytes: Uint8Array;
  lines: DocumentLine[];
  /**
   * Where each applicant signs, in the order of the signature lines: the primary applicant's,
   * then the joint applicant's when the application is joint.
   */
  signatureSpots: SignatureSpot[];
}

type Data = Record<string, unknown>;

const record = (value: unknown): Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {};
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** The short reference the dashboard shows for an application. */
export const referenceOf = (applicationId: string) => applicationId.slice(0, 8).toUpperCase();

export function documentNameOf(applicationId: string, language: Language): string {
  return `${language === 'fr' ? 'demande' : 'application'}-${referenceOf(applicationId)}.pdf`;
}

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);
}

/** What the document says, line by line, before any of it is drawn. */
export function applicationDocumentLines(input: DocumentInput): DocumentLine[] {
  const { language, steps } = input;
  const t = documentText(language);
  const locale = language === 'fr' ? 'fr-CA' : 'en-CA';
  const say = (key: DocumentTextKey, values: Record<string, string> = {}) => fill(t[key], values);
  const format = outlineFormat(language);

  const lines: DocumentLine[] = [];
  const heading = (key: DocumentTextKey) => lines.push({ kind: 'heading', text: t[key] });
  const field = (fieldLabel: string, value: string) =>
    lines.push({ kind: 'field', label: fieldLabel, value });
  const bullet = (value: string) => lines.push({ kind: 'bullet', text: value });

  const joint = stepApplies('profilejoint', steps);
  const primaryName = format.personName(steps.profile);
  const jointName = joint ? format.personName(steps.profilejoint) : '';

  // Title block
  lines.push({ kind: 'title', text: t.title });
  field(t.reference, referenceOf(input.applicationId));
  field(
    t.date,
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${dealerDate(input.generatedAt)}T00:00:00Z`),
    ),
  );

  heading('applicants');
  field(t.primaryApplicant, primaryName || t.notProvided);
  if (joint) field(t.jointApplicant, jointName || t.notProvided);

  // Every answer, from the same outline the review shows (ADR 0013).
  for (const section of answersOutline(steps, language, {
    references: input.references,
    documents: input.documents,
    voice: 'record',
  })) {
    lines.push({ kind: section.level === 2 ? 'heading' : 'subheading', text: section.heading });
    for (const row of section.rows) {
      const values = Array.isArray(row.value) ? row.value : [row.value];
      if (values.length === 0 || values.every((value) => value === '')) {
        field(row.label, t.notProvided);
        continue;
      }
      // A list keeps one entry a line; the label stands once, beside the first.
      values.forEach((value, index) => field(index === 0 ? row.label : '', value));
    }
  }

  // Review and agree
  heading('agreements');
  const review = record(steps.review);
  if (text(review.agreementId) !== '' && review.hasConsent === true) {
    bullet(say('agreementAgreed', { agreement: text(review.agreementId) }));
    field(t.consentGiven, t.yes);
  } else {
    bullet(t.agreementMissing);
  }

  // Signatures
  heading('signature');
  lines.push({
    kind: 'paragraph',
    text: say('declaration', { days: String(NOTIFY_CHANGES_WITHIN_DAYS) }),
  });
  lines.push({
    kind: 'signature',
    label: say('signatureOf', { name: primaryName || t.primaryApplicant }),
    dateLabel: t.signedOn,
  });
  if (joint) {
    lines.push({
      kind: 'signature',
      label: say('signatureOf', { name: jointName || t.jointApplicant }),
      dateLabel: t.signedOn,
    });
  }
  return lines;
}

/** The document's words as plain text, one line per entry (what tests read). */
export function documentPlainText(lines: readonly DocumentLine[]): string {
  return lines
    .map((line) => {
      switch (line.kind) {
        case 'field':
          return line.label ? `${line.label}: ${line.value}` : `  ${line.value}`;
        case 'signature':
          return `${line.label} / ${line.dateLabel}`;
        case 'bullet':
          return `- ${line.text}`;
        default:
          return line.text;
      }
    })
    .join('\n');
}

// --- Drawing -------------------------------------------------------------------------------

const PAGE = { width: 612, height: 792 }; // US Letter, in points (the Canadian office size)
const MARGIN = { left: 56, right: 56, top: 64, bottom: 64 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const LABEL_WIDTH = 190;
const GAP = 12;
const INK = rgb(0.11, 0.13, 0.17);
const MUTED = rgb(0.35, 0.38, 0.42);
const ACCENT = rgb(0.04, 0.35, 0.43);

/** Splits text into lines no wider than `width` (a word longer than a line is cut). */
export function wrapText(value: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  const widthOf = (candidate: string) => font.widthOfTextAtSize(candidate, size);
  for (const word of value.split(' ')) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (widthOf(candidate) <= width) {
      current = candidate;
      continue;
    }
    if (current !== '') lines.push(current);
    let rest = word;
    while (rest.length > 1 && widthOf(rest) > width) {
      let cut = rest.length - 1;
      while (cut > 1 && widthOf(rest.slice(0, cut)) > width) cut -= 1;
      lines.push(rest.slice(0, cut));
      rest = rest.slice(cut);
    }
    current = rest;
  }
  if (current !== '' || lines.length === 0) lines.push(current);
  return lines;
}

/**
 * The box an e-sign vendor's "sign here" tab covers, in points (DocuSign's is about this size):
 * a signature block leaves room for it right above its signature line.
 */
export const SIGNATURE_BOX = { width: 150, height: 35 } as const;
/** The room above a signature line: the box, and a little air above it. */
const ABOVE_SIGNATURE_LINE = SIGNATURE_BOX.height + 5;
/** The size of the labels under the signature and date lines. */
const SIGNATURE_LABEL_SIZE = 9;
/** From the top of a signature block to the baseline of its labels: what must fit on one page. */
export const SIGNATURE_BLOCK_HEIGHT = ABOVE_SIGNATURE_LINE + 4 + SIGNATURE_LABEL_SIZE;

export interface SignatureBlock {
  page: PDFPage;
  /** The page's number in the document, from 1. */
  pageNumber: number;
  /** The top of the block, in the page's drawing coordinates (from the bottom). */
  top: number;
  left: number;
  right: number;
  /** The label under the signature line (who signs) and under the date line, as drawable. */
  label: string;
  dateLabel: string;
  font: PDFFont;
  ink: Color;
  muted: Color;
}

/**
 * Draws a signature block: room for the signature, then a signature line and a date line side
 * by side, a muted label under each. Returns where the signer signs (the top-left corner of
 * the box that sits on the signature line, measured from the page's top-left corner, as
 * vendors place their tabs) and the baseline of the labels, where the block ends.
 */
export function drawSignatureBlock(block: SignatureBlock): { spot: SignatureSpot; bottom: number } {
  const { page, left, right, font } = block;
  const lineY = block.top - ABOVE_SIGNATURE_LINE;
  const signatureEnd = left + 300;
  const dateStart = signatureEnd + 40;
  for (const [start, end] of [
    [left, signatureEnd],
    [dateStart, right],
  ] as const) {
    page.drawLine({
      start: { x: start, y: lineY },
      end: { x: end, y: lineY },
      thickness: 0.75,
      color: block.ink,
    });
  }
  const bottom = lineY - 4 - SIGNATURE_LABEL_SIZE;
  const label = wrapText(block.label, font, SIGNATURE_LABEL_SIZE, signatureEnd - left)[0] ?? '';
  for (const [value, x] of [
    [label, left],
    [block.dateLabel, dateStart],
  ] as const) {
    page.drawText(value, { x, y: bottom, size: SIGNATURE_LABEL_SIZE, font, color: block.muted });
  }
  return {
    spot: {
      page: block.pageNumber,
      x: left,
      y: page.getHeight() - lineY - SIGNATURE_BOX.height,
    },
    bottom,
  };
}

/**
 * Writes each page's footer (`text` of its number and the page count, drawable), small and
 * muted, in the bottom margin at the left margin: once every page is drawn, so the count is known.
 */
export function drawFooters(
  pdf: PDFDocument,
  footer: {
    text: (page: number, pages: number) => string;
    margin: { left: number; bottom: number };
    font: PDFFont;
    color: Color;
  },
): void {
  const pages = pdf.getPages();
  for (const [index, page] of pages.entries()) {
    page.drawText(footer.text(index + 1, pages.length), {
      x: footer.margin.left,
      y: footer.margin.bottom / 2,
      size: 8,
      font: footer.font,
      color: footer.color,
    });
  }
}

/**
 * Draws the lines on as many Letter pages as they take, with a footer on each; reports where
 * each signature line is, in order.
 */
export async function renderApplicationDocument(
  lines: readonly DocumentLine[],
  meta: { applicationId: string; language: Language; generatedAt: Date },
): Promise<{ bytes: Uint8Array; signatureSpots: SignatureSpot[] }> {
  const t = documentText(meta.language);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t.title} ${referenceOf(meta.applicationId)}`, { showInWindowTitleBar: true });
  pdf.setSubject(t.subject);
  pdf.setAuthor(t.brand);
  pdf.setCreator(t.brand);
  pdf.setLanguage(meta.language === 'fr' ? 'fr-CA' : 'en-CA');
  pdf.setCreationDate(meta.generatedAt);
  pdf.setModificationDate(meta.generatedAt);
  const drawn = lines.flatMap((line) => Object.values(line).filter((v) => typeof v === 'string'));
  const { regular, bold, clean } = await embedNotoSans(pdf, [...Object.values(t), ...drawn]);

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN.top;
  const signatureSpots: SignatureSpot[] = [];
  const newPage = () => {
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN.top;
  };
  /** Room for `height` points on this page, or a new page. */
  const room = (height: number) => {
    if (y - height < MARGIN.bottom) newPage();
  };
  const draw = (value: string, x: number, size: number, font: PDFFont, color = INK) =>
    page.drawText(value, { x, y: y - size, size, font, color });

  // The brand above the title, on the first page only.
  draw(clean(t.brand), MARGIN.left, 10, bold, ACCENT);
  y -= 18;

  for (const [index, line] of lines.entries()) {
    switch (line.kind) {
      case 'title': {
        const wrapped = wrapText(clean(line.text), bold, 20, CONTENT_WIDTH);
        for (const part of wrapped) {
          room(26);
          draw(part, MARGIN.left, 20, bold);
          y -= 26;
        }
        y -= 6;
        break;
      }
      case 'heading': {
        // A heading never ends a page: keep it with at least two lines of what follows.
        room(16 + 8 + 2 * 14);
        y -= index === 0 ? 0 : 10;
        draw(clean(line.text), MARGIN.left, 13, bold, ACCENT);
        y -= 18;
        page.drawLine({
          start: { x: MARGIN.left, y: y + 3 },
          end: { x: PAGE.width - MARGIN.right, y: y + 3 },
          thickness: 0.75,
          color: ACCENT,
        });
        y -= 6;
        break;
      }
      case 'subheading': {
        room(14 + 2 * 14);
        y -= 4;
        draw(clean(line.text), MARGIN.left, 11, bold);
        y -= 16;
        break;
      }
      case 'field': {
        const labelLines = wrapText(clean(line.label), bold, 9.5, LABEL_WIDTH - GAP);
        const valueLines = wrapText(clean(line.value), regular, 10, CONTENT_WIDTH - LABEL_WIDTH);
        const rows = Math.max(labelLines.length, valueLines.length);
        // Short fields stay whole; a long one may continue on the next page.
        if (rows <= 4) room(rows * 13 + 3);
        for (let row = 0; row < rows; row += 1) {
          room(13);
          const labelPart = labelLines[row];
          const valuePart = valueLines[row];
          if (labelPart) draw(labelPart, MARGIN.left, 9.5, bold, MUTED);
          if (valuePart) draw(valuePart, MARGIN.left + LABEL_WIDTH, 10, regular);
          y -= 13;
        }
        y -= 3;
        break;
      }
      case 'bullet': {
        const wrapped = wrapText(clean(line.text), regular, 10, CONTENT_WIDTH - 14);
        for (const [row, part] of wrapped.entries()) {
          room(14);
          if (row === 0) draw('\u2022', MARGIN.left + 2, 10, regular);
          draw(part, MARGIN.left + 14, 10, regular);
          y -= 14;
        }
        y -= 2;
        break;
      }
      case 'paragraph': {
        for (const part of wrapText(clean(line.text), regular, 10, CONTENT_WIDTH)) {
          room(14);
          draw(part, MARGIN.left, 10, regular);
          y -= 14;
        }
        y -= 6;
        break;
      }
      case 'signature': {
        // The block never splits: the box, its line and its labels on one page.
        room(SIGNATURE_BLOCK_HEIGHT + 4);
        const block = drawSignatureBlock({
          page,
          pageNumber: pdf.getPageCount(),
          top: y,
          left: MARGIN.left,
          right: PAGE.width - MARGIN.right,
          label: clean(line.label),
          dateLabel: clean(line.dateLabel),
          font: regular,
          ink: INK,
          muted: MUTED,
        });
        signatureSpots.push(block.spot);
        y = block.bottom - 13;
        break;
      }
    }
  }

  drawFooters(pdf, {
    text: (number, pages) =>
      clean(
        `${t.brand} · ${t.reference} ${referenceOf(meta.applicationId)} · ${fill(t.page, {
          page: String(number),
          pages: String(pages),
        })}`,
      ),
    margin: MARGIN,
    font: regular,
    color: MUTED,
  });
  return { bytes: await pdf.save(), signatureSpots };
}

/**
 * The document for the steps as saved: its file name, its bytes, its lines and where each
 * applicant signs.
 */
export async function buildApplicationDocument(input: DocumentInput): Promise<ApplicationDocument> {
  const lines = applicationDocumentLines(input);
  const { bytes, signatureSpots } = await renderApplicationDocument(lines, input);
  return {
    name: documentNameOf(input.applicationId, input.language),
    bytes,
    lines,
    signatureSpots,
  };
}
