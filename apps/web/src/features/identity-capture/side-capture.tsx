import { useId, useState, type ChangeEvent } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { CaptureApiError, fileProblem, type CaptureSide } from './capture-api.ts';
import styles from './identity-capture.module.css';
import { fitPhotoUnderLimit } from '../../lib/photo-fit.ts';
import { useCamera } from './use-camera.ts';

type UploadError =
  'heic' | 'tooLarge' | 'wrongType' | 'network' | 'expired' | 'tooMany' | 'generic';

/** Refusals that sending the same picture again may get past; the others need another picture. */
const retryable = new Set<UploadError | 'captureFailed'>(['network', 'tooMany', 'generic']);

function uploadErrorOf(error: unknown): UploadError {
  if (!(error instanceof CaptureApiError)) return 'generic';
  if (error.errorCode === 'network') return 'network';
  if (error.errorCode === 'fileTooLarge' || error.status === 413) return 'tooLarge';
  if (error.errorCode === 'invalidFile' || error.errorCode === 'contentMismatch') {
    return 'wrongType';
  }
  if (error.errorCode === 'handoffExpired') return 'expired';
  if (error.status === 429) return 'tooMany';
  return 'generic';
}

/**
 * One picture (front, back or selfie), taken with the camera OR chosen as a file: both are always
 * offered, so a refused or missing camera is never a dead end. A picture whose upload fails stays
 * here to be sent again.
 */
export function SideCapture({
  side,
  guidance,
  upload,
  fitPhoto = fitPhotoUnderLimit,
}: {
  side: CaptureSide;
  guidance: string;
  upload(file: File): Promise<void>;
  /** Makes a photo over the limit fit (tests pass their own: jsdom has no image decoder). */
  fitPhoto?: (file: File) => Promise<File>;
}) {
  const { t } = useTranslation('identityCapture');
  const id = useId();
  const {
    state: cameraState,
    start: startCamera,
    stop: stopCamera,
    grab,
    videoRef,
  } = useCamera(side === 'selfie' ? 'user' : 'environment');
  const [sending, setSending] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const [failed, setFailed] = useState<{ file?: File; error: UploadError | 'captureFailed' }>();

  async function send(chosen: File) {
    setFailed(undefined);
    let file = chosen;
    if (fileProblem(chosen) === 'tooLarge') {
      // A phone photo over 10 MB is made smaller here rather than refused (issue 30).
      setPreparing(true);
      try {
        file = await fitPhoto(chosen);
      } finally {
        setPreparing(false);
      }
    }
    const problem = fileProblem(file);
    if (problem) {
      setFailed({ error: problem });
      return;
    }
    setSending(true);
    try {
      await upload(file);
      stopCamera();
    } catch (error) {
      setFailed({ file, error: uploadErrorOf(error) });
    } finally {
      setSending(false);
    }
  }

  async function takePicture() {
    const file = await grab(`${side}-camera.jpg`);
    if (!file) {
      setFailed({ error: 'captureFailed' });
      return;
    }
    await send(file);
  }

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    // The same file may be chosen again after an error.
    event.target.value = '';
    if (file) void send(file);
  }

  const cameraOpen = cameraState === 'on' || cameraState === 'starting';
  const busy = sending || preparing;
  const status = preparing
    ? t('capture.preparing')
    : sending
      ? t('capture.uploading')
      : cameraState === 'starting'
        ? t('capture.cameraStarting')
        : cameraState === 'on'
          ? guidance
          : '';

  return (
    <div className={styles.capture}>
      <p className="hint">{guidance}</p>
      {/* Guidance and progress are spoken as they change (regulatory facts §7). */}
      <p className="visually-hidden" aria-live="polite" role="status">
        {status}
      </p>

      {(cameraState === 'denied' || cameraState === 'absent') && (
        <div className="notice-warning" role="alert">
          <h2 className={styles.noticeHeading}>{t('camera.heading')}</h2>
          <p>{t(cameraState === 'denied' ? 'camera.denied' : 'camera.absent')}</p>
          <ul>
            <li>{t('camera.iphone')}</li>
            <li>{t('camera.android')}</li>
          </ul>
          <p>{t('camera.orFile')}</p>
        </div>
      )}

      {cameraOpen ? (
        <div className={styles.camera}>
          <video
            ref={videoRef}
            className={styles.video}
            autoPlay
            playsInline
            muted
            aria-label={t('capture.videoLabel')}
          />
          <div className="actions">
            <button
              type="button"
              className={`button button-primary ${styles.shutter}`}
              aria-disabled={busy || cameraState !== 'on'}
              onClick={() => !busy && cameraState === 'on' && void takePicture()}
            >
              {t('capture.capture')}
            </button>
            <button type="button" className="button button-secondary" onClick={stopCamera}>
              {t('capture.stopCamera')}
            </button>
          </div>
        </div>
      ) : (
        <div className="actions">
          <button
            type="button"
            className={`button button-primary ${styles.shutter}`}
            aria-disabled={busy}
            onClick={() => !busy && void startCamera()}
          >
            {t('capture.takePhoto')}
          </button>
        </div>
      )}

      <p className={styles.or}>{t('capture.or')}</p>
      <div className={styles.fileField}>
        <label htmlFor={`${id}-file`} className={styles.fileLabel}>
          {t('capture.chooseFile')}
        </label>
        <p id={`${id}-file-hint`} className="hint">
          {t('capture.chooseFileHint')}
        </p>
        <input
          id={`${id}-file`}
          type="file"
          accept="image/jpeg,image/png"
          capture={side === 'selfie' ? 'user' : 'environment'}
          aria-describedby={failed ? `${id}-file-hint ${id}-error` : `${id}-file-hint`}
          disabled={busy}
          onChange={chooseFile}
        />
      </div>

      {failed && (
        <div id={`${id}-error`} className="error-message" role="alert">
          <p>{t(`errors.${failed.error}`)}</p>
          {failed.file && retryable.has(failed.error) && (
            <button
              type="button"
              className="button button-secondary"
              aria-disabled={busy}
              onClick={() => failed.file && !busy && void send(failed.file)}
            >
              {t('capture.retry')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
