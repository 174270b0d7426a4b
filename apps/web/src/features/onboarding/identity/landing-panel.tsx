import { useTranslation } from '../../../lib/i18n.ts';
import type { IdentityMethod } from '../../../lib/identity-api.ts';
import { ScreenHeading } from './screen-heading.tsx';
import { SupportNotice } from './support-notice.tsx';
import styles from './identity.module.css';

export interface LastFailure {
  method: IdentityMethod;
  reason: string;
  /** The expired document's expiry date (yyyy-mm-dd), for documentExpired. */
  expiredOn?: string;
}

const chooseLabel: Record<IdentityMethod, string> = {
  creditFile: 'landing.startQuestions',
  photoId: 'landing.usePhoto',
  dualProcess: 'landing.useDocuments',
  manual: 'landing.useManual',
};

/**
 * Screen 1 (Landing), and the failure screen (7) that reuses it: why we verify, the methods
 * this brokerage offers (the credit file only with a bureau) in order with what each needs and
 * how long it takes, and a button for each method that can still be chosen. The first method not tried is the primary action; while the
 * credit bureau is offline (`offlineUntil`), its method is not offered and the message says
 * until when, in the person's own time zone.
 */
export function LandingPanel({
  offered: configured,
  tried,
  failure,
  offlineUntil,
  focusOnShow,
  onChoose,
}: {
  /** The methods the server offers, in order. */
  offered: readonly IdentityMethod[];
  tried: readonly IdentityMethod[];
  failure: LastFailure | null;
  offlineUntil: Date | null;
  focusOnShow: boolean;
  onChoose(method: IdentityMethod): void;
}) {
  const { t, i18n } = useTranslation('identity');
  const locale = i18n.language === 'fr' ? 'fr-CA' : 'en-CA';
  // The credit file is asked once (a second search would find the same file); the other
  // methods may be tried again (a blurry photo is no reason to stop).
  const unavailable = (method: IdentityMethod) =>
    method === 'creditFile' && (offlineUntil !== null || tried.includes('creditFile'));
  const offered = configured.filter((method) => !unavailable(method));
  const primary = offered.find((method) => !tried.includes(method)) ?? offered[0];
  // The photo ID is offered "instead" of the questions, except where it comes first.
  const labelOf = (method: IdentityMethod) =>
    method === 'photoId' && !configured.includes('creditFile')
      ? 'landing.startPhoto'
      : chooseLabel[method];
  const hardStop = failure?.reason === 'hardStop';

  const failureText = (() => {
    if (!failure) return '';
    if (failure.reason === 'documentExpired') {
      return failure.expiredOn
        ? t('failure.documentExpired', { date: dateOf(failure.expiredOn, locale) })
        : t('failure.documentExpiredNoDate');
    }
    const known = [
      'noMatch',
      'thinFile',
      'hardStop',
      'questionsFailed',
      'likenessFailed',
      'captureFailed',
      'documentUnreadable',
      'timeout',
      'bureauOffline',
    ];
    return t(
      `failure.${known.includes(failure.reason) ? failure.reason : 'other'}` as 'failure.other',
    );
  })();

  return (
    <>
      {failure ? (
        <>
          <ScreenHeading focusOnShow={focusOnShow}>{t('failure.heading')}</ScreenHeading>
          <div className="notice-warning">
            <p>{failureText}</p>
            {hardStop && <p>{t('failure.hardStopHelp')}</p>}
          </div>
          {hardStop && <SupportNotice />}
        </>
      ) : (
        <>
          <ScreenHeading focusOnShow={focusOnShow}>{t('landing.heading')}</ScreenHeading>
          <p>{t('landing.why')}</p>
        </>
      )}
      {offlineUntil && (
        <section className="notice-warning" aria-labelledby="identity-offline-heading">
          <h3 id="identity-offline-heading">{t('offline.heading')}</h3>
          <p>{t('offline.message', { time: timeOf(offlineUntil, locale) })}</p>
        </section>
      )}
      <h3>{failure ? t('failure.next') : t('landing.methodsHeading')}</h3>
      {!failure && <p>{t('landing.methodsIntro')}</p>}
      <ol className={styles.methods}>
        {configured.map((method) => (
          <li key={method} data-method={method}>
            <strong>{t(`landing.methods.${method}.name`)}</strong>
            {tried.includes(method) && <span className="status-tag"> {t('landing.tried')}</span>}
            <p>{t(`landing.methods.${method}.needs`)}</p>
            <p className="hint">{t(`landing.methods.${method}.time`)}</p>
          </li>
        ))}
      </ol>
      <div className="actions">
        {primary && (
          <button type="button" className="button button-primary" onClick={() => onChoose(primary)}>
            {t(labelOf(primary) as 'landing.startQuestions')}
          </button>
        )}
        {offered
          .filter((method) => method !== primary)
          .map((method) => (
            <button
              key={method}
              type="button"
              className="button button-secondary"
              onClick={() => onChoose(method)}
            >
              {t(labelOf(method) as 'landing.startQuestions')}
            </button>
          ))}
      </div>
      {!hardStop && failure && <SupportNotice />}
    </>
  );
}

/** A time in the person's own time zone, with the day when it is not today. */
function timeOf(instant: Date, locale: string): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'long',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(instant);
}

/** A calendar date (yyyy-mm-dd) as words, read as a date, not an instant. */
function dateOf(isoDate: string, locale: string): string {
  const date = new Date(`${isoDate.slice(0, 10)}T12:00:00Z`);
  if (Number.isNaN(date.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}
