import {
  beneficiaryDesignationLabels,
  beneficiaryDesignations,
  chosenAccounts,
  correspondenceLanguageLabels,
  correspondenceLanguages,
  countries,
  countryLabels,
  dealerDate,
  deliveryMethodLabels,
  deliveryMethods,
  documentDeliveryOptionLabels,
  documentDeliveryOptions,
  employmentStatuses,
  employmentStatusLabels,
  experienceFlagsOf,
  heardAboutUsSourceLabels,
  heardAboutUsSources,
  incomeSourceTypeLabels,
  incomeSourceTypes,
  intendedUseLabels,
  intendedUses,
  investmentExperienceFlagLabels,
  investmentExperienceFlags,
  investmentKnowledgeLevelLabels,
  investmentKnowledgeLevels,
  labelOf,
  maritalStatuses,
  maritalStatusLabels,
  namedAccountTypeLabels,
  noTinReasonLabels,
  noTinReasons,
  NOTIFY_CHANGES_WITHIN_DAYS,
  onboardingAccountTypes,
  optionsStrategies,
  optionsStrategyLabels,
  phoneTypeLabels,
  phoneTypes,
  provinceLabels,
  provinces,
  purposeTypeLabels,
  purposeTypes,
  relationshipLabels,
  relationships,
  stepApplies,
  titleLabels,
  titles,
  type CodeMap,
  type Labels,
  type Language,
  type NamedAccountTypeName,
  type SavedSteps,
} from '@portal/domain';
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import { documentText, type DocumentTextKey } from './application-document.locales.ts';

/**
 * The application document the applicants sign (spec sections 2 and 4: eSign): a real PDF,
 * generated from the saved steps in the applicant's language. It is built in two stages: the
 * lines (what the document says, which tests read), then their drawing with pdf-lib (standard
 * Helvetica, WinAnsi: French accents included; anything else is replaced, never dropped
 * silently into an exception). SINs and TINs appear only as the steps keep them masked
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

/** The reference lists the steps point into (`references/*`), by id, in the document's language. */
export type ReferenceLabel = (
  list: 'citizenships' | 'countries' | 'provinceStates' | 'businessTypes' | 'occupationTypes',
  id: unknown,
) => string | undefined;

export interface DocumentInput {
  applicationId: string;
  language: Language;
  steps: SavedSteps;
  /** When the document is generated (its date, in the dealer's time zone). */
  generatedAt: Date;
  references?: ReferenceLabel;
}

export interface ApplicationDocument {
  name: string;
  bytes: Uint8Array;
  lines: DocumentLine[];
}

type Data = Record<string, unknown>;

const record = (value: unknown): Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
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
  const reference: ReferenceLabel = input.references ?? (() => undefined);
  const label = <E extends CodeMap>(codes: E, labels: Labels<E>, code: unknown) =>
    labelOf(codes, labels, code, language) ?? '';
  const yesNo = (value: unknown) => (value === true ? t.yes : t.no);
  /** French sets a colon apart with a (no-break) space. */
  const colon = language === 'fr' ? '\u00a0: ' : ': ';

  const money = (value: unknown) =>
    typeof value === 'number'
      ? new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: 'CAD',
          minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
          maximumFractionDigits: 2,
        }).format(value)
      : '';
  const calendarDate = (value: unknown) => {
    const date = text(value);
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${date}T00:00:00Z`),
    );
  };
  const percent = (value: unknown) =>
    typeof value === 'number'
      ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
          value / 100,
        )
      : '';

  const provinceName = (id: unknown) =>
    reference('provinceStates', id) ?? label(provinces, provinceLabels, id);
  const countryName = (id: unknown) =>
    reference('countries', id) ?? label(countries, countryLabels, id);

  function address(value: unknown): string {
    const a = record(value);
    const suite = text(a.suite);
    const street = [text(a.streetNumber), text(a.streetName)].filter(Boolean).join(' ');
    const firstLine = suite
      ? /^[\p{L}\p{N}]+$/u.test(suite)
        ? `${suite}-${street}`
        : `${suite}, ${street}`
      : street;
    const region = [provinceName(a.provinceId), text(a.postalCode)].filter(Boolean).join('  ');
    return [firstLine, text(a.city), region, countryName(a.countryId)].filter(Boolean).join(', ');
  }

  const personName = (value: unknown) => {
    const person = record(value);
    return [label(titles, titleLabels, person.title), text(person.firstName), text(person.lastName)]
      .filter(Boolean)
      .join(' ');
  };

  const lines: DocumentLine[] = [];
  const heading = (key: DocumentTextKey) => lines.push({ kind: 'heading', text: t[key] });
  const subheading = (value: string) => lines.push({ kind: 'subheading', text: value });
  const field = (fieldLabel: string, value: string) => {
    if (value !== '') lines.push({ kind: 'field', label: fieldLabel, value });
  };
  const bullet = (value: string) => lines.push({ kind: 'bullet', text: value });

  const joint = stepApplies('profilejoint', steps);
  const primaryName = personName(steps.profile);
  const jointName = joint ? personName(steps.profilejoint) : '';

  // Title block
  lines.push({ kind: 'title', text: t.title });
  field(t.reference, referenceOf(input.applicationId));
  field(
    t.date,
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${dealerDate(input.generatedAt)}T00:00:00Z`),
    ),
  );
  const ownership = record(steps.ownership).ownershipTypeId;
  field(
    t.ownership,
    ownership === onboardingAccountTypes.Joint ? t.jointOwnership : t.individualOwnership,
  );

  heading('applicants');
  field(t.primaryApplicant, primaryName || t.notProvided);
  if (joint) field(t.jointApplicant, jointName || t.notProvided);

  heading('accounts');
  const accounts = chosenAccounts(steps);
  if (accounts.length === 0) bullet(t.noAccounts);
  for (const account of accounts) {
    bullet(namedAccountTypeLabels[account]?.[language] ?? account);
  }
  if (steps.options !== undefined) {
    const options = record(steps.options);
    field(t.options, yesNo(options.optionsTrading));
    const strategies = list(options.strategies)
      .map((code) => label(optionsStrategies, optionsStrategyLabels, code))
      .filter(Boolean);
    if (options.optionsTrading === true) field(t.optionsStrategies, strategies.join(', '));
    field(t.shortSelling, yesNo(options.shortSelling));
  }

  function applicantSection(titleKey: 'primaryApplicant' | 'jointApplicant', saved: unknown) {
    const profile = record(saved);
    heading(titleKey);
    if (saved === undefined) {
      field(t.name, t.notProvided);
      return;
    }
    field(t.name, personName(profile));
    field(t.birthDate, calendarDate(profile.birthDate));
    // Only the masked form the steps keep: the number itself never reaches the document.
    field(t.sin, text(profile.sinMasked) || t.notProvided);
    field(t.maritalStatus, label(maritalStatuses, maritalStatusLabels, profile.maritalStatus));
    field(t.email, text(profile.email));
    field(t.citizenship, reference('citizenships', profile.citizenshipId) ?? '');
    field(
      t.phones,
      list(profile.phones)
        .map((phone) => {
          const p = record(phone);
          const kind = label(phoneTypes, phoneTypeLabels, p.type);
          const extension = text(p.extension) ? ` x${text(p.extension)}` : '';
          return `${kind ? `${kind}${colon}` : ''}${text(p.number)}${extension}`;
        })
        .join('; '),
    );
    field(t.homeAddress, address(profile.homeAddress));
    field(
      t.mailingAddress,
      profile.mailingSameAsHome === false ? address(profile.mailingAddress) : t.sameAsHome,
    );
    if (profile.previousAddress !== undefined) {
      field(t.previousAddress, address(profile.previousAddress));
    }

    subheading(t.employment);
    employmentFields(profile);

    subheading(t.finances);
    field(t.annualIncome, money(profile.annualIncome));
    field(t.netFixedAssets, money(profile.netFixedAssets));
    field(t.netLiquidAssets, money(profile.netLiquidAssets));
    field(t.totalNetWorth, money(profile.totalNetWorth));
    field(t.incomeSource, incomeSourceOf(profile));

    if (profile.spouse !== undefined) {
      const spouse = record(profile.spouse);
      subheading(t.spouse);
      field(t.name, personName(spouse));
      field(t.birthDate, calendarDate(spouse.birthDate));
      field(t.sin, text(spouse.sinMasked) || t.notProvided);
      employmentFields(spouse);
      field(t.spouseIncome, money(spouse.annualIncome));
      field(t.incomeSource, incomeSourceOf(spouse));
    }
  }

  function employmentFields(person: Data) {
    field(
      t.employmentStatus,
      label(employmentStatuses, employmentStatusLabels, person.employmentStatus),
    );
    field(t.employer, text(person.employerName));
    field(t.industry, reference('businessTypes', person.industryId) ?? '');
    field(t.occupation, reference('occupationTypes', person.occupationId) ?? '');
    if (text(person.employerCity) !== '') {
      const place = [
        text(person.employerCity),
        person.employerProvinceId === undefined ? '' : provinceName(person.employerProvinceId),
        countryName(person.employerCountryId),
      ];
      field(t.employerLocation, place.filter(Boolean).join(', '));
    }
  }

  function incomeSourceOf(person: Data): string {
    if (person.incomeSourceType === incomeSourceTypes.Other && text(person.incomeSourceOther)) {
      return text(person.incomeSourceOther);
    }
    return label(incomeSourceTypes, incomeSourceTypeLabels, person.incomeSourceType);
  }

  applicantSection('primaryApplicant', steps.profile);
  if (joint) applicantSection('jointApplicant', steps.profilejoint);

  // Financial background (step otherinterests)
  const background = record(steps.otherinterests);
  if (steps.otherinterests !== undefined) {
    heading('financialBackground');
    field(
      t.purpose,
      background.businessRelationshipPurpose === purposeTypes.Other && text(background.purposeOther)
        ? text(background.purposeOther)
        : label(purposeTypes, purposeTypeLabels, background.businessRelationshipPurpose),
    );
    for (const [account, use] of Object.entries(record(background.intendedUse))) {
      const accountName =
        namedAccountTypeLabels[account as NamedAccountTypeName]?.[language] ?? account;
      field(
        say('intendedUse', { account: accountName }),
        label(intendedUses, intendedUseLabels, use),
      );
    }
    const experience = (value: unknown) =>
      typeof value === 'number'
        ? experienceFlagsOf(value)
            .map((flag) => label(investmentExperienceFlags, investmentExperienceFlagLabels, flag))
            .join(', ')
        : '';
    const knowledge = (value: unknown) =>
      label(investmentKnowledgeLevels, investmentKnowledgeLevelLabels, value);
    const perApplicant = (key: DocumentTextKey, source: unknown, show: (v: unknown) => string) => {
      const values = record(source);
      if (!joint) {
        field(t[key], show(values.primary));
        return;
      }
      field(say('ofPrimary', { label: t[key] }), show(values.primary));
      field(say('ofJoint', { label: t[key] }), show(values.joint));
    };
    perApplicant('experience', background.investmentExperience, experience);
    perApplicant('knowledge', background.investmentKnowledge, knowledge);
    for (const question of ['tradingAuthority', 'guarantee', 'powerOfAttorney'] as const) {
      const answer = record(background[question]);
      const names = list(answer.thirdParties)
        .map((party) => text(record(party).name))
        .filter(Boolean);
      field(
        t[question],
        answer.answer === true && names.length > 0
          ? `${t.yes}${colon}${names.join(', ')}`
          : yesNo(answer.answer),
      );
    }
    field(
      t.securityholderInformation,
      label(
        documentDeliveryOptions,
        documentDeliveryOptionLabels,
        background.securityholderInformation,
      ),
    );
    field(
      t.documentDelivery,
      label(deliveryMethods, deliveryMethodLabels, background.documentDelivery),
    );
    field(
      t.correspondenceLanguage,
      label(
        correspondenceLanguages,
        correspondenceLanguageLabels,
        background.correspondenceLanguage,
      ),
    );
    field(
      t.referralSource,
      label(heardAboutUsSources, heardAboutUsSourceLabels, background.referralSource),
    );
    field(t.employeeOrAdvisor, yesNo(background.isEmployeeOrAdvisor));

    heading('affiliations');
    const affiliations = record(background.affiliations);
    const people: [string, unknown][] = [[primaryName || t.primaryApplicant, affiliations.primary]];
    if (joint) people.push([jointName || t.jointApplicant, affiliations.joint]);
    for (const [name, saved] of people) {
      if (saved === undefined) continue;
      subheading(name);
      affiliationFields(record(saved));
    }
  }

  function affiliationFields(person: Data) {
    const detail = (flag: unknown, ...details: unknown[]) => {
      const given = details.map(text).filter(Boolean);
      return flag === true && given.length > 0
        ? `${t.yes}${colon}${given.join(', ')}`
        : yesNo(flag);
    };
    field(t.pep, detail(person.isPep, person.pepName, person.pepPosition));
    field(t.insider, detail(person.isInsider, person.insiderCompanyName, person.insiderSymbol));
    field(t.director, detail(person.isDirector, person.directorCompanyName));
    field(t.dealerEmployee, detail(person.isDealerEmployee, person.dealerName));
    for (const residence of list(person.taxResidences)) {
      const r = record(residence);
      const reason = label(noTinReasons, noTinReasonLabels, r.noTinReason);
      const tin = text(r.tinMasked) || (reason ? say('noTin', { reason }) : t.notProvided);
      field(t.taxResidences, `${countryName(r.countryId)}${colon}${tin}`);
    }
    field(t.usPerson, detail(person.isUsPerson, person.usTinMasked));
    const contact = record(person.trustedContact);
    field(
      t.trustedContact,
      person.wantsTrustedContact === true
        ? [
            `${text(contact.firstName)} ${text(contact.lastName)}`.trim(),
            label(relationships, relationshipLabels, contact.relationship),
          ]
            .filter(Boolean)
            .join(', ')
        : t.no,
    );
  }

  // Beneficiaries (saved with step otherinterests when a chosen plan takes them)
  if (background.beneficiaries !== undefined) {
    heading('beneficiaries');
    const beneficiaries = list(background.beneficiaries);
    if (beneficiaries.length === 0) bullet(t.noBeneficiaries);
    for (const beneficiary of beneficiaries) {
      const b = record(beneficiary);
      const name = `${text(b.firstName)} ${text(b.lastName)}`.trim() || t.estate;
      const designation = label(
        beneficiaryDesignations,
        beneficiaryDesignationLabels,
        b.designation,
      );
      bullet(
        say('beneficiaryShare', {
          name,
          relationship: label(relationships, relationshipLabels, b.relationship),
          percent: percent(b.percent),
        }) + (designation ? ` (${t.designation}: ${designation})` : ''),
      );
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
          return `${line.label}: ${line.value}`;
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

/**
 * Text the standard fonts can write (WinAnsi): accents of French and most of Western Europe
 * pass; other letters lose their accent when they have one (`ł` has none: it becomes `?`).
 */
export function toWinAnsi(value: string, supported: ReadonlySet<number>): string {
  let result = '';
  for (const character of value.normalize('NFC')) {
    const code = character.codePointAt(0) ?? 0;
    if (character === '\t' || character === '\n' || character === '\r') {
      result += ' ';
    } else if (code === 0x202f || code === 0x2007) {
      result += '\u00a0'; // narrow and figure no-break spaces
    } else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      continue;
    } else if (supported.has(code)) {
      result += character;
    } else {
      const base = character.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      result += [...base].every((c) => supported.has(c.codePointAt(0) ?? 0)) && base ? base : '?';
    }
  }
  return result;
}

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

/** Draws the lines on as many Letter pages as they take, with a footer on each. */
export async function renderApplicationDocument(
  lines: readonly DocumentLine[],
  meta: { applicationId: string; language: Language; generatedAt: Date },
): Promise<Uint8Array> {
  const t = documentText(meta.language);
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${t.title} ${referenceOf(meta.applicationId)}`, { showInWindowTitleBar: true });
  pdf.setSubject(t.subject);
  pdf.setAuthor(t.brand);
  pdf.setCreator(t.brand);
  pdf.setLanguage(meta.language === 'fr' ? 'fr-CA' : 'en-CA');
  pdf.setCreationDate(meta.generatedAt);
  pdf.setModificationDate(meta.generatedAt);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const supported = new Set(regular.getCharacterSet());
  const clean = (value: string) => toWinAnsi(value, supported);

  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN.top;
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
        room(64);
        y -= 34;
        const signatureEnd = MARGIN.left + 300;
        const dateStart = signatureEnd + 40;
        page.drawLine({
          start: { x: MARGIN.left, y },
          end: { x: signatureEnd, y },
          thickness: 0.75,
          color: INK,
        });
        page.drawLine({
          start: { x: dateStart, y },
          end: { x: PAGE.width - MARGIN.right, y },
          thickness: 0.75,
          color: INK,
        });
        y -= 4;
        const labelText = wrapText(clean(line.label), regular, 9, signatureEnd - MARGIN.left)[0];
        draw(labelText ?? '', MARGIN.left, 9, regular, MUTED);
        draw(clean(line.dateLabel), dateStart, 9, regular, MUTED);
        y -= 22;
        break;
      }
    }
  }

  const pages = pdf.getPages();
  for (const [index, each] of pages.entries()) {
    const footer = clean(
      `${t.brand} · ${t.reference} ${referenceOf(meta.applicationId)} · ${fill(t.page, {
        page: String(index + 1),
        pages: String(pages.length),
      })}`,
    );
    each.drawText(footer, {
      x: MARGIN.left,
      y: MARGIN.bottom / 2,
      size: 8,
      font: regular,
      color: MUTED,
    });
  }
  return pdf.save();
}

/** The document for the steps as saved: its file name, its bytes and its lines. */
export async function buildApplicationDocument(input: DocumentInput): Promise<ApplicationDocument> {
  const lines = applicationDocumentLines(input);
  const bytes = await renderApplicationDocument(lines, input);
  return { name: documentNameOf(input.applicationId, input.language), bytes, lines };
}
