import { useEffect, useState } from 'react';
import type { FlyerContent, FlyerSpec } from '../lib/flyers';
import { appFonts, canvasToPng, loadFlyerFonts, renderFlyer } from '../lib/draw';

export type FlyerPng = { status: 'drawing' } | { status: 'ready'; url: string; bytes: number } | { status: 'failed'; message: string };

/**
 * One flyer drawn once, after the app's fonts have loaded, and kept as a PNG (an object URL): the
 * preview shows it and Download saves those very bytes. A new event means a new component (keyed
 * by the caller), so the state starts over as 'drawing'. The URL is released on unmount.
 */
export function useFlyerPng(spec: FlyerSpec, content: FlyerContent): FlyerPng {
  const [png, setPng] = useState<FlyerPng>({ status: 'drawing' });
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    void (async () => {
      const families = appFonts();
      await loadFlyerFonts(families);
      if (!live) return;
      const blob = await canvasToPng(renderFlyer(spec, content, families));
      if (!live) return;
      url = URL.createObjectURL(blob);
      setPng({ status: 'ready', url, bytes: blob.size });
    })().catch((err: unknown) => {
      console.error(`Drawing the ${spec.name} failed`, err);
      if (live) setPng({ status: 'failed', message: err instanceof Error ? err.message : String(err) });
    });
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [spec, content]);
  return png;
}
