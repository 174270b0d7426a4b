import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BankAccount } from '@portal/domain/funding/bank-account';
import { BankConnectionPanel } from '../../../ui/funding/bank-connection-panel.tsx';
import { VoidChequeForm } from '../../../ui/funding/void-cheque-form.tsx';

/**
 * The two ways to put a bank account on file from the funding step: a void cheque, or a
 * connection to the bank (which offers the cheque whenever it fails).
 */
export function AddBankAccount({
  applicationId,
  idPrefix,
  pollIntervalMs,
  onAdded,
}: {
  applicationId: string;
  idPrefix: string;
  pollIntervalMs?: number;
  onAdded(bankAccount: BankAccount): void;
}) {
  const { t } = useTranslation('funding');
  const [way, setWay] = useState<'cheque' | 'connection' | null>(null);
  const added = (bankAccount: BankAccount) => {
    setWay(null);
    onAdded(bankAccount);
  };
  if (way === 'cheque') {
    return (
      <VoidChequeForm
        applicationId={applicationId}
        idPrefix={`${idPrefix}-cheque`}
        onUploaded={({ bankAccount }) => added(bankAccount)}
        onCancel={() => setWay(null)}
      />
    );
  }
  if (way === 'connection') {
    return (
      <BankConnectionPanel
        applicationId={applicationId}
        idPrefix={`${idPrefix}-connection`}
        pollIntervalMs={pollIntervalMs}
        onConnected={added}
        onUseCheque={() => setWay('cheque')}
      />
    );
  }
  return (
    <section aria-labelledby={`${idPrefix}-add-heading`}>
      <h3 id={`${idPrefix}-add-heading`}>{t('step.addBank.legend')}</h3>
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={() => setWay('cheque')}>
          {t('step.addBank.cheque')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          onClick={() => setWay('connection')}
        >
          {t('step.addBank.connection')}
        </button>
      </div>
    </section>
  );
}
