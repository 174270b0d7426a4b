import { useTranslation } from '../../../lib/i18n.ts';
import {
  accountTypes,
  namedAccountTypes,
  type NamedAccountTypeName,
} from '@portal/domain/enums/account-types';
import {
  FHSA_ANNUAL_CONTRIBUTION_LIMIT,
  FHSA_LIFETIME_CONTRIBUTION_LIMIT,
  RLIF_UNLOCK_TO_RRSP_MAX_PERCENT,
  RRSP_TO_RRIF_CONVERSION_AGE,
} from '@portal/domain/constants';
import { onboardingAccountTypes } from '@portal/domain/enums/onboarding';

const money = (amount: number, language: string) =>
  new Intl.NumberFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    style: 'currency',
    currency: 'CAD',
    maximumFractionDigits: 0,
  }).format(amount);

/**
 * The rules of section 5 and limits of section 9 that apply to one account, said where the
 * account is offered: FHSA limits, RRSP to RRIF at 71, RLIF unlocking, RESP joint only for
 * spouses, and accounts that only one person can hold.
 */
export function AccountNotes({
  account,
  ownershipTypeId,
}: {
  account: NamedAccountTypeName;
  ownershipTypeId: number | null;
}) {
  const { t, i18n } = useTranslation('onboarding');
  const { typeId, jointVariant } = namedAccountTypes[account];
  const joint = ownershipTypeId === onboardingAccountTypes.Joint;
  const notes: string[] = [];
  if (joint && !jointVariant) notes.push(t('notes.individualOnly'));
  if (typeId === accountTypes.FHSA) {
    notes.push(
      t('notes.fhsa', {
        annual: money(FHSA_ANNUAL_CONTRIBUTION_LIMIT, i18n.language),
        lifetime: money(FHSA_LIFETIME_CONTRIBUTION_LIMIT, i18n.language),
      }),
    );
  }
  if (typeId === accountTypes.RSP || typeId === accountTypes.SPRSP) {
    notes.push(t('notes.rrspToRrif', { age: RRSP_TO_RRIF_CONVERSION_AGE }));
  }
  if (typeId === accountTypes.RIF || typeId === accountTypes.SPRIF) {
    notes.push(t('notes.rrif', { age: RRSP_TO_RRIF_CONVERSION_AGE }));
  }
  if (typeId === accountTypes.RLIF) {
    notes.push(t('notes.rlif', { percent: RLIF_UNLOCK_TO_RRSP_MAX_PERCENT }));
  }
  if (typeId === accountTypes.RESP && joint) notes.push(t('notes.respJoint'));
  if (typeId === accountTypes.Margin) notes.push(t('notes.margin'));
  if (notes.length === 0) return null;
  return (
    <ul className="account-notes">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  );
}

/** The margin guide: what borrowing to invest means, before choosing a margin account. */
export function MarginGuide() {
  const { t } = useTranslation('onboarding');
  return (
    <details className="details">
      <summary>{t('marginGuide.summary')}</summary>
      <div>
        <p>{t('marginGuide.what')}</p>
        <p>{t('marginGuide.risk')}</p>
        <p>{t('marginGuide.options')}</p>
      </div>
    </details>
  );
}
