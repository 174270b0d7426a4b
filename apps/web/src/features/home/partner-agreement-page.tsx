import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useNavigate } from 'react-router';
import type { Language } from '@portal/domain/enums/define-enum';
import { applicationsApi } from '../../lib/applications-api.ts';
import { readPartnerSkin } from '../../lib/partner-skin.ts';
import { partnerAgreementApi } from '../../lib/promo-api.ts';
import { Page } from '../../ui/page.tsx';

/**
 * `#/home/partner-agreement` (spec section 2, "Partner agreement page"; issue 17): shown before
 * a new application when a partner skin other than our own is present. It names the partner
 * from the skin cookies, with its link; accepting starts the application and records the
 * agreement on it (the server reads the same cookies); declining goes back to the dashboard
 * and starts nothing. Without a partner there is nothing to accept: the page says so.
 */
export function PartnerAgreementPage() {
  const { t, i18n } = useTranslation('partners');
  const navigate = useNavigate();
  const { partner } = readPartnerSkin(i18n.language as Language);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // An application created before a failed recording is reused on the next try.
  const created = useRef<string | null>(null);
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (failed) alert.current?.focus();
  }, [failed]);

  async function accept() {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    try {
      created.current ??= (await applicationsApi.create()).id;
      await partnerAgreementApi.accept(created.current);
      navigate(`/application/${created.current}/ownership`);
    } catch {
      setBusy(false);
      setFailed(true);
    }
  }

  if (!partner) {
    return (
      <Page title={t('agreement.title')} heading={t('agreement.title')}>
        <p>{t('agreement.noPartner')}</p>
        <div className="actions">
          <button
            type="button"
            className="button button-secondary"
            onClick={() => navigate('/home/dashboard')}
          >
            {t('agreement.decline')}
          </button>
        </div>
      </Page>
    );
  }

  const name = partner.name;
  return (
    <Page title={t('agreement.title')} heading={t('agreement.heading', { name })}>
      <p className="lead">{t('agreement.intro', { name })}</p>
      <ol>
        <li>{t('agreement.term1', { name })}</li>
        <li>{t('agreement.term2', { name })}</li>
        <li>{t('agreement.term3', { name })}</li>
      </ol>
      {partner.url && (
        <p>
          <a href={partner.url} target="_blank" rel="noopener noreferrer">
            {t('agreement.partnerLink', { name })}
          </a>
        </p>
      )}
      {failed && (
        <div className="notice-warning" role="alert" tabIndex={-1} ref={alert}>
          <p>{t('agreement.failed')}</p>
        </div>
      )}
      <div className="actions">
        <button
          type="button"
          className="button button-primary"
          onClick={accept}
          aria-disabled={busy}
        >
          {busy ? t('agreement.accepting') : t('agreement.accept')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => navigate('/home/dashboard')}
        >
          {t('agreement.decline')}
        </button>
      </div>
    </Page>
  );
}
