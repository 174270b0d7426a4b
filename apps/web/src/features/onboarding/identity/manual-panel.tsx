import { identityDocumentTypes } from '@portal/domain/enums/documents';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { expiryProblem } from '@portal/domain/identity/document-expiry';
import { messageFor } from '@portal/domain/messages/messages';
import { refusalOf } from '../../../lib/applications-api.ts';
import { isUploadRuleCode, readyToUpload } from '../../../lib/chosen-file.ts';
import { documentsApi } from '../../../lib/documents-api.ts';
import { identityApi, type IdentityDocumentType } from '../../../lib/identity-api.ts';
import { ErrorSummary, type FieldProblem } from '../../../ui/error-summary.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { FileField } from './file-field.tsx';
import { ScreenHeading } from './screen-heading.tsx';
import { SupportNotice } from './support-notice.tsx';
import { SubmitFooter } from './submit-footer.tsx';

const documentTypes = Object.values(identityDocumentTypes);
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
  const { t, i18n } = useTranslation('identity');
  const language = i18n.language === 'fr' ? 'fr' : 'en';
  const [documentType, setDocumentType] = useState<IdentityDocumentType | ''>('');
  const [expiry, setExpiry] = useState('');
  const [front, setFront] = useState<File | null>(null);
  const [back, setBack] = useState<File | null>(null);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);

  // A file refused by an upload rule says which rule (the domain's words, as the server's).
  const problem = (field: ManualField, code: string): FieldProblem => ({
    fieldId: ids[field],
    message: isUploadRuleCode(code)
      ? messageFor(code, language)
      : t(`manual.errors.${code}` as 'manual.errors.required'),
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
    if (found.length > 0 || !documentType || !front) {
      setProblems(found);
      return;
    }
    setSending(true);
    setFailed(false);
    try {
      const chosen: { field: ManualField; file: File; type: string }[] = [
        {
          field: 'front',
          file: front,
          type: documentType === 'passport' ? 'passport' : 'photoIDFront',
        },
        ...(back ? [{ field: 'back' as const, file: back, type: 'photoIDBack' }] : []),
      ];
      // Each file checked (and a phone photo over 10 MB made smaller) before any byte is sent.
      const uploads = await Promise.all(
        chosen.map(async (upload) => ({ ...upload, ...(await readyToUpload(upload.file)) })),
      );
      const refused = uploads.flatMap((upload) =>
        upload.problem ? [problem(upload.field, upload.problem)] : [],
      );
      setProblems(refused);
      if (refused.length > 0) return;
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
          const refusal = refusalOf(error);
          if (refusal?.status === 400) {
            const code = refusal.body.fields?.file;
            setProblems([
              problem(upload.field, code && isUploadRuleCode(code) ? code : 'uploadFailed'),
            ]);
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
