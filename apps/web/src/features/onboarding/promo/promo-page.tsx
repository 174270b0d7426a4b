import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { Link, useParams } from 'react-router';
import { messageFor } from '@portal/domain/messages/messages';
import { promoCodeSchema } from '@portal/domain/promo/promo-api';
import type { Language } from '@portal/domain/enums/define-enum';
import { promoApi, type AcceptedPromoCode } from '../../../lib/promo-api.ts';
import { useResource } from '../../../lib/use-resource.ts';
import { Page } from '../../../ui/page.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { PromoOffer } from '../step/promo-offer.tsx';

/**
 * `#/application/{id}/promo` (spec section 2, "Promo code screen"; issue 17): enter a code,
 * see why it is refused (unknown, expired, not valid yet, not for the accounts chosen) or the
 * offer it brings, and remove it. Reached from the account selection and the review; Back
 * returns to the application, which resumes where the person was.
 */
export function PromoPage() {
  const { t, i18n } = useTranslation('partners');
  const language = i18n.language as Language;
  const { applicationId = '' } = useParams();
  const load = useCallback(
    (signal: AbortSignal) => promoApi.read(applicationId, signal),
    [applicationId],
  );
  const { resource, retry, set } = useResource(load);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'apply' | 'remove' | null>(null);
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const offerHeading = useRef<HTMLHeadingElement>(null);
  const input = useRef<HTMLDivElement>(null);
  const [focus, setFocus] = useState<'offer' | 'input' | null>(null);
  useEffect(() => {
    if (focus === 'offer') offerHeading.current?.focus();
    if (focus === 'input') input.current?.querySelector('input')?.focus();
  }, [focus]);

  const refused = (errorCode: string) =>
    errorCode === 'applicationLocked' ? t('promo.locked') : messageFor(errorCode, language);

  async function apply(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setProblem(null);
    setAnnouncement(null);
    setFocus(null);
    const parsed = promoCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(messageFor(parsed.error.issues[0]?.message ?? 'invalid', language));
      setFocus('input');
      return;
    }
    setBusy('apply');
    try {
      const answer = await promoApi.apply(applicationId, parsed.data);
      if (answer.ok) {
        set(answer.value);
        setError(undefined);
        setCode('');
        setAnnouncement(t('promo.accepted', { code: answer.value.code }));
        setFocus('offer');
      } else if (answer.errorCode === 'applicationLocked') {
        setProblem(refused(answer.errorCode));
      } else {
        setError(refused(answer.errorCode));
        setFocus('input');
      }
    } catch {
      setProblem(t('promo.failed'));
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (busy) return;
    setBusy('remove');
    setProblem(null);
    setFocus(null);
    try {
      const answer = await promoApi.remove(applicationId);
      if (answer.ok) {
        set(null);
        setAnnouncement(t('promo.removed'));
        setFocus('input');
      } else {
        setProblem(refused(answer.errorCode));
      }
    } catch {
      setProblem(t('promo.failed'));
    } finally {
      setBusy(null);
    }
  }

  const accepted: AcceptedPromoCode | null = resource.state === 'ready' ? resource.data : null;

  return (
    <Page title={t('promo.title')} heading={t('promo.heading')} hasErrors={error !== undefined}>
      <div role="status" aria-live="polite" className="announcement">
        {announcement && <p className="notice-success">{announcement}</p>}
      </div>
      {problem && (
        <div className="notice-warning" role="alert">
          <p>{problem}</p>
        </div>
      )}
      {resource.state === 'loading' && <p role="status">{t('promo.loading')}</p>}
      {resource.state === 'failed' && (
        <div className="notice-warning" role="alert">
          <p>{t('promo.loadFailed')}</p>
          <button type="button" className="button button-secondary" onClick={retry}>
            {t('promo.retry')}
          </button>
        </div>
      )}
      {resource.state === 'ready' && (
        <>
          <p className="lead">{t('promo.intro')}</p>
          {accepted ? (
            <section className="notice-info" aria-labelledby="promo-offer-heading">
              <h2 id="promo-offer-heading" ref={offerHeading} tabIndex={-1}>
                {t('promo.acceptedHeading', { code: accepted.code })}
              </h2>
              <PromoOffer promo={accepted} />
              <button
                type="button"
                className="button button-secondary"
                onClick={remove}
                aria-disabled={busy !== null}
              >
                {busy === 'remove' ? t('promo.removing') : t('promo.remove')}
              </button>
            </section>
          ) : (
            <p>{t('promo.none')}</p>
          )}
          <form onSubmit={apply} noValidate>
            <div ref={input}>
              <TextField
                id="promo-code"
                label={t('promo.label')}
                hint={t('promo.hint')}
                error={error}
                value={code}
                maxLength={40}
                width="short"
                autoComplete="off"
                onChange={(value) => {
                  setCode(value);
                  setError(undefined);
                }}
              />
            </div>
            <div className="actions">
              <button type="submit" className="button button-primary" aria-disabled={busy !== null}>
                {busy === 'apply' ? t('promo.applying') : t('promo.apply')}
              </button>
            </div>
          </form>
        </>
      )}
      <p>
        <Link to={`/application/${applicationId}`}>{t('promo.back')}</Link>
      </p>
    </Page>
  );
}
