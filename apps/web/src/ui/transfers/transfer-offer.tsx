import { useTranslation } from '../../lib/i18n.ts';
import { transferOfferText } from '@portal/domain/transfers/transfer-offer';
import { fundingLanguageOf } from '../funding/funding-format.ts';

/** The transfer offer and timings of spec section 9, in the page's language, from the domain. */
export function TransferOffer({ headingLevel = 3 }: { headingLevel?: 3 | 4 }) {
  const { t, i18n } = useTranslation('transfers');
  const { refund, timings } = transferOfferText(fundingLanguageOf(i18n.language));
  const Heading = headingLevel === 3 ? 'h3' : 'h4';
  return (
    <section className="notice-info" aria-label={t('offer.heading')}>
      <Heading>{t('offer.heading')}</Heading>
      <p>{refund}</p>
      <p>{timings}</p>
    </section>
  );
}
