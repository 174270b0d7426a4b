import { employmentFieldNames, needsSpouse } from '@portal/domain/rules/profile';

type Answers = Record<string, unknown>;

/** What a person and their spouse share between the two profiles: who they are and their work. */
const personFields = ['title', 'firstName', 'lastName', 'birthDate'] as const;
const employmentFields = employmentFieldNames;

function pick(from: Answers, fields: readonly string[]): Answers {
  return Object.fromEntries(
    fields.filter((field) => from[field] !== undefined).map((field) => [field, from[field]]),
  );
}

/**
 * The joint applicant's profile, started from what the primary already said, when the joint
 * applicant is the primary's spouse or common-law partner and the primary described a spouse:
 * the spouse's name, birth date and work become the joint applicant's own answers, the same
 * marital status, and the primary (name, birth date, work) becomes the joint applicant's
 * spouse. SINs are never copied (the server answers them masked only), nor anything the spouse
 * section does not ask (contact details, addresses, assets). Nothing when the joint profile
 * was already saved: the joint applicant's own answers win.
 */
export function jointProfilePrefill(steps: Record<string, unknown>): Answers | undefined {
  if (steps.profilejoint !== undefined) return undefined;
  const relationship = (steps.ownership as Answers | undefined)?.jointRelationship;
  if (relationship !== 'spouse' && relationship !== 'commonLaw') return undefined;
  const primary = steps.profile as Answers | undefined;
  const spouse = primary?.spouse as Answers | undefined;
  if (!primary || !spouse || !needsSpouse(primary.maritalStatus)) return undefined;
  return {
    ...pick(spouse, [...personFields, ...employmentFields]),
    maritalStatus: primary.maritalStatus,
    spouse: pick(primary, [...personFields, ...employmentFields]),
  };
}
