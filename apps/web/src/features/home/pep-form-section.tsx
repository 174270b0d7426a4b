import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from '@portal/domain/constants';
import { pick, type Language } from '@portal/domain/enums/define-enum';
import { messageFor } from '@portal/domain/messages/messages';
import type { PepFormStatus } from '@portal/domain/operations/operations-api';
import { pepFormTexts } from '@portal/domain/operations/pep-form';
import { refusalOf } from '../../lib/applications-api.ts';
import { chosenFileProblem } from '../../lib/chosen-file.ts';
import { documentsApi, type UploadedDocument } from '../../lib/documents-api.ts';
import { pepFormApi } from '../../lib/pep-form-api.ts';
import { ErrorSummary, type FieldProblem } from '../../ui/error-summary.tsx';
import { describedByOf, FieldMessages } from '../../ui/field-messages.tsx';
import formStyles from '../../ui/forms.module.css';
import styles from './outcome.module.css';
import { PepFormQuestions } from './pep-form-questions.tsx';
import { saveFile } from '../../lib/save-file.ts';

/** The document type the completed form is uploaded as (the server files it with the case). */
export const PEP_FORM_DOCUMENT_TYPE = 'pepHioForm';

const accept = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** The server's 409s about a chosen file: the domain's messages say what to do. */
const fileRefusals = new Set(['fileAlreadyExists', 'tooManyDocuments', 'storageQuotaExceeded']);

/**
 * A PEP/HIO applicant's form on the dashboard (issue 16; spec section 9): due 21 days after
 * submission, the account restricted once that day has passed without it. The applicant
 * downloads the blank bilingual PDF and uploads it completed, or answers the same questions on
 * screen (pep-form-questions.tsx, loaded once opened); once received, the date it was.
 */
export function PepFormSection({
  applicationId,
  status,
  headingId,
  onReceived,
}: {
  applicationId: string;
  status: PepFormStatus;
  headingId: string;
  onReceived(status: PepFormStatus): void;
}) {
  const { t, i18n } = useTranslation('dashboardOutcome');
  const language: Language = i18n.language.startsWith('fr') ? 'fr' : 'en';
  const locale = language === 'fr' ? 'fr-CA' : 'en-CA';
  // Due dates are calendar days (Toronto's): shown as the day they name, in any time zone.
  const dayOf = (isoDate: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${isoDate.slice(0, 10)}T00:00:00Z`),
    );
  const dateOf = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));

  const [downloading, setDownloading] = useState<'idle' | 'busy' | 'failed'>('idle');
  const [file, setFile] = useState<File | null>(null);
  // The upload done before a failed hand-over, so trying again does not upload it twice.
  const [uploaded, setUploaded] = useState<{ file: File; document: UploadedDocument } | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [notice, setNotice] = useState<'uploadFailed' | 'notFound' | null>(null);
  const [uploading, setUploading] = useState(false);
  const [thanks, setThanks] = useState(false);
  const [questionsOpen, setQuestionsOpen] = useState(false);
  // Loaded when first opened, then kept (hidden when closed) so that nothing typed is lost.
  const [questionsLoaded, setQuestionsLoaded] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);

  /** Received: the forms are gone, so focus goes to the section's heading; the thanks are said. */
  function received(view: PepFormStatus) {
    setThanks(true);
    onReceived(view);
    heading.current?.focus();
  }

  const fileId = `${headingId}-file`;
  const problems = useMemo<FieldProblem[]>(
    () => (fileError ? [{ fieldId: fileId, message: fileError }] : []),
    [fileError, fileId],
  );

  async function download() {
    if (downloading === 'busy') return;
    setDownloading('busy');
    try {
      saveFile(await pepFormApi.pdf(applicationId), t('pepForm.fileName'));
      setDownloading('idle');
    } catch {
      setDownloading('failed');
    }
  }

  async function fileProblemOf(chosen: File | null): Promise<string | null> {
    if (!chosen) return t('pepForm.fileRequired');
    // The type is the form's, not the person's choice: only the file is theirs to fix.
    const problem = await chosenFileProblem(chosen, PEP_FORM_DOCUMENT_TYPE);
    if (problem === 'unreadable') return t('pepForm.uploadFailed');
    return problem ? messageFor(problem, language) : null;
  }

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (uploading) return;
    setNotice(null);
    setUploading(true);
    try {
      const problem = await fileProblemOf(file);
      setFileError(problem);
      if (problem || !file) return;
      let document = uploaded?.file === file ? uploaded.document : null;
      try {
        if (!document) {
          document = await documentsApi.upload(applicationId, {
            documentType: PEP_FORM_DOCUMENT_TYPE,
            reason: '',
            file,
          });
          setUploaded({ file, document });
        }
        const view = await pepFormApi.upload(applicationId, document.id);
        received(view.status);
      } catch (error) {
        const refusal = refusalOf(error);
        const code =
          refusal?.status === 400
            ? (refusal.body.fields?.file ?? refusal.body.fields?.documentId)
            : refusal?.status === 409 && fileRefusals.has(refusal.body.errorCode)
              ? refusal.body.errorCode
              : undefined;
        if (code) setFileError(messageFor(code, language));
        else setNotice(refusal?.status === 404 ? 'notFound' : 'uploadFailed');
      }
    } finally {
      setUploading(false);
    }
  }

  const maxSize = t('information.maxSize', {
    size: new Intl.NumberFormat(locale).format(MAX_UPLOAD_BYTES / (1024 * 1024)),
  });
  const uploadHint = t('pepForm.uploadHint', { maxSize });

  return (
    <section className={styles.outcome} aria-labelledby={headingId}>
      <h4 id={headingId} ref={heading} tabIndex={-1}>
        {pick(pepFormTexts.title, language)}
      </h4>
      <div role="status" aria-live="polite">
        {thanks && <p className="notice-success">{t('pepForm.thanks')}</p>}
      </div>
      {status.receivedAt ? (
        <p>{t('pepForm.received', { date: dateOf(status.receivedAt) })}</p>
      ) : (
        <>
          {status.restricted ? (
            // A standing state, not an error of something just done: no alert role.
            <div className="notice-warning">
              <p>{t('pepForm.restricted', { date: dayOf(status.dueOn) })}</p>
            </div>
          ) : (
            <p>
              <strong>{t('pepForm.due', { date: dayOf(status.dueOn) })}</strong>
            </p>
          )}
          <p>{t('pepForm.intro')}</p>
          <div className="actions">
            <button
              type="button"
              className="button button-secondary"
              aria-disabled={downloading === 'busy'}
              onClick={() => void download()}
            >
              {downloading === 'busy' ? t('pepForm.downloading') : t('pepForm.download')}
            </button>
          </div>
          {downloading === 'failed' && (
            <p className="error-message" role="alert">
              {t('pepForm.downloadFailed')}
            </p>
          )}

          <form
            noValidate
            aria-labelledby={`${headingId}-upload`}
            onSubmit={(event) => void upload(event)}
          >
            <h5 id={`${headingId}-upload`}>{t('pepForm.uploadHeading')}</h5>
            <ErrorSummary problems={problems} titleId={`${headingId}-error-summary`} />
            {notice && (
              <div className="notice-warning" role="alert">
                <p>{t(`pepForm.${notice}`)}</p>
              </div>
            )}
            <div
              className={
                fileError ? `${formStyles.field} ${formStyles.fieldError}` : formStyles.field
              }
            >
              <label className={formStyles.label} htmlFor={fileId}>
                {t('pepForm.uploadLabel')}
              </label>
              <FieldMessages id={fileId} hint={uploadHint} error={fileError ?? undefined} />
              <input
                id={fileId}
                className={styles.fileInput}
                type="file"
                accept={accept}
                aria-describedby={describedByOf(fileId, uploadHint, fileError)}
                aria-invalid={fileError ? true : undefined}
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </div>
            <div role="status" aria-live="polite">
              {uploading && <p className="loading-inline">{t('pepForm.uploading')}</p>}
            </div>
            <div className="actions">
              <button type="submit" className="button button-primary" aria-disabled={uploading}>
                {t('pepForm.upload')}
              </button>
            </div>
          </form>

          <div className={styles.questions}>
            <button
              type="button"
              className="button button-secondary"
              aria-expanded={questionsOpen}
              aria-controls={`${headingId}-questions`}
              onClick={() => {
                setQuestionsOpen((open) => !open);
                setQuestionsLoaded(true);
              }}
            >
              {t('pepForm.answerOnScreen')}
            </button>
            <div id={`${headingId}-questions`} hidden={!questionsOpen}>
              {questionsLoaded && (
                <PepFormQuestions applicationId={applicationId} onSubmitted={received} />
              )}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
