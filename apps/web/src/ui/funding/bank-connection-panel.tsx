import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { BANK_CONNECTION_POLL_LIMIT_MS } from '@portal/domain/constants';
import type { BankAccount } from '@portal/domain/funding/bank-account';
import { messageFor } from '@portal/domain/messages/messages';
import { refusalOf } from '../../lib/applications-api.ts';
import {
  bankConnectionApi,
  flinksLoginOf,
  isBankConnectionFrameMessage,
  type AccountsDetail,
  type ConnectedAccountDetail,
  type FlinksLogin,
} from '../../lib/bank-connection-api.ts';
import { RadioChoices } from '../choices.tsx';
import styles from './funding.module.css';
import { fundingLanguageOf } from './funding-format.ts';

/** The connection's status is asked for every 2 s while the person connects. */
export const BANK_CONNECTION_POLL_MS = 2000;

/**
 * How the frame's result reaches the portal: the sandbox's frame tells the server itself (its
 * webhook) and only nudges the page; Flinks Connect hands the login to the page, which gives it
 * to the server for the request.
 */
type FrameVendor = 'sandbox' | 'flinks';

type FailureReason =
  'bankConnectionFailure' | 'bankConnectionExpired' | 'bankConnectionUnavailable';

type Stage =
  | { kind: 'idle' }
  | { kind: 'starting' }
  | {
      kind: 'connecting';
      requestId: string;
      url: string;
      vendor: FrameVendor;
      frameDone: boolean;
      elapsedMs: number;
    }
  | { kind: 'accounts'; requestId: string; accounts: ConnectedAccountDetail[] }
  | { kind: 'failed'; reason: FailureReason };

/** What a refused call means for the person: the vendor not answering is said so. */
function failureOf(error: unknown): FailureReason {
  const refusal = refusalOf(error);
  if (refusal?.body.errorCode === 'bankConnectionExpired') return 'bankConnectionExpired';
  return refusal?.status === 503 ? 'bankConnectionUnavailable' : 'bankConnectionFailure';
}

export interface BankConnectionPanelProps {
  /** The application whose applicants' names the account holder is compared with. */
  applicationId: string;
  /** Unique on the page when several panels show. */
  idPrefix?: string;
  onConnected(bankAccount: BankAccount): void;
  /** The person would rather upload a void cheque (offered whenever connecting fails). */
  onUseCheque(): void;
  pollIntervalMs?: number;
  /** How long the connection is followed before it is given up (spec: 1,830,000 ms). */
  pollLimitMs?: number;
}

/**
 * Connecting a bank account through the bank-connection vendor: the vendor's login page in a
 * frame (the bank's security questions are asked inside it); its status followed every 2 s (the
 * frame's message, when it says it is done, asks at once) with the time waited shown; then the
 * bank's accounts, of which only those held in an applicant's name can be chosen. With Flinks,
 * the frame's REDIRECT message carries the login, read only from Flinks Connect's origin and
 * handed to the server for this request. A failure, an expired connection or the poll limit
 * says so and offers a void cheque instead.
 */
export function BankConnectionPanel({
  applicationId,
  idPrefix = 'bank-connection',
  onConnected,
  onUseCheque,
  pollIntervalMs = BANK_CONNECTION_POLL_MS,
  pollLimitMs = BANK_CONNECTION_POLL_LIMIT_MS,
}: BankConnectionPanelProps) {
  const { t, i18n } = useTranslation('funding');
  const language = fundingLanguageOf(i18n.language);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [chosen, setChosen] = useState<string | undefined>();
  const [choiceError, setChoiceError] = useState<string | undefined>();
  const [saving, setSaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  // Wakes the follower at once when the frame says it is done.
  const wake = useRef<(() => void) | null>(null);
  const follower = useRef<AbortController | null>(null);
  // The request whose login was handed over: Connect's message may come more than once.
  const handedOver = useRef<string | null>(null);
  // The request of the frame shown now: an answer about an older one changes nothing.
  const shown = useRef<string | null>(null);

  useEffect(() => () => follower.current?.abort(), []);

  const sleep = useCallback(
    (ms: number, signal: AbortSignal) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, ms);
        function done() {
          clearTimeout(timer);
          wake.current = null;
          resolve();
        }
        wake.current = done;
        signal.addEventListener('abort', done, { once: true });
      }),
    [],
  );

  /** Follows one request until its accounts are read, it fails, or the limit passes. */
  const follow = useCallback(
    async (requestId: string, signal: AbortSignal) => {
      const startedAt = Date.now();
      const elapsed = () => Date.now() - startedAt;
      let loginId: string | null = null;
      for (;;) {
        await sleep(pollIntervalMs, signal);
        if (signal.aborted) return;
        if (elapsed() >= pollLimitMs) {
          setStage({ kind: 'failed', reason: 'bankConnectionExpired' });
          return;
        }
        setStage((current) =>
          current.kind === 'connecting' ? { ...current, elapsedMs: elapsed() } : current,
        );
        try {
          let detail: AccountsDetail;
          if (loginId === null) {
            const status = await bankConnectionApi.status(signal);
            if (signal.aborted) return;
            if (status.status === 'FAILED') {
              setStage({ kind: 'failed', reason: 'bankConnectionFailure' });
              return;
            }
            if (status.status === 'EXPIRED') {
              setStage({ kind: 'failed', reason: 'bankConnectionExpired' });
              return;
            }
            if (status.status !== 'CONNECTED' || status.loginId === null) continue;
            loginId = status.loginId;
            detail = await bankConnectionApi.accountsDetail(applicationId, { requestId, loginId });
          } else {
            detail = await bankConnectionApi.accountsDetailAsync(requestId, signal);
          }
          if (signal.aborted) return;
          if ('accounts' in detail) {
            setStage({ kind: 'accounts', requestId, accounts: detail.accounts });
            return;
          }
        } catch {
          // A missed poll is asked again at the next interval, within the limit.
          if (signal.aborted) return;
        }
      }
    },
    [applicationId, pollIntervalMs, pollLimitMs, sleep],
  );

  async function start() {
    follower.current?.abort();
    setStage({ kind: 'starting' });
    setChosen(undefined);
    setChoiceError(undefined);
    try {
      const { requestId } = await bankConnectionApi.start();
      const { url, vendor } = await bankConnectionApi.iframeUrl(requestId);
      const controller = new AbortController();
      follower.current = controller;
      shown.current = requestId;
      setStage({
        kind: 'connecting',
        requestId,
        url,
        vendor: vendor === 'flinks' ? 'flinks' : 'sandbox',
        frameDone: false,
        elapsedMs: 0,
      });
      void follow(requestId, controller.signal);
    } catch (error) {
      setStage({ kind: 'failed', reason: failureOf(error) });
    }
  }

  /** Gives Flinks' login to the server for the request; the status poll then follows it. */
  const handOver = useCallback(async (requestId: string, login: FlinksLogin) => {
    if (handedOver.current === requestId) return;
    handedOver.current = requestId;
    setStage((current) =>
      current.kind === 'connecting' ? { ...current, frameDone: true } : current,
    );
    try {
      await bankConnectionApi.handOverLogin(requestId, login);
      if (shown.current === requestId) wake.current?.();
    } catch (error) {
      if (shown.current !== requestId) return;
      follower.current?.abort();
      setStage({ kind: 'failed', reason: failureOf(error) });
    }
  }, []);

  // The frame's message: only from the frame's own origin (the sandbox's, or the configured
  // Flinks Connect's the server built the address from), and about this request.
  const frameUrl = stage.kind === 'connecting' ? stage.url : null;
  const frameRequest = stage.kind === 'connecting' ? stage.requestId : null;
  const frameVendor = stage.kind === 'connecting' ? stage.vendor : null;
  useEffect(() => {
    if (frameUrl === null || frameRequest === null) return;
    const frameOrigin = new URL(frameUrl, window.location.href).origin;
    const listen = (event: MessageEvent) => {
      if (event.origin !== frameOrigin) return;
      if (frameVendor === 'flinks') {
        const login = flinksLoginOf(event.data);
        if (login) void handOver(frameRequest, login);
        return;
      }
      if (!isBankConnectionFrameMessage(event.data)) return;
      if (event.data.requestId !== frameRequest) return;
      if (event.data.status === 'FAILED') {
        follower.current?.abort();
        setStage({ kind: 'failed', reason: 'bankConnectionFailure' });
        return;
      }
      setStage((current) =>
        current.kind === 'connecting' ? { ...current, frameDone: true } : current,
      );
      wake.current?.();
    };
    window.addEventListener('message', listen);
    return () => window.removeEventListener('message', listen);
  }, [frameUrl, frameRequest, frameVendor, handOver]);

  // A new stage after the person acted: its heading takes focus. So does the waiting heading
  // once Flinks' frame, where the person's focus was, gives way to the wait.
  const flinksDone = stage.kind === 'connecting' && stage.vendor === 'flinks' && stage.frameDone;
  useEffect(() => {
    if (stage.kind === 'accounts' || stage.kind === 'failed' || flinksDone) {
      headingRef.current?.focus();
    }
  }, [stage.kind, flinksDone]);

  async function cancel() {
    follower.current?.abort();
    shown.current = null;
    setStage({ kind: 'idle' });
    await bankConnectionApi
      .update({ flinksStatusType: 'CANCELLED', accountSelected: null, canceledByClient: true })
      .catch(() => undefined);
  }

  async function choose(event: FormEvent) {
    event.preventDefault();
    if (saving || stage.kind !== 'accounts') return;
    const account = stage.accounts.find((candidate) => candidate.accountId === chosen);
    if (!account) {
      setChoiceError(messageFor('sourceRequired', language));
      return;
    }
    if (!account.holderMatches) {
      setChoiceError(messageFor('holderNameMismatch', language));
      return;
    }
    setSaving(true);
    setChoiceError(undefined);
    try {
      const answer = await bankConnectionApi.update({
        flinksStatusType: 'COMPLETED',
        accountSelected: account.accountId,
        canceledByClient: false,
      });
      if ('bankAccount' in answer) onConnected(answer.bankAccount);
      else setStage({ kind: 'idle' });
    } catch (error) {
      const refusal = refusalOf(error);
      setChoiceError(
        messageFor(
          refusal?.status === 409 ? 'bankAccountAlreadyConnected' : 'bankConnectionFailure',
          language,
        ),
      );
    } finally {
      setSaving(false);
    }
  }

  const headingId = `${idPrefix}-heading`;
  const useCheque = (
    <button type="button" className="button button-secondary" onClick={onUseCheque}>
      {t('connection.useCheque')}
    </button>
  );

  if (stage.kind === 'failed') {
    return (
      <section aria-labelledby={headingId}>
        <h3 id={headingId} ref={headingRef} tabIndex={-1}>
          {t('connection.failedHeading')}
        </h3>
        <div className="notice-warning" role="alert">
          <p>{messageFor(stage.reason, language)}</p>
        </div>
        <div className="actions">
          {useCheque}
          <button type="button" className="button button-secondary" onClick={start}>
            {t('connection.tryAgain')}
          </button>
        </div>
      </section>
    );
  }

  if (stage.kind === 'accounts') {
    const matching = stage.accounts.filter((account) => account.holderMatches);
    const choiceId = `${idPrefix}-account`;
    return (
      <section aria-labelledby={headingId}>
        <h3 id={headingId} ref={headingRef} tabIndex={-1}>
          {t('connection.accountsHeading')}
        </h3>
        {matching.length < stage.accounts.length && (
          <div className="notice-info">
            <p>{t('connection.holderMismatch')}</p>
          </div>
        )}
        {matching.length === 0 ? (
          <>
            <div className="notice-warning" role="alert">
              <p>{messageFor('holderNameMismatch', language)}</p>
            </div>
            <div className="actions">{useCheque}</div>
          </>
        ) : (
          <form noValidate onSubmit={choose}>
            <RadioChoices
              id={choiceId}
              legend={t('connection.accountsLegend')}
              error={choiceError}
              value={chosen}
              onChange={(value) => {
                setChosen(value);
                setChoiceError(undefined);
              }}
              choices={stage.accounts.map((account) => ({
                value: account.accountId,
                label: `${t(`connection.type.${account.type}`)}, ${account.institutionName} ${account.accountNumberMasked} (${account.currency})`,
                disabled: !account.holderMatches,
                hint: account.holderMatches
                  ? t('connection.holder', { name: account.holderName })
                  : t('connection.holderOther', { name: account.holderName }),
              }))}
            />
            <div className="actions">
              <button type="submit" className="button button-primary" aria-disabled={saving}>
                {t('connection.useAccount')}
              </button>
              {useCheque}
            </div>
          </form>
        )}
      </section>
    );
  }

  if (stage.kind === 'connecting') {
    const minutes = Math.floor(stage.elapsedMs / 60_000);
    return (
      <section aria-labelledby={headingId}>
        <h3 id={headingId} ref={headingRef} tabIndex={-1}>
          {t('connection.heading')}
        </h3>
        {stage.frameDone ? (
          <p>{t('connection.frameDone')}</p>
        ) : (
          <>
            {stage.vendor === 'flinks' && <p>{t('connection.frameHint')}</p>}
            <iframe className={styles.frame} src={stage.url} title={t('connection.frameTitle')} />
          </>
        )}
        <div role="status" aria-live="polite">
          <p className="loading-inline">
            {minutes > 0 ? t('connection.waitingFor', { count: minutes }) : t('connection.waiting')}
          </p>
        </div>
        <progress
          className={styles.progress}
          max={pollLimitMs}
          value={stage.elapsedMs}
          aria-label={t('connection.progress')}
        />
        <div className="actions">
          <button type="button" className="button button-secondary" onClick={cancel}>
            {t('connection.cancel')}
          </button>
          {useCheque}
        </div>
      </section>
    );
  }

  return (
    <section aria-labelledby={headingId}>
      <h3 id={headingId}>{t('connection.heading')}</h3>
      <p>{t('connection.intro')}</p>
      <div role="status" aria-live="polite">
        {stage.kind === 'starting' && <p className="loading-inline">{t('connection.starting')}</p>}
      </div>
      <div className="actions">
        <button
          type="button"
          className="button button-primary"
          aria-disabled={stage.kind === 'starting'}
          onClick={() => stage.kind === 'idle' && void start()}
        >
          {t('connection.start')}
        </button>
      </div>
    </section>
  );
}
