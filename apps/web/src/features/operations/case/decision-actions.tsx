import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { uploadDocumentTypeLabels, uploadDocumentTypes } from '@portal/domain/enums/documents';
import {
  declineCategories,
  declineCategoryLabels,
  type DeclineCategory,
} from '@portal/domain/operations/decline-categories';
import { requestInformationBodySchema } from '@portal/domain/operations/operations-api';
import {
  operationsApi,
  operationsRefusalOf,
  type ApplicationCase,
  type DecisionAnswer,
  type OperationsRefusal,
} from '../../../lib/operations-api.ts';
import { CheckboxChoices } from '../../../ui/choices.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { ActionDialog } from '../action-dialog.tsx';
import { formatDateTime, languageOf } from '../operations-format.ts';
import { ReasonField, TextAreaField, textProblem } from '../reason-field.tsx';

type Action = 'approve' | 'decline' | 'requestInformation';
type TextProblem = 'tooShort' | 'tooLong' | null;

/** Most document types a request may ask for (the domain schema's limit). */
const MAX_DOCUMENT_TYPES = 5;

function messageProblem(message: string): TextProblem {
  const checked = requestInformationBodySchema.shape.message.safeParse(message);
  if (checked.success) return null;
  return checked.error.issues[0]?.message === 'tooLong' ? 'tooLong' : 'tooShort';
}

/**
 * Approve, decline, request information: each confirmed in a dialog with its reason, sent with
 * the version the staff member read, and only while they hold the claim. A refusal is handed
 * to the page (a stale version offers to reload); a success reloads the case.
 */
export function DecisionActions({
  data,
  holds,
  onDecided,
  onRefused,
}: {
  data: ApplicationCase;
  holds: boolean;
  onDecided(answer: DecisionAnswer): void;
  onRefused(refusal: OperationsRefusal): void;
}) {
  const { t, i18n } = useTranslation('operations');
  const language = languageOf(i18n.language);
  const [open, setOpen] = useState<Action | null>(null);
  const [busy, setBusy] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonProblem, setReasonProblem] = useState<TextProblem>(null);
  const [category, setCategory] = useState<DeclineCategory | ''>('');
  const [categoryMissing, setCategoryMissing] = useState(false);
  const [message, setMessage] = useState('');
  const [messageIssue, setMessageIssue] = useState<TextProblem>(null);
  const [documentTypes, setDocumentTypes] = useState<string[]>([]);
  const [tooMany, setTooMany] = useState(false);

  const mineFirst =
    data.firstApproval !== null &&
    data.claim?.mine === true &&
    data.firstApproval.staffId === data.claim.staffId;

  function start(action: Action) {
    setOpen(action);
    setReason('');
    setReasonProblem(null);
    setCategory('');
    setCategoryMissing(false);
    setMessage('');
    setMessageIssue(null);
    setDocumentTypes([]);
    setTooMany(false);
  }

  async function send() {
    if (!open) return;
    const problems = {
      reason: textProblem(reason),
      category: open === 'decline' && category === '',
      message: open === 'requestInformation' ? messageProblem(message) : null,
      tooMany: open === 'requestInformation' && documentTypes.length > MAX_DOCUMENT_TYPES,
    };
    setReasonProblem(problems.reason);
    setCategoryMissing(problems.category);
    setMessageIssue(problems.message);
    setTooMany(problems.tooMany);
    if (problems.reason || problems.category || problems.message || problems.tooMany) return;

    setBusy(true);
    const base = { version: data.version, reason: reason.trim() };
    try {
      const answer =
        open === 'approve'
          ? await operationsApi.approve(data.id, base)
          : open === 'decline'
            ? await operationsApi.decline(data.id, {
                ...base,
                category: category as DeclineCategory,
              })
            : await operationsApi.requestInformation(data.id, {
                ...base,
                message: message.trim(),
                documentTypes,
              });
      onDecided(answer);
    } catch (error) {
      onRefused(operationsRefusalOf(error));
    } finally {
      setBusy(false);
      setOpen(null);
    }
  }

  const approveText = (
    <>
      <p>{t('case.approve.dialogText')}</p>
      {data.pep && (
        <p className="notice notice-warning">
          {data.firstApproval
            ? t('case.approve.pepSecondText', { name: data.firstApproval.staffName })
            : t('case.approve.pepText')}
        </p>
      )}
    </>
  );

  return (
    <section aria-labelledby="case-actions">
      <h2 id="case-actions">{t('case.actionsHeading')}</h2>
      {data.firstApproval && (
        <p className="notice notice-info">
          {mineFirst
            ? t('case.approve.ownFirst')
            : t('case.approve.awaitingSecond', {
                name: data.firstApproval.staffName,
                date: formatDateTime(data.firstApproval.at, language),
              })}
        </p>
      )}
      {!holds && <p>{t('case.actionsNeedClaim')}</p>}
      <div className="actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!holds}
          onClick={() => start('approve')}
        >
          {t('case.approve.button')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={!holds}
          onClick={() => start('requestInformation')}
        >
          {t('case.requestInformation.button')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={!holds}
          onClick={() => start('decline')}
        >
          {t('case.declineAction.button')}
        </button>
      </div>

      <ActionDialog
        isOpen={open === 'approve'}
        title={t('case.approve.dialogTitle')}
        text={approveText}
        confirmLabel={t('case.approve.confirm')}
        busy={busy}
        onSubmit={() => void send()}
        onCancel={() => setOpen(null)}
      >
        <ReasonField
          id="approve-reason"
          value={reason}
          onChange={setReason}
          problem={reasonProblem}
        />
      </ActionDialog>

      <ActionDialog
        isOpen={open === 'decline'}
        title={t('case.declineAction.dialogTitle')}
        text={<p>{t('case.declineAction.dialogText')}</p>}
        confirmLabel={t('case.declineAction.confirm')}
        busy={busy}
        onSubmit={() => void send()}
        onCancel={() => setOpen(null)}
      >
        <SelectField
          id="decline-category"
          label={t('case.declineAction.category')}
          error={categoryMissing ? t('errors.required') : undefined}
          value={category}
          onChange={(value) => setCategory(value as DeclineCategory | '')}
          options={[
            { id: '', label: t('case.declineAction.chooseCategory') },
            ...Object.values(declineCategories).map((id) => ({
              id,
              label: declineCategoryLabels[id][language],
            })),
          ]}
        />
        <ReasonField
          id="decline-reason"
          label={t('case.declineAction.reasonNever')}
          value={reason}
          onChange={setReason}
          problem={reasonProblem}
        />
      </ActionDialog>

      <ActionDialog
        isOpen={open === 'requestInformation'}
        title={t('case.requestInformation.dialogTitle')}
        text={<p>{t('case.requestInformation.dialogText')}</p>}
        confirmLabel={t('case.requestInformation.confirm')}
        busy={busy}
        onSubmit={() => void send()}
        onCancel={() => setOpen(null)}
      >
        <TextAreaField
          id="request-message"
          label={t('case.requestInformation.message')}
          hint={t('case.requestInformation.messageHint')}
          error={messageIssue ? t(`errors.${messageIssue}`) : undefined}
          value={message}
          onChange={setMessage}
        />
        <CheckboxChoices
          id="request-documents"
          legend={t('case.requestInformation.documentTypes')}
          error={tooMany ? t('errors.tooManyDocuments') : undefined}
          choices={Object.values(uploadDocumentTypes).map((type) => ({
            value: type,
            label: uploadDocumentTypeLabels[type][language],
          }))}
          values={documentTypes}
          onChange={setDocumentTypes}
        />
        <ReasonField
          id="request-reason"
          value={reason}
          onChange={setReason}
          problem={reasonProblem}
        />
      </ActionDialog>
    </section>
  );
}
