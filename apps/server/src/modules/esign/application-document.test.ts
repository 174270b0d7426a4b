import { inflateSync } from 'node:zlib';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { placedTextOf } from '../../test/pdf-placed-text.ts';
import type { SavedSteps } from '@portal/domain';
import { montrealHome, savedProfile } from '@portal/domain/rules/profile.fixtures';
import {
  applicationDocumentLines,
  buildApplicationDocument,
  documentNameOf,
  documentPlainText,
  renderApplicationDocument,
  SIGNATURE_BOX,
  wrapText,
  type DocumentLine,
  type ReferenceLabel,
} from './application-document.ts';
import { printableText } from '../../lib/pdf/noto-sans.ts';
import type { SignatureSpot } from '../../providers/esign/esign-provider.ts';

const APPLICATION_ID = '3f2a9c41-0000-4000-8000-000000000000';
const PLAIN_SIN = '130692544';
const GENERATED_AT = new Date('2026-11-23T15:00:00Z');

/** Saved steps as the server keeps them: SINs and TINs sealed, only their masks readable. */
function savedSteps({ joint = false, beneficiaries = 1 } = {}): SavedSteps {
  // A complete profile, married and employed, getting their mail elsewhere.
  const profile = (firstName: string, email: string, sinLast: string) => ({
    ...savedProfile,
    firstName,
    // What a leak would look like: neither may reach the document.
    sin: PLAIN_SIN,
    sinEncrypted: 'v1:aaaa:bbbb:cccc',
    sinMasked: `*** *** ${sinLast}`,
    maritalStatus: 2,
    email,
    confirmEmail: email,
    mailingSameAsHome: false,
    mailingAddress: {
      ...montrealHome,
      suite: 'C.P. 123',
      streetNumber: '',
      streetName: 'Succursale B',
    },
    employmentStatus: 1,
    employerName: 'Hydro-Québec',
    industryId: 7,
    occupationId: 9,
    employerCountryId: 1,
    employerProvinceId: 11,
    employerCity: 'Montréal',
    annualIncome: 85000,
    netLiquidAssets: 90000.5,
    totalNetWorth: 440000.5,
    incomeSourceType: 6,
    incomeSourceOther: 'Rental income',
    spouse: {
      title: 1,
      firstName: 'Luc',
      lastName: 'Tremblay',
      birthDate: '1984-01-02',
      sinEncrypted: 'v1:dddd',
      sinMasked: '*** *** 787',
      employmentStatus: 4,
      annualIncome: 30000,
      incomeSourceType: 4,
    },
  });
  const person = {
    isPep: false,
    isInsider: true,
    insiderCompanyName: 'Laurentian Rail',
    insiderSymbol: 'LRL',
    isDirector: false,
    isDealerEmployee: false,
    taxResidences: [
      { countryId: 1, tinEncrypted: 'v1:eeee', tinMasked: '******544' },
      { countryId: 2, noTinReason: 1 },
    ],
    isUsPerson: false,
    wantsTrustedContact: true,
    trustedContact: {
      firstName: 'Marie',
      lastName: 'Roy',
      relationship: 4,
      email: 'marie@example.com',
      phone: '514 555-0100',
    },
  };
  return {
    ownership: joint ? { ownershipTypeId: 2, jointRelationship: 'spouse' } : { ownershipTypeId: 1 },
    doyouknow: { knowsAccount: true },
    allaccounts: { accounts: ['tfsa', 'margin'] },
    options: { optionsTrading: true, strategies: [1, 3], shortSelling: false },
    account: {},
    profile: profile('Camille', 'camille@example.com', '544'),
    ...(joint ? { profilejoint: profile('Alex', 'alex@example.com', '787') } : {}),
    otherinterests: {
      businessRelationshipPurpose: 1,
      intendedUse: { tfsa: 1, margin: 7 },
      investmentExperience: joint ? { primary: 5, joint: 32 } : { primary: 5 },
      investmentKnowledge: joint ? { primary: 2, joint: 1 } : { primary: 2 },
      tradingAuthority: { answer: false, thirdParties: [] },
      guarantee: { answer: false, thirdParties: [] },
      powerOfAttorney: {
        answer: true,
        thirdParties: [{ kind: 'person', name: 'Luc Gagnon', sinMasked: '*** *** 891' }],
      },
      securityholderInformation: 1,
      documentDelivery: 'electronic',
      correspondenceLanguage: 2,
      securityholderExplanationAcknowledged: true,
      disclosureAcknowledged: true,
      referralSource: 5,
      isEmployeeOrAdvisor: false,
      affiliations: joint ? { primary: person, joint: person } : { primary: person },
      beneficiaries: Array.from({ length: beneficiaries }, (_, index) => ({
        firstName: `Enfant${index + 1}`,
        lastName: 'Tremblay',
        relationship: 3,
        designation: 3,
        percent: 100 / beneficiaries,
        differentAddress: false,
      })),
    },
    review: { agreementId: 'customer-agreements-2026-11', hasConsent: true },
  };
}

const referenceLists: Record<Parameters<ReferenceLabel>[0], Record<number, string>> = {
  citizenships: { 1: 'Canadienne' },
  countries: { 1: 'Canada', 2: 'États-Unis' },
  provinceStates: { 11: 'Québec' },
  businessTypes: { 7: 'Services publics' },
  occupationTypes: { 9: 'Ingénieure' },
};
const references: ReferenceLabel = (list, id) => referenceLists[list][id as number];

/**
 * Checks that `spot` is where `label`'s signer signs: the label's page exists, the label starts
 * at the spot's left edge right under the signature box (under its line), and no text of the
 * page runs into the box.
 */
function expectSpotAbove(
  pages: Awaited<ReturnType<typeof placedTextOf>>,
  spot: SignatureSpot,
  label: string,
) {
  expect(spot.page).toBeGreaterThanOrEqual(1);
  expect(spot.page).toBeLessThanOrEqual(pages.length);
  const items = pages[spot.page - 1] ?? [];
  const found = items.find((item) => item.text.startsWith(label));
  expect(found, `${label} on page ${spot.page}`).toBeDefined();
  const boxBottom = spot.y + SIGNATURE_BOX.height;
  expect(Math.abs(found!.x - spot.x)).toBeLessThan(1);
  expect(found!.top).toBeGreaterThanOrEqual(boxBottom);
  expect(found!.top - boxBottom).toBeLessThan(12);
  const inBox = items.filter(
    (item) =>
      item.bottom > spot.y &&
      item.top < boxBottom &&
      item.x < spot.x + SIGNATURE_BOX.width &&
      item.x >= spot.x - 1,
  );
  expect(inBox.map((item) => item.text)).toEqual([]);
}

const textOf = (language: 'en' | 'fr', steps = savedSteps(), withReferences = false) =>
  documentPlainText(
    applicationDocumentLines({
      applicationId: APPLICATION_ID,
      language,
      steps,
      generatedAt: GENERATED_AT,
      ...(withReferences ? { references } : {}),
    }),
  );

describe('the application document', () => {
  it('says everything the applicant signs for, in English', () => {
    const text = textOf('en');
    for (const expected of [
      'Account application',
      'Application reference: 3F2A9C41',
      'Date: November 23, 2026',
      'Accounts requested',
      'Ownership: Individual',
      'Primary applicant: Ms. Camille Tremblay',
      'Accounts: TFSA\n  Margin account',
      'Options strategies: Buying calls and puts\n  Covered writing',
      'Date of birth: March 27, 1985',
      'Social insurance number: *** *** 544',
      'Marital status: Married',
      'Phone numbers: Mobile: (514) 555-0199',
      'Home address: 1200 rue Sainte-Catherine Ouest, Montréal, Quebec  H3B 1K9, Canada',
      'Mailing address: C.P. 123, Succursale B, Montréal',
      'Employer: Hydro-Québec',
      'Annual income: $85,000',
      'Net fixed assets: $350,000',
      'Net liquid assets: $90,000.50',
      'Main source of income: Rental income',
      'Spouse of the primary applicant\nName: Mr. Luc Tremblay',
      'Intended use of each account: TFSA: Long-term growth',
      'Investment experience (primary applicant): Stocks\n  Mutual funds',
      'Someone holds a power of attorney: Yes: Luc Gagnon',
      'Correspondence language: French',
      'Insider of a public company: Yes: Laurentian Rail, LRL',
      'Tax residences: Canada: ******544',
      '  United States: no taxpayer identification number: I have applied',
      'Trusted contact person: Marie Roy',
      'Trusted contact’s relationship: Brother or sister',
      'Trusted contact’s phone number: (514) 555-0100',
      'Beneficiaries: Enfant1 Tremblay (Child): 100%; designation: Other beneficiaries',
      'Customer agreements (customer-agreements-2026-11): read and agreed',
      'Consent given: Yes',
      'of any change within 30 days.',
      'Signature of Ms. Camille Tremblay / Date',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Joint applicant');
  });

  it('says it in French, with the reference lists’ French names', () => {
    const text = textOf('fr', savedSteps(), true);
    for (const expected of [
      'Demande d’ouverture de compte',
      'Date: 23 novembre 2026',
      'Comptes demandés',
      'Propriété: Individuel',
      'Demandeur principal: Mme Camille Tremblay',
      'Comptes: CELI\n  Compte sur marge',
      'Numéro d’assurance sociale: *** *** 544',
      'Marié ou mariée',
      'Cellulaire\u00a0: (514) 555-0199',
      'Citoyenneté: Canadienne',
      'Secteur d’activité: Services publics',
      'Profession: Ingénieure',
      'Lieu de l’employeur: Montréal, Québec, Canada',
      'Revenu annuel: 85\u00a0000\u00a0$',
      'Croissance à long terme',
      'Langue de correspondance: Français',
      'Résidences fiscales: Canada\u00a0: ******544\n  États-Unis',
      'Actifs immobilisés nets: 350\u00a0000\u00a0$',
      'Conventions du client (customer-agreements-2026-11)\u00a0: lues et acceptées',
      'Signature de Mme Camille Tremblay / Date',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toMatch(/Account application|Primary applicant|Annual income/);
  });

  it('names both applicants of a joint application and asks both to sign', () => {
    const text = textOf('en', savedSteps({ joint: true }));
    expect(text).toContain('Ownership: Joint');
    expect(text).toContain('Joint applicant\nName: Ms. Alex Tremblay');
    expect(text).toContain('Joint applicant: Ms. Alex Tremblay');
    expect(text).toContain('Investment experience (joint applicant): None');
    expect(text).toContain('Social insurance number: *** *** 787');
    expect(text).toContain('Signature of Ms. Camille Tremblay / Date');
    expect(text).toContain('Signature of Ms. Alex Tremblay / Date');
  });

  it('never shows a SIN or TIN other than masked, even when the steps hold one', () => {
    for (const language of ['en', 'fr'] as const) {
      const text = textOf(language, savedSteps({ joint: true }), true);
      expect(text).not.toContain(PLAIN_SIN);
      expect(text).not.toContain('130 692 544');
      expect(text).not.toContain('v1:');
    }
  });

  it('lists the documents sent, as the review does', () => {
    const text = documentPlainText(
      applicationDocumentLines({
        applicationId: APPLICATION_ID,
        language: 'fr',
        steps: savedSteps(),
        generatedAt: GENERATED_AT,
        documents: [
          { documentType: 'utilityBill', fileName: 'hydro-mars.pdf' },
          { documentType: 'voidCheque', fileName: 'cheque.png' },
        ],
      }),
    );
    expect(text).toContain(
      'Pièces justificatives\nDocuments transmis: hydro-mars.pdf (Facture de services publics)\n  cheque.png (Chèque annulé)',
    );
  });

  it('says when the agreements are not agreed yet', () => {
    const steps = savedSteps();
    delete steps.review;
    expect(textOf('en', steps)).toContain('The customer agreements have not been agreed yet');
  });

  it('is a real PDF, in its language, with metadata, that pdf-lib reads back', async () => {
    for (const language of ['en', 'fr'] as const) {
      const document = await buildApplicationDocument({
        applicationId: APPLICATION_ID,
        language,
        steps: savedSteps({ joint: true }),
        generatedAt: GENERATED_AT,
        references,
      });
      expect(document.name).toBe(documentNameOf(APPLICATION_ID, language));
      expect(Buffer.from(document.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
      const pdf = await PDFDocument.load(document.bytes);
      expect(pdf.getPageCount()).toBeGreaterThanOrEqual(1);
      expect(pdf.getTitle()).toBe(
        language === 'fr'
          ? 'Demande d’ouverture de compte 3F2A9C41'
          : 'Account application 3F2A9C41',
      );
      expect(pdf.getAuthor()).toBe(
        language === 'fr' ? 'Placements Laurentide' : 'Laurentide Investing',
      );
      expect(Buffer.from(document.bytes).includes(PLAIN_SIN)).toBe(false);
    }
    expect(documentNameOf(APPLICATION_ID, 'fr')).toBe('demande-3F2A9C41.pdf');
  });

  it('wraps long answers and runs onto more pages', async () => {
    const steps = savedSteps({ joint: true, beneficiaries: 4 });
    const profile = steps.profile as Record<string, unknown>;
    profile.incomeSourceOther = 'Income from a family business and a rental property. '.repeat(12);
    const short = await buildApplicationDocument({
      applicationId: APPLICATION_ID,
      language: 'en',
      steps: savedSteps(),
      generatedAt: GENERATED_AT,
    });
    const long = await buildApplicationDocument({
      applicationId: APPLICATION_ID,
      language: 'en',
      steps,
      generatedAt: GENERATED_AT,
    });
    const pages = async (bytes: Uint8Array) => (await PDFDocument.load(bytes)).getPageCount();
    expect(await pages(long.bytes)).toBeGreaterThan(await pages(short.bytes));
    expect(await pages(long.bytes)).toBeGreaterThanOrEqual(3);
  });

  it('reports where each applicant of a joint application signs: above their own signature line', async () => {
    for (const language of ['en', 'fr'] as const) {
      const document = await buildApplicationDocument({
        applicationId: APPLICATION_ID,
        language,
        steps: savedSteps({ joint: true }),
        generatedAt: GENERATED_AT,
      });
      expect(document.signatureSpots).toHaveLength(2);
      const [primary, joint] = document.signatureSpots;
      const pages = await placedTextOf(document.bytes);
      const signatureOf = language === 'fr' ? 'Signature de Mme' : 'Signature of Ms.';
      expectSpotAbove(pages, primary!, `${signatureOf} Camille Tremblay`);
      expectSpotAbove(pages, joint!, `${signatureOf} Alex Tremblay`);
      // The joint applicant's line comes after the primary's.
      expect(joint!.page * 1000 + joint!.y).toBeGreaterThan(primary!.page * 1000 + primary!.y);
    }
  });

  it('reports one spot for an individual application', async () => {
    const document = await buildApplicationDocument({
      applicationId: APPLICATION_ID,
      language: 'en',
      steps: savedSteps(),
      generatedAt: GENERATED_AT,
    });
    expect(document.signatureSpots).toHaveLength(1);
    expectSpotAbove(
      await placedTextOf(document.bytes),
      document.signatureSpots[0]!,
      'Signature of Ms. Camille Tremblay',
    );
  });

  it('reports the later page of a long application’s signatures', async () => {
    const steps = savedSteps({ joint: true, beneficiaries: 4 });
    (steps.profile as Record<string, unknown>).incomeSourceOther =
      'Income from a family business and a rental property. '.repeat(12);
    const document = await buildApplicationDocument({
      applicationId: APPLICATION_ID,
      language: 'en',
      steps,
      generatedAt: GENERATED_AT,
    });
    const pages = await placedTextOf(document.bytes);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    const [primary, joint] = document.signatureSpots;
    expect(primary!.page).toBeGreaterThan(1);
    expectSpotAbove(pages, primary!, 'Signature of Ms. Camille Tremblay');
    expectSpotAbove(pages, joint!, 'Signature of Ms. Alex Tremblay');
  });

  it('moves a signature block that would not fit to the next page, whole, and reports that page', async () => {
    const signature: DocumentLine = {
      kind: 'signature',
      label: 'Signature of Camille Tremblay',
      dateLabel: 'Date',
    };
    const meta = {
      applicationId: APPLICATION_ID,
      language: 'en' as const,
      generatedAt: GENERATED_AT,
    };
    const filler = (count: number): DocumentLine[] =>
      Array.from({ length: count }, (_, index) => ({
        kind: 'paragraph',
        text: `Line ${index + 1}`,
      }));
    // The fewest lines before it that push the block off the first page.
    let count = 0;
    let rendered = await renderApplicationDocument([...filler(count), signature], meta);
    while (rendered.signatureSpots[0]!.page === 1 && count < 60) {
      count += 1;
      rendered = await renderApplicationDocument([...filler(count), signature], meta);
    }
    const [spot] = rendered.signatureSpots;
    expect(spot!.page).toBe(2);
    // One line fewer, the block still fit on the first page: whole, above its bottom margin.
    const fitted = await renderApplicationDocument([...filler(count - 1), signature], meta);
    const lastOnFirst = (await placedTextOf(fitted.bytes))[0]!.find((item) => item.text === 'Date');
    expect(fitted.signatureSpots[0]!.page).toBe(1);
    expect(lastOnFirst!.bottom).toBeLessThanOrEqual(792 - 64);
    const pages = await placedTextOf(rendered.bytes);
    expect(pages).toHaveLength(2);
    // Nothing of the block is left on the first page; on the second it comes first.
    expect(pages[0]!.map((item) => item.text)).not.toContain('Date');
    expect(pages[0]!.some((item) => item.text.startsWith('Signature of'))).toBe(false);
    expectSpotAbove(pages, spot!, 'Signature of Camille Tremblay');
    expect(spot!.y).toBeLessThan(Math.min(...pages[1]!.map((item) => item.top)));
  });

  it('cuts text into lines that fit, and a word longer than a line too', async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const lines = wrapText(`${'word '.repeat(40)}${'x'.repeat(120)}`, font, 10, 200);
    expect(lines.length).toBeGreaterThan(3);
    for (const line of lines) expect(font.widthOfTextAtSize(line, 10)).toBeLessThanOrEqual(200);
    expect(lines.join('').replaceAll(' ', '')).toBe(`${'word'.repeat(40)}${'x'.repeat(120)}`);
  });

  it('prints the letters of every alphabet the name rule accepts, in the embedded Noto Sans', async () => {
    const names = ['Nguyễn Thị Minh Khai', 'Łukasz Żółć', 'Ελένη Παπαδοπούλου', 'Ольга Шевченко'];
    const steps = savedSteps();
    const profile = steps.profile as Record<string, unknown>;
    profile.firstName = names[0];
    profile.lastName = names[1];
    (profile.spouse as Record<string, unknown>).firstName = names[2];
    (profile.spouse as Record<string, unknown>).lastName = names[3];
    const document = await buildApplicationDocument({
      applicationId: APPLICATION_ID,
      language: 'en',
      steps,
      generatedAt: GENERATED_AT,
    });
    const pdf = await PDFDocument.load(document.bytes);
    // The font is embedded, not one of the 14 standard ones.
    const fonts = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter(
        (object) =>
          object instanceof PDFDict && object.get(PDFName.of('Type')) === PDFName.of('Font'),
      )
      .map((font) => String((font as PDFDict).get(PDFName.of('BaseFont'))));
    expect(fonts.some((name) => /NotoSans/.test(name))).toBe(true);
    expect(fonts.some((name) => /Helvetica/.test(name))).toBe(false);
    // Every letter of the names is one the font has, so none is drawn as "?": the text
    // a reader copies out (the ToUnicode maps of the embedded subsets) holds each of them.
    const unicodeMaps = pdf.context
      .enumerateIndirectObjects()
      .map(([, object]) => object)
      .filter((object): object is PDFRawStream => object instanceof PDFRawStream)
      .map((stream) => {
        try {
          return inflateSync(stream.contents).toString('latin1');
        } catch {
          return Buffer.from(stream.contents).toString('latin1');
        }
      })
      .filter((content) => content.includes('begincmap'))
      .join('\n')
      .toUpperCase();
    for (const letter of new Set([...names.join('')].filter((c) => c !== ' '))) {
      const hex = (letter.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0');
      expect(unicodeMaps, `${letter} (U+${hex})`).toContain(`<${hex}>`);
    }
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    // The standard font (before) could not: it wrote "?" for these letters.
    expect(printableText('Łukasz Ελένη', new Set(font.getCharacterSet()))).toBe('?ukasz ?????');
  });

  it('keeps what it can of a letter the font lacks and never breaks on it', async () => {
    const supported = new Set([...'Lodz DZ?'].map((c) => c.codePointAt(0) ?? 0));
    expect(printableText('Łódź Ǆ 王\t', supported)).toBe('?odz DZ ? ');
    // Every drawn line goes through it, so an unusual name never breaks the document.
    const steps = savedSteps();
    (steps.profile as Record<string, unknown>).lastName = 'Wałęsa 王';
    const document = await buildApplicationDocument({
      applicationId: APPLICATION_ID,
      language: 'en',
      steps,
      generatedAt: GENERATED_AT,
    });
    expect((await PDFDocument.load(document.bytes)).getPageCount()).toBeGreaterThanOrEqual(1);
  });
});
