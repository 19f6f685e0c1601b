import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Workbox } from 'workbox-window';
import { Button } from '@client/components/ui/button';

/**
 * The service worker (vite.config.ts, docs/decisions/0051-the-evening-offline.md): registered by this
 * chunk, which main.tsx loads once the page has loaded and gone quiet, so the first paint of /
 * carries none of it. A new version waits (registerType 'prompt'): the page offers "Reload to
 * update", and only a yes activates it and reloads. Until then every page, and every chunk a page
 * loads, is the running worker's release (its precache serves pages too, online or offline), so no
 * page ever runs half of one version and half of the other.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    showUpdatePrompt(() => {
      // The reload comes when the new worker controls this page, not before.
      wb.addEventListener('controlling', () => window.location.reload());
      wb.messageSkipWaiting();
    });
  });
  void wb.register().catch((err: unknown) => console.error('Service worker registration failed', err));
}

function showUpdatePrompt(update: () => void) {
  if (document.getElementById('update-prompt')) return;
  const host = document.createElement('div');
  host.id = 'update-prompt';
  document.body.append(host);
  const root = createRoot(host);
  root.render(
    <UpdatePrompt
      onUpdate={update}
      onLater={() => {
        root.unmount();
        host.remove();
      }}
    />,
  );
}

export function UpdatePrompt({ onUpdate, onLater }: { onUpdate: () => void; onLater: () => void }) {
  const [busy, setBusy] = useState(false);
  return (
    <section
      aria-labelledby="update-prompt-title"
      className="fixed inset-x-3 bottom-24 z-50 mx-auto max-w-md rounded-2xl bg-wine-900 p-4 text-cream shadow-xl md:bottom-6"
    >
      <h2 id="update-prompt-title" className="text-lg font-semibold">
        A new version of Speed Friendship is ready
      </h2>
      <p className="mt-1 text-base text-wine-100">Reload to use it. Anything you are typing stays on this screen until you do.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={busy}
          onClick={() => {
            setBusy(true);
            onUpdate();
          }}
        >
          Reload to update
        </Button>
        {/* Cream on the wine panel (the ghost button's wine text was dark on dark): issue 32. */}
        <button
          type="button"
          className="inline-flex min-h-12 items-center justify-center rounded-2xl border-2 border-cream/70 px-5 text-base font-semibold text-cream transition-colors hover:bg-white/10"
          onClick={onLater}
        >
          Later
        </button>
      </div>
    </section>
  );
}
