import type { SavedSteps } from '../rules/onboarding-flow.ts';
import type { OutlineFormat } from './answers-outline.format.ts';
import { dayOf, record, Rows, section, type OutlineSection } from './answers-outline.rows.ts';

// --- Agreements -----------------------------------------------------------------------------

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
