import { useEffect } from 'react';

/**
 * Keep the phone's screen on while `enabled` (a timer or a QR code on screen), where
 * the browser supports it. Re-acquired when the page becomes visible again; failures are silent.
 */
export function useWakeLock(enabled: boolean) {
  useEffect(() => {
    if (!enabled || !('wakeLock' in navigator)) return;
    let lock: WakeLockSentinel | null = null;
    let cancelled = false;
    const acquire = async () => {
      if (document.visibilityState !== 'visible' || lock) return;
      try {
        const l = await navigator.wakeLock.request('screen');
        if (cancelled) return void l.release().catch(() => undefined);
        lock = l;
        l.addEventListener('release', () => {
          if (lock === l) lock = null;
        });
      } catch {
        // Not allowed (battery saver, no user gesture yet): the screen simply may dim.
      }
    };
    void acquire();
    const onVisible = () => void acquire();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      cancelled = true;
      document.removeEventListener('visibilitychange', onVisible);
      void lock?.release().catch(() => undefined);
    };
  }, [enabled]);
}
