import { employmentFieldNames } from '@portal/domain/rules/profile';
import type { MouseEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { useHref, useLocation } from 'react-router';

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
 * Moves to a section of the form: its heading takes the focus (a screen reader reads it, the
 * next Tab is the section's first field) and the page scrolls to it. The screen and its
 * address stay: a bare `#id` would be read by the hash router as a route, the not-found page,
 * and leaving would drop what was typed (issue 30, C-3).
 */
function goToSection(event: MouseEvent<HTMLAnchorElement>, id: string): void {
  const heading = document.getElementById(id);
  if (!heading) return;
  event.preventDefault();
  heading.focus({ preventScroll: true });
  heading.scrollIntoView?.({ block: 'start' });
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
  const { pathname, search } = useLocation();
  // The step's own address with the section as its fragment: opened in a new tab, it is still
  // the profile step.
  const base = useHref({ pathname, search });
  const finished = sections.filter((section) => section.done).length;
  return (
    <nav className="profile-sidebar" aria-labelledby="profile-sidebar-heading">
      <h2 id="profile-sidebar-heading">{t(joint ? 'sidebar.headingJoint' : 'sidebar.heading')}</h2>
      <p className="hint">{t('sidebar.progress', { done: finished, total: sections.length })}</p>
      <ol className="profile-sidebar-list">
        {sections.map((section) => (
          <li key={section.id} className={section.done ? 'profile-sidebar-done' : undefined}>
            <a href={`${base}#${section.id}`} onClick={(event) => goToSection(event, section.id)}>
              {section.label}
            </a>{' '}
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
