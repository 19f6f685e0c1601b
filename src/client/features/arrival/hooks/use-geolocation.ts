import { useCallback, useEffect, useState } from 'react';

/**
 * The location-permission check (docs/spec/organiser-tools.md §2.20, §4 "Location permission"):
 * the state starts from the browser's stored permission (the Permissions API; without it,
 * pending), and granted starts continuous watching with `options`. Pending waits for `enable()`
 * (the guest's tap, which lets the browser ask). A PERMISSION_DENIED error, or the permission
 * turned off in the browser's settings, is denied; other errors are only logged (§8 "Location
 * tracking error") and watching goes on. Watching stops on unmount.
 */
export type LocationPermission = 'checking' | 'pending' | 'granted' | 'denied' | 'unsupported';

export interface Fix {
  latitude: number;
  longitude: number;
  /** Radius of the 95% confidence circle, metres. */
  accuracy: number;
  /** When the phone measured it (ms since the epoch). */
  at: number;
}

export interface Geolocation {
  permission: LocationPermission;
  /** The latest position, null before the first. */
  fix: Fix | null;
  /** enable() was pressed and the browser has not answered yet. */
  asking: boolean;
  /** Start watching (pending: the browser asks the guest). */
  enable(): void;
}

const PERMISSION_DENIED = 1;

export function useGeolocation(options: PositionOptions, enabled = true): Geolocation {
  const supported = typeof navigator !== 'undefined' && !!navigator.geolocation;
  const [permission, setPermission] = useState<LocationPermission>(supported ? 'checking' : 'unsupported');
  const [watching, setWatching] = useState(false);
  const [fix, setFix] = useState<Fix | null>(null);
  const { enableHighAccuracy, timeout, maximumAge } = options;

  // The stored permission, and its changes while the page is open.
  useEffect(() => {
    if (!supported) return;
    let status: PermissionStatus | null = null;
    let live = true;
    const apply = (state: PermissionState) => {
      if (state === 'granted') {
        setPermission('granted');
        setWatching(true);
      } else if (state === 'denied') {
        setPermission('denied');
        setWatching(false);
      } else {
        setPermission((p) => (p === 'granted' || p === 'denied' || p === 'checking' ? 'pending' : p));
        setWatching(false);
      }
    };
    const onChange = () => status && apply(status.state);
    const query = navigator.permissions?.query?.bind(navigator.permissions);
    if (!query) {
      setPermission('pending');
      return;
    }
    query({ name: 'geolocation' })
      .then((s) => {
        if (!live) return;
        status = s;
        apply(s.state);
        s.addEventListener?.('change', onChange);
      })
      .catch(() => live && setPermission((p) => (p === 'checking' ? 'pending' : p)));
    return () => {
      live = false;
      status?.removeEventListener?.('change', onChange);
    };
  }, [supported]);

  // Continuous watching while granted (or asked for).
  useEffect(() => {
    if (!supported || !watching || !enabled) return;
    const geolocation = navigator.geolocation;
    const id = geolocation.watchPosition(
      (p) => {
        setPermission('granted');
        setFix({ latitude: p.coords.latitude, longitude: p.coords.longitude, accuracy: p.coords.accuracy, at: p.timestamp || Date.now() });
      },
      (err) => {
        if (err.code === PERMISSION_DENIED) {
          setPermission('denied');
          setWatching(false);
          setFix(null);
          return;
        }
        // Unavailable or timed out: the guest did allow it, so the page shows "finding you" and the watch retries.
        console.warn('Location tracking error', err.message);
        setPermission((p) => (p === 'pending' ? 'granted' : p));
      },
      { enableHighAccuracy, timeout, maximumAge },
    );
    return () => geolocation.clearWatch(id);
  }, [supported, watching, enabled, enableHighAccuracy, timeout, maximumAge]);

  const enable = useCallback(() => setWatching(true), []);
  return { permission, fix, asking: watching && permission === 'pending', enable };
}
