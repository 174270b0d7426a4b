import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { placedTextOf } from '../../test/pdf-placed-text.ts';
import type { SignatureSpot } from '../../providers/esign/esign-provider.ts';
import { SIGNATURE_BOX } from '../esign/application-document.ts';
import {
  renderTransferAuthorization,
  transferAuthorizationFileName,
  type TransferAuthorizationDetails,
} from './transfer-authorization.pdf.ts';

/** Every word a reader copies out of the PDF, page after page, as pdf.js extracts them. */
async function textOf(bytes: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= pdf.numPages; number += 1) {
      const content = await (await pdf.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages.join('\n');
  } finally {
    await pdf.destroy();
  }
}

/**
 * The spot is on the last page, right above `label` (under its line), after everything else the
 * page says (the footer, in the bottom margin, apart), with no text in its box.
 */
async function expectSpotAboveOnLastPage(bytes: Uint8Array, spot: SignatureSpot, label: string) {
  const pages = await placedTextOf(bytes);
  expect(spot.page).toBe(pages.length);
  const items = pages[spot.page - 1]!;
  const found = items.find((item) => item.text === label);
  expect(found, label).toBeDefined();
  const boxBottom = spot.y + SIGNATURE_BOX.height;
  expect(Math.abs(found!.x - spot.x)).toBeLessThan(1);
  expect(found!.top).toBeGreaterThanOrEqual(boxBottom);
  expect(found!.top - boxBottom).toBeLessThan(12);
  const body = items.filter((item) => item.top < 792 - 64);
  const besideOrBelow = body.filter((item) => item.bottom > spot.y);
  expect(besideOrBelow.map((item) => item.text).sort()).toEqual(['Date', label].sort());
}

const details = (
  overrides: Partial<TransferAuthorizationDetails> = {},
): TransferAuthorizationDetails => ({
  transferId: '3fc81704-3854-4f83-8f0a-689c0134bb26',
  receivingAccountLabel: 'CELI',
  institutionName: 'Placements directs TD',
  accountNumber: '5XK123456',
  accountType: 'TFSA',
  jurisdiction: null,
  transferType: 4,
  approximateValueCents: 2_000_000,
  liquidationValueCents: null,
  transferFeeCents: 15_000,
  mutualFunds: false,
  unpaidMinimum: null,
  holders: [
    { firstName: 'Camille', lastName: 'Bélanger', sin: '130 692 544', birthDate: '1985-03-27' },
  ],
  address: {
    streetNumber: '100',
    streetName: 'Queen St W',
    city: 'Toronto',
    provinceId: 5,
    postalCode: 'M5H 2N2',
  },
  resp: null,
  lines: [
    { kind: 'inKind', symbol: 'XIU', securityName: 'iShares S&P/TSX 60', quantity: 100 },
    { kind: 'cash', amountCents: 50_000 },
  ],
  ...overrides,
});

describe('the transfer authorization PDF', () => {
  it('is written in French for a French signer: what moves, the holders with the SIN masked', async () => {
    const rendered = await renderTransferAuthorization({
      language: 'fr',
      details: details(),
      createdAt: new Date('2026-11-16T15:00:00Z'),
      signerName: 'Camille Bélanger',
    });
    expect(rendered.name).toBe('autorisation-transfert-3FC81704.pdf');
    const text = await textOf(rendered.bytes);
    expect(text).toContain('Autorisation de transfert');
    expect(text).toContain('Placements directs TD');
    expect(text).toContain('5XK123456');
    expect(text).toContain('Camille Bélanger');
    expect(text).toContain('*** *** 544');
    expect(text).not.toContain('130 692 544');
    expect(text).toContain('XIU');
    expect(text).toMatch(/500,00\s\$/);
    expect(text).toContain('J’autorise Placements directs TD');
    expect(rendered.lines).toContain('Notre offre et les délais');
  });

  // Findings 2026-11-28, A-minor 13: the postal code as typed, the date of birth in ISO form and
  // "0,00 $" for a fee left blank.
  it('writes the postal code as Canada Post does, the date of birth in words, and no fee not given', async () => {
    const typed = details({
      transferFeeCents: 0,
      address: { ...details().address, postalCode: 'm6g1r6' },
    });
    const french = await textOf(
      (
        await renderTransferAuthorization({
          language: 'fr',
          details: typed,
          createdAt: new Date(),
          signerName: 'Camille Bélanger',
        })
      ).bytes,
    );
    expect(french).toContain('M6G 1R6');
    expect(french).not.toContain('m6g1r6');
    expect(french).toContain('27 mars 1985');
    expect(french).not.toContain('1985-03-27');
    expect(french).toContain('Aucuns indiqués');
    expect(french).not.toMatch(/Frais de transfert exigés\s+0,00/);
    const english = await textOf(
      (
        await renderTransferAuthorization({
          language: 'en',
          details: typed,
          createdAt: new Date(),
          signerName: 'Camille Bélanger',
        })
      ).bytes,
    );
    expect(english).toContain('March 27, 1985');
    expect(english).toContain('None given');
  });

  it('names a locked-in plan’s pension law, the unpaid minimum and RESP contracts in English', async () => {
    const rendered = await renderTransferAuthorization({
      language: 'en',
      details: details({
        institutionName: 'TD Direct Investing',
        accountType: 'LIF',
        jurisdiction: 'ON',
        transferType: 1,
        unpaidMinimum: 'paidByDeliverer',
        resp: { deliveringContractNumber: 'A1234', receivingContractNumber: 'B5678' },
        lines: [],
      }),
      createdAt: new Date('2026-11-16T15:00:00Z'),
      signerName: 'Camille Bélanger',
    });
    expect(transferAuthorizationFileName(details().transferId, 'en')).toBe(
      'transfer-authorization-3FC81704.pdf',
    );
    const text = await textOf(rendered.bytes);
    expect(text).toContain('Transfer authorization');
    expect(text).toContain('Pension law');
    expect(text).toContain('Ontario');
    expect(text).toContain('The other institution pays what is left of it before the transfer');
    expect(text).toContain('A1234');
    expect(text).not.toContain('What moves');
  });

  it('ends with the signature block, the signer named under the line, and says where to sign', async () => {
    for (const [language, label] of [
      ['en', 'Signature of Camille Bélanger'],
      ['fr', 'Signature de Camille Bélanger'],
    ] as const) {
      const rendered = await renderTransferAuthorization({
        language,
        details: details(),
        createdAt: new Date('2026-11-16T15:00:00Z'),
        signerName: ' Camille Bélanger ',
      });
      const text = await textOf(rendered.bytes);
      expect(text).toContain(label);
      expect(rendered.lines.slice(-2)).toEqual([label, 'Date']);
      await expectSpotAboveOnLastPage(rendered.bytes, rendered.signHere, label);
    }
  });

  it('never leaves the signature alone on a page: the last section moves with it', async () => {
    for (const language of ['en', 'fr'] as const) {
      const rendered = await renderTransferAuthorization({
        language,
        details: details(),
        createdAt: new Date('2026-11-16T15:00:00Z'),
        signerName: 'Camille Bélanger',
      });
      const pages = await placedTextOf(rendered.bytes);
      const offer = language === 'fr' ? 'Notre offre et les délais' : 'Our offer and timings';
      expect(pages[rendered.signHere.page - 1]!.map((item) => item.text)).toContain(offer);
    }
  });

  it('keeps the signature block whole on the last page of a long authorization', async () => {
    const many = Array.from({ length: 45 }, (_, index) => ({
      kind: 'inKind' as const,
      symbol: `S${index}`,
      securityName: `Security number ${index + 1}`,
      quantity: index + 1,
    }));
    const rendered = await renderTransferAuthorization({
      language: 'en',
      details: details({ lines: many }),
      createdAt: new Date('2026-11-16T15:00:00Z'),
      signerName: 'Camille Bélanger',
    });
    expect(rendered.signHere.page).toBeGreaterThan(1);
    await expectSpotAboveOnLastPage(
      rendered.bytes,
      rendered.signHere,
      'Signature of Camille Bélanger',
    );
  });
});
