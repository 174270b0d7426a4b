import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { expiryProblem } from '@portal/domain/identity/document-expiry';
import { refusalOf } from '../../../lib/applications-api.ts';
import { documentsApi } from '../../../lib/documents-api.ts';
import { identityApi, type IdentityDocumentType } from '../../../lib/identity-api.ts';
import { ErrorSummary, type FieldProblem } from '../../../ui/error-summary.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { FileField } from './file-field.tsx';
import { ScreenHeading } from './screen-heading.tsx';
import { SupportNotice } from './support-notice.tsx';
import { SubmitFooter } from './submit-footer.tsx';

const documentTypes: IdentityDocumentType[] = ['driversLicence', 'passport', 'identityCard'];
const UPLOAD_REASON = 'Identity verification: manual';
const ids = {
  documentType: 'manual-document-type',
  expiry: 'manual-expiry',
  front: 'manual-front',
  back: 'manual-back',
} as const;
type ManualField = keyof typeof ids;

/**
 * Manual verification by operations: the photo ID's type, its expiry typed `MM/YYYY` (an
 * expired document is refused with the reason, at the field and in the summary), and a photo
 * of it (the back too, when there is one); then operations verify it (needsReview).
 */
export function ManualPanel({
  applicationId,
  focusOnShow,
  onSent,
  now = () => new Date(),
}: {
  applicationId: string;
  focusOnShow: boolean;
  onSent(): void;
  now?: () => Date;
}) {
  const { t } = useTranslation('identity');
  const [documentType, setDocumentType] = useState<IdentityDocumentType | ''>('');
  const [expiry, setExpiry] = useState('');
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);

  const problem = (field: ManualField, code: string): FieldProblem => ({
    fieldId: ids[field],
    message: t(`manual.errors.${code}` as 'manual.errors.required'),
    code,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    const found: FieldProblem[] = [];
    if (!documentType) found.push(problem('documentType', 'required'));
    const expiryCode = expiryProblem(expiry.trim(), localDateOf(now()));
    if (expiryCode) found.push(problem('expiry', expiryCode));
    if (!front) found.push(problem('front', 'required'));
    setProblems(found);
    if (found.length > 0 || !documentType || !front) return;
    setSending(true);
    setFailed(false);
    try {
      const uploads: { field: ManualField; file: File; type: string }[] = [
        {
          field: 'front',
          file: front,
          type: documentType === 'passport' ? 'passport' : 'photoIDFront',
        },
        ...(back ? [{ field: 'back' as const, file: back, type: 'photoIDBack' }] : []),
      ];
      const documentIds: string[] = [];
      for (const upload of uploads) {
        try {
          const saved = await documentsApi.upload(applicationId, {
            documentType: upload.type,
            reason: UPLOAD_REASON,
            file: upload.file,
          });
          documentIds.push(saved.id);
        } catch (error) {
          if (refusalOf(error)?.status === 400) {
            setProblems([problem(upload.field, 'uploadFailed')]);
            return;
          }
          throw error;
        }
      }
      await identityApi.requestManual(applicationId, {
        documentType,
        expiry: expiry.trim(),
        documentIds,
      });
      onSent();
    } catch (error) {
      const refusal = refusalOf(error);
      const fields = refusal?.status === 400 ? refusal.body.fields : undefined;
      if (fields) {
        setProblems(
          Object.entries(fields).map(([path, code]) =>
            problem(
              path === 'expiry' ? 'expiry' : path === 'documentType' ? 'documentType' : 'front',
              code,
            ),
          ),
        );
      } else setFailed(true);
    } finally {
      setSending(false);
    }
  }

  const errorOf = (field: ManualField) =>
    problems.find((found) => found.fieldId === ids[field])?.message;

  return (
    <>
      <ScreenHeading focusOnShow={focusOnShow}>{t('manual.heading')}</ScreenHeading>
      <ErrorSummary problems={problems} titleId="manual-error-summary" />
      <p>{t('manual.intro')}</p>
      <form noValidate onSubmit={submit}>
        <SelectField
          id={ids.documentType}
          label={t('manual.documentType')}
          error={errorOf('documentType')}
          value={documentType}
          onChange={(value) => setDocumentType(value as IdentityDocumentType | '')}
          options={documentTypes.map((type) => ({
            id: type,
            label: t(`manual.documentTypes.${type}`),
          }))}
        />
        <TextField
          id={ids.expiry}
          label={t('manual.expiry')}
          hint={t('manual.expiryHint')}
          error={errorOf('expiry')}
          value={expiry}
          onChange={setExpiry}
          maxLength={7}
          width="short"
          inputMode="numeric"
        />
        <FileField
          id={ids.front}
          label={t('manual.front')}
          error={errorOf('front')}
          accept=".jpg,.jpeg,.png,.pdf"
          onChange={setFront}
        />
        {documentType !== 'passport' && (
          <FileField
            id={ids.back}
            label={t('manual.back')}
            error={errorOf('back')}
            accept=".jpg,.jpeg,.png,.pdf"
            onChange={setBack}
          />
        )}
        <SubmitFooter
          sending={sending}
          failed={failed}
          sendingText={t('manual.submitting')}
          submitText={t('manual.submit')}
        />
      </form>
      <SupportNotice />
    </>
  );
}

/** A day of the person's own calendar as `YYYY-MM-DD` (the expiry rule compares days). */
function localDateOf(instant: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${instant.getFullYear()}-${two(instant.getMonth() + 1)}-${two(instant.getDate())}`;
}
