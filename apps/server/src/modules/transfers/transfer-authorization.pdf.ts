import { BRAND_NAME } from '@portal/domain/brand';
import { accountTypeLabels } from '@portal/domain/enums/account-types';
import { federalJurisdictionLabel } from '@portal/domain/enums/pension-jurisdictions';
import { provinceLabels, provinces } from '@portal/domain/enums/provinces';
import {
  transferTypeLabels,
  transferTypes,
  type TransferType,
} from '@portal/domain/enums/transfers';
import { formatIsoDate, isIsoDate } from '@portal/domain/calendar/iso-date';
import { formatCents, type Cents } from '@portal/domain/money/cents';
import { normalizePostalCode } from '@portal/domain/rules/address';
import { maskSin } from '@portal/domain/rules/person';
import type { TransferAccountTypeName } from '@portal/domain/transfers/transfer-compatibility';
import { transferOfferText } from '@portal/domain/transfers/transfer-offer';
import {
  unpaidMinimumInstructionLabels,
  type PartialTransferLine,
  type StatementHolder,
  type TransferAddress,
  type UnpaidMinimumInstruction,
} from '@portal/domain/transfers/transfer-precheck';
import { transferLineKindLabels } from '@portal/domain/transfers/transfer-request';
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
import type { SignatureSpot } from '../../providers/esign/esign-provider.ts';
import {
  drawFooters,
  drawSignatureBlock,
  SIGNATURE_BLOCK_HEIGHT,
  wrapText,
} from '../esign/application-document.ts';

/**
 * The transfer authorization the client signs with the e-sign vendor (issue 15): what moves,
 * from where, into which account, the holders as the statement names them (SINs masked), and
 * the authorization itself, in the signer's language; then the offer and timings of spec
 * section 9, and the line the client signs on, whose spot the e-sign vendor is told. The
 * delivering account number is printed whole: the other institution needs it to find the
 * account (the document goes only to the e-sign vendor, encrypted there).
 */

export interface TransferAuthorizationDetails {
  transferId: string;
  receivingAccountLabel: string;
  institutionName: string;
  accountNumber: string;
  accountType: TransferAccountTypeName;
  jurisdiction: string | null;
  transferType: TransferType;
  approximateValueCents: Cents;
  liquidationValueCents: Cents | null;
  transferFeeCents: Cents;
  mutualFunds: boolean;
  unpaidMinimum: UnpaidMinimumInstruction | null;
  holders: readonly StatementHolder[];
  address: TransferAddress;
  resp: { deliveringContractNumber: string; receivingContractNumber: string } | null;
  lines: readonly PartialTransferLine[];
}

export interface TransferAuthorizationInput {
  language: 'en' | 'fr';
  details: TransferAuthorizationDetails;
  createdAt: Date;
  /** Who signs (the client, as their profile names them): named under the signature line. */
  signerName: string;
}

const words = {
  en: {
    brand: BRAND_NAME.en,
    title: 'Transfer authorization',
    reference: 'Transfer',
    from: 'Transfer from',
    to: 'Into',
    institution: 'Institution',
    accountNumber: 'Account number',
    accountType: 'Account type',
    jurisdiction: 'Pension law',
    transferType: 'Transfer',
    approximateValue: 'Approximate value',
    liquidationValue: 'Expected from investments sold',
    fee: 'Transfer-out fee charged',
    feeNone: 'None given',
    mutualFunds: 'Holds mutual funds',
    yes: 'Yes',
    no: 'No',
    unpaidMinimum: 'This year’s minimum payment',
    resp: 'Education savings plan contracts',
    respFrom: 'Delivering contract',
    respTo: 'Receiving contract',
    lines: 'What moves',
    quantity: 'Quantity',
    holders: 'Holders, as on the statement',
    sin: 'SIN',
    birthDate: 'Date of birth',
    address: 'Address on the statement',
    authorization: 'Authorization',
    authorizationText: (institution: string) =>
      `I authorize ${institution} to transfer the assets described above to ${BRAND_NAME.en}, and ${BRAND_NAME.en} to request the transfer on my behalf. I confirm that the information above is as it appears on my statement. I understand that investments transferred in cash are sold at the other institution and that it may charge a transfer-out fee.`,
    offer: 'Our offer and timings',
    signatureOf: (name: string) => `Signature of ${name}`,
    signedOn: 'Date',
    page: (page: number, pages: number) => `Page ${page} of ${pages}`,
  },
  fr: {
    brand: BRAND_NAME.fr,
    title: 'Autorisation de transfert',
    reference: 'Transfert',
    from: 'Transfert depuis',
    to: 'Vers',
    institution: 'Institution',
    accountNumber: 'Numéro de compte',
    accountType: 'Type de compte',
    jurisdiction: 'Loi sur les régimes de retraite',
    transferType: 'Transfert',
    approximateValue: 'Valeur approximative',
    liquidationValue: 'Produit attendu des placements vendus',
    fee: 'Frais de transfert exigés',
    feeNone: 'Aucuns indiqués',
    mutualFunds: 'Contient des fonds communs de placement',
    yes: 'Oui',
    no: 'Non',
    unpaidMinimum: 'Paiement minimum de cette année',
    resp: 'Contrats du régime d’épargne-études',
    respFrom: 'Contrat cédant',
    respTo: 'Contrat cessionnaire',
    lines: 'Ce qui est transféré',
    quantity: 'Quantité',
    holders: 'Titulaires, comme sur le relevé',
    sin: 'NAS',
    birthDate: 'Date de naissance',
    address: 'Adresse inscrite sur le relevé',
    authorization: 'Autorisation',
    authorizationText: (institution: string) =>
      `J’autorise ${institution} à transférer les actifs décrits ci-dessus à ${BRAND_NAME.fr}, et ${BRAND_NAME.fr} à demander le transfert en mon nom. Je confirme que les renseignements ci-dessus sont ceux de mon relevé. Je comprends que les placements transférés en espèces sont vendus à l’autre institution et que celle-ci peut exiger des frais de transfert.`,
    offer: 'Notre offre et les délais',
    signatureOf: (name: string) => `Signature de ${name}`,
    signedOn: 'Date',
    page: (page: number, pages: number) => `Page ${page} de ${pages}`,
  },
} as const;

const PAGE = LETTER_PAGE;
const MARGIN = LETTER_MARGIN;
const CONTENT_WIDTH = LETTER_CONTENT_WIDTH;
const INK = DOCUMENT_INK;
const ACCENT = DOCUMENT_ACCENT;
const MUTED = DOCUMENT_MUTED;

export const transferReferenceOf = (transferId: string) => transferId.slice(0, 8).toUpperCase();

export function transferAuthorizationFileName(transferId: string, language: 'en' | 'fr'): string {
  const reference = transferReferenceOf(transferId);
  return language === 'fr'
    ? `autorisation-transfert-${reference}.pdf`
    : `transfer-authorization-${reference}.pdf`;
}

const transferTypeLabel = (type: TransferType, language: 'en' | 'fr') => {
  const key = (Object.keys(transferTypes) as (keyof typeof transferTypes)[]).find(
    (name) => transferTypes[name] === type,
  );
  return key ? transferTypeLabels[key][language] : String(type);
};

const jurisdictionLabel = (code: string, language: 'en' | 'fr') =>
  code === 'federal'
    ? federalJurisdictionLabel[language]
    : (provinceLabels[code as keyof typeof provinceLabels]?.[language] ?? code);

const provinceCodeOf = (id: number) =>
  Object.entries(provinces).find(([, value]) => value === id)?.[0] ?? String(id);

/** The address as Canada Post writes one: the postal code in capitals with its space (`M6G 1R6`). */
function addressText(address: TransferAddress): string {
  const suite = address.suite?.trim() ? `${address.suite.trim()}-` : '';
  const postalCode = normalizePostalCode(address.postalCode, address.countryId ?? undefined);
  return `${suite}${address.streetNumber} ${address.streetName}, ${address.city} ${provinceCodeOf(address.provinceId)} ${postalCode}`.trim();
}

/** A date of birth in the document's language ("March 27, 1985", "27 mars 1985"). */
const birthDateText = (date: string, language: 'en' | 'fr') =>
  isIsoDate(date) ? formatIsoDate(date, language) : date;

/** The document's content, heading then label–value rows or paragraphs, as drawn. */
export function authorizationSections(
  language: 'en' | 'fr',
  details: TransferAuthorizationDetails,
): { heading: string; rows: [string, string][]; paragraphs: string[] }[] {
  const t = words[language];
  const money = (cents: Cents) => formatCents(cents, language, 'CAD');
  const offer = transferOfferText(language);
  const from: [string, string][] = [
    [t.institution, details.institutionName],
    [t.accountNumber, details.accountNumber],
    [t.accountType, accountTypeLabels[details.accountType][language]],
    ...(details.jurisdiction
      ? [[t.jurisdiction, jurisdictionLabel(details.jurisdiction, language)] as [string, string]]
      : []),
    [t.transferType, transferTypeLabel(details.transferType, language)],
    [t.approximateValue, money(details.approximateValueCents)],
    ...(details.liquidationValueCents !== null
      ? [[t.liquidationValue, money(details.liquidationValueCents)] as [string, string]]
      : []),
    // A fee left blank (the form's hint allows it) is kept as 0: it was not given, not $0.
    [t.fee, details.transferFeeCents > 0 ? money(details.transferFeeCents) : t.feeNone],
    [t.mutualFunds, details.mutualFunds ? t.yes : t.no],
    ...(details.unpaidMinimum
      ? [
          [t.unpaidMinimum, unpaidMinimumInstructionLabels[details.unpaidMinimum][language]] as [
            string,
            string,
          ],
        ]
      : []),
  ];
  const lines = details.lines.map((line, index): [string, string] => {
    const kind = transferLineKindLabels[line.kind][language];
    if (line.kind === 'cash') return [`${index + 1}. ${kind}`, money(line.amountCents)];
    const quantity = new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
      maximumFractionDigits: 6,
    }).format(line.quantity);
    return [
      `${index + 1}. ${kind}`,
      `${line.symbol} — ${line.securityName} — ${t.quantity} ${quantity}`,
    ];
  });
  return [
    { heading: t.from, rows: from, paragraphs: [] },
    { heading: t.to, rows: [], paragraphs: [details.receivingAccountLabel] },
    ...(details.resp
      ? [
          {
            heading: t.resp,
            rows: [
              [t.respFrom, details.resp.deliveringContractNumber] as [string, string],
              [t.respTo, details.resp.receivingContractNumber] as [string, string],
            ],
            paragraphs: [],
          },
        ]
      : []),
    ...(lines.length > 0 ? [{ heading: t.lines, rows: lines, paragraphs: [] }] : []),
    {
      heading: t.holders,
      rows: details.holders.flatMap((holder): [string, string][] => [
        [`${holder.firstName} ${holder.lastName}`, ''],
        [t.sin, maskSin(holder.sin)],
        [t.birthDate, birthDateText(holder.birthDate, language)],
      ]),
      paragraphs: [],
    },
    { heading: t.address, rows: [], paragraphs: [addressText(details.address)] },
    {
      heading: t.authorization,
      rows: [],
      paragraphs: [t.authorizationText(details.institutionName)],
    },
    { heading: t.offer, rows: [], paragraphs: [offer.refund, offer.timings] },
  ];
}

/**
 * The authorization as a PDF: its bytes, its file name, its text line by line (what tests
 * read), and where the client signs (`signHere`, for the e-sign vendor's tab).
 */
export async function renderTransferAuthorization(
  input: TransferAuthorizationInput,
): Promise<{ bytes: Uint8Array; name: string; lines: string[]; signHere: SignatureSpot }> {
  const { language, details } = input;
  const t = words[language];
  const sections = authorizationSections(language, details);
  const reference = `${t.reference} ${transferReferenceOf(details.transferId)}`;
  const signatureLabel = t.signatureOf(input.signerName.trim());

  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t.title} ${transferReferenceOf(details.transferId)}`, {
    showInWindowTitleBar: true,
  });
  pdf.setAuthor(t.brand);
  pdf.setCreator(t.brand);
  pdf.setLanguage(language === 'fr' ? 'fr-CA' : 'en-CA');
  pdf.setCreationDate(input.createdAt);
  pdf.setModificationDate(input.createdAt);
  const texts = [
    t.title,
    reference,
    t.brand,
    t.page(1, 1),
    signatureLabel,
    t.signedOn,
    ...sections.flatMap((section) => [
      section.heading,
      ...section.rows.flat(),
      ...section.paragraphs,
    ]),
  ];
  const { regular, bold, clean } = await embedNotoSans(pdf, texts);

  const lines: string[] = [t.title];
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
  };

  draw(clean(t.brand), MARGIN.left, 10, bold, ACCENT);
  y -= 18;
  draw(clean(t.title), MARGIN.left, 18, bold);
  y -= 24;
  draw(clean(reference), MARGIN.left, 9, regular, MUTED);
  y -= 20;

  const labelWidth = 190;
  /** The height a section of paragraphs only takes (the last, the offer, has no rows). */
  const paragraphsHeight = (section: (typeof sections)[number]) =>
    20 +
    section.paragraphs.reduce(
      (height, text) => height + wrapText(clean(text), regular, 10, CONTENT_WIDTH).length * 14 + 4,
      0,
    ) +
    8;
  for (const [index, section] of sections.entries()) {
    // The last section goes with the signature block, so the client never signs on a page of
    // its own: both move to the next page together when they do not fit.
    const last = index === sections.length - 1 && section.rows.length === 0;
    room(last ? paragraphsHeight(section) + SIGNATURE_BLOCK_HEIGHT + 4 : 16 + 8 + 2 * 14);
    draw(clean(section.heading), MARGIN.left, 12, bold, ACCENT);
    y -= 20;
    lines.push(section.heading);
    for (const [label, value] of section.rows) {
      room(14);
      const top = y;
      paragraph(label, value === '' ? bold : regular, labelWidth - 8);
      const after = y;
      if (value !== '') {
        y = top;
        paragraph(value, regular, CONTENT_WIDTH - labelWidth, MARGIN.left + labelWidth);
        y = Math.min(y, after);
      }
      lines.push(value === '' ? label : `${label}: ${value}`);
    }
    for (const text of section.paragraphs) {
      paragraph(text, regular);
      y -= 4;
      lines.push(text);
    }
    y -= 8;
  }

  // The signature block, whole on one page: after the last section, as the client signs last.
  room(SIGNATURE_BLOCK_HEIGHT + 4);
  const { spot: signHere } = drawSignatureBlock({
    page,
    pageNumber: pdf.getPageCount(),
    top: y,
    left: MARGIN.left,
    right: PAGE.width - MARGIN.right,
    label: clean(signatureLabel),
    dateLabel: clean(t.signedOn),
    font: regular,
    ink: INK,
    muted: MUTED,
  });
  lines.push(signatureLabel, t.signedOn);

  drawFooters(pdf, {
    text: (number, pages) => clean(`${t.brand} · ${reference} · ${t.page(number, pages)}`),
    margin: MARGIN,
    font: regular,
    color: MUTED,
  });
  return {
    bytes: await pdf.save(),
    name: transferAuthorizationFileName(details.transferId, language),
    lines,
    signHere,
  };
}
