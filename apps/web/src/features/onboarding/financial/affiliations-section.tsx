import { useTranslation } from '../../../lib/i18n.ts';
import { AffiliationFields } from './affiliation-fields.tsx';
import { sinOnFileOf, type applicantsOf, type SectionProps } from './other-interests-values.ts';

/** Each applicant's affiliations, under a heading of their own when the accounts are joint. */
export function AffiliationsSection({
  values,
  onChange: set,
  errorFor,
  applicants,
  joint,
  steps,
}: SectionProps & {
  applicants: ReturnType<typeof applicantsOf>;
  joint: boolean;
  /** The application's saved steps, where each applicant's SIN on file is read. */
  steps: Record<string, unknown>;
}) {
  const { t } = useTranslation('financial');
  return (
    <>
      <h2>{t('sections.affiliations')}</h2>
      {applicants.map((who) => (
        <section key={who} aria-labelledby={`affiliations-${who}-heading`}>
          {joint && (
            <h3 id={`affiliations-${who}-heading`}>
              {t(who === 'joint' ? 'sections.affiliationsJoint' : 'sections.affiliationsPrimary')}
            </h3>
          )}
          <AffiliationFields
            path={`affiliations.${who}`}
            joint={who === 'joint'}
            value={values.affiliations[who]}
            onChange={(person) => set({ affiliations: { ...values.affiliations, [who]: person } })}
            errorFor={errorFor}
            sinOnFile={sinOnFileOf(steps, who)}
          />
        </section>
      ))}
    </>
  );
}
