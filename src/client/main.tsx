// First: zod must know before any schema is built that it may not use eval (see the module).
import './lib/zod-jitless';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppRoutes, loadScreen } from './app/router';
import './styles.css';

// A link we handed out names its source (?source=flyer-qr): remember the first one for the signup,
// and report the visit when it opened an evening's page (/share analytics, docs/decisions/0047).
// Only such a link loads this; the first paint of every other visit goes without it.
if (new URLSearchParams(window.location.search).has('source')) {
  // The address the visit landed on, read now: the router may move on (e.g. to /login) before the module loads.
  const landed = { pathname: window.location.pathname, search: window.location.search };
  void import('./lib/share-source').then((m) => {
    m.rememberShareSource(landed.search, landed.pathname);
    m.reportVisit(landed);
  });
}

// The service worker (docs/decisions/0051): its chunk loads once the page has loaded and the network has
// been quiet a while, so it is no part of the first paint, nor competes with the screen's own chunks.
if ('serviceWorker' in navigator) {
  window.addEventListener('load', () => setTimeout(() => void import('./lib/service-worker').then((m) => m.registerServiceWorker()), 3000), { once: true });
}

// The first render is a transition, which React renders in slices of a few milliseconds, giving
// the browser a turn between them; rendered at once it held the phone's main thread for 40-70 ms
// (160-280 ms on Lighthouse's slowed phone: Total Blocking Time). Until it commits, the header
// painted from index.html shows (docs/decisions/0031, 0027). It starts once the first screen's
// chunks are here: rendered before, the screen showed the spinner and React held it back until 300 ms
// after that (its throttle of revealed Suspense content); a chunk slower than a second gets the
// spinner (docs/decisions/0117).
const FIRST_SCREEN_WAIT_MS = 1000;
const root = createRoot(document.getElementById('root')!);
const render = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        {/* The query client comes with the first screen that reads data (app/query-scope.tsx). */}
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
void Promise.race([loadScreen(window.location.pathname), new Promise((r) => setTimeout(r, FIRST_SCREEN_WAIT_MS))]).then(render);
