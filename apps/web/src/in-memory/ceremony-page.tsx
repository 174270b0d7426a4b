import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { useParams } from 'react-router';
import { finishLaterPath } from '@portal/domain/rules/esign';
import { ErrorSummary } from '../ui/error-summary.tsx';
import { Page } from '../ui/page.tsx';
import { TextField } from '../ui/text-field.tsx';
import { inMemoryApi } from './runtime.ts';

interface Envelope {
  id: string;
  status: 'pending' | 'signed' | 'declined' | 'expired';
  signerName: string;
  signerEmail: string;
  expiresAt: string;
  returnPath: string;
}

/** Leaves for the portal's signing step (the return path is a hash route of this site). */
const leaveFor = (path: string) => window.location.assign(path);

/**
 * The stand-in of the sandbox e-sign ceremony (`/sandbox/esign/{id}` on the server): the same
 * choices, Sign with the typed name, Decline, or Finish later, each sending the person back to
 * the signing step as the vendor does. Signing moves the application on in the in-memory API,
 * as the vendor's webhook does on the server.
 */
export function InMemoryCeremonyPage({ leave = leaveFor }: { leave?: (path: string) => void }) {
  const { t, i18n } = useTranslation('inMemory');
  const { envelopeId = '' } = useParams();
  const api = inMemoryApi();
  const read = () => api.answer(request('GET', ''));
  const [envelope, setEnvelope] = useState(() => {
    const answer = read();
    return answer.status === 200 ? (answer.body as Envelope) : undefined;
  });
  const [typedName, setTypedName] = useState('');
  const [problem, setProblem] = useState<'nameRequired' | 'nameMismatch' | undefined>();

  // These sentences end with the name: one ending with its own period ("Jr.") ends them too.
  const endingName = { name: (envelope?.signerName ?? '').replace(/\.$/u, '') };
  const problemText = problem && t(`esign.${problem}`, endingName);
  // One list per refusal: a new list on every render would take the focus at each key typed.
  const problems = useMemo(
    () => (problemText ? [{ fieldId: 'typedName', message: problemText }] : []),
    [problemText],
  );

  function request(method: string, action: string, body?: unknown) {
    const url = `/sandbox/esign/${encodeURIComponent(envelopeId)}${action}`;
    return { method, url, headers: new Headers(), body };
  }

  if (!envelope) {
    return (
      <Page title={t('esign.notFoundTitle')} heading={t('esign.notFoundTitle')}>
        <p>{t('esign.notFoundText')}</p>
      </Page>
    );
  }

  const name = { name: envelope.signerName };
  const date = {
    date: new Intl.DateTimeFormat(i18n.language === 'fr' ? 'fr-CA' : 'en-CA', {
      dateStyle: 'long',
    }).format(new Date(envelope.expiresAt)),
  };
  const expired = envelope.status === 'pending' && Date.parse(envelope.expiresAt) < Date.now();
  const outcome = expired ? 'expired' : envelope.status;

  if (outcome !== 'pending') {
    return (
      <Page title={t(`esign.${outcome}Title`)} heading={t(`esign.${outcome}Title`)}>
        <p>{t(`esign.${outcome}Text`)}</p>
        <div className="actions">
          <a className="button button-primary" href={envelope.returnPath}>
            {t('esign.returnLink')}
          </a>
        </div>
      </Page>
    );
  }

  const sign = (event: FormEvent) => {
    event.preventDefault();
    const answer = api.answer(request('POST', '/sign', { typedName }));
    if (answer.status === 400) {
      const code = (answer.body as { errorCode: string }).errorCode;
      setProblem(code === 'nameMismatch' ? 'nameMismatch' : 'nameRequired');
      return;
    }
    // As the vendor does: straight back to the portal, which then checks the signature.
    leave(envelope.returnPath);
  };
  const decline = () => {
    const answer = api.answer(request('POST', '/decline'));
    if (answer.status === 200) setEnvelope(answer.body as Envelope);
  };

  return (
    <Page title={t('esign.title')} heading={t('esign.title')} hasErrors={Boolean(problem)}>
      {problems.length > 0 && <ErrorSummary problems={problems} />}
      <p className="notice-warning" role="note">
        {t('esign.brand')}. {t('notice')}
      </p>
      <p>{t('esign.sentTo', { name: envelope.signerName, email: envelope.signerEmail })}</p>
      <p>{t('esign.expiresOn', date)}</p>
      <h2>{t('esign.documentHeading')}</h2>
      <p>{t('esign.documentText')}</p>
      <section aria-labelledby="sign-heading">
        <h2 id="sign-heading">{t('esign.signHeading')}</h2>
        <p>{t('esign.signIntro', endingName)}</p>
        <form onSubmit={sign} noValidate>
          <TextField
            id="typedName"
            label={t('esign.typedName')}
            hint={t('esign.typedNameHint', name)}
            error={problemText}
            value={typedName}
            onChange={setTypedName}
            autoComplete="name"
          />
          <div className="actions">
            <button type="submit" className="button button-primary">
              {t('esign.signButton')}
            </button>
          </div>
        </form>
      </section>
      <section aria-labelledby="decline-heading">
        <h2 id="decline-heading">{t('esign.declineHeading')}</h2>
        <p>{t('esign.declineIntro')}</p>
        <div className="actions">
          <button type="button" className="button button-secondary" onClick={decline}>
            {t('esign.declineButton')}
          </button>
        </div>
      </section>
      <section aria-labelledby="later-heading">
        <h2 id="later-heading">{t('esign.laterHeading')}</h2>
        <p>{t('esign.laterIntro', date)}</p>
        <div className="actions">
          <a className="button button-secondary" href={finishLaterPath(envelope.returnPath)}>
            {t('esign.laterLink')}
          </a>
        </div>
      </section>
    </Page>
  );
}
