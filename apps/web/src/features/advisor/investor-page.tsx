import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import type { NamedAccountTypeName } from '@portal/domain/enums/account-types';
import { sendInvitationBodySchema } from '@portal/domain/express/express-api';
import { messageFor } from '@portal/domain/messages/messages';
import { advisorApi, expressRefusalOf, type InvestorView } from '../../lib/advisor-api.ts';
import { useResource } from '../../lib/use-resource.ts';
import { CheckboxChoices } from '../../ui/choices.tsx';
import { Page } from '../../ui/page.tsx';
import { accountNames, formatDate, formatDateTime, languageOf } from './advisor-format.ts';
import { LoadFailed } from './advisor-paging.tsx';
import { InvitationState } from './invitation-state.tsx';
import styles from './advisor.module.css';

/** The accounts an advisor proposes most; the allaccounts step's rules judge the pair. */
const proposable: NamedAccountTypeName[] = ['tfsa', 'rrsp', 'fhsa', 'rrif', 'cash', 'margin'];

/** A link still in the investor's mailbox that a new invitation would void. */
const liveStates = new Set(['sent', 'opened', 'started']);

/**
 * One investor: what the advisor entered, every invitation sent with its state, and sending a
 * new express invitation (which voids the older link, so the advisor confirms it first).
 */
export function InvestorPage({ investorId }: { investorId: string }) {
  const { t, i18n } = useTranslation('advisor');
  const language = languageOf(i18n.language);
  const load = useCallback(
    (signal: AbortSignal) => advisorApi.investor(investorId, signal),
    [investorId],
  );
  const { resource, retry, set } = useResource(load);

  if (resource.state === 'loading') {
    return (
      <Page title={t('investor.title')} heading={t('investor.title')}>
        <p role="status">{t('common.loading')}</p>
      </Page>
    );
  }
  if (resource.state === 'failed') {
    return (
      <Page title={t('investor.title')} heading={t('investor.title')}>
        <LoadFailed retry={retry} />
      </Page>
    );
  }
  const investor = resource.data;
  const name = `${investor.firstName} ${investor.lastName}`;
  const { details } = investor;
  return (
    <Page title={name} heading={name}>
      <h2>{t('investor.details')}</h2>
      <dl className={styles.details}>
        <dt>{t('investor.email')}</dt>
        <dd>{investor.email}</dd>
        <dt>{t('investor.language')}</dt>
        <dd>{details.language === 'fr' ? t('add.french') : t('add.english')}</dd>
        <dt>{t('investor.birthDate')}</dt>
        <dd>{formatDate(details.birthDate, language) || t('investor.notGiven')}</dd>
        <dt>{t('investor.postalCode')}</dt>
        <dd>{details.postalCode || t('investor.notGiven')}</dd>
      </dl>
      <SendInvitation investor={investor} onSent={(updated) => set(updated)} reload={retry} />
      <h2>{t('investor.history')}</h2>
      {investor.invitations.length === 0 ? (
        <p className="empty-state">{t('investor.historyEmpty')}</p>
      ) : (
        <div
          className={styles.tableWrap}
          tabIndex={0}
          role="region"
          aria-label={t('investor.historyCaption', { name })}
        >
          <table className={styles.table}>
            <caption>{t('investor.historyCaption', { name })}</caption>
            <thead>
              <tr>
                <th scope="col">{t('investor.sentAt')}</th>
                <th scope="col">{t('investor.accounts')}</th>
                <th scope="col">{t('investor.state')}</th>
                <th scope="col">{t('investor.expiresAt')}</th>
              </tr>
            </thead>
            <tbody>
              {investor.invitations.map((invitation) => (
                <tr key={invitation.id}>
                  <th scope="row">{formatDateTime(invitation.sentAt, language)}</th>
                  <td>{accountNames(invitation.accountTypes, language)}</td>
                  <td>
                    <InvitationState invitation={invitation} />
                  </td>
                  <td>{formatDateTime(invitation.expiresAt, language)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}

type SendProblem =
  | 'required'
  | 'tooMany'
  | 'confirm'
  | 'tooManyInvitations'
  | 'invalidInput'
  | 'addressNotInvitable'
  | 'failed';

function SendInvitation({
  investor,
  onSent,
  reload,
}: {
  investor: InvestorView;
  onSent(updated: InvestorView): void;
  reload(): void;
}) {
  const { t, i18n } = useTranslation('advisor');
  const language = languageOf(i18n.language);
  const [accounts, setAccounts] = useState<NamedAccountTypeName[]>([]);
  const [confirmed, setConfirmed] = useState(false);
  const [problem, setProblem] = useState<{ code: SendProblem; minutes?: number } | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const message = useRef<HTMLDivElement>(null);
  const replaces = investor.invitations.some((invitation) => liveStates.has(invitation.state));

  const show = (next: { code: SendProblem; minutes?: number } | null) => {
    setProblem(next);
    requestAnimationFrame(() => message.current?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSentTo(null);
    const body = { accountTypes: accounts };
    const checked = sendInvitationBodySchema.safeParse(body);
    if (!checked.success) {
      show({ code: accounts.length === 0 ? 'required' : 'tooMany' });
      return;
    }
    if (replaces && !confirmed) {
      show({ code: 'confirm' });
      return;
    }
    setSending(true);
    try {
      await advisorApi.sendInvitation(investor.id, checked.data);
      setProblem(null);
      setAccounts([]);
      setConfirmed(false);
      setSentTo(investor.email);
      requestAnimationFrame(() => message.current?.focus());
      // The history shows the new invitation and the older one replaced.
      try {
        onSent(await advisorApi.investor(investor.id));
      } catch {
        reload();
      }
    } catch (error) {
      const refusal = expressRefusalOf(error);
      if (refusal.errorCode === 'tooManyInvitations') {
        show({
          code: 'tooManyInvitations',
          minutes: Math.max(1, Math.ceil((refusal.retryAfterSeconds ?? 60) / 60)),
        });
      } else if (refusal.errorCode === 'invalidInput') show({ code: 'invalidInput' });
      else if (refusal.errorCode === 'addressNotInvitable') show({ code: 'addressNotInvitable' });
      else show({ code: 'failed' });
    } finally {
      setSending(false);
    }
  };

  const fieldError =
    problem &&
    (problem.code === 'required' || problem.code === 'tooMany' || problem.code === 'invalidInput')
      ? t(`investor.send.errors.${problem.code}`)
      : undefined;

  return (
    <section aria-labelledby="send-invitation-heading">
      <h2 id="send-invitation-heading">{t('investor.send.heading')}</h2>
      <div ref={message} tabIndex={-1}>
        {sentTo && (
          <div role="status" className="notice notice-success">
            <p>{t('investor.send.sent', { email: sentTo })}</p>
          </div>
        )}
        {problem && (
          <div role="alert" className="notice notice-warning">
            <p>
              {problem.code === 'addressNotInvitable'
                ? messageFor(problem.code, language)
                : t(`investor.send.errors.${problem.code}`, { minutes: problem.minutes ?? 1 })}
            </p>
          </div>
        )}
      </div>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <CheckboxChoices
          id="invitation-accounts"
          legend={t('investor.send.accounts')}
          hint={t('investor.send.accountsHint')}
          error={fieldError}
          choices={proposable.map((name) => ({
            value: name,
            label: accountNames([name], language),
          }))}
          values={accounts}
          onChange={setAccounts}
        />
        {replaces && (
          <CheckboxChoices
            id="invitation-replace"
            legend={t('investor.send.replaceWarning', { email: investor.email })}
            error={problem?.code === 'confirm' ? t('investor.send.errors.confirm') : undefined}
            choices={[{ value: 'yes', label: t('investor.send.confirmReplace') }]}
            values={confirmed ? ['yes'] : []}
            onChange={(values) => setConfirmed(values.includes('yes'))}
          />
        )}
        <div className="actions">
          <button type="submit" className="button button-primary" disabled={sending}>
            {sending ? t('investor.send.sending') : t('investor.send.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}
