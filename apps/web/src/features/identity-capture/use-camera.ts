import { useCallback, useEffect, useRef, useState } from 'react';

export type CameraState = 'off' | 'starting' | 'on' | 'denied' | 'absent';

/**
 * One camera stream for one capture: the back camera for documents, the front one for the selfie.
 * A refusal or a missing camera is a state the screen explains, never a thrown error: the file
 * route stays open whatever happens here.
 */
export function useCamera(facingMode: 'user' | 'environment') {
  const [state, setState] = useState<CameraState>('off');
  const streamRef = useRef<MediaStream | null>(null);
  const videoRef = useRef<HTMLVideoElement | null>(null);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    setState((current) => (current === 'on' || current === 'starting' ? 'off' : current));
  }, []);

  const start = useCallback(async () => {
    const devices = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!devices?.getUserMedia) {
      setState('absent');
      return;
    }
    setState('starting');
    try {
      const stream = await devices.getUserMedia({ video: { facingMode }, audio: false });
      streamRef.current = stream;
      setState('on');
    } catch (error) {
      const name = error instanceof Error ? error.name : '';
      setState(name === 'NotAllowedError' || name === 'SecurityError' ? 'denied' : 'absent');
    }
  }, [facingMode]);

  // The stream goes to the video once both exist; it stops when the screen goes.
  useEffect(() => {
    const video = videoRef.current;
    if (state === 'on' && video && streamRef.current) {
      video.srcObject = streamRef.current;
      void video.play?.()?.catch(() => undefined);
    }
  }, [state]);
  useEffect(() => () => streamRef.current?.getTracks().forEach((track) => track.stop()), []);

  /** The current frame as a JPEG file; undefined when the camera has no picture yet. */
  const grab = useCallback(async (fileName: string): Promise<File | undefined> => {
    const video = videoRef.current;
    if (!video || !video.videoWidth) return undefined;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0, canvas.width, canvas.height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', 0.92),
    );
    return blob ? new File([blob], fileName, { type: 'image/jpeg' }) : undefined;
  }, []);

  return { state, start, stop, grab, videoRef };
}
