import { useCallback } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link } from 'react-router';
import type { NamedAccountTypeName } from '@portal/domain';
import type { Language } from '@portal/domain/enums/define-enum';
import { messageFor } from '@portal/domain/messages/messages';
import { promoFitsAccounts } from '@portal/domain/promo/promo-api';
import { partnerAgreementApi, promoApi } from '../../../lib/promo-api.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { PromoOffer } from '../step/promo-offer.tsx';

/** The id of the way to the promo screen: the review's error summary links there. */
export const REVIEW_PROMO_LINK_ID = 'review-promo-code';

/**
 * The review's part for issue 17: the promo code accepted (or none) with the way to the promo
 * screen, and the partner agreement accepted before the application started, if any. A code
 * taken for accounts since changed says so here: the server refuses the agreement until it is
 * changed or removed.
 */
export function PromoReview({
  applicationId,
  accounts,
}: {
  applicationId: string;
  /** The accounts chosen now. */
  accounts: readonly NamedAccountTypeName[];
}) {
  const { t, i18n } = useTranslation('partners');
  const language = i18n.language as Language;
  const load = useCallback(
    async (signal: AbortSignal) => {
      const [promo, agreement] = await Promise.all([
        promoApi.read(applicationId, signal),
        partnerAgreementApi.read(applicationId, signal),
      ]);
      return { promo, agreement };
    },
    [applicationId],
  );
  const { resource, retry } = useResource(load);
  const promoPath = `/application/${applicationId}/promo`;

  return (
    <section aria-labelledby="review-promo-heading">
      <h2 id="review-promo-heading">{t('review.heading')}</h2>
      {resource.state === 'loading' && <p role="status">{t('promo.loading')}</p>}
      {resource.state === 'failed' && (
        // Not an alert: the review around it stays usable, this part can be loaded again.
        <div className="notice-warning">
          <p>{t('promo.loadFailed')}</p>
          <button type="button" className="button button-secondary" onClick={retry}>
            {t('promo.retry')}
          </button>
        </div>
      )}
      {resource.state === 'ready' && (
        <dl className="summary-list answers">
          <div>
            <dt>{t('review.promoCode')}</dt>
            <dd className="summary-stack">
              {resource.data.promo ? (
                <>
                  <strong>{resource.data.promo.code}</strong>
                  <PromoOffer promo={resource.data.promo} />
                  {!promoFitsAccounts(resource.data.promo, accounts) && (
                    <div className="notice-warning">
                      <p>{messageFor('promoNoLongerEligible', language)}</p>
                    </div>
                  )}
                </>
              ) : (
                <p>{t('review.noPromoCode')}</p>
              )}
              <p>
                <Link to={promoPath} id={REVIEW_PROMO_LINK_ID}>
                  {resource.data.promo ? t('review.changePromo') : t('review.addPromo')}
                </Link>
              </p>
            </dd>
          </div>
          {resource.data.agreement && (
            <div>
              <dt>{t('review.partner')}</dt>
              <dd>
                {t('review.partnerAccepted', {
                  name:
                    language === 'fr'
                      ? resource.data.agreement.nameFr
                      : resource.data.agreement.name,
                  date: new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
                    dateStyle: 'long',
                  }).format(new Date(resource.data.agreement.acceptedAt)),
                })}
              </dd>
            </div>
          )}
        </dl>
      )}
    </section>
  );
}
