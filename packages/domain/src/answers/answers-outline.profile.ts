import { correspondenceLanguageLabels, correspondenceLanguages } from '../enums/preferences.ts';
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
import { primaryShareOf } from '../rules/joint-ownership.ts';
import { isEmployed, needsSpouse } from '../rules/profile.ts';
import type { OutlineFormat } from './answers-outline.format.ts';
import type { PersonWords } from './answers-outline.labels.ts';
import {
  list,
  record,
  Rows,
  section,
  text,
  type Data,
  type OutlineSection,
  type Who,
} from './answers-outline.rows.ts';

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
