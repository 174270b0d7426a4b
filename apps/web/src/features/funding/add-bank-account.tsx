import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankAccount } from '@portal/domain/funding/bank-account';
import { BankConnectionPanel } from '../../ui/funding/bank-connection-panel.tsx';
import { VoidChequeForm } from '../../ui/funding/void-cheque-form.tsx';

/**
 * The two ways to put a bank account on file from the funding page: a void cheque, or a
 * connection to the bank (which offers the cheque whenever it fails). The cheque is kept with
 * the application whose accounts are funded, and the connected holder is compared with its
 * applicants, so both need that application.
 */
export function AddBankAccount({
  applicationId,
  pollIntervalMs,
  onAdded,
}: {
  applicationId: string;
  pollIntervalMs?: number;
  onAdded(bankAccount: BankAccount): void;
}) {
  const { t } = useTranslation('fundingPage');
  const [way, setWay] = useState<'cheque' | 'connection' | null>(null);
  const added = (bankAccount: BankAccount) => {
    setWay(null);
    onAdded(bankAccount);
  };
  if (way === 'cheque') {
    return (
      <VoidChequeForm
        applicationId={applicationId}
        idPrefix="funding-page-cheque"
        onUploaded={({ bankAccount }) => added(bankAccount)}
        onCancel={() => setWay(null)}
      />
    );
  }
  if (way === 'connection') {
    return (
      <BankConnectionPanel
        applicationId={applicationId}
        idPrefix="funding-page-connection"
        pollIntervalMs={pollIntervalMs}
        onConnected={added}
        onUseCheque={() => setWay('cheque')}
      />
    );
  }
  return (
    <section aria-labelledby="funding-page-add-bank">
      <h4 id="funding-page-add-bank">{t('newRequest.addBank.legend')}</h4>
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={() => setWay('cheque')}>
          {t('newRequest.addBank.cheque')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setWay('connection')}
        >
          {t('newRequest.addBank.connection')}
        </button>
      </div>
    </section>
  );
}
