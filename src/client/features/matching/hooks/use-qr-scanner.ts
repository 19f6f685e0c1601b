import { useEffect, useRef, useState } from 'react';

export type ScannerStatus = 'starting' | 'scanning' | 'denied' | 'unavailable' | 'error';

const SCAN_EVERY_MS = 250;
/** Frames are decoded at most this wide: plenty for a phone held at a table, cheap to read. */
const MAX_WIDTH = 640;

function failure(err: unknown): { status: ScannerStatus; message: string } {
  const name = err instanceof DOMException || err instanceof Error ? err.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError')
    return { status: 'denied', message: 'Camera access was blocked. Allow the camera for this site in your browser settings, or enter their code instead.' };
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return { status: 'unavailable', message: 'No camera was found on this device. Enter their code or pick them from the list instead.' };
  if (name === 'NotReadableError' || name === 'AbortError')
    return { status: 'error', message: 'Your camera is busy in another app. Close it and try again, or enter their code instead.' };
  return { status: 'error', message: "We couldn't start the camera. Enter their code or pick them from the list instead." };
}

/**
 * While mounted: the back camera into `videoRef`, a frame drawn to a canvas and decoded with
 * jsQR every 250 ms. jsQR loads only now (a dynamic import), not with the page. When
 * `onResult` returns true the camera stops at once; unmounting always stops it.
 */
export function useQrScanner(onResult: (text: string) => boolean) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<{ status: ScannerStatus; message: string | null }>({ status: 'starting', message: null });
  const handler = useRef(onResult);
  useEffect(() => {
    handler.current = onResult;
  });

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: number | null = null;

    const stop = () => {
      stopped = true;
      if (timer !== null) window.clearInterval(timer);
      timer = null;
      stream?.getTracks().forEach((t) => t.stop());
      stream = null;
      if (videoRef.current) videoRef.current.srcObject = null;
    };

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({
          status: 'unavailable',
          message: window.isSecureContext
            ? 'This browser cannot use the camera. Enter their code or pick them from the list instead.'
            : 'The camera needs a secure (https) connection. Enter their code or pick them from the list instead.',
        });
        return;
      }
      try {
        const [media, jsqr] = await Promise.all([navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false }), import('jsqr')]);
        if (stopped) {
          media.getTracks().forEach((t) => t.stop());
          return;
        }
        stream = media;
        const video = videoRef.current;
        if (!video) return stop();
        video.srcObject = media;
        await video.play().catch(() => undefined);
        if (stopped) return;
        setState({ status: 'scanning', message: null });

        const canvas = document.createElement('canvas');
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        if (!ctx) throw new Error('no canvas');
        const decode = jsqr.default;
        timer = window.setInterval(() => {
          if (stopped || video.readyState < video.HAVE_CURRENT_DATA || !video.videoWidth) return;
          const scale = Math.min(1, MAX_WIDTH / video.videoWidth);
          const w = Math.round(video.videoWidth * scale);
          const h = Math.round(video.videoHeight * scale);
          if (canvas.width !== w) canvas.width = w;
          if (canvas.height !== h) canvas.height = h;
          ctx.drawImage(video, 0, 0, w, h);
          const hit = decode(ctx.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: 'dontInvert' });
          if (hit?.data && handler.current(hit.data)) stop();
        }, SCAN_EVERY_MS);
      } catch (err) {
        stop();
        setState(failure(err));
      }
    }

    void start();
    return stop;
  }, []);

  return { videoRef, ...state };
}
