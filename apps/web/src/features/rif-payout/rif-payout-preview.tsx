import { useTranslation } from '../../lib/i18n.ts';
import type { Cents } from '@portal/domain/money/cents';
import { formatCents } from '@portal/domain/money/cents';
import type { IsoDate } from '@portal/domain/calendar/iso-date';
import { formatIsoDate, fundingLanguageOf } from '../../ui/funding/funding-format.ts';

/** What the first payment panel shows: the domain's `FirstPayment`, or the server's answer. */
export interface FirstPaymentShown {
  paidOn: IsoDate;
  year: number;
  paymentsInYear: number;
  minimumCents: Cents;
  grossCents: Cents;
  withholdingCents: Cents;
  netCents: Cents;
  annual: { netCents: Cents };
}

/**
 * The first payment: its date, before tax, withheld, received, the year's minimum and total.
 * While the form is open it follows every choice, announced politely to screen readers.
 */
export function FirstPaymentPanel({
  id,
  payment,
  currency,
  live = false,
}: {
  id: string;
  payment: FirstPaymentShown | undefined;
  currency: 'CAD' | 'USD';
  live?: boolean;
}) {
  const { t, i18n } = useTranslation('rifPayout');
  const language = fundingLanguageOf(i18n.language);
  const money = (cents: Cents) => formatCents(cents, language, currency);
  const rows: [string, string][] = payment
    ? [
        [t('preview.paidOn'), formatIsoDate(payment.paidOn, language)],
        [t('preview.gross'), money(payment.grossCents)],
        [t('preview.withholding'), money(payment.withholdingCents)],
        [t('preview.net'), money(payment.netCents)],
        [t('preview.minimum', { year: payment.year }), money(payment.minimumCents)],
      ]
    : [];
  return (
    <section aria-labelledby={`${id}-heading`} className="notice-info">
      <h2 id={`${id}-heading`}>{t('preview.heading')}</h2>
      <div id={id} aria-live={live ? 'polite' : undefined}>
        {payment ? (
          <>
            <dl className="summary-list">
              {rows.map(([term, value]) => (
                <div key={term}>
                  <dt>{term}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
            <p>
              {t('preview.annual', {
                year: payment.year,
                count: payment.paymentsInYear,
                net: money(payment.annual.netCents),
              })}
            </p>
          </>
        ) : (
          <p>{t('preview.empty')}</p>
        )}
      </div>
    </section>
  );
}
