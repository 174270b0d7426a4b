import { useTranslation } from '../../../lib/i18n.ts';
import { namedAccountTypeLabels } from '@portal/domain/enums/account-types';
import { pick, type Language } from '@portal/domain/enums/define-enum';
import type { AcceptedPromoCode } from '../../../lib/promo-api.ts';

export const longDate = (iso: string, language: Language) =>
  new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(new Date(`${iso.slice(0, 10)}T12:00:00Z`));

/** An accepted code's offer in the reader's language, its last day and the accounts it fits. */
export function PromoOffer({ promo }: { promo: AcceptedPromoCode }) {
  const { t, i18n } = useTranslation('partners');
  const language = i18n.language as Language;
  const accounts = promo.accountTypes
    .map((name) => namedAccountTypeLabels[name as keyof typeof namedAccountTypeLabels])
    .filter((label) => label !== undefined)
    .map((label) => pick(label, language));
  return (
    <>
      <p>{language === 'fr' ? promo.offerFr : promo.offerEn}</p>
      <p className="hint">
        {t('promo.validUntil', { date: longDate(promo.validUntil, language) })}
        {accounts.length > 0 && ` ${t('promo.limitedTo', { accounts: accounts.join(', ') })}`}
      </p>
    </>
  );
}
