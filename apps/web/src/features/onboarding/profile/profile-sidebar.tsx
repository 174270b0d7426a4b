import { employmentFieldNames } from '@portal/domain/rules/profile';
import { useTranslation } from 'react-i18next';

/** One section of the profile form, the id of its heading, and whether it is complete. */
export interface ProfileSection {
  id: string;
  label: string;
  done: boolean;
}

/** The answers each section of the profile holds (paths of the step's data). */
export const profileSectionFields = {
  about: ['title', 'firstName', 'lastName', 'birthDate', 'sin', 'maritalStatus', 'citizenshipId'],
  contact: ['email', 'confirmEmail', 'phones', 'preferredLanguage'],
  addresses: [
    'homeAddress',
    'mailingSameAsHome',
    'mailingAddress',
    'movedWithinTwoYears',
    'previousAddress',
  ],
  employment: employmentFieldNames,
  finances: ['netFixedAssets', 'netLiquidAssets'],
  spouse: ['spouse'],
} as const;
export type ProfileSectionName = keyof typeof profileSectionFields;

/** A section is done when none of the rules' problems concerns one of its answers. */
export function sectionDone(
  section: ProfileSectionName,
  problemPaths: readonly (readonly PropertyKey[])[],
): boolean {
  const fields: readonly string[] = profileSectionFields[section];
  return !problemPaths.some((path) => fields.includes(String(path[0])));
}

/**
 * "Fill in your profile" (spec section 2: the profile sidebar, "Remplir votre profil"): the
 * sections of the profile, each a link to its part of the form, saying which are done. It reads
 * the answers as they stand, so a section turns done as its last answer is given.
 */
export function ProfileSidebar({
  joint,
  sections,
}: {
  joint: boolean;
  sections: ProfileSection[];
}) {
  const { t } = useTranslation('profile');
  const finished = sections.filter((section) => section.done).length;
  return (
    <nav className="profile-sidebar" aria-labelledby="profile-sidebar-heading">
      <h2 id="profile-sidebar-heading">{t(joint ? 'sidebar.headingJoint' : 'sidebar.heading')}</h2>
      <p className="hint">{t('sidebar.progress', { done: finished, total: sections.length })}</p>
      <ol className="profile-sidebar-list">
        {sections.map((section) => (
          <li key={section.id} className={section.done ? 'profile-sidebar-done' : undefined}>
            <a href={`#${section.id}`}>{section.label}</a>{' '}
            <span className="profile-sidebar-status">
              {section.done ? (
                <>
                  <span aria-hidden="true">✓ </span>
                  {t('sidebar.done')}
                </>
              ) : (
                t('sidebar.toDo')
              )}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
