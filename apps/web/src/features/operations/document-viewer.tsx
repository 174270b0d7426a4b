import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { operationsApi, operationsRefusalOf, type ClaimKind } from '../../lib/operations-api.ts';
import { ActionDialog } from './action-dialog.tsx';
import { languageOf } from './operations-format.ts';
import { refusalText } from './operations-refusal.ts';
import { ReasonField, textProblem } from './reason-field.tsx';
import styles from './operations.module.css';

/** The claimed queue item a document is opened under (need-to-know, as the SIN reveal). */
export interface DocumentAccess {
  kind: ClaimKind;
  itemId: string;
}

type Shown =
  | {
      state: 'asking';
      name: string;
      documentId: string;
      access: DocumentAccess;
      /** The last reason given for the same item, offered again. */
      lastReason: string;
    }
  | { state: 'loading'; name: string }
  | { state: 'failed'; name: string; message: string }
  | { state: 'ready'; name: string; url: string; image: boolean };

const itemKey = (access: DocumentAccess) => `${access.kind}:${access.itemId}`;

/**
 * Opens a document inline, under the claim of the item it belongs to: first the reason (it goes
 * to the audit trail with the viewing; the last one given for the item is offered again), then
 * the file, fetched with the bearer token through the one HTTP client and shown from a blob
 * URL, revoked when it closes or the screen leaves, so the file does not outlive its need.
 */
export function useDocumentViewer() {
  const { t, i18n } = useTranslation('operations');
  const [shown, setShown] = useState<Shown | null>(null);
  const reasons = useRef(new Map<string, string>());
  const current = useRef<{ url: string | null; controller: AbortController | null }>({
    url: null,
    controller: null,
  });

  const forget = () => {
    current.current.controller?.abort();
    if (current.current.url) URL.revokeObjectURL(current.current.url);
    current.current = { url: null, controller: null };
  };
  useEffect(() => forget, []);

  /** Asks why, then opens it (`confirm`). */
  function open(documentId: string, name: string, access: DocumentAccess) {
    forget();
    const lastReason = reasons.current.get(itemKey(access)) ?? '';
    setShown({ state: 'asking', name, documentId, access, lastReason });
  }

  async function confirm(reason: string) {
    if (shown?.state !== 'asking') return;
    const { name, documentId, access } = shown;
    reasons.current.set(itemKey(access), reason);
    const controller = new AbortController();
    current.current.controller = controller;
    setShown({ state: 'loading', name });
    try {
      const blob = await operationsApi.document(
        documentId,
        { ...access, reason },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      const url = URL.createObjectURL(blob);
      current.current.url = url;
      setShown({ state: 'ready', name, url, image: blob.type.startsWith('image/') });
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = refusalText(t, operationsRefusalOf(error), languageOf(i18n.language));
      setShown({ state: 'failed', name, message });
    }
  }

  function close() {
    forget();
    setShown(null);
  }

  return { shown, open, confirm, close };
}

/** "View {name}": opens a document under its item's claim, the reason asked first. */
export function ViewDocumentButton({
  viewer,
  documentId,
  name,
  access,
}: {
  viewer: ReturnType<typeof useDocumentViewer>;
  documentId: string;
  name: string;
  access: DocumentAccess;
}) {
  const { t } = useTranslation('operations');
  return (
    <button
      type="button"
      className="link-button"
      onClick={() => viewer.open(documentId, name, access)}
    >
      {t('common.viewDocument', { name })}
    </button>
  );
}

/** Why the document is opened: asked in a dialog, as every audited action. */
function ReasonDialog({ viewer }: { viewer: ReturnType<typeof useDocumentViewer> }) {
  const { t } = useTranslation('operations');
  const asking = viewer.shown?.state === 'asking' ? viewer.shown : null;
  // Mounted for each question: it starts from the last reason given for the same item.
  const [reason, setReason] = useState(asking?.lastReason ?? '');
  const [problem, setProblem] = useState<'tooShort' | 'tooLong' | null>(null);
  const submit = () => {
    const found = textProblem(reason);
    setProblem(found);
    if (found) {
      requestAnimationFrame(() => document.getElementById('document-reason')?.focus());
      return;
    }
    void viewer.confirm(reason.trim());
  };
  return (
    <ActionDialog
      isOpen={asking !== null}
      title={t('common.documentReasonTitle', { name: asking?.name ?? '' })}
      text={<p>{t('common.documentReasonText')}</p>}
      confirmLabel={t('common.openDocument')}
      onSubmit={submit}
      onCancel={viewer.close}
    >
      <ReasonField id="document-reason" value={reason} onChange={setReason} problem={problem} />
    </ActionDialog>
  );
}

/** The open document, with the button that closes it (and takes the focus when it opens). */
export function DocumentViewer({ viewer }: { viewer: ReturnType<typeof useDocumentViewer> }) {
  const { t } = useTranslation('operations');
  const closeButton = useRef<HTMLButtonElement>(null);
  const { shown } = viewer;
  const ready = shown?.state === 'ready';
  useEffect(() => {
    if (ready) closeButton.current?.focus();
  }, [ready]);
  if (!shown) return null;
  if (shown.state === 'asking') return <ReasonDialog viewer={viewer} />;
  const title = t('common.documentTitle', { name: shown.name });
  return (
    <section className={styles.viewer} aria-label={title}>
      {shown.state === 'loading' && <p role="status">{t('common.documentLoading')}</p>}
      {shown.state === 'failed' && (
        <p role="alert">
          {t('common.documentFailed')} {shown.message}
        </p>
      )}
      {shown.state === 'ready' &&
        (shown.image ? (
          <img src={shown.url} alt={title} />
        ) : (
          <iframe src={shown.url} title={title} sandbox="" />
        ))}
      <div className="actions">
        <button
          ref={closeButton}
          type="button"
          className="button button-secondary"
          onClick={viewer.close}
        >
          {t('common.closeDocument')}
        </button>
      </div>
    </section>
  );
}
