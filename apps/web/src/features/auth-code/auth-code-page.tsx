import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { Link, useLocation, useNavigate } from 'react-router';
import type { Language } from '@portal/domain/enums/define-enum';
import { codeMessagesEn, codeMessagesFr } from '@portal/domain/messages/code-messages';
import { messageFor } from '@portal/domain/messages/messages';
import { CUSTOMER_AGREEMENTS, documentPath } from '@portal/domain/rules/agreement-documents';
import { ENGLISH_CHOICE_WORDING } from '@portal/domain/rules/agreement-language';
import { CUSTOMER_AGREEMENT_ID } from '@portal/domain/rules/review';
import {
  coAuthCodeProblem,
  normalizeCoAuthCode,
  type CoAuthCodeInvitation,
} from '@portal/domain/rules/co-auth-code';
import { coAuthCodeApi, type JoinAgreement, type ReadOutcome } from '../../lib/co-auth-code-api.ts';
import { useResource } from '../../lib/use-resource.ts';
import { useUserInfo } from '../../lib/user-info.tsx';
import { verifyEmailPath } from '../../lib/verify-email-return.ts';
import { CheckboxChoices } from '../../ui/choices.tsx';
import { ErrorSummary, type FieldProblem } from '../../ui/error-summary.tsx';
import { Page } from '../../ui/page.tsx';
import { TextField } from '../../ui/text-field.tsx';

const CODE_FIELD = 'auth-code';
const RESEND_BUTTON = 'resend-code';
const DASHBOARD_LINK = 'auth-code-dashboard';
const ENGLISH_CHOICE = 'expressEnglishChoice';

/** What the dashboard is told after the code was proved, to show its success notice. */
interface JointApplicationJoined {
  jointApplicationJoined: string;
  /** The joint applicant's identity is to confirm next (issue 13): their turn, said on arrival. */
  jointVerifiesIdentity?: boolean;
}

/** The statuses in which the joint applicant, once joined, confirms their identity. */
const jointIdentityStatuses = new Set(['jointEidUndetermined', 'uploadJointEid']);

/**
 * The joint applicant confirms the four-digit code from their mail (spec sections 2, 4, 5, 8:
 * authentication code). Signed in with the address the invitation went to, they enter the code;
 * a wrong code says so with the attempts left, an expired code or used-up attempts offer a new
 * code, and a person signed in with another address is told which one to use. On success the
 * person goes to their applications with a success notice saying what is theirs to do next. A
 * person whose address is not proved yet is sent to prove it and brought back here (issue 30,
 * audit A-M3), told why there are two codes: the address's own code proves the mailbox is
 * theirs, this one that they are the person invited to this application.
 *
 * Joining accepts the customer agreements (issue 12 item 10; ADR 0016), linked above the
 * button as the review links them. A joint applicant living in Quebec (their home address on
 * the joint profile, `frenchFirst` from the server) reads the French version first and is
 * bound in French unless they tick the express choice of English; the server keeps the record.
 */
export function AuthCodePage() {
  const { i18n } = useTranslation();
  const { t } = useTranslation('authCode');
  const { t: tReview } = useTranslation('review');
  const french = i18n.language.startsWith('fr');
  const language: Language = french ? 'fr' : 'en';
  const messages: Record<string, string> = french ? codeMessagesFr : codeMessagesEn;
  const userInfo = useUserInfo();
  const email = userInfo.status === 'signedIn' ? userInfo.user.email : null;
  const navigate = useNavigate();
  // Back from proving the address (the verification page's return): said once, above the form.
  const emailJustVerified =
    (useLocation().state as { emailVerified?: boolean } | null)?.emailVerified === true;

  const { resource, retry, set } = useResource(coAuthCodeApi.read);
  const [code, setCode] = useState('');
  // An object, so the same message given again is a new problem: the summary takes focus again.
  const [fieldError, setFieldError] = useState<{ message: string } | null>(null);
  /** A refusal shown above the page that is not about what was typed. */
  const [pageProblem, setPageProblem] = useState<
    'verifyFailed' | 'closed' | 'emailNotVerified' | null
  >(null);
  const [submitting, setSubmitting] = useState(false);
  /** The express choice to be bound by the English version (Quebec only), unticked at first. */
  const [englishChosen, setEnglishChosen] = useState(false);
  // An object, so the same refusal given again moves focus to the summary again.
  const [agreementErrors, setAgreementErrors] = useState<Record<string, string> | null>(null);
  const [resending, setResending] = useState(false);
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const [resendProblem, setResendProblem] = useState<string | null>(null);
  // Bumped to move focus to the code field once it is on the page again (after a new code).
  const [focusCode, setFocusCode] = useState(0);
  useEffect(() => {
    if (focusCode > 0) document.getElementById(CODE_FIELD)?.focus();
  }, [focusCode]);

  const outcome = resource.state === 'ready' ? resource.data : null;
  const refusedForEmail =
    pageProblem === 'emailNotVerified' || outcome?.kind === 'emailNotVerified';
  // The account says the address is not proved yet: joining would be refused for it.
  const emailUnverified = userInfo.status === 'signedIn' && userInfo.user.emailVerified === false;
  const invitation = outcome?.kind === 'invitation' ? outcome.invitation : null;
  const state = invitation?.state;
  const frenchFirst = invitation?.frenchFirst === true;

  const problems = useMemo<FieldProblem[]>(() => {
    if (pageProblem === 'closed') {
      return [{ fieldId: DASHBOARD_LINK, message: messages.coAuthCodeClosed ?? '' }];
    }
    if (state === 'expired' || state === 'locked') {
      const key = state === 'expired' ? 'coAuthCodeExpired' : 'coAuthCodeMaxAttempts';
      return [{ fieldId: RESEND_BUTTON, message: messages[key] ?? '' }];
    }
    const found: FieldProblem[] = fieldError
      ? [{ fieldId: CODE_FIELD, message: fieldError.message }]
      : [];
    for (const [field, message] of Object.entries(agreementErrors ?? {})) {
      found.push({ fieldId: field === ENGLISH_CHOICE ? ENGLISH_CHOICE : CODE_FIELD, message });
    }
    return found;
  }, [pageProblem, state, fieldError, agreementErrors, messages]);

  const dateTime = (iso: string) =>
    new Intl.DateTimeFormat(french ? 'fr-CA' : 'en-CA', {
      dateStyle: 'long',
      timeStyle: 'short',
    }).format(new Date(iso));
  const time = (iso: string) =>
    new Intl.DateTimeFormat(french ? 'fr-CA' : 'en-CA', { timeStyle: 'short' }).format(
      new Date(iso),
    );

  function replaceInvitation(next: CoAuthCodeInvitation) {
    set({ status: 200, kind: 'invitation', invitation: next } satisfies ReadOutcome);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting || !invitation) return;
    setAnnouncement(null);
    setResendProblem(null);
    setPageProblem(null);
    setAgreementErrors(null);
    const problem = coAuthCodeProblem(code);
    if (problem) {
      setFieldError({ message: messages[problem] ?? '' });
      return;
    }
    setSubmitting(true);
    try {
      // Continuing accepts the agreements: French by default in Quebec, English only by choice.
      const agreement: JoinAgreement = {
        agreementId: CUSTOMER_AGREEMENT_ID,
        hasConsent: true,
        ...(frenchFirst
          ? { boundLanguage: englishChosen ? 'en' : 'fr', expressEnglishChoice: englishChosen }
          : { boundLanguage: language }),
      };
      const answer = await coAuthCodeApi.verify(normalizeCoAuthCode(code), agreement);
      switch (answer.kind) {
        case 'verified':
          navigate('/home/dashboard', {
            state: {
              jointApplicationJoined: answer.invitation.applicationId,
              ...(jointIdentityStatuses.has(answer.invitation.applicationStatus ?? '') && {
                jointVerifiesIdentity: true,
              }),
            } satisfies JointApplicationJoined,
          });
          return;
        case 'mismatch':
          setFieldError({
            message: `${messages.coAuthCodeMismatch} ${t('attemptsLeft', { count: answer.attemptsLeft })}`,
          });
          replaceInvitation({ ...invitation, attemptsLeft: answer.attemptsLeft });
          break;
        case 'invalid':
          setFieldError({ message: messages.coAuthCodeFormat ?? '' });
          break;
        case 'agreement':
          setFieldError(null);
          setAgreementErrors(
            Object.fromEntries(
              Object.entries(answer.fields).map(([field, key]) => [
                field,
                messageFor(key, language),
              ]),
            ),
          );
          // The server found the joint applicant in Quebec: the choice is shown, unticked.
          if (answer.fields[ENGLISH_CHOICE])
            replaceInvitation({ ...invitation, frenchFirst: true });
          break;
        case 'locked':
          setFieldError(null);
          replaceInvitation({ ...invitation, state: 'locked', attemptsLeft: 0 });
          break;
        case 'expired':
          setFieldError(null);
          replaceInvitation({ ...invitation, state: 'expired' });
          break;
        case 'closed':
          setFieldError(null);
          setPageProblem('closed');
          break;
        case 'none':
          set({ status: 404, kind: 'none' });
          break;
        case 'emailNotVerified':
          // Not about the code: what was typed stays for after the address is proved.
          setFieldError(null);
          setPageProblem('emailNotVerified');
          break;
      }
    } catch {
      setPageProblem('verifyFailed');
    } finally {
      setSubmitting(false);
    }
  }

  async function sendNewCode() {
    if (resending) return;
    setResending(true);
    setAnnouncement(null);
    setResendProblem(null);
    try {
      const answer = await coAuthCodeApi.resend();
      if (answer.kind === 'sent') {
        setCode('');
        setFieldError(null);
        setPageProblem(null);
        replaceInvitation(answer.invitation);
        setAnnouncement(email ? t('resent', { email }) : t('resentNoEmail'));
        setFocusCode((value) => value + 1);
      } else if (answer.kind === 'emailNotVerified') {
        setPageProblem('emailNotVerified');
      } else if (answer.kind === 'tooSoon') {
        const at = new Date(Date.now() + answer.retryAfterSeconds * 1000).toISOString();
        setResendProblem(
          `${messages[answer.errorCode] ?? messages.coAuthCodeResendTooSoon} ${t('resendAt', {
            time: time(at),
          })}`,
        );
      } else {
        set({ status: 404, kind: 'none' });
      }
    } catch {
      setResendProblem(t('resendFailed'));
    } finally {
      setResending(false);
    }
  }

  const resendButton = (primary: boolean) => (
    <button
      id={RESEND_BUTTON}
      type="button"
      className={primary ? 'button button-primary' : 'button button-secondary'}
      onClick={sendNewCode}
      aria-disabled={resending}
    >
      {resending ? t('resending') : t('resend')}
    </button>
  );

  const version = CUSTOMER_AGREEMENTS.version;
  const documentLink = (documentLanguage: Language, label: string) => (
    <a href={documentPath(CUSTOMER_AGREEMENTS, documentLanguage)} target="_blank" rel="noreferrer">
      {label}
      <span className="visually-hidden"> {tReview('opensInNewTab')}</span>
    </a>
  );

  const agreements = (
    <section aria-labelledby="auth-code-agreements">
      <h2 id="auth-code-agreements">{t('agreements.heading')}</h2>
      <p>{t('agreements.intro')}</p>
      {frenchFirst && <p>{tReview('agreementLanguage.quebecIntro')}</p>}
      <ul>
        {frenchFirst ? (
          <>
            <li>{documentLink('fr', tReview('agreementLanguage.french', { version }))}</li>
            <li>{documentLink('en', tReview('agreementLanguage.english', { version }))}</li>
          </>
        ) : (
          <li>{documentLink(language, tReview('customerAgreements', { version }))}</li>
        )}
      </ul>
      {frenchFirst && (
        <CheckboxChoices
          id={ENGLISH_CHOICE}
          legend={tReview('agreementLanguage.legend')}
          hint={tReview('agreementLanguage.hint')}
          values={englishChosen ? ['en'] : []}
          onChange={(chosen) => setEnglishChosen(chosen.includes('en'))}
          error={agreementErrors?.[ENGLISH_CHOICE]}
          choices={[
            {
              value: 'en',
              // French first and no less prominent; the same words in English beneath.
              label: ENGLISH_CHOICE_WORDING.fr,
              lang: 'fr-CA',
              hint: <span lang="en-CA">{ENGLISH_CHOICE_WORDING.en}</span>,
            },
          ]}
        />
      )}
      <p>{t('agreements.consent')}</p>
    </section>
  );

  const dashboardLink = (
    <Link id={DASHBOARD_LINK} className="button button-secondary" to="/home/dashboard">
      {t('toDashboard')}
    </Link>
  );

  return (
    <Page title={t('title')} heading={t('heading')}>
      <ErrorSummary problems={problems} titleId="auth-code-error-summary" />
      <p className="lead">{t('intro')}</p>
      <div role="status" aria-live="polite" className="announcement">
        {announcement && <p className="notice-success">{announcement}</p>}
        {!announcement && emailJustVerified && invitation?.state === 'waiting' && (
          <p className="notice-success">{t('emailVerified')}</p>
        )}
      </div>
      {resendProblem && (
        <div className="notice-warning" role="alert">
          <p>{resendProblem}</p>
        </div>
      )}
      {pageProblem === 'verifyFailed' && (
        <div className="notice-warning" role="alert">
          <p>{t('verifyFailed')}</p>
        </div>
      )}
      {(refusedForEmail || emailUnverified) && (
        // Said before the person types a code when their account says so; read out at once
        // when the server refused for it.
        <section
          className="notice-warning"
          aria-labelledby="auth-code-verify-email"
          {...(refusedForEmail && { role: 'alert' })}
        >
          <h2 id="auth-code-verify-email">{t('emailNotVerified.heading')}</h2>
          <p>{email ? t('emailNotVerified.text', { email }) : t('emailNotVerified.textNoEmail')}</p>
          <p>{t('emailNotVerified.twoCodes')}</p>
          <p>
            <Link to={verifyEmailPath('/auth-code')}>{t('emailNotVerified.link')}</Link>
          </p>
        </section>
      )}

      {resource.state === 'loading' && (
        <p className="loading-inline" role="status">
          {t('loading')}
        </p>
      )}

      {resource.state === 'failed' && (
        <div className="notice-warning" role="alert">
          <p>{t('loadFailed')}</p>
          <button type="button" className="button button-secondary" onClick={retry}>
            {t('retry')}
          </button>
        </div>
      )}

      {outcome?.kind === 'none' && (
        <section className="empty-state" aria-labelledby="auth-code-none">
          <h2 id="auth-code-none">{t('noneHeading')}</h2>
          <p>{messages.coAuthCodeNotFound}</p>
          {email && <p>{t('signedInAs', { email })}</p>}
          <div className="actions">
            <Link className="button button-primary" to="/logout">
              {t('signOut')}
            </Link>
            {dashboardLink}
          </div>
        </section>
      )}

      {invitation && state === 'verified' && (
        <section className="notice-success" aria-labelledby="auth-code-verified">
          <h2 id="auth-code-verified">{t('verifiedHeading')}</h2>
          <p>
            {invitation.inviterName
              ? t('invitedBy', { name: invitation.inviterName })
              : t('invitedByUnknown')}{' '}
            {t('verifiedText')}
          </p>
          <div className="actions">{dashboardLink}</div>
        </section>
      )}

      {invitation && (state === 'expired' || state === 'locked') && (
        <>
          <p>
            {state === 'expired'
              ? email
                ? t('expiredHelp', { email })
                : t('expiredHelpNoEmail')
              : email
                ? t('lockedHelp', { email })
                : t('lockedHelpNoEmail')}
          </p>
          <div className="actions">
            {resendButton(true)}
            {dashboardLink}
          </div>
        </>
      )}

      {invitation && state === 'waiting' && (
        <>
          <p>
            {invitation.inviterName
              ? t('invitedBy', { name: invitation.inviterName })
              : t('invitedByUnknown')}
          </p>
          {pageProblem === 'closed' ? (
            <p>{t('closedHelp')}</p>
          ) : (
            <form noValidate onSubmit={submit}>
              <TextField
                id={CODE_FIELD}
                label={t('codeLabel')}
                hint={
                  email
                    ? t('codeHint', { email, until: dateTime(invitation.expiresAt) })
                    : t('codeHintNoEmail', { until: dateTime(invitation.expiresAt) })
                }
                error={fieldError?.message}
                value={code}
                onChange={setCode}
                autoComplete="one-time-code"
                inputMode="numeric"
                width="short"
              />
              {agreements}
              <div className="actions">
                <button type="submit" className="button button-primary" aria-disabled={submitting}>
                  {submitting ? t('submitting') : t('submit')}
                </button>
              </div>
            </form>
          )}
          {pageProblem === 'closed' ? (
            <div className="actions">{dashboardLink}</div>
          ) : (
            <section aria-labelledby="auth-code-resend">
              <h2 id="auth-code-resend">{t('resendHeading')}</h2>
              <p>{t('resendHelp')}</p>
              {resendButton(false)}
            </section>
          )}
        </>
      )}
    </Page>
  );
}
