import { EVENTS_PAGE } from '@shared/domain/events-page';
import type { PublicEvening } from '@shared/schemas/public-evening';
import { escapeHtml } from './head';

/**
 * The top of a visitor's page, written by the server into the page shell of index.html after the
 * header painted there (docs/decisions/0027), so the page's largest text (what Lighthouse measures
 * as LCP) paints from the HTML and its stylesheet alone, before any script has run; the app replaces
 * it with the same markup in the same place when it renders (docs/decisions/0073). Keep the classes
 * in step with the components named below, and with Page and PageTitle in components/ui/page.tsx.
 */

/**
 * Page wide (components/ui/page.tsx) in the layout's main (app/layout.tsx), as for a visitor (no
 * navigation bar); marked `data-prepaint`, so a check waiting for the app's screen can tell them apart.
 */
const page = (inner: string) => `<main class="flex-1" data-prepaint=""><div class="mx-auto w-full px-4 py-6 sm:px-6 max-w-5xl">${inner}</div></main>`;

/** StatusBadge's words and tones (features/events/components/status-badge.tsx, components/ui/badge.tsx). */
const BADGE: Record<PublicEvening['state'], { label: string; tone: string }> = {
  open: { label: 'Open', tone: 'bg-emerald-100 text-emerald-800' },
  full: { label: 'Full', tone: 'bg-apricot-100 text-apricot-700' },
  started: { label: 'Happening now', tone: 'bg-apricot-100 text-apricot-700' },
  ended: { label: 'Past', tone: 'bg-stone-200 text-stone-700' },
};

/** An evening's public page: its status pill and title (PublicEveningView, features/events/components/public-evening-screen.tsx). */
export function eveningTop(e: Pick<PublicEvening, 'title' | 'state'>): string {
  const badge = BADGE[e.state];
  return page(
    [
      '<div class="grid gap-5 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-8 lg:gap-y-6">',
      '<div class="lg:col-start-1">',
      `<span class="inline-flex items-center rounded-full px-3 py-1 text-sm font-semibold ${badge.tone}">${badge.label}</span>`,
      `<h1 class="mt-3 text-3xl leading-tight font-bold break-words text-wine-900 sm:text-4xl">${escapeHtml(e.title)}</h1>`,
      '</div></div>',
    ].join(''),
  );
}

/** /events for a visitor: its heading and line (PageTitle in app/routes/open-events.tsx). */
export function eventsTop(): string {
  return page(
    `<div class="mb-6 space-y-1"><h1 class="text-3xl font-bold text-wine-900">${escapeHtml(EVENTS_PAGE.title)}</h1><p class="text-muted">${escapeHtml(EVENTS_PAGE.sub)}</p></div>`,
  );
}

/** The page with `top` painted after the shell's header; the page as it was when the shell has no header. */
export function withPrepaint(html: string, top: string): string {
  const root = html.indexOf('<div id="root">');
  const header = root < 0 ? -1 : html.indexOf('</header>', root);
  if (header < 0) return html;
  const at = header + '</header>'.length;
  return `${html.slice(0, at)}\n        ${top}${html.slice(at)}`;
}
