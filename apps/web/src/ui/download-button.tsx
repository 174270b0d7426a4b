import { useState } from 'react';
import { saveFile } from '../lib/save-file.ts';

/**
 * A button that saves one of the person's own files (a signed application, a PAD agreement).
 * A plain link would not carry the bearer token, so the file is fetched with it and saved from
 * a blob URL under a name in the person's language. A failure is said beside the button; the
 * button's context (which application, which debit) is read to screen readers with its name.
 */
export function DownloadButton({
  fetchFile,
  fileName,
  label,
  downloadingLabel,
  failedText,
  context,
}: {
  fetchFile(): Promise<Blob>;
  fileName: string;
  label: string;
  downloadingLabel: string;
  failedText: string;
  /** Read after the label, not shown ("(application 1A2B3C4D)"). */
  context?: string;
}) {
  const [state, setState] = useState<'idle' | 'downloading' | 'failed'>('idle');

  async function download() {
    if (state === 'downloading') return;
    setState('downloading');
    try {
      saveFile(await fetchFile(), fileName);
      setState('idle');
    } catch {
      setState('failed');
    }
  }

  return (
    <>
      <button
        type="button"
        className="button button-secondary"
        onClick={download}
        aria-disabled={state === 'downloading'}
      >
        {state === 'downloading' ? downloadingLabel : label}
        {/* The space outside the hidden part: every name computation keeps it. */}
        {context && ' '}
        {context && <span className="visually-hidden">{context}</span>}
      </button>
      {state === 'failed' && (
        <p className="error-message" role="alert">
          {failedText}
        </p>
      )}
    </>
  );
}
