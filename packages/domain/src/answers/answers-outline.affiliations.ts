import { relationshipLabels, relationships } from '../enums/beneficiaries.ts';
import { noTinReasonLabels, noTinReasons } from '../rules/affiliations.ts';
import type { SavedSteps } from '../rules/onboarding-flow.ts';
import type { OutlineFormat } from './answers-outline.format.ts';
import type { PersonWords } from './answers-outline.labels.ts';
import {
  dayOf,
  list,
  record,
  Rows,
  section,
  text,
  type Data,
  type OutlineSection,
  type Who,
} from './answers-outline.rows.ts';

// --- Affiliations ---------------------------------------------------------------------------

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
