import { namedAccountTypeLabels, type NamedAccountTypeName } from '../enums/account-types.ts';
import {
  beneficiaryDesignationLabels,
  beneficiaryDesignations,
  relationshipLabels,
  relationships,
} from '../enums/beneficiaries.ts';
import { countries, countryLabels } from '../enums/countries.ts';
import { labelOf, pick, type CodeMap, type Labels, type Language } from '../enums/define-enum.ts';
import { uploadDocumentTypeLabels, uploadDocumentTypes } from '../enums/documents.ts';
import {
  experienceFlagsOf,
  investmentExperienceFlagLabels,
  investmentExperienceFlags,
  investmentKnowledgeLevelLabels,
  investmentKnowledgeLevels,
  investmentTimeHorizonLabels,
  investmentTimeHorizons,
  riskToleranceLabels,
  riskTolerances,
  optionsStrategies,
  optionsStrategyLabels,
} from '../enums/investment.ts';
import {
  accountGoalLabels,
  accountGoals,
  onboardingAccountTypeLabels,
  onboardingAccountTypes,
} from '../enums/onboarding.ts';
import { federalJurisdictionLabel } from '../enums/pension-jurisdictions.ts';
import {
  employmentStatuses,
  employmentStatusLabels,
  incomeSourceTypeLabels,
  incomeSourceTypes,
  maritalStatuses,
  maritalStatusLabels,
  phoneTypeLabels,
  phoneTypes,
} from '../enums/person.ts';
import {
  correspondenceLanguageLabels,
  correspondenceLanguages,
  documentDeliveryOptionLabels,
  documentDeliveryOptions,
  heardAboutUsSourceLabels,
  heardAboutUsSources,
  purposeTypeLabels,
  purposeTypes,
} from '../enums/preferences.ts';
import { provinceLabels, provinces, type ProvinceCode } from '../enums/provinces.ts';
import { titleLabels, titles } from '../enums/titles.ts';
import type { OnboardingStep } from '../onboarding-steps.ts';
import { normalizePostalCode } from '../rules/address.ts';
import { noTinReasonLabels, noTinReasons } from '../rules/affiliations.ts';
import { beneficiariesAllowed } from '../rules/beneficiaries.ts';
import {
  deliveryMethodLabels,
  deliveryMethods,
  intendedUseLabels,
  intendedUses,
} from '../rules/financial-background.ts';
import { chosenAccounts, stepApplies, type SavedSteps } from '../rules/onboarding-flow.ts';
import { formatPhoneNumber, normalizePhoneNumber } from '../rules/phone.ts';
import { dealerDate } from '../rules/person.ts';
import { isEmployed, needsSpouse } from '../rules/profile.ts';
import { primaryShareOf } from '../rules/joint-ownership.ts';
import {
  outlineLabels,
  personWords,
  type OutlineLabelKey,
  type OutlineLabels,
  type PersonWords,
} from './answers-outline.labels.ts';

/**
 * One outline of the applicant's answers (ADR 0013): the review page, the signed document and
 * the operations console all render these sections, so none can show less than another. Every
 * value is already formatted for the language (phones, postal codes, money, long dates); SINs
 * and TINs only ever appear as the masks the server keeps (`sinMasked`, `tinMasked`).
 *
 * A row is present when its question was asked (a conditional question only when it applies);
 * its value is empty when the question is still unanswered, and each renderer says so its way.
 * One function per section: a new answer is a new row in the function of its section.
 */

export interface OutlineRow {
  /** The answer's place in the saved steps, `step.path` (`profile.homeAddress`). */
  id: string;
  label: string;
  value: string | string[];
}

export interface OutlineSection {
  id: string;
  heading: string;
  /** 2: a section; 3: a part of the section before it (employment, spouse...). */
  level: 2 | 3;
  /** The step whose screen changes these answers. */
  changeStep: OnboardingStep;
  rows: OutlineRow[];
}

/** The reference lists the steps point into (`references/*`), by id, in the outline's language. */
export type ReferenceLabel = (
  list: 'citizenships' | 'countries' | 'provinceStates' | 'businessTypes' | 'occupationTypes',
  id: unknown,
) => string | undefined;

/** An uploaded document as the documents API describes it. */
export interface OutlineDocument {
  documentType: string;
  fileName: string;
}

export interface OutlineContext {
  references?: ReferenceLabel | undefined;
  /** The documents sent with the application; without it, no documents section. */
  documents?: readonly OutlineDocument[] | undefined;
  /** `applicant`: the review speaks to the applicant; `record`: the document and the console. */
  voice?: 'applicant' | 'record';
}

type Data = Record<string, unknown>;
type Who = 'primary' | 'joint';

const record = (value: unknown): Data =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Data) : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');
const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, key: string) => values[key] ?? whole);

/** The formatting and labelling every section shares, for one language. */
export interface OutlineFormat {
  language: Language;
  t: OutlineLabels;
  say(key: OutlineLabelKey, values?: Record<string, string>): string;
  colon: string;
  label<E extends CodeMap>(codes: E, labels: Labels<E>, code: unknown): string;
  yesNo(value: unknown): string;
  money(value: unknown): string;
  date(value: unknown): string;
  percent(value: unknown): string;
  phone(number: unknown, extension?: unknown): string;
  address(value: unknown): string;
  province(id: unknown): string;
  country(id: unknown): string;
  reference(list: Parameters<ReferenceLabel>[0], id: unknown): string;
  personName(value: unknown): string;
  account(name: string): string;
}

export function outlineFormat(language: Language, references?: ReferenceLabel): OutlineFormat {
  const t = outlineLabels(language);
  const locale = language === 'fr' ? 'fr-CA' : 'en-CA';
  const label = <E extends CodeMap>(codes: E, labels: Labels<E>, code: unknown) =>
    labelOf(codes, labels, code, language) ?? '';
  const reference = (name: Parameters<ReferenceLabel>[0], id: unknown) =>
    (id === undefined || id === null ? undefined : references?.(name, id)) ?? '';
  const province = (id: unknown) =>
    reference('provinceStates', id) || label(provinces, provinceLabels, id);
  const country = (id: unknown) =>
    reference('countries', id) || label(countries, countryLabels, id);
  const phone = (number: unknown, extension?: unknown) => {
    const typed = text(number);
    if (!typed) return '';
    const ext = text(extension);
    const formatted = formatPhoneNumber(normalizePhoneNumber(typed));
    // A number outside the North American plan stays as typed.
    const shown = /^\(\d{3}\) \d{3}-\d{4}$/.test(formatted) ? formatted : typed;
    return ext ? `${shown} ${language === 'fr' ? 'poste' : 'ext.'} ${ext}` : shown;
  };
  const format: OutlineFormat = {
    language,
    t,
    say: (key, values = {}) => fill(t[key], values),
    // French sets a colon apart with a no-break space.
    colon: language === 'fr' ? '\u00a0: ' : ': ',
    label,
    yesNo: (value) => (value === true ? t.yes : value === false ? t.no : ''),
    money: (value) =>
      typeof value === 'number' && Number.isFinite(value)
        ? new Intl.NumberFormat(locale, {
            style: 'currency',
            currency: 'CAD',
            minimumFractionDigits: Number.isInteger(value) ? 0 : 2,
            maximumFractionDigits: 2,
          }).format(value)
        : '',
    date: (value) => {
      const date = text(value);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
      return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
        new Date(`${date}T00:00:00Z`),
      );
    },
    percent: (value) =>
      typeof value === 'number'
        ? new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(
            value / 100,
          )
        : '',
    phone,
    address: (value) => {
      const a = record(value);
      const suite = text(a.suite);
      const street = [text(a.streetNumber), text(a.streetName)].filter(Boolean).join(' ');
      const firstLine = suite
        ? /^[\p{L}\p{N}]+$/u.test(suite)
          ? `${suite}-${street}`
          : `${suite}, ${street}`
        : street;
      const countryId = typeof a.countryId === 'number' ? a.countryId : undefined;
      const postalCode = text(a.postalCode)
        ? normalizePostalCode(text(a.postalCode), countryId)
        : '';
      // Canada Post writes two spaces between the province and the postal code.
      const region = [province(a.provinceId), postalCode].filter(Boolean).join('  ');
      return [firstLine, text(a.city), region, country(a.countryId)].filter(Boolean).join(', ');
    },
    province,
    country,
    reference,
    personName: (value) => {
      const person = record(value);
      return [
        label(titles, titleLabels, person.title),
        text(person.firstName),
        text(person.lastName),
      ]
        .filter(Boolean)
        .join(' ');
    },
    account: (name) =>
      namedAccountTypeLabels[name as NamedAccountTypeName]
        ? pick(namedAccountTypeLabels[name as NamedAccountTypeName], language)
        : name,
  };
  return format;
}

/** Builds sections; `add` drops nothing: an unanswered question keeps its row, empty. */
class Rows {
  readonly rows: OutlineRow[] = [];
  constructor(private readonly prefix: string) {}
  add(id: string, label: string, value: string | string[]): this {
    this.rows.push({ id: this.prefix ? `${this.prefix}.${id}` : id, label, value });
    return this;
  }
}

const section = (
  id: string,
  heading: string,
  changeStep: OnboardingStep,
  rows: Rows,
  level: 2 | 3 = 2,
): OutlineSection => ({ id, heading, level, changeStep, rows: rows.rows });

// --- Accounts and options -------------------------------------------------------------------

export function accountsSection(
  steps: SavedSteps,
  f: OutlineFormat,
  heading = f.t.accounts,
): OutlineSection {
  const { t } = f;
  const rows = new Rows('');
  const accountsStep: OnboardingStep = stepApplies('allaccounts', steps)
    ? 'allaccounts'
    : 'relatedaccounts';
  const ownership = record(steps.ownership);
  rows.add(
    'ownership.ownershipTypeId',
    t.ownership,
    f.label(onboardingAccountTypes, onboardingAccountTypeLabels, ownership.ownershipTypeId),
  );
  if (ownership.ownershipTypeId === onboardingAccountTypes.Joint) {
    const relation = {
      spouse: t.jointSpouse,
      commonLaw: t.jointCommonLaw,
      other: t.jointOther,
    }[text(ownership.jointRelationship)];
    rows.add('ownership.jointRelationship', t.jointRelationship, relation ?? '');
  }
  if (steps.doyouknow !== undefined) {
    rows.add(
      'doyouknow.knowsAccount',
      t.knowsAccount,
      f.yesNo(record(steps.doyouknow).knowsAccount),
    );
  }
  if (stepApplies('goals', steps) && steps.goals !== undefined) {
    rows.add(
      'goals.goals',
      t.goals,
      list(record(steps.goals).goals).map((goal) => f.label(accountGoals, accountGoalLabels, goal)),
    );
  }
  rows.add(`${accountsStep}.accounts`, t.accountsChosen, chosenAccounts(steps).map(f.account));
  const details = record(steps.account);
  const jurisdiction = text(details.pensionJurisdiction);
  if (jurisdiction) {
    rows.add(
      'account.pensionJurisdiction',
      t.pensionJurisdiction,
      jurisdiction === 'federal'
        ? pick(federalJurisdictionLabel, f.language)
        : provinceLabels[jurisdiction as ProvinceCode]
          ? pick(provinceLabels[jurisdiction as ProvinceCode], f.language)
          : jurisdiction,
    );
  }
  if (text(details.dapSettlementAgent) || text(details.dapAgentAccountNumber)) {
    rows.add('account.dapSettlementAgent', t.dapSettlementAgent, text(details.dapSettlementAgent));
    rows.add(
      'account.dapAgentAccountNumber',
      t.dapAgentAccountNumber,
      text(details.dapAgentAccountNumber),
    );
  }
  return section('accounts', heading, accountsStep, rows);
}

export function optionsSection(steps: SavedSteps, f: OutlineFormat): OutlineSection | undefined {
  if (steps.options === undefined) return undefined;
  const { t } = f;
  const options = record(steps.options);
  const rows = new Rows('options');
  rows.add('optionsTrading', t.optionsTrading, f.yesNo(options.optionsTrading));
  if (options.optionsTrading === true) {
    rows.add(
      'strategies',
      t.optionsStrategies,
      list(options.strategies).map((code) =>
        f.label(optionsStrategies, optionsStrategyLabels, code),
      ),
    );
  }
  rows.add('shortSelling', t.shortSelling, f.yesNo(options.shortSelling));
  return section('options', t.options, 'options', rows);
}

// --- A person's profile ---------------------------------------------------------------------

const stepOf = (who: Who): 'profile' | 'profilejoint' =>
  who === 'primary' ? 'profile' : 'profilejoint';

function employmentRows(rows: Rows, person: Data, f: OutlineFormat, prefix = ''): void {
  const { t } = f;
  rows.add(
    `${prefix}employmentStatus`,
    t.employmentStatus,
    f.label(employmentStatuses, employmentStatusLabels, person.employmentStatus),
  );
  if (!isEmployed(person.employmentStatus) && !text(person.employerName)) return;
  rows.add(`${prefix}employerName`, t.employer, text(person.employerName));
  rows.add(`${prefix}industryId`, t.industry, f.reference('businessTypes', person.industryId));
  rows.add(
    `${prefix}occupationId`,
    t.occupation,
    f.reference('occupationTypes', person.occupationId),
  );
  const place = [
    text(person.employerCity),
    person.employerProvinceId === undefined ? '' : f.province(person.employerProvinceId),
    f.country(person.employerCountryId),
  ].filter(Boolean);
  rows.add(`${prefix}employerCity`, t.employerLocation, place.join(', '));
}

function incomeSourceOf(person: Data, f: OutlineFormat): string {
  if (person.incomeSourceType === incomeSourceTypes.Other && text(person.incomeSourceOther)) {
    return text(person.incomeSourceOther);
  }
  return f.label(incomeSourceTypes, incomeSourceTypeLabels, person.incomeSourceType);
}

/** Name, birth date, SIN, status, email, citizenship, phones and the three addresses. */
export function personSection(
  who: Who,
  saved: Data,
  f: OutlineFormat,
  words: PersonWords,
): OutlineSection {
  const { t } = f;
  const step = stepOf(who);
  const rows = new Rows(step);
  rows.add('name', t.name, f.personName(saved));
  rows.add('birthDate', t.birthDate, f.date(saved.birthDate));
  // Only the masked form the server keeps: the number itself never reaches the outline.
  rows.add('sin', t.sin, text(saved.sinMasked));
  rows.add(
    'maritalStatus',
    t.maritalStatus,
    f.label(maritalStatuses, maritalStatusLabels, saved.maritalStatus),
  );
  rows.add('email', t.email, text(saved.email));
  rows.add('citizenshipId', t.citizenship, f.reference('citizenships', saved.citizenshipId));
  rows.add(
    'phones',
    t.phones,
    list(saved.phones).map((phone) => {
      const p = record(phone);
      const kind = f.label(phoneTypes, phoneTypeLabels, p.type);
      const number = f.phone(p.number, p.extension);
      return kind ? `${kind}${f.colon}${number}` : number;
    }),
  );
  rows.add('homeAddress', t.homeAddress, f.address(saved.homeAddress));
  rows.add(
    'mailingAddress',
    t.mailingAddress,
    saved.mailingSameAsHome === true
      ? t.sameAsHome
      : saved.mailingSameAsHome === false
        ? f.address(saved.mailingAddress)
        : '',
  );
  rows.add('movedWithinTwoYears', t.movedWithinTwoYears, f.yesNo(saved.movedWithinTwoYears));
  if (saved.movedWithinTwoYears === true) {
    rows.add('previousAddress', t.previousAddress, f.address(saved.previousAddress));
  }
  if (who === 'joint') {
    rows.add(
      'preferredLanguage',
      t.preferredLanguage,
      f.label(
        correspondenceLanguages,
        correspondenceLanguageLabels,
        saved.preferredLanguage === 'fr'
          ? correspondenceLanguages.French
          : saved.preferredLanguage === 'en'
            ? correspondenceLanguages.English
            : undefined,
      ),
    );
    rows.add('shareholderId', t.shareholderId, text(saved.shareholderId) || t.shareholderIdNone);
    if (typeof saved.shareholderPercent === 'number') {
      rows.add(
        'shareholderPercent',
        t.shareholderPercent,
        f.say('shareholderShares', {
          joint: f.percent(saved.shareholderPercent),
          primary: f.percent(primaryShareOf(saved.shareholderPercent)),
        }),
      );
    }
  }
  return section(step, words.profile, step, rows);
}

export function employmentSection(who: Who, saved: Data, f: OutlineFormat, words: PersonWords) {
  const step = stepOf(who);
  const rows = new Rows(step);
  employmentRows(rows, saved, f);
  return section(`${step}-employment`, words.employment, step, rows, 3);
}

export function financesSection(who: Who, saved: Data, f: OutlineFormat, words: PersonWords) {
  const { t } = f;
  const step = stepOf(who);
  const rows = new Rows(step);
  rows.add('annualIncome', t.annualIncome, f.money(saved.annualIncome));
  rows.add('netFixedAssets', t.netFixedAssets, f.money(saved.netFixedAssets));
  rows.add('netLiquidAssets', t.netLiquidAssets, f.money(saved.netLiquidAssets));
  rows.add('totalNetWorth', t.totalNetWorth, f.money(saved.totalNetWorth));
  rows.add('incomeSourceType', t.incomeSource, incomeSourceOf(saved, f));
  return section(`${step}-finances`, words.finances, step, rows, 3);
}

/** Asked when married, common-law or separated; the labels say whose spouse it is. */
export function spouseSections(
  who: Who,
  saved: Data,
  f: OutlineFormat,
  words: PersonWords,
): OutlineSection[] {
  if (!needsSpouse(saved.maritalStatus) && saved.spouse === undefined) return [];
  const { t } = f;
  const step = stepOf(who);
  const spouse = record(saved.spouse);
  const identity = new Rows(`${step}.spouse`)
    .add('name', t.name, f.personName(spouse))
    .add('birthDate', t.birthDate, f.date(spouse.birthDate))
    .add('sin', t.sin, text(spouse.sinMasked) || (saved.spouse === undefined ? '' : t.sinNotGiven));
  const work = new Rows(`${step}.spouse`);
  employmentRows(work, spouse, f);
  work.add('annualIncome', t.annualIncome, f.money(spouse.annualIncome));
  // Asked since spec line 132 was read whole ("the same for the spouse"); older answers lack them.
  if (spouse.netFixedAssets !== undefined || spouse.netLiquidAssets !== undefined) {
    work.add('netFixedAssets', t.netFixedAssets, f.money(spouse.netFixedAssets));
    work.add('netLiquidAssets', t.netLiquidAssets, f.money(spouse.netLiquidAssets));
  }
  work.add('incomeSourceType', t.incomeSource, incomeSourceOf(spouse, f));
  return [
    section(`${step}-spouse`, words.spouse, step, identity, 3),
    section(`${step}-spouse-employment`, words.spouseEmployment, step, work, 3),
  ];
}

/** Every section of one applicant's profile, in the order the screen asks. */
export function profileSections(
  who: Who,
  saved: unknown,
  f: OutlineFormat,
  words: PersonWords,
): OutlineSection[] {
  const person = record(saved);
  return [
    personSection(who, person, f, words),
    employmentSection(who, person, f, words),
    financesSection(who, person, f, words),
    ...spouseSections(who, person, f, words),
  ];
}

// --- Financial background -------------------------------------------------------------------

function thirdPartyLine(party: unknown, f: OutlineFormat): string {
  const p = record(party);
  const parts = [text(p.name)];
  if (text(p.occupation)) parts.push(text(p.occupation));
  if (text(p.birthDate)) parts.push(f.say('thirdPartyBorn', { date: f.date(p.birthDate) }));
  if (text(p.sinMasked)) parts.push(text(p.sinMasked));
  if (text(p.incorporationNumber) || text(p.incorporationPlace)) {
    parts.push(
      f.say('thirdPartyIncorporated', {
        place: text(p.incorporationPlace),
        number: text(p.incorporationNumber),
      }),
    );
  }
  const address = f.address(p.address);
  if (address) parts.push(address);
  if (text(p.phone)) parts.push(f.phone(p.phone));
  return parts.filter(Boolean).join(', ');
}

export function financialSection(
  steps: SavedSteps,
  f: OutlineFormat,
  words: Record<Who, PersonWords>,
): OutlineSection | undefined {
  if (steps.otherinterests === undefined) return undefined;
  const { t } = f;
  const joint = stepApplies('profilejoint', steps);
  const background = record(steps.otherinterests);
  const rows = new Rows('otherinterests');
  rows.add(
    'businessRelationshipPurpose',
    t.purpose,
    background.businessRelationshipPurpose === purposeTypes.Other && text(background.purposeOther)
      ? text(background.purposeOther)
      : f.label(purposeTypes, purposeTypeLabels, background.businessRelationshipPurpose),
  );
  const uses = record(background.intendedUse);
  rows.add(
    'intendedUse',
    t.intendedUse,
    chosenAccounts(steps).map(
      (account) =>
        `${f.account(account)}${f.colon}${f.label(intendedUses, intendedUseLabels, uses[account])}`,
    ),
  );
  const experience = record(background.investmentExperience);
  const knowledge = record(background.investmentKnowledge);
  const people: Who[] = joint ? ['primary', 'joint'] : ['primary'];
  for (const who of people) {
    const flags = experience[who];
    rows.add(
      `investmentExperience.${who}`,
      words[who].experience,
      typeof flags === 'number'
        ? experienceFlagsOf(flags).map((flag) =>
            f.label(investmentExperienceFlags, investmentExperienceFlagLabels, flag),
          )
        : '',
    );
    rows.add(
      `investmentKnowledge.${who}`,
      words[who].knowledge,
      f.label(investmentKnowledgeLevels, investmentKnowledgeLevelLabels, knowledge[who]),
    );
    rows.add(
      `riskTolerance.${who}`,
      words[who].riskTolerance,
      f.label(riskTolerances, riskToleranceLabels, record(background.riskTolerance)[who]),
    );
    rows.add(
      `investmentTimeHorizon.${who}`,
      words[who].timeHorizon,
      f.label(
        investmentTimeHorizons,
        investmentTimeHorizonLabels,
        record(background.investmentTimeHorizon)[who],
      ),
    );
  }
  if (background.knowledgeWarningAcknowledged === true) {
    rows.add(
      'knowledgeWarningAcknowledged',
      t.knowledgeWarningAcknowledged,
      f.yesNo(background.knowledgeWarningAcknowledged),
    );
  }
  for (const question of ['tradingAuthority', 'guarantee', 'powerOfAttorney'] as const) {
    const answer = record(background[question]);
    const parties = list(answer.thirdParties).map((party) => thirdPartyLine(party, f));
    rows.add(
      question,
      t[question],
      answer.answer === true && parties.length > 0
        ? parties.map((party) => `${t.yes}${f.colon}${party}`)
        : f.yesNo(answer.answer),
    );
  }
  rows.add(
    'securityholderInformation',
    t.securityholderInformation,
    f.label(
      documentDeliveryOptions,
      documentDeliveryOptionLabels,
      background.securityholderInformation,
    ),
  );
  rows.add(
    'securityholderExplanationAcknowledged',
    t.securityholderExplanationAcknowledged,
    f.yesNo(background.securityholderExplanationAcknowledged),
  );
  rows.add(
    'documentDelivery',
    t.documentDelivery,
    f.label(deliveryMethods, deliveryMethodLabels, background.documentDelivery),
  );
  rows.add(
    'correspondenceLanguage',
    t.correspondenceLanguage,
    f.label(
      correspondenceLanguages,
      correspondenceLanguageLabels,
      background.correspondenceLanguage,
    ),
  );
  rows.add(
    'disclosureAcknowledged',
    t.disclosureAcknowledged,
    f.yesNo(background.disclosureAcknowledged),
  );
  rows.add(
    'referralSource',
    t.referralSource,
    background.referralSource === heardAboutUsSources.Other && text(background.referralOther)
      ? text(background.referralOther)
      : f.label(heardAboutUsSources, heardAboutUsSourceLabels, background.referralSource),
  );
  const referral = [
    background.referralRepresentativeName,
    background.referralInstitution,
    background.referralBranch,
  ]
    .map(text)
    .filter(Boolean);
  if (referral.length > 0) rows.add('referralInstitution', t.referralDetails, referral.join(', '));
  rows.add('isEmployeeOrAdvisor', t.employeeOrAdvisor, f.yesNo(background.isEmployeeOrAdvisor));
  if (background.isEmployeeOrAdvisor === true) {
    rows.add('workEmail', t.workEmail, text(background.workEmail));
  }
  return section('otherinterests', t.financial, 'otherinterests', rows);
}

/** Affiliations, tax residences and the trusted contact of one applicant. */
export function affiliationsSection(
  who: Who,
  steps: SavedSteps,
  f: OutlineFormat,
  words: PersonWords,
): OutlineSection | undefined {
  if (steps.otherinterests === undefined) return undefined;
  const { t } = f;
  const person = record(record(record(steps.otherinterests).affiliations)[who]);
  const rows = new Rows(`otherinterests.affiliations.${who}`);
  const detail = (flag: unknown, ...details: unknown[]) => {
    const given = details.map(text).filter(Boolean);
    return flag === true && given.length > 0
      ? `${t.yes}${f.colon}${given.join(', ')}`
      : f.yesNo(flag);
  };
  rows.add(
    'isPep',
    t.pep,
    detail(
      person.isPep,
      person.pepName,
      person.pepPosition,
      person.pepCountryId === undefined ? '' : f.country(person.pepCountryId),
    ),
  );
  rows.add(
    'isInsider',
    t.insider,
    detail(person.isInsider, person.insiderCompanyName, person.insiderSymbol),
  );
  rows.add('isDirector', t.director, detail(person.isDirector, person.directorCompanyName));
  rows.add(
    'isDealerEmployee',
    t.dealerEmployee,
    detail(person.isDealerEmployee, person.dealerName),
  );
  rows.add(
    'taxResidences',
    t.taxResidences,
    list(person.taxResidences).map((residence) => {
      const r = record(residence);
      const reason = f.label(noTinReasons, noTinReasonLabels, r.noTinReason);
      const explanation = text(r.noTinExplanation);
      const tin =
        text(r.tinMasked) ||
        (reason
          ? f.say('noTin', { reason: explanation ? `${reason} (${explanation})` : reason })
          : '');
      return [f.country(r.countryId), tin].filter(Boolean).join(f.colon);
    }),
  );
  rows.add('isUsPerson', t.usPerson, detail(person.isUsPerson, person.usTinMasked));
  trustedContactRows(rows, person, f);
  return section(`affiliations-${who}`, words.affiliations, 'otherinterests', rows);
}

function trustedContactRows(rows: Rows, person: Data, f: OutlineFormat): void {
  const { t } = f;
  if (person.wantsTrustedContact !== true) {
    // A decline is recorded with its time (NI 31-103 s. 13.2): the outline says when.
    const declinedOn = dayOf(person.trustedContactDeclinedAt);
    rows.add(
      'wantsTrustedContact',
      t.trustedContact,
      person.wantsTrustedContact === false && declinedOn
        ? f.say('trustedContactDeclined', { date: f.date(declinedOn) })
        : f.yesNo(person.wantsTrustedContact),
    );
    return;
  }
  const contact = record(person.trustedContact);
  rows.add(
    'trustedContact.name',
    t.trustedContact,
    `${text(contact.firstName)} ${text(contact.lastName)}`.trim(),
  );
  rows.add(
    'trustedContact.relationship',
    t.trustedContactRelationship,
    f.label(relationships, relationshipLabels, contact.relationship),
  );
  rows.add('trustedContact.email', t.trustedContactEmail, text(contact.email));
  rows.add('trustedContact.phone', t.trustedContactPhone, f.phone(contact.phone));
}

// --- Beneficiaries and documents ------------------------------------------------------------

const provinceCodeOf = (id: unknown): ProvinceCode | undefined =>
  (Object.keys(provinces) as ProvinceCode[]).find((code) => provinces[code] === id);

export function beneficiariesSection(
  steps: SavedSteps,
  f: OutlineFormat,
): OutlineSection | undefined {
  const background = record(steps.otherinterests);
  const accounts = chosenAccounts(steps);
  const provinceCode = provinceCodeOf(record(record(steps.profile).homeAddress).provinceId);
  // Quebec designates these plans' beneficiaries by will: the review says so, as the
  // financial step did, rather than that the plan goes to the estate.
  const byWill =
    steps.otherinterests !== undefined &&
    provinceCode !== undefined &&
    !beneficiariesAllowed({ provinceCode, accounts });
  if (background.beneficiaries === undefined && !byWill) return undefined;
  const { t } = f;
  const beneficiaries = list(background.beneficiaries);
  const rows = new Rows('otherinterests');
  rows.add(
    'beneficiaries',
    t.beneficiaryList,
    beneficiaries.length === 0
      ? byWill
        ? t.beneficiariesByWill
        : t.noBeneficiaries
      : beneficiaries.map((beneficiary) => {
          const b = record(beneficiary);
          const name =
            b.relationship === relationships.Estate
              ? t.estate
              : `${text(b.firstName)} ${text(b.lastName)}`.trim() || t.estate;
          const designation = f.label(
            beneficiaryDesignations,
            beneficiaryDesignationLabels,
            b.designation,
          );
          const details = [
            designation ? f.say('designation', { designation }) : '',
            b.differentAddress === true && b.address !== undefined
              ? f.say('livesAt', { address: f.address(b.address) })
              : '',
            b.caregiverAddress !== undefined
              ? f.say('caregiverAt', { address: f.address(b.caregiverAddress) })
              : '',
          ].filter(Boolean);
          return (
            f.say('beneficiaryShare', {
              name,
              relationship: f.label(relationships, relationshipLabels, b.relationship),
              percent: f.percent(b.percent),
            }) + (details.length > 0 ? `; ${details.join('; ')}` : '')
          );
        }),
  );
  return section('beneficiaries', t.beneficiaries, 'otherinterests', rows);
}

export function documentsSection(
  documents: readonly OutlineDocument[] | undefined,
  f: OutlineFormat,
): OutlineSection | undefined {
  if (documents === undefined) return undefined;
  const { t } = f;
  const rows = new Rows('documents').add(
    'uploaded',
    t.uploadedDocuments,
    documents.length === 0
      ? t.noDocuments
      : documents.map((document) =>
          f.say('documentOf', {
            name: document.fileName,
            type:
              labelOf(
                uploadDocumentTypes,
                uploadDocumentTypeLabels,
                document.documentType,
                f.language,
              ) ?? document.documentType,
          }),
        ),
  );
  return section('documents', t.documents, 'otherinterests', rows);
}

/** The dealer's calendar day of a recorded instant (ISO), for the long date format. */
function dayOf(instant: unknown): string | undefined {
  const time = typeof instant === 'string' ? Date.parse(instant) : NaN;
  return Number.isNaN(time) ? undefined : dealerDate(new Date(time));
}

/**
 * The language the agreements bind in, once agreed (ADR 0016): in Quebec, English only by an
 * express choice, which the outline dates.
 */
export function agreementSection(steps: SavedSteps, f: OutlineFormat): OutlineSection | undefined {
  const { t } = f;
  const boundIn = (recorded: unknown): string | undefined => {
    const agreement = record(recorded);
    if (agreement.language !== 'en' && agreement.language !== 'fr') return undefined;
    const chosenOn = dayOf(record(agreement.englishChoice).chosenAt);
    return agreement.language === 'fr'
      ? t.boundFrench
      : chosenOn
        ? f.say('boundEnglishByChoice', { date: f.date(chosenOn) })
        : t.boundEnglish;
  };
  const review = record(steps.review);
  const primary = boundIn(review.agreement);
  if (primary === undefined) return undefined;
  const rows = new Rows('review').add('agreement.language', t.agreementLanguage, primary);
  // The joint applicant's own agreement, once they joined with their code (ADR 0016).
  const joint = boundIn(review.jointAgreement);
  if (joint !== undefined) rows.add('jointAgreement.language', t.jointAgreementLanguage, joint);
  return section('review', t.agreements, 'review', rows);
}

// --- The outline ----------------------------------------------------------------------------

/** Every answer of the application, section by section, formatted in `language`. */
export function answersOutline(
  steps: SavedSteps,
  language: Language,
  context: OutlineContext = {},
): OutlineSection[] {
  const f = outlineFormat(language, context.references);
  const voice = context.voice ?? 'applicant';
  const words = personWords[language][voice];
  const joint = stepApplies('profilejoint', steps);
  const sections: (OutlineSection | undefined)[] = [
    accountsSection(steps, f, voice === 'record' ? f.t.accountsRequested : f.t.accounts),
    optionsSection(steps, f),
    ...profileSections('primary', steps.profile, f, words.primary),
    ...(joint ? profileSections('joint', steps.profilejoint, f, words.joint) : []),
    financialSection(steps, f, words),
    affiliationsSection('primary', steps, f, words.primary),
    ...(joint ? [affiliationsSection('joint', steps, f, words.joint)] : []),
    beneficiariesSection(steps, f),
    documentsSection(context.documents, f),
    agreementSection(steps, f),
  ];
  return sections.filter((found): found is OutlineSection => found !== undefined);
}
