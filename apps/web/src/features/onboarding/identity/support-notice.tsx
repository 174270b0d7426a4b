import { useTranslation } from '../../../lib/i18n.ts';
import { pick, type Language } from '@portal/domain/enums/define-enum';
import { supportHours } from '@portal/domain/identity/support-hours';
import { siteLinks } from '../../../lib/site-links.ts';

/** The support team's hours (spec section 8, from the domain) and the way to reach them. */
export function SupportNotice() {
  const { t, i18n } = useTranslation('identity');
  const language: Language = i18n.language === 'fr' ? 'fr' : 'en';
  const clock = new Intl.DateTimeFormat(language === 'fr' ? 'fr-CA' : 'en-CA', {
    hour: 'numeric',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  // A wall-clock time ("05:30") in the page's language ("5:30 a.m.", "5 h 30", "17 h").
  const time = (wall: string) =>
    clock
      .format(new Date(Date.UTC(2000, 0, 1, Number(wall.slice(0, 2)), Number(wall.slice(3)))))
      .replace(/ h 00$/, ' h');
  return (
    <section className="notice-info" aria-labelledby="identity-support-heading">
      <h3 id="identity-support-heading">{t('support.heading')}</h3>
      <p>
        {t('support.hours', {
          opens: time(supportHours.opens),
          closes: time(supportHours.closes),
          easternOpens: time(supportHours.eastern.opens),
          easternCloses: time(supportHours.eastern.closes),
        })}
      </p>
      <p>
        <a href={pick(siteLinks.contactUs, language)} target="_blank" rel="noreferrer">
          {t('support.contact')}
        </a>
      </p>
    </section>
  );
}
