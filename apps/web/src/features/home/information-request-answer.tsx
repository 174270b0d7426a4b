import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import type { InformationAnswerBody } from '@portal/domain/application-summary';
import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from '@portal/domain/constants';
import { labelOf, type Language } from '@portal/domain/enums/define-enum';
import { uploadDocumentTypeLabels, uploadDocumentTypes } from '@portal/domain/enums/documents';
import { messageFor } from '@portal/domain/messages/messages';
import { applicationsApi, refusalOf, type ApplicationSummary } from '../../lib/applications-api.ts';
import { chosenFileProblem } from '../../lib/chosen-file.ts';
import { documentsApi, type UploadedDocument } from '../../lib/documents-api.ts';
import { ErrorSummary, type FieldProblem } from '../../ui/error-summary.tsx';
import { describedByOf, FieldMessages } from '../../ui/field-messages.tsx';
import formStyles from '../../ui/forms.module.css';
import styles from './outcome.module.css';

/** The longest answer (the server's InformationAnswerBody check says the same). */
export const INFORMATION_ANSWER_MAX_LENGTH = 2000;

type InformationRequest = NonNullable<ApplicationSummary['informationRequest']>;

/** A problem at one field: the answer, or the file of the asked document at that index. */
interface Problem {
  field: 'answer' | number;
  message: string;
}

/** Refusals of a whole answer (not of one field): the request is gone, or answered meanwhile. */
type Notice = 'notFound' | 'conflict' | 'failed' | null;

/** The server's 409s about a chosen file: the domain's messages say what to do. */
const fileRefusals = new Set(['fileAlreadyExists', 'tooManyDocuments', 'storageQuotaExceeded']);

/** Ids unique on the dashboard, which may list more than one application's request. */
const fieldIdOf = (requestId: string, field: Problem['field']) =>
  field === 'answer' ? `information-${requestId}-answer` : `information-${requestId}-file-${field}`;

/** What the file chooser offers: the domain's extensions (`.pdf,.jpg,...`). */
const accept = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/**
 * What operations asked of an application under review (issue 16): their message, shown as
 * text exactly as written, the documents asked for and when; then the answer: a text (required,
 * at most 2000 characters, with a counter) and a file for each asked document, uploaded through
 * the documents API when the answer is sent. A refusal shows at its field with an error summary;
 * nothing typed or chosen is lost, and files already uploaded are not sent twice.
 */
export function InformationRequestAnswer({
  applicationId,
  request,
  headingId,
  onAnswered,
}: {
  applicationId: string;
  request: InformationRequest;
  headingId: string;
  /** The application as the server answers it: back under review. */
  onAnswered(application: ApplicationSummary): void;
}) {
  const { t, i18n } = useTranslation('dashboardOutcome');
  const language: Language = i18n.language.startsWith('fr') ? 'fr' : 'en';
  const locale = language === 'fr' ? 'fr-CA' : 'en-CA';
  const idOf = (field: Problem['field']) => fieldIdOf(request.id, field);

  const [answer, setAnswer] = useState('');
  const [files, setFiles] = useState<(File | null)[]>(() => request.documentTypes.map(() => null));
  // What was uploaded for each asked document, so a second Send does not upload it again.
  const [uploaded, setUploaded] = useState<({ file: File; document: UploadedDocument } | null)[]>(
    () => request.documentTypes.map(() => null),
  );
  const [problems, setProblems] = useState<Problem[]>([]);
  const [notice, setNotice] = useState<Notice>(null);
  // Checking the files, uploading one, or sending the answer: one submission at a time.
  const [sending, setSending] = useState<{ checking?: true; fileName?: string } | null>(null);

  const summary = useMemo<FieldProblem[]>(
    () =>
      problems.map(({ field, message }) => ({ fieldId: fieldIdOf(request.id, field), message })),
    [problems, request.id],
  );
  const errorFor = (field: Problem['field']) =>
    problems.find((problem) => problem.field === field)?.message;

  const typeOf = useCallback(
    (code: string) =>
      labelOf(uploadDocumentTypes, uploadDocumentTypeLabels, code, language) ?? code,
    [language],
  );
  const dateOf = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));
  const maxSize = t('information.maxSize', {
    size: new Intl.NumberFormat(locale).format(MAX_UPLOAD_BYTES / (1024 * 1024)),
  });

  /** The domain's checks in the browser: the answer, and each chosen file's name, size and bytes. */
  async function problemsBeforeSending(): Promise<Problem[]> {
    const found: Problem[] = [];
    const text = answer.trim();
    if (text === '') found.push({ field: 'answer', message: t('information.answerRequired') });
    else if (text.length > INFORMATION_ANSWER_MAX_LENGTH) {
      found.push({
        field: 'answer',
        message: t('information.answerTooLong', { max: INFORMATION_ANSWER_MAX_LENGTH }),
      });
    }
    for (const [index, file] of files.entries()) {
      if (!file) continue;
      // The asked type is operations' choice, not the person's: only the file is theirs to fix
      // (a statement asked for must still be the issuer's PDF).
      const fileProblem = await chosenFileProblem(file, request.documentTypes[index] ?? 'other');
      if (fileProblem === 'unreadable') {
        found.push({ field: index, message: t('information.unreadable') });
      } else if (fileProblem) {
        found.push({ field: index, message: messageFor(fileProblem, language) });
      }
    }
    return found;
  }

  /**
   * Uploads the chosen files not uploaded yet: each sent document's id with the index of the
   * asked document it is for (a refusal of `documentIds.N` shows at that document's file).
   */
  async function uploadChosen(): Promise<{ id: string; index: number }[] | null> {
    const done = [...uploaded];
    try {
      for (const [index, file] of files.entries()) {
        if (!file || done[index]?.file === file) continue;
        setSending({ fileName: file.name });
        try {
          const document = await documentsApi.upload(applicationId, {
            documentType: request.documentTypes[index] ?? 'other',
            reason: '',
            file,
          });
          done[index] = { file, document };
        } catch (error) {
          const refusal = refusalOf(error);
          const code =
            refusal?.status === 400
              ? (refusal.body.fields?.file ?? refusal.body.fields?.documentType)
              : refusal?.status === 409 && fileRefusals.has(refusal.body.errorCode)
                ? refusal.body.errorCode
                : undefined;
          setProblems([
            {
              field: index,
              message: code ? messageFor(code, language) : t('information.uploadFailed'),
            },
          ]);
          return null;
        }
      }
    } finally {
      setUploaded(done);
    }
    return done.flatMap((entry, index) => (entry ? [{ id: entry.document.id, index }] : []));
  }

  async function send(event: FormEvent) {
    event.preventDefault();
    if (sending) return;
    setNotice(null);
    setSending({ checking: true });
    try {
      const found = await problemsBeforeSending();
      setProblems(found);
      if (found.length > 0) return;
      const documents = await uploadChosen();
      if (!documents) return;
      const documentIds = documents.map((document) => document.id);
      setSending({});
      const body: InformationAnswerBody = { answer: answer.trim(), documentIds };
      try {
        onAnswered(await applicationsApi.answerInformationRequest(applicationId, request.id, body));
      } catch (error) {
        refused(
          error,
          documents.map((document) => document.index),
        );
      }
    } finally {
      setSending(null);
    }
  }

  /** A refused answer: at its fields when the server names them, else a notice. */
  function refused(error: unknown, fileIndexes: number[]) {
    const refusal = refusalOf(error);
    const fields = refusal?.status === 400 ? refusal.body.fields : undefined;
    if (fields && Object.keys(fields).length > 0) {
      const atFields: Problem[] = [];
      if (fields.answer) {
        atFields.push({
          field: 'answer',
          message:
            fields.answer === 'required'
              ? t('information.answerRequired')
              : fields.answer === 'tooLong'
                ? t('information.answerTooLong', { max: INFORMATION_ANSWER_MAX_LENGTH })
                : messageFor(fields.answer, language),
        });
      }
      // A document the server would not take (`documentIds.N`): at the file it was sent for.
      for (const [path, code] of Object.entries(fields)) {
        const index = fileIndexes[Number(/^documentIds\.(\d+)$/.exec(path)?.[1])];
        if (index !== undefined)
          atFields.push({ field: index, message: messageFor(code, language) });
      }
      if (atFields.length > 0) {
        setProblems(atFields);
        return;
      }
    }
    setNotice(
      refusal?.status === 404 ? 'notFound' : refusal?.status === 409 ? 'conflict' : 'failed',
    );
  }

  const answerId = idOf('answer');
  const answerError = errorFor('answer');
  const left = INFORMATION_ANSWER_MAX_LENGTH - answer.length;
  const counterId = `${answerId}-counter`;
  const formHeadingId = `${headingId}-form`;

  return (
    <section className={styles.outcome} aria-labelledby={headingId}>
      <h4 id={headingId}>{t('information.heading')}</h4>
      <p>{t('information.askedOn', { date: dateOf(request.askedAt) })}</p>
      {/* Plain text as the staff member wrote it: React escapes it, never read as HTML. */}
      <p className={styles.message}>{request.message}</p>
      {request.documentTypes.length > 0 && (
        <>
          <h5 id={`${headingId}-documents`}>{t('information.documentsAsked')}</h5>
          <ul aria-labelledby={`${headingId}-documents`}>
            {request.documentTypes.map((type, index) => (
              <li key={`${type}-${index}`}>{typeOf(type)}</li>
            ))}
          </ul>
        </>
      )}

      <form noValidate aria-labelledby={formHeadingId} onSubmit={(event) => void send(event)}>
        <h5 id={formHeadingId}>{t('information.formHeading')}</h5>
        <ErrorSummary problems={summary} titleId={`${headingId}-error-summary`} />
        {notice && (
          <div className="notice-warning" role="alert">
            <p>{t(`information.${notice}`)}</p>
          </div>
        )}
        <div
          className={
            answerError ? `${formStyles.field} ${formStyles.fieldError}` : formStyles.field
          }
        >
          <label className={formStyles.label} htmlFor={answerId}>
            {t('information.answer')}
          </label>
          <FieldMessages
            id={answerId}
            hint={t('information.answerHint', { max: INFORMATION_ANSWER_MAX_LENGTH })}
            error={answerError}
          />
          <textarea
            id={answerId}
            className={answerError ? `${styles.textarea} ${styles.textareaError}` : styles.textarea}
            value={answer}
            rows={6}
            aria-describedby={[describedByOf(answerId, true, answerError), counterId].join(' ')}
            aria-invalid={answerError ? true : undefined}
            onChange={(event) => setAnswer(event.target.value)}
          />
          <p
            id={counterId}
            className={left < 0 ? `${styles.counter} ${styles.counterOver}` : styles.counter}
          >
            {left < 0
              ? t('information.tooMany', { count: -left })
              : t('information.left', { count: left })}
          </p>
        </div>

        {request.documentTypes.length > 0 && (
          <fieldset className={formStyles.field}>
            <legend className={formStyles.legend}>{t('information.files')}</legend>
            <p className={formStyles.hint}>{t('information.filesHint', { maxSize })}</p>
            {request.documentTypes.map((type, index) => {
              const id = idOf(index);
              const error = errorFor(index);
              const done = uploaded[index];
              const current = done && done.file === files[index] ? done.document : null;
              return (
                <div
                  key={`${type}-${index}`}
                  className={
                    error ? `${formStyles.field} ${formStyles.fieldError}` : formStyles.field
                  }
                >
                  <label className={formStyles.label} htmlFor={id}>
                    {typeOf(type)}
                  </label>
                  <FieldMessages id={id} error={error} />
                  <input
                    id={id}
                    className={styles.fileInput}
                    type="file"
                    accept={accept}
                    aria-describedby={describedByOf(id, false, error)}
                    aria-invalid={error ? true : undefined}
                    onChange={(event) => {
                      const file = event.target.files?.[0] ?? null;
                      setFiles((chosen) => chosen.map((old, at) => (at === index ? file : old)));
                    }}
                  />
                  {current && (
                    <p className={styles.uploaded}>
                      {t('information.uploaded', { fileName: current.fileName })}
                    </p>
                  )}
                </div>
              );
            })}
          </fieldset>
        )}

        <div role="status" aria-live="polite">
          {sending && !sending.checking && (
            <p className="loading-inline">
              {sending.fileName
                ? t('information.uploading', { fileName: sending.fileName })
                : t('information.sending')}
            </p>
          )}
        </div>
        <div className="actions">
          <button type="submit" className="button button-primary" aria-disabled={!!sending}>
            {t('information.send')}
          </button>
        </div>
      </form>
    </section>
  );
}
