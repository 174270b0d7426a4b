import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { operationsApi } from '../../lib/operations-api.ts';
import styles from './operations.module.css';

type Shown =
  | { state: 'loading'; name: string }
  | { state: 'failed'; name: string }
  | { state: 'ready'; name: string; url: string; image: boolean };

/**
 * Opens a document inline: fetched with the bearer token through the one HTTP client (the
 * server audits the viewing), shown from a blob URL, and the URL revoked when it closes or the
 * screen leaves, so the file does not outlive its need.
 */
export function useDocumentViewer() {
  const [shown, setShown] = useState<Shown | null>(null);
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

  async function open(documentId: string, name: string) {
    forget();
    const controller = new AbortController();
    current.current.controller = controller;
    setShown({ state: 'loading', name });
    try {
      const blob = await operationsApi.document(documentId, controller.signal);
      if (controller.signal.aborted) return;
      const url = URL.createObjectURL(blob);
      current.current.url = url;
      setShown({ state: 'ready', name, url, image: blob.type.startsWith('image/') });
    } catch {
      if (!controller.signal.aborted) setShown({ state: 'failed', name });
    }
  }

  function close() {
    forget();
    setShown(null);
  }

  return { shown, open, close };
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
  const title = t('common.documentTitle', { name: shown.name });
  return (
    <section className={styles.viewer} aria-label={title}>
      {shown.state === 'loading' && <p role="status">{t('common.documentLoading')}</p>}
      {shown.state === 'failed' && <p role="alert">{t('common.documentFailed')}</p>}
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
