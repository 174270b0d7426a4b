import { useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import type { BankAccount } from '@portal/domain/funding/bank-account';
import { BankConnectionPanel } from './bank-connection-panel.tsx';
import { VoidChequeForm } from './void-cheque-form.tsx';

/**
 * The two ways to put a bank account on file, on the funding step and the funding page: a void
 * cheque, or a connection to the bank (which offers the cheque whenever it fails). The cheque
 * is kept with the application whose accounts are funded, and the connected holder is compared
 * with its applicants, so both need that application.
 */
export function AddBankAccount({
  applicationId,
  idPrefix,
  headingLevel = 3,
  pollIntervalMs,
  onAdded,
}: {
  applicationId: string;
  idPrefix: string;
  /** Under the section's own heading: h3 on the step, h4 inside the page's new request. */
  headingLevel?: 3 | 4;
  pollIntervalMs?: number;
  onAdded(bankAccount: BankAccount): void;
}) {
  const { t } = useTranslation('funding');
  const Heading = `h${headingLevel}` as const;
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
      <Heading id={`${idPrefix}-add-heading`}>{t('step.addBank.legend')}</Heading>
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
