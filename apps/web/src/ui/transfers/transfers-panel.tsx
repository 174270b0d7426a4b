import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { isIncomeFundTransferType } from '@portal/domain/transfers/transfer-compatibility';
import type { TransferReturnTarget } from '@portal/domain/transfers/transfer-return';
import { refusalOf } from '../../lib/applications-api.ts';
import { useFlag } from '../../lib/flags.ts';
import { transfersApi, type CoAccount, type TransferView } from '../../lib/transfers-api.ts';
import { useResource } from '../../lib/use-resource.ts';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { fundingLanguageOf } from '../funding/funding-format.ts';
import { coAccountLabel, TransferForm } from './transfer-form.tsx';
import { institutionOf, TransferList, transferHeadingId } from './transfer-list.tsx';
import { TransferOffer } from './transfer-offer.tsx';
import { TransferSigning } from './transfer-signing.tsx';
import { RifPayoutLink } from './rif-payout-link.tsx';

type Outcome = { kind: 'done' | 'failed'; text: string };

/** Transfers of the accounts shown, newest first. */
const transfersOf = (accounts: CoAccount[], toAccountId?: string) =>
  accounts
    .filter((account) => !toAccountId || account.accountId === toAccountId)
    .flatMap((account) => account.transfers)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt));

/**
 * Transfers in of one application (issue 15), on the funding step (one account's) and on the
 * client's funding page (every account's): the transfers with their status and expected dates,
 * a transfer not signed with its Sign step (it is not processed until signed), Cancel with a
 * confirmation, and a new request. The offer and timings of section 9 show with it; a
 * retirement income fund gets the link to its payments' setup.
 */
export function TransfersPanel({
  applicationId,
  toAccountId,
  idPrefix = 'transfer',
  signingTransferId,
  pollIntervalMs,
  onUnsignedChange,
  headingLevel = 3,
  rifPayoutPath,
  returnTo = 'funding',
  nameAccounts = false,
}: {
  applicationId: string;
  /**
   * The heading names the application's accounts: the funding page shows one panel per
   * application, and several would otherwise read the same.
   */
  nameAccounts?: boolean;
  /** Where the signing ceremony brings the person back (the funding page unless told). */
  returnTo?: TransferReturnTarget;
  /** Where an income fund's payments are set up (the RRIF payout screen), when offered. */
  rifPayoutPath?: string;
  /** Only this account's transfers, and new ones into it by default. */
  toAccountId?: string;
  idPrefix?: string;
  /** A transfer to open at its sign step (back from the ceremony). */
  signingTransferId?: string;
  pollIntervalMs?: number;
  /** The transfers not signed, whenever they change (the funding step's leave guard). */
  onUnsignedChange?(ids: string[]): void;
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation('transfers');
  const language = fundingLanguageOf(i18n.language);
  const rifEnabled = useFlag('rrif-funding-enabled');
  const load = useCallback(
    (signal: AbortSignal) => transfersApi.coAccounts(applicationId, signal),
    [applicationId],
  );
  const { resource, retry } = useResource(load);
  const [formOpen, setFormOpen] = useState(false);
  const [signing, setSigning] = useState<{
    id: string;
    esignUrl?: string | null;
    /** The request was just made here: its sign step takes the focus. */
    justAsked?: boolean;
  } | null>(signingTransferId ? { id: signingTransferId } : null);
  const [cancelling, setCancelling] = useState<TransferView | null>(null);
  const [working, setWorking] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);

  const accounts = resource.state === 'ready' ? resource.data : [];
  const transfers = transfersOf(accounts, toAccountId);
  const unsignedKey = transfers
    .filter((transfer) => transfer.status === 'UNSIGNED')
    .map((transfer) => transfer.id)
    .join(' ');
  const reportUnsigned = useRef(onUnsignedChange);
  useEffect(() => {
    reportUnsigned.current = onUnsignedChange;
  });
  useEffect(() => {
    if (resource.state !== 'ready') return;
    reportUnsigned.current?.(unsignedKey ? unsignedKey.split(' ') : []);
  }, [unsignedKey, resource.state]);

  // Back from the ceremony with the signature already recorded (the vendor's webhook came
  // first): the sign step has nothing left to check, so the thank-you is said at once.
  const returnedSigned =
    signingTransferId !== undefined &&
    transfers.some(
      (transfer) => transfer.id === signingTransferId && transfer.esignStatus === 'SIGNED',
    );
  const saidSigned = useRef(false);
  useEffect(() => {
    if (!returnedSigned || saidSigned.current) return;
    saidSigned.current = true;
    setSigning(null);
    setOutcome({ kind: 'done', text: t('sign.signed') });
  }, [returnedSigned, t]);

  const labelOf = (accountId: string) => {
    const account = accounts.find((each) => each.accountId === accountId);
    return account ? coAccountLabel(account, language) : '';
  };

  async function confirmCancel() {
    const transfer = cancelling;
    setCancelling(null);
    if (!transfer) return;
    setOutcome(null);
    setWorking(t('list.cancelling'));
    try {
      await transfersApi.cancel(transfer.id);
      if (signing?.id === transfer.id) setSigning(null);
      setOutcome({
        kind: 'done',
        text: t('list.cancelled', { institution: institutionOf(transfer, language) }),
      });
    } catch (error) {
      const refusal = refusalOf(error);
      setOutcome({
        kind: 'failed',
        // A 409 other than "already with the other firm" (being processed right now) says
        // the server's own words, in the page's language.
        text:
          refusal?.status === 409 && refusal.body.errorCode === 'notCancellable'
            ? t('list.notCancellable')
            : refusal?.status === 409 && refusal.body.message
              ? refusal.body.message
              : t('list.cancelFailed'),
      });
    } finally {
      setWorking(null);
      retry();
    }
  }

  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const headingId = `${idPrefix}-transfers-heading`;
  const hasIncomeFund = accounts.some(
    (account) =>
      (!toAccountId || account.accountId === toAccountId) &&
      account.transferAccountType !== null &&
      isIncomeFundTransferType(account.transferAccountType),
  );

  const body = (() => {
    if (resource.state === 'loading') {
      return (
        <p className="loading-inline" role="status">
          {t('list.loading')}
        </p>
      );
    }
    if (resource.state === 'failed') {
      return (
        <div className="notice-warning" role="alert">
          <p>{t('list.loadFailed')}</p>
          <button type="button" className="button button-secondary" onClick={retry}>
            {t('list.retry')}
          </button>
        </div>
      );
    }
    const receiving = accounts.filter((account) => account.transferAccountType !== null);
    return (
      <>
        {transfers.length === 0 ? (
          <p>{t('list.empty')}</p>
        ) : (
          <TransferList
            transfers={transfers}
            accountLabelOf={labelOf}
            actions={(transfer) =>
              (transfer.status === 'UNSIGNED' || transfer.cancellable) && (
                <>
                  {transfer.status === 'UNSIGNED' && signing?.id === transfer.id && (
                    <TransferSigning
                      transferId={transfer.id}
                      esignUrl={signing.esignUrl}
                      returnTo={returnTo}
                      focusOnShow={signing.justAsked}
                      pollIntervalMs={pollIntervalMs}
                      headingLevel={4}
                      onSigned={() => {
                        saidSigned.current = true;
                        setSigning(null);
                        setOutcome({ kind: 'done', text: t('sign.signed') });
                        retry();
                      }}
                    />
                  )}
                  <div className="actions">
                    {transfer.status === 'UNSIGNED' && signing?.id !== transfer.id && (
                      <button
                        type="button"
                        className="button button-primary"
                        aria-describedby={transferHeadingId(transfer.id)}
                        onClick={() => setSigning({ id: transfer.id })}
                      >
                        {t('list.sign')}
                      </button>
                    )}
                    {transfer.cancellable && (
                      <button
                        type="button"
                        className="button button-secondary"
                        aria-describedby={transferHeadingId(transfer.id)}
                        aria-disabled={working !== null}
                        onClick={() => !working && setCancelling(transfer)}
                      >
                        {t('list.cancel')}
                      </button>
                    )}
                  </div>
                </>
              )
            }
          />
        )}
        {formOpen ? (
          <TransferForm
            applicationId={applicationId}
            accounts={accounts}
            toAccountId={toAccountId ?? receiving[0]?.accountId ?? ''}
            idPrefix={idPrefix}
            returnTo={returnTo}
            onSubmitted={({ result }) => {
              setFormOpen(false);
              setSigning({
                id: result.transferAccountId,
                esignUrl: result.esignUrl,
                justAsked: true,
              });
              retry();
            }}
            onCancel={() => setFormOpen(false)}
          />
        ) : (
          receiving.length > 0 && (
            <>
              <TransferOffer headingLevel={4} />
              <div className="actions">
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => {
                    setOutcome(null);
                    setFormOpen(true);
                  }}
                >
                  {transfers.length === 0 ? t('option.new') : t('option.another')}
                </button>
              </div>
            </>
          )
        )}
        {rifPayoutPath && rifEnabled && hasIncomeFund && (
          <RifPayoutLink
            applicationId={applicationId}
            path={rifPayoutPath}
            transferUnsigned={unsignedKey !== ''}
          />
        )}
      </>
    );
  })();

  return (
    <section aria-labelledby={headingId}>
      <Heading id={headingId}>
        {nameAccounts && accounts.length > 0
          ? t('list.headingFor', {
              accounts: new Intl.ListFormat(language === 'fr' ? 'fr-CA' : 'en-CA').format(
                accounts.map((account) => coAccountLabel(account, language)),
              ),
            })
          : t(toAccountId ? 'option.heading' : 'list.heading')}
      </Heading>
      <p>{t('option.intro')}</p>
      <div role="status" aria-live="polite" className="announcement">
        {working && <p className="loading-inline">{working}</p>}
        {outcome && (
          <div
            ref={outcomeRef}
            tabIndex={-1}
            className={outcome.kind === 'done' ? 'notice-success' : 'notice-warning'}
          >
            <p>{outcome.text}</p>
          </div>
        )}
      </div>
      {body}
      {cancelling && (
        <ConfirmDialog
          isOpen
          title={t('list.confirmTitle')}
          message={t('list.confirmMessage', {
            institution: institutionOf(cancelling, language),
          })}
          confirmLabel={t('list.confirmYes')}
          cancelLabel={t('list.confirmNo')}
          onConfirm={() => void confirmCancel()}
          onCancel={() => setCancelling(null)}
        />
      )}
    </section>
  );
}
