import type { Language } from '../enums/define-enum.ts';
import { stepApplies, type SavedSteps } from '../rules/onboarding-flow.ts';
import { accountsSection } from './answers-outline.accounts.ts';
import { affiliationsSection } from './answers-outline.affiliations.ts';
import { agreementSection } from './answers-outline.agreement.ts';
import { beneficiariesSection } from './answers-outline.beneficiaries.ts';
import { documentsSection, type OutlineDocument } from './answers-outline.documents.ts';
import { financialSection } from './answers-outline.financial.ts';
import { outlineFormat, type ReferenceLabel } from './answers-outline.format.ts';
import { personWords } from './answers-outline.labels.ts';
import { optionsSection } from './answers-outline.options.ts';
import { profileSections } from './answers-outline.profile.ts';
import type { OutlineSection } from './answers-outline.rows.ts';

/**
 * One outline of the applicant's answers (ADR 0013): the review page, the signed document and
 * the operations console all render these sections, so none can show less than another. Every
 * value is already formatted for the language (phones, postal codes, money, long dates); SINs
 * and TINs only ever appear as the masks the server keeps (`sinMasked`, `tinMasked`).
 *
 * A row is present when its question was asked (a conditional question only when it applies);
 * its value is empty when the question is still unanswered, and each renderer says so its way.
 * One function per section: a new answer is a new row in the function of its section. Each
 * section has its module beside this one (`answers-outline.<section>.ts`), built on the shared
 * rows (`answers-outline.rows.ts`) and formatting (`answers-outline.format.ts`); this module
 * puts them together and exports them all, so importers need not know where each one lives.
 */

export type { OutlineRow, OutlineSection } from './answers-outline.rows.ts';
export {
  outlineFormat,
  type OutlineFormat,
  type ReferenceLabel,
} from './answers-outline.format.ts';
export { accountsSection } from './answers-outline.accounts.ts';
export { optionsSection } from './answers-outline.options.ts';
export {
  employmentSection,
  financesSection,
  personSection,
  profileSections,
  spouseSections,
} from './answers-outline.profile.ts';
export { financialSection } from './answers-outline.financial.ts';
export { affiliationsSection } from './answers-outline.affiliations.ts';
export { beneficiariesSection } from './answers-outline.beneficiaries.ts';
export { documentsSection, type OutlineDocument } from './answers-outline.documents.ts';
export { agreementSection } from './answers-outline.agreement.ts';

export interface OutlineContext {
  references?: ReferenceLabel | undefined;
  /** The documents sent with the application; without it, no documents section. */
  documents?: readonly OutlineDocument[] | undefined;
  /** `applicant`: the review speaks to the applicant; `record`: the document and the console. */
  voice?: 'applicant' | 'record';
}

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
