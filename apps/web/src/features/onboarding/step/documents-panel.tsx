import { useCallback, useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { MAX_UPLOAD_BYTES, UPLOAD_EXTENSIONS } from '@portal/domain/constants';
import {
  namedAccountTypeLabels,
  type NamedAccountTypeName,
} from '@portal/domain/enums/account-types';
import { labelOf, optionsOf, pick, type Language } from '@portal/domain/enums/define-enum';
import {
  uploadDocumentTypeLabels,
  uploadDocumentTypes,
  type UploadDocumentType,
} from '@portal/domain/enums/documents';
import { messageFor } from '@portal/domain/messages/messages';
import {
  FILE_SIGNATURE_BYTES,
  UPLOAD_REASON_MAX_LENGTH,
  uploadProblems,
} from '@portal/domain/rules/uploads';
import { refusalOf } from '../../../lib/applications-api.ts';
import { bytesOf } from '../../../lib/chosen-file.ts';
import { documentsApi, type UploadedDocument } from '../../../lib/documents-api.ts';
import { useResource, type Resource } from '../../../lib/use-resource.ts';
import { ConfirmDialog } from '../../../ui/confirm-dialog.tsx';
import { ErrorSummary, type FieldProblem } from '../../../ui/error-summary.tsx';
import { describedByOf, FieldMessages } from '../../../ui/field-messages.tsx';
import formStyles from '../../../ui/forms.module.css';
import { SelectField } from '../../../ui/select-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import styles from './documents-panel.module.css';

/** The panel's fields, in page order, with ids unique on the step page that holds it. */
const fieldIds = {
  documentType: 'documents-type',
  account: 'documents-account',
  reason: 'documents-reason',
  file: 'documents-file',
} as const;
type FieldPath = keyof typeof fieldIds;
const fieldOrder = Object.keys(fieldIds) as FieldPath[];
const isFieldPath = (path: string): path is FieldPath => Object.hasOwn(fieldIds, path);

/** A refused field and the code of its problem (a domain message key, or one of the panel's). */
interface Problem {
  path: FieldPath;
  code: string;
}

/** Codes whose words are the panel's own rather than the domain's messages. */
const panelCodes = {
  unreadable: 'problems.unreadable',
  tooManyDocuments: 'problems.tooManyDocuments',
} as const;
const isPanelCode = (code: string): code is keyof typeof panelCodes =>
  Object.hasOwn(panelCodes, code);

type Announcement = { key: 'uploading' | 'uploaded' | 'deleted'; fileName: string } | null;
type Notice =
  | { key: 'locked' | 'uploadFailed' }
  | { key: 'deleteFailed' | 'viewFailed'; fileName: string }
  | null;

/** What the file chooser offers: the domain's extensions (`.pdf,.jpg,...`). */
const accept = UPLOAD_EXTENSIONS.map((extension) => `.${extension}`).join(',');

/** Types a browser shows in a tab; the others (TIFF) are saved under their own name instead. */
const viewableInBrowser = new Set([
  'application/pdf',
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/bmp',
]);

const MEGABYTE = 1024 * 1024;

/**
 * What a document of each type must show to be accepted (spec section 5: identity documents
 * not expired, statements a PDF from the issuer showing the name, bills the current home
 * address and no PO box), said before the person uploads it.
 */
const requirementOf = {
  photoID: 'identity',
  photoIDFront: 'identity',
  photoIDBack: 'identity',
  passport: 'identity',
  w9Form: 'form',
  voidCheque: 'voidCheque',
  bankStatement: 'statement',
  creditStatement: 'statement',
  utilityBill: 'utilityBill',
  investmentStatement: 'investmentStatement',
  transferForm: 'form',
  pepHioForm: 'form',
  other: 'other',
} as const satisfies Record<UploadDocumentType, string>;
const isDocumentType = (value: string): value is UploadDocumentType =>
  Object.hasOwn(requirementOf, value);

/** One problem per field, in page order (the order the error summary lists them). */
function inPageOrder(problems: Problem[]): Problem[] {
  const first = new Map<FieldPath, Problem>();
  for (const problem of problems) if (!first.has(problem.path)) first.set(problem.path, problem);
  return fieldOrder.flatMap((path) => first.get(path) ?? []);
}

/**
 * The server's 409s about the chosen file: the same content is there already, the application
 * holds all the documents it can, or the file would pass the person's storage quota (the
 * domain's `storageQuotaExceeded` message says to delete a document or choose a smaller file).
 */
const fileRefusals = new Set(['fileAlreadyExists', 'tooManyDocuments', 'storageQuotaExceeded']);

/** The problems a server refusal names, or null when it is not about the fields. */
function problemsOfRefusal(status: number, errorCode: string, fields?: Record<string, string>) {
  if (status === 400 && fields && Object.keys(fields).length > 0) {
    return Object.entries(fields).map(([path, code]) => ({
      path: isFieldPath(path) ? path : 'file',
      code,
    }));
  }
  if (status === 409 && fileRefusals.has(errorCode)) {
    return [{ path: 'file' as const, code: errorCode }];
  }
  return null;
}

/**
 * Supporting documents of an application (spec sections 3 and 5): the documents already
 * uploaded, each to view or delete, and a form of its own to upload one more (a document type,
 * an optional reason and a file). The file is checked in the browser with the domain's rules,
 * its first bytes included, before it is sent; the server's refusal shows the same way: an
 * error summary at the top of the panel and a message at the field, with nothing typed lost.
 */
export function DocumentsPanel({
  applicationId,
  accounts = [],
}: {
  applicationId: string;
  /** The accounts the application opens: with two or more, a document may name its account. */
  accounts?: readonly NamedAccountTypeName[];
}) {
  const { t, i18n } = useTranslation('documents');
  const language: Language = i18n.language.startsWith('fr') ? 'fr' : 'en';
  const locale = language === 'fr' ? 'fr-CA' : 'en-CA';

  const load = useCallback(
    (signal: AbortSignal) => documentsApi.list(applicationId, signal),
    [applicationId],
  );
  const { resource: listing, retry, set: setDocuments } = useResource(load);
  // Uploads and deletes finish later than they start: they change the list as it is then.
  const latestListing = useRef<Resource<UploadedDocument[]>>(listing);
  useEffect(() => {
    latestListing.current = listing;
  });

  const [documentType, setDocumentType] = useState('');
  const [account, setAccount] = useState('');
  const [reason, setReason] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // A new key gives a new, empty file input after an upload (its value cannot be set).
  const [fileInputKey, setFileInputKey] = useState(0);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [uploading, setUploading] = useState(false);
  const [announcement, setAnnouncement] = useState<Announcement>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [deleting, setDeleting] = useState<UploadedDocument | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [blocked, setBlocked] = useState<{ id: string; url: string } | null>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);

  // The files shown from blob URLs stay readable while the panel is on screen.
  const objectUrls = useRef<string[]>([]);
  useEffect(() => {
    const urls = objectUrls.current;
    return () => urls.forEach((url) => URL.revokeObjectURL(url));
  }, []);

  const messageOf = useCallback(
    (code: string) => (isPanelCode(code) ? t(panelCodes[code]) : messageFor(code, language)),
    [t, language],
  );
  // Stable between renders: the error summary takes focus each time its problems change.
  const summary = useMemo<FieldProblem[]>(
    () => problems.map(({ path, code }) => ({ fieldId: fieldIds[path], message: messageOf(code) })),
    [problems, messageOf],
  );
  const errorFor = (path: FieldPath) => {
    const problem = problems.find((candidate) => candidate.path === path);
    return problem ? messageOf(problem.code) : undefined;
  };

  const sizeOf = (bytes: number) => {
    if (bytes >= MEGABYTE) {
      const size = new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(
        bytes / MEGABYTE,
      );
      return t('size.mb', { size });
    }
    const kilobytes = Math.max(bytes / 1024, 0.1);
    const size = new Intl.NumberFormat(locale, {
      maximumFractionDigits: kilobytes < 10 ? 1 : 0,
    }).format(kilobytes);
    return t('size.kb', { size });
  };
  const dateOf = (iso: string) =>
    new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));
  const accountLabelOf = (name: string) =>
    Object.hasOwn(namedAccountTypeLabels, name)
      ? pick(namedAccountTypeLabels[name as NamedAccountTypeName], language)
      : name;
  const typeOf = (code: string) =>
    labelOf(uploadDocumentTypes, uploadDocumentTypeLabels, code, language) ?? code;

  function updateList(change: (documents: UploadedDocument[]) => UploadedDocument[]) {
    const current = latestListing.current;
    // A list that never loaded is loaded again rather than guessed.
    if (current.state === 'ready') setDocuments(change(current.data));
    else retry();
  }

  async function upload(event: FormEvent) {
    event.preventDefault();
    if (uploading) return;
    setNotice(null);
    setAnnouncement(null);
    setUploading(true);
    try {
      await checkAndSend();
    } finally {
      setUploading(false);
    }
  }

  /** The domain's rules in the browser first (the file's first bytes included), then the server. */
  async function checkAndSend() {
    let bytes: Uint8Array | undefined;
    try {
      bytes = file ? await bytesOf(file.slice(0, FILE_SIGNATURE_BYTES)) : undefined;
    } catch {
      // The file moved or changed on the person's device since it was chosen.
      setProblems([{ path: 'file', code: 'unreadable' }]);
      return;
    }
    const found = uploadProblems({
      documentType,
      account,
      reason,
      fileName: file?.name,
      size: file?.size,
      bytes,
    });
    if (found.length > 0 || !file) {
      setProblems(inPageOrder(found));
      return;
    }

    setProblems([]);
    setAnnouncement({ key: 'uploading', fileName: file.name });
    try {
      const created = await documentsApi.upload(applicationId, {
        documentType,
        account,
        reason: reason.trim(),
        file,
      });
      updateList((documents) => [...documents, created]);
      setAnnouncement({ key: 'uploaded', fileName: created.fileName });
      setDocumentType('');
      setAccount('');
      setReason('');
      setFile(null);
      setFileInputKey((key) => key + 1);
    } catch (error) {
      setAnnouncement(null);
      const refusal = refusalOf(error);
      const refused =
        refusal && problemsOfRefusal(refusal.status, refusal.body.errorCode, refusal.body.fields);
      if (refused) setProblems(inPageOrder(refused));
      else if (refusal?.status === 409 && refusal.body.errorCode === 'applicationLocked') {
        setNotice({ key: 'locked' });
      } else setNotice({ key: 'uploadFailed' });
    }
  }

  async function confirmDelete() {
    const document = deleting;
    setDeleting(null);
    if (!document) return;
    setNotice(null);
    try {
      await documentsApi.remove(applicationId, document.id);
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal?.status === 409 && refusal.body.errorCode === 'applicationLocked') {
        setNotice({ key: 'locked' });
        return;
      }
      // Not found: it is gone already, which is what the person asked for.
      if (refusal?.status !== 404) {
        setNotice({ key: 'deleteFailed', fileName: document.fileName });
        return;
      }
    }
    updateList((documents) => documents.filter((candidate) => candidate.id !== document.id));
    setAnnouncement({ key: 'deleted', fileName: document.fileName });
    // Its Delete button is gone: focus goes to the list it was in.
    listHeading.current?.focus();
  }

  /**
   * A plain link would not carry the bearer token: the file is fetched with it, then shown
   * from a blob URL in a new tab (or saved under its name when a browser cannot show it).
   */
  async function view(document: UploadedDocument) {
    if (opening) return;
    setNotice(null);
    setBlocked(null);
    setOpening(document.id);
    try {
      const blob = await documentsApi.content(applicationId, document.id);
      const url = URL.createObjectURL(blob);
      objectUrls.current.push(url);
      if (viewableInBrowser.has(document.contentType)) {
        const tab = window.open(url, '_blank');
        if (tab) tab.opener = null;
        else setBlocked({ id: document.id, url });
      } else {
        const link = window.document.createElement('a');
        link.href = url;
        link.download = document.fileName;
        link.click();
      }
    } catch {
      setNotice({ key: 'viewFailed', fileName: document.fileName });
    } finally {
      setOpening(null);
    }
  }

  const maxSize = sizeOf(MAX_UPLOAD_BYTES);
  const fileError = errorFor('file');
  const fileHint = t('form.fileHint', { maxSize });

  return (
    <section className={styles.panel} aria-labelledby="documents-heading">
      <h2 id="documents-heading">{t('heading')}</h2>
      <p className="hint">{t('intro')}</p>
      <p className="hint">{t('accepted', { maxSize })}</p>
      <h3 id="documents-requirements-heading">{t('requirements.heading')}</h3>
      <ul aria-labelledby="documents-requirements-heading">
        <li>{t('requirements.statements')}</li>
        <li>{t('requirements.bills')}</li>
        <li>{t('requirements.identity')}</li>
      </ul>

      <ErrorSummary problems={summary} titleId="documents-error-summary-title" />
      {notice && (
        <div className="notice-warning" role="alert">
          <p>
            {notice.key === 'deleteFailed' || notice.key === 'viewFailed'
              ? t(`problems.${notice.key}`, { fileName: notice.fileName })
              : t(`problems.${notice.key}`)}
          </p>
        </div>
      )}
      <div role="status" aria-live="polite" className={styles.status}>
        {announcement && (
          <p className={announcement.key === 'uploading' ? 'loading-inline' : 'notice-success'}>
            {t(`status.${announcement.key}`, { fileName: announcement.fileName })}
          </p>
        )}
      </div>

      <h3 id="documents-list-heading" ref={listHeading} tabIndex={-1}>
        {t('list.heading')}
      </h3>
      <div aria-busy={listing.state === 'loading'}>
        {listing.state === 'loading' && <p className="loading-inline">{t('list.loading')}</p>}
        {listing.state === 'failed' && (
          <div className="notice-warning">
            <p>{t('list.loadFailed')}</p>
            <button type="button" className="button button-secondary" onClick={retry}>
              {t('list.retry')}
            </button>
          </div>
        )}
        {listing.state === 'ready' && listing.data.length === 0 && (
          <div className="empty-state">
            <p>{t('list.empty')}</p>
          </div>
        )}
        {listing.state === 'ready' && listing.data.length > 0 && (
          <ul className={styles.list} aria-labelledby="documents-list-heading">
            {listing.data.map((document) => {
              const nameId = `document-${document.id}`;
              return (
                <li key={document.id} className={styles.item} aria-labelledby={nameId}>
                  <p id={nameId} className={styles.fileName}>
                    {document.fileName}
                  </p>
                  <dl className={styles.facts}>
                    <div>
                      <dt>{t('list.documentType')}</dt>
                      <dd>{typeOf(document.documentType)}</dd>
                    </div>
                    {document.account && (
                      <div>
                        <dt>{t('list.account')}</dt>
                        <dd>{accountLabelOf(document.account)}</dd>
                      </div>
                    )}
                    {document.reason && (
                      <div>
                        <dt>{t('list.reason')}</dt>
                        <dd>{document.reason}</dd>
                      </div>
                    )}
                    <div>
                      <dt>{t('list.size')}</dt>
                      <dd>{sizeOf(document.size)}</dd>
                    </div>
                    <div>
                      <dt>{t('list.uploadedAt')}</dt>
                      <dd>{dateOf(document.uploadedAt)}</dd>
                    </div>
                  </dl>
                  <div className={styles.actions}>
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-disabled={opening === document.id}
                      onClick={() => void view(document)}
                    >
                      {opening === document.id ? t('list.opening') : t('list.view')}{' '}
                      <span className="visually-hidden">{document.fileName}</span>
                    </button>
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={() => setDeleting(document)}
                    >
                      {t('list.delete')}{' '}
                      <span className="visually-hidden">{document.fileName}</span>
                    </button>
                  </div>
                  {blocked?.id === document.id && (
                    <p className={styles.blocked}>
                      {t('list.popupBlocked')}{' '}
                      {/* Focus moves here so the next key press opens it. */}
                      <a href={blocked.url} target="_blank" rel="noopener noreferrer" autoFocus>
                        {t('list.open', { fileName: document.fileName })}
                      </a>
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>

      <form
        className={styles.form}
        noValidate
        aria-labelledby="documents-form-heading"
        onSubmit={(event) => void upload(event)}
      >
        <h3 id="documents-form-heading">{t('form.heading')}</h3>
        <SelectField
          id={fieldIds.documentType}
          label={t('form.documentType')}
          hint={
            isDocumentType(documentType)
              ? t(`requirements.byType.${requirementOf[documentType]}`)
              : undefined
          }
          error={errorFor('documentType')}
          value={documentType}
          onChange={setDocumentType}
          options={optionsOf(uploadDocumentTypes, uploadDocumentTypeLabels, language)}
        />
        {accounts.length > 1 && (
          <SelectField
            id={fieldIds.account}
            label={t('form.account')}
            hint={t('form.accountHint')}
            error={errorFor('account')}
            value={account}
            onChange={setAccount}
            options={accounts.map((name) => ({ id: name, label: accountLabelOf(name) }))}
          />
        )}
        <TextField
          id={fieldIds.reason}
          label={t('form.reason')}
          hint={t('form.reasonHint', { max: UPLOAD_REASON_MAX_LENGTH })}
          error={errorFor('reason')}
          value={reason}
          onChange={setReason}
          maxLength={UPLOAD_REASON_MAX_LENGTH}
        />
        <div
          className={fileError ? `${formStyles.field} ${formStyles.fieldError}` : formStyles.field}
        >
          <label className={formStyles.label} htmlFor={fieldIds.file}>
            {t('form.file')}
          </label>
          <FieldMessages id={fieldIds.file} hint={fileHint} error={fileError} />
          <input
            key={fileInputKey}
            id={fieldIds.file}
            className={
              fileError ? `${styles.fileInput} ${styles.fileInputError}` : styles.fileInput
            }
            type="file"
            accept={accept}
            aria-describedby={describedByOf(fieldIds.file, fileHint, fileError)}
            aria-invalid={fileError ? true : undefined}
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <div className="actions">
          <button type="submit" className="button button-primary" aria-disabled={uploading}>
            {uploading ? t('form.uploading') : t('form.upload')}
          </button>
        </div>
      </form>

      {deleting && (
        <ConfirmDialog
          isOpen
          title={t('confirmDelete.title')}
          message={t('confirmDelete.message', { fileName: deleting.fileName })}
          confirmLabel={t('confirmDelete.yes')}
          cancelLabel={t('confirmDelete.no')}
          onConfirm={() => void confirmDelete()}
          onCancel={() => setDeleting(null)}
        />
      )}
    </section>
  );
}
