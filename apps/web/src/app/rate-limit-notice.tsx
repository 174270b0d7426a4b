import { useEffect, useRef } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { useLocation } from 'react-router';
import {
  rateLimitMessagesEn,
  rateLimitMessagesFr,
} from '@portal/domain/messages/rate-limit-messages';
import { dismissRateLimitNotice, useRateLimitNotice } from '../lib/rate-limit-notice.ts';

/**
 * Says, above the screen, that the API's rate limit refused what the person just did (issue
 * 30), in the domain's words and their language; the screen and what they typed stay. An
 * alert, so screen readers announce it as it appears (a repeated refusal appears anew); it goes
 * when it is closed or when the person moves to another screen.
 */
export function RateLimitNotice() {
  const { t, i18n } = useTranslation('common');
  const notice = useRateLimitNotice();
  const { pathname } = useLocation();
  const openedOn = useRef<string | null>(null);

  useEffect(() => {
    if (!notice) {
      openedOn.current = null;
      return;
    }
    if (openedOn.current === null) openedOn.current = pathname;
    else if (openedOn.current !== pathname) dismissRateLimitNotice();
  }, [notice, pathname]);

  if (!notice) return null;
  const messages = i18n.language.startsWith('fr') ? rateLimitMessagesFr : rateLimitMessagesEn;
  return (
    <div role="alert" className="notice-warning rate-limit-notice" key={notice.shown}>
      <p>{messages[notice.code]}</p>
      <button type="button" className="button button-secondary" onClick={dismissRateLimitNotice}>
        {t('rateLimitNotice.close')}
      </button>
    </div>
  );
}
