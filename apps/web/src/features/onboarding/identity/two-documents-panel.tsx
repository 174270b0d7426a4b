import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { pick, type Language } from '@portal/domain/enums/define-enum';
import { uploadDocumentTypeLabels } from '@portal/domain/enums/documents';
import {
  DUAL_PROCESS_REFERENCE_MAX,
  DUAL_PROCESS_SOURCE_NAME_MAX,
  dualProcessCategories,
  dualProcessDocumentTypes,
  dualProcessProblems,
  type DualProcessCategory,
  type DualProcessField as SourceField,
} from '@portal/domain/identity/dual-process';
import { messageFor } from '@portal/domain/messages/messages';
import { refusalOf } from '../../../lib/applications-api.ts';
import { bytesOf, isUploadRuleCode, readyToUpload } from '../../../lib/chosen-file.ts';
import { documentsApi, type UploadedDocument } from '../../../lib/documents-api.ts';
import { identityApi } from '../../../lib/identity-api.ts';
import { RadioChoices } from '../../../ui/choices.tsx';
import { ErrorSummary, type FieldProblem } from '../../../ui/error-summary.tsx';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { FileField } from './file-field.tsx';
import { ScreenHeading } from './screen-heading.tsx';
import { SupportNotice } from './support-notice.tsx';
import styles from './identity.module.css';
import { SubmitFooter } from './submit-footer.tsx';

/** A field of one document on this form: what the rule checks, and the file. */
type DualProcessField = SourceField | 'file';

/** One document as the form holds it: every field may still be blank. */
interface DocumentDraft {
  documentType: string;
  sourceName: string;
  category: DualProcessCategory | '';
  referenceNumber: string;
  file: File | null;
}

const fields: DualProcessField[] = [
  'documentType',
  'sourceName',
  'category',
  'referenceNumber',
  'file',
];
/** The server's refusals of a file that say what to do about it, shown at its field. */
const fileRefusals = new Set(['fileAlreadyExists', 'tooManyDocuments', 'storageQuotaExceeded']);

/**
 * Whether two chosen files hold the same bytes (the server would refuse the second as a copy).
 * A file that cannot be read here is left for the server to judge.
 */
async function sameContent(first: File, second: File): Promise<boolean> {
  if (first === second) return true;
  if (first.size !== second.size) return false;
  try {
    const [left, right] = await Promise.all([bytesOf(first), bytesOf(second)]);
    return left.every((byte, index) => byte === right[index]);
  } catch {
    return false;
  }
}

/** Kept with each upload, so operations see why it came. */
const UPLOAD_REASON = 'Identity verification: two documents';

const empty = (): DocumentDraft => ({
  documentType: '',
  sourceName: '',
  category: '',
  referenceNumber: '',
  file: null,
});
const fieldId = (index: number, field: DualProcessField) => `dual-${index}-${field}`;

/**
 * Screen DocumentsUpload (8), the dual-process method: the FINTRAC rule in plain words, then
 * two documents, each with its type, its source, what it proves, its reference number and
 * its file. Checked with the dual-process rule before sending; the files go up with the
 * documents API, then the method's request; then operations check them (needsReview).
 */
export function TwoDocumentsPanel({
  applicationId,
  focusOnShow,
  onSent,
}: {
  applicationId: string;
  focusOnShow: boolean;
  onSent(): void;
}) {
  const { t, i18n } = useTranslation('identity');
  const language: Language = i18n.language === 'fr' ? 'fr' : 'en';
  const [documents, setDocuments] = useState([empty(), empty()]);
  const [problems, setProblems] = useState<FieldProblem[]>([]);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(false);
  // Files already uploaded by an earlier try of this form: a retry sends the request again
  // without uploading them twice (the server would refuse the copy).
  const uploadedFiles = useRef(new Map<File, UploadedDocument>());

  const update = (index: number, change: Partial<DocumentDraft>) =>
    setDocuments((current) =>
      current.map((document, at) => (at === index ? { ...document, ...change } : document)),
    );
  // A file refused by an upload rule says which rule (the domain's words, as the server's).
  const messageOf = (code: string) =>
    isUploadRuleCode(code)
      ? messageFor(code, language)
      : t(`documents.errors.${code}` as 'documents.errors.required', {
          defaultValue: t('documents.errors.invalid'),
        });

  // In the summary each problem says which document it is about; at the field it needs not.
  const problemAt = (index: number, field: DualProcessField, code: string): FieldProblem => ({
    fieldId: fieldId(index, field),
    message: t('documents.inDocument', { message: messageOf(code), number: index + 1 }),
    code,
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    // The domain's dual-process rule (as the server checks it), and each file present.
    const found = [
      ...dualProcessProblems(documents).map((problem) =>
        problemAt(problem.index ?? 0, problem.field ?? 'documentType', problem.code),
      ),
      ...documents.flatMap((document, index) =>
        document.file ? [] : [problemAt(index, 'file', 'required')],
      ),
    ];
    // One problem per field, in the order of the form.
    const ordered = documents.flatMap((_, index) =>
      fields.flatMap((field) => found.find((p) => p.fieldId === fieldId(index, field)) ?? []),
    );
    const [first, second] = documents.map((document) => document.file);
    if (ordered.length === 0 && first && second && (await sameContent(first, second))) {
      ordered.push(problemAt(1, 'file', 'sameFile'));
    }
    // Each file against the upload rules of its type (a statement is the issuer's PDF), and a
    // phone photo over 10 MB made smaller, before any byte is sent.
    const ready =
      ordered.length > 0
        ? []
        : await Promise.all(
            documents.map((document) => readyToUpload(document.file!, document.documentType)),
          );
    ready.forEach(({ problem }, index) => {
      if (problem) ordered.push(problemAt(index, 'file', problem));
    });
    setProblems(ordered);
    if (ordered.length > 0) return;
    setSending(true);
    setFailed(false);
    try {
      const uploaded: UploadedDocument[] = [];
      for (const [index, document] of documents.entries()) {
        const chosen = document.file!;
        const file = ready[index]?.file ?? chosen;
        const earlier = uploadedFiles.current.get(chosen);
        // Uploaded before as another type: the server reads the type from the upload.
        if (earlier && earlier.documentType === document.documentType) {
          uploaded.push(earlier);
          continue;
        }
        try {
          const stored = await documentsApi.upload(applicationId, {
            documentType: document.documentType,
            reason: UPLOAD_REASON,
            file,
          });
          uploadedFiles.current.set(chosen, stored);
          uploaded.push(stored);
        } catch (error) {
          const refusal = refusalOf(error);
          if (
            refusal?.status === 400 ||
            (refusal?.status === 409 && fileRefusals.has(refusal.body.errorCode))
          ) {
            const fileCode = refusal.body.fields?.file;
            const code =
              refusal.status === 409
                ? refusal.body.errorCode
                : fileCode && isUploadRuleCode(fileCode)
                  ? fileCode
                  : 'uploadFailed';
            setProblems([problemAt(index, 'file', code)]);
            return;
          }
          throw error;
        }
      }
      await identityApi.submitDualProcess(
        applicationId,
        documents.map((document, index) => ({
          documentId: uploaded[index]!.id,
          documentType: document.documentType,
          sourceName: document.sourceName.trim(),
          category: document.category as DualProcessCategory,
          referenceNumber: document.referenceNumber.trim(),
        })),
      );
      onSent();
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal?.status === 400 && refusal.body.fields) {
        setProblems(serverProblems(refusal.body.fields, problemAt));
      } else setFailed(true);
    } finally {
      setSending(false);
    }
  }

  const errorOf = (index: number, field: DualProcessField) =>
    problems
      .filter((problem) => problem.fieldId === fieldId(index, field))
      .map((problem) => (problem.code ? messageOf(problem.code) : problem.message))[0];

  return (
    <>
      <ScreenHeading focusOnShow={focusOnShow}>{t('documents.heading')}</ScreenHeading>
      <ErrorSummary problems={problems} titleId="dual-error-summary" />
      <h3>{t('documents.rulesHeading')}</h3>
      <ul>
        {(t('documents.rules', { returnObjects: true }) as string[]).map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <form noValidate onSubmit={submit}>
        {documents.map((document, index) => (
          <fieldset key={index} className={styles.document}>
            <legend>
              <h3>{t('documents.documentHeading', { number: index + 1 })}</h3>
            </legend>
            <SelectField
              id={fieldId(index, 'documentType')}
              label={t('documents.type')}
              error={errorOf(index, 'documentType')}
              value={document.documentType}
              onChange={(documentType) => update(index, { documentType })}
              options={dualProcessDocumentTypes.map((type) => ({
                id: type,
                label: pick(uploadDocumentTypeLabels[type], language),
              }))}
            />
            <TextField
              id={fieldId(index, 'sourceName')}
              label={t('documents.source')}
              hint={t('documents.sourceHint')}
              error={errorOf(index, 'sourceName')}
              value={document.sourceName}
              onChange={(sourceName) => update(index, { sourceName })}
              maxLength={DUAL_PROCESS_SOURCE_NAME_MAX}
            />
            <RadioChoices
              id={fieldId(index, 'category')}
              legend={t('documents.category')}
              error={errorOf(index, 'category')}
              value={document.category || undefined}
              choices={dualProcessCategories.map((category) => ({
                value: category,
                label: t(`documents.categories.${category}`),
              }))}
              onChange={(category) => update(index, { category })}
            />
            <TextField
              id={fieldId(index, 'referenceNumber')}
              label={t('documents.reference')}
              hint={t('documents.referenceHint')}
              error={errorOf(index, 'referenceNumber')}
              value={document.referenceNumber}
              onChange={(referenceNumber) => update(index, { referenceNumber })}
              maxLength={DUAL_PROCESS_REFERENCE_MAX}
            />
            <FileField
              id={fieldId(index, 'file')}
              label={t('documents.file')}
              hint={t('documents.fileHint')}
              error={errorOf(index, 'file')}
              onChange={(file) => update(index, { file })}
            />
          </fieldset>
        ))}
        <SubmitFooter
          sending={sending}
          failed={failed}
          sendingText={t('documents.submitting')}
          submitText={t('documents.submit')}
        />
      </form>
      <SupportNotice />
    </>
  );
}

/** The server's field codes (`documents.1.category`: `sameCategory`) placed on this form's fields. */
function serverProblems(
  fieldsOfServer: Record<string, string>,
  problemAt: (index: number, field: DualProcessField, code: string) => FieldProblem,
): FieldProblem[] {
  return Object.entries(fieldsOfServer).map(([path, code]) => {
    const [, index = '0', given = 'documentType'] = path.split('.');
    // The server names the uploaded file by its id.
    const field = given === 'documentId' ? 'file' : given;
    const known = (fields as string[]).includes(field)
      ? (field as DualProcessField)
      : 'documentType';
    return problemAt(index === '1' ? 1 : 0, known, code);
  });
}
