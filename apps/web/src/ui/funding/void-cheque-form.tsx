import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { UPLOAD_EXTENSIONS } from '@portal/domain/constants';
import {
  chequeUploadFieldsSchema,
  type ChequeCurrency,
} from '@portal/domain/funding/funding-schemas';
import { messageFor } from '@portal/domain/messages/messages';
import { refusalOf } from '../../lib/applications-api.ts';
import { fundingApi, type ChequeUploaded } from '../../lib/funding-api.ts';
import { RadioChoices } from '../choices.tsx';
import { ErrorSummary, type FieldProblem } from '../error-summary.tsx';
import { describedByOf, FieldMessages } from '../field-messages.tsx';
import formStyles from '../forms.module.css';
import { TextField } from '../text-field.tsx';
import { fundingLanguageOf } from './funding-format.ts';

type ChequeField =
  | 'finInstitution'
  | 'transitNumber'
  | 'bankAccountNumber'
  | 'nickname'
  | 'currency'
  | 'uploadCheque';
const fieldOrder: ChequeField[] = [
  'finInstitution',
  'transitNumber',
  'bankAccountNumber',
  'nickname',
  'currency',
  'uploadCheque',
];

const anyUpload = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

export interface VoidChequeFormProps {
  /** The application the cheque is kept with (a `voidCheque` document of it). */
  applicationId: string;
  /** Unique on the page when several forms show. */
  idPrefix?: string;
  defaultCurrency?: ChequeCurrency;
  /** The cheque is stored and its bank account is on file. */
  onUploaded(result: ChequeUploaded): void;
  onCancel?(): void;
}

/**
 * A void cheque: the three numbers of its MICR line (institution, transit, account; never the
 * cheque number), a name for the account, its currency and the picture of the cheque. Checked
 * with the domain's schema on submit (spaces and dashes allowed), then sent as one multipart
 * request; every refusal shows at its field and nothing typed is lost.
 */
export function VoidChequeForm({
  applicationId,
  idPrefix = 'cheque',
  defaultCurrency = 'cad',
  onUploaded,
  onCancel,
}: VoidChequeFormProps) {
  const { t, i18n } = useTranslation('funding');
  const language = fundingLanguageOf(i18n.language);
  const [values, setValues] = useState({
    finInstitution: '',
    transitNumber: '',
    bankAccountNumber: '',
    nickname: '',
    currency: defaultCurrency as ChequeCurrency,
  });
  const [file, setFile] = useState<File | null>(null);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  const idOf = (field: ChequeField) => `${idPrefix}-${field}`;
  const problemOf = (field: ChequeField, code: string): FieldProblem => ({
    fieldId: idOf(field),
    code,
    message: messageFor(code, language),
  });
  const errorOf = (field: ChequeField) =>
    problems.find((problem) => problem.fieldId === idOf(field))?.message;
  const set = (field: keyof typeof values, value: string) =>
    setValues((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setFailed(false);
    const parsed = chequeUploadFieldsSchema.safeParse(values);
    const found = new Map<ChequeField, FieldProblem>();
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as ChequeField;
        if (!found.has(field)) found.set(field, problemOf(field, issue.message));
      }
    }
    if (!file) found.set('uploadCheque', problemOf('uploadCheque', 'required'));
    const ordered = fieldOrder.flatMap((field) => found.get(field) ?? []);
    setProblems(ordered);
    if (ordered.length > 0 || !parsed.success || !file) return;
    setSending(true);
    try {
      const uploaded = await fundingApi.uploadCheque(applicationId, { ...parsed.data, file });
      onUploaded(uploaded);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal?.status === 400 && refusal.body.fields) {
        setProblems(
          fieldOrder.flatMap((field) => {
            const code = refusal.body.fields?.[field];
            return code ? [problemOf(field, code)] : [];
          }),
        );
      } else if (refusal?.status === 409 && refusal.body.errorCode === 'fileAlreadyExists') {
        setProblems([problemOf('uploadCheque', 'fileAlreadyExists')]);
      } else if (refusal?.status === 400) {
        setProblems([problemOf('uploadCheque', refusal.body.errorCode)]);
      } else setFailed(true);
    } finally {
      setSending(false);
    }
  }

  const fileError = errorOf('uploadCheque');
  const fileId = idOf('uploadCheque');
  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${idPrefix}-heading`}>
      <h3 id={`${idPrefix}-heading`}>{t('cheque.heading')}</h3>
      <p>{t('cheque.intro')}</p>
      <ErrorSummary problems={problems} titleId={`${idPrefix}-error-summary`} />
      <TextField
        id={idOf('finInstitution')}
        label={t('cheque.institution')}
        hint={t('cheque.institutionHint')}
        error={errorOf('finInstitution')}
        value={values.finInstitution}
        onChange={(value) => set('finInstitution', value)}
        inputMode="numeric"
        width="short"
      />
      <TextField
        id={idOf('transitNumber')}
        label={t('cheque.transit')}
        hint={t('cheque.transitHint')}
        error={errorOf('transitNumber')}
        value={values.transitNumber}
        onChange={(value) => set('transitNumber', value)}
        inputMode="numeric"
        width="short"
      />
      <TextField
        id={idOf('bankAccountNumber')}
        label={t('cheque.account')}
        hint={t('cheque.accountHint')}
        error={errorOf('bankAccountNumber')}
        value={values.bankAccountNumber}
        onChange={(value) => set('bankAccountNumber', value)}
        inputMode="numeric"
        autoComplete="off"
      />
      <TextField
        id={idOf('nickname')}
        label={t('cheque.nickname')}
        hint={t('cheque.nicknameHint')}
        error={errorOf('nickname')}
        value={values.nickname}
        onChange={(value) => set('nickname', value)}
        maxLength={60}
      />
      <RadioChoices
        id={idOf('currency')}
        legend={t('cheque.currency')}
        error={errorOf('currency')}
        value={values.currency}
        onChange={(value) => set('currency', value)}
        choices={[
          { value: 'cad' as const, label: t('cheque.cad') },
          { value: 'usd' as const, label: t('cheque.usd') },
        ]}
      />
      <div
        className={fileError ? `${formStyles.field} ${formStyles.fieldError}` : formStyles.field}
      >
        <label className={formStyles.label} htmlFor={fileId}>
          {t('cheque.file')}
        </label>
        <FieldMessages id={fileId} hint={t('cheque.fileHint')} error={fileError} />
        <input
          id={fileId}
          type="file"
          accept={anyUpload}
          aria-describedby={describedByOf(fileId, true, fileError)}
          aria-invalid={fileError ? true : undefined}
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
        />
      </div>
      <div role="status" aria-live="polite">
        {sending && <p className="loading-inline">{t('cheque.sending')}</p>}
      </div>
      {failed && (
        <div className="notice-warning" role="alert">
          <p>{messageFor('fileUploadUnsuccessful', language)}</p>
        </div>
      )}
      <div className="actions">
        <button type="submit" className="button button-primary" aria-disabled={sending}>
          {t('cheque.submit')}
        </button>
        {onCancel && (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {t('cheque.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
