import { useCallback, useEffect, useRef, useState } from 'react';
import { createReadFilter, decodeFrame, frameSize, SCANS_PER_SECOND } from '../lib/scan';

/**
 * off: not asked yet or stopped; starting: waiting for the browser (and the host's permission);
 * on: the camera shows and frames are decoded; denied: the host (or the browser) refused;
 * unavailable: no camera, no secure context, or the camera is busy.
 */
export type CameraStatus = 'off' | 'starting' | 'on' | 'denied' | 'unavailable';

/** Why getUserMedia failed, in the two cases the screen explains differently. */
function failureOf(err: unknown): 'denied' | 'unavailable' {
  const name = err instanceof Error || err instanceof DOMException ? err.name : '';
  return name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError' ? 'denied' : 'unavailable';
}

/**
 * The phone's back camera as a QR reader: `start()` asks for the camera (facingMode environment),
 * shows it in `videoRef`, and a few times a second draws a frame to a canvas and decodes it
 * (lib/scan.ts). Each new code goes to `onRead` once (the same code again only once it has been out
 * of view a few seconds, lib/scan.ts). The camera stops with `stop()` and when the component unmounts.
 */
export function useQrCamera(onRead: (text: string) => void) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const mounted = useRef(true);
  const attempt = useRef(0);
  const [status, setStatus] = useState<CameraStatus>('off');
  const handler = useRef(onRead);
  useEffect(() => {
    handler.current = onRead;
  });

  const release = useCallback(() => {
    streamRef.current?.getTracks().forEach((t) => t.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
  }, []);

  const stop = useCallback(() => {
    attempt.current++;
    release();
    setStatus('off');
  }, [release]);

  const start = useCallback(async () => {
    const mine = ++attempt.current;
    if (!navigator.mediaDevices?.getUserMedia) {
      setStatus('unavailable');
      return;
    }
    setStatus('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      // Stopped (or gone) while the browser was asking: give the camera straight back.
      if (!mounted.current || mine !== attempt.current) {
        stream.getTracks().forEach((t) => t.stop());
        return;
      }
      streamRef.current = stream;
      setStatus('on');
    } catch (err) {
      if (mounted.current && mine === attempt.current) setStatus(failureOf(err));
    }
  }, []);

  // While on: show the stream and decode a few frames a second.
  useEffect(() => {
    const video = videoRef.current;
    const stream = streamRef.current;
    if (status !== 'on' || !video || !stream) return;
    video.srcObject = stream;
    video.muted = true;
    void video.play?.()?.catch(() => {
      // Autoplay refused: frames still arrive once the host taps the video; nothing to report.
    });
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    if (!ctx) {
      release();
      setStatus('unavailable');
      return;
    }
    const filter = createReadFilter();
    const id = window.setInterval(() => {
      if (!video.videoWidth || !video.videoHeight) return;
      const { width, height } = frameSize(video.videoWidth, video.videoHeight);
      if (canvas.width !== width) canvas.width = width;
      if (canvas.height !== height) canvas.height = height;
      ctx.drawImage(video, 0, 0, width, height);
      const text = decodeFrame(ctx.getImageData(0, 0, width, height));
      if (text && filter.accept(text, Date.now())) handler.current(text);
    }, 1000 / SCANS_PER_SECOND);
    return () => window.clearInterval(id);
  }, [status, release]);

  // Leaving the screen turns the camera off (a camera still being asked for is given back on arrival: see start).
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      release();
    };
  }, [release]);

  return { videoRef, status, start, stop };
}
