/**
 * Client test helpers: render a component the way the app does (a fresh query client, a
 * memory router at a chosen path), and answer its HTTP calls with a fake server at the edge
 * of the world (`fetch`), never by mocking our own modules.
 */
import { QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { createQueryClient } from '@client/lib/query-client';
import { rememberUser } from '@client/lib/session';

export interface FakeRequest {
  method: string;
  url: URL;
  body: unknown;
  headers: Headers;
}

type Answer = unknown | ((req: FakeRequest) => unknown);

/** A reply with a status other than 200. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

/**
 * Stubs `fetch`: `routes` maps 'GET /api/events' (method and path, no query) to a JSON body,
 * a Reply, or a function of the request. Unknown routes answer 404 and are listed in
 * `unhandled` so a test can assert none were missed. Every call is recorded in `calls`.
 */
export function fakeServer(routes: Record<string, Answer>) {
  const calls: FakeRequest[] = [];
  const unhandled: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const req = { method, url, body, headers: new Headers(init?.headers) };
    calls.push(req);
    const key = `${method} ${url.pathname}`;
    if (!(key in routes)) {
      unhandled.push(key);
      return new Response(JSON.stringify({ message: 'Not found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    }
    const route = routes[key];
    let answer = typeof route === 'function' ? (route as (r: FakeRequest) => unknown)(req) : route;
    answer = await answer;
    const status = answer instanceof Reply ? answer.status : 200;
    const payload = answer instanceof Reply ? answer.body : answer;
    return new Response(payload === undefined ? '' : JSON.stringify(payload), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, unhandled, fetch: fetchMock, set: (key: string, a: Answer) => (routes[key] = a) };
}

/** Mark the browser as signed in (the local keys the client guard reads). */
export function signIn(id = 1, email = 'member@speedfriendship.test') {
  rememberUser(id, email);
}

/**
 * Render `ui` inside the app's providers at `path` (with `pattern` as the route pattern, so
 * useParams works). Returns Testing Library's queries, a user-event instance and the router.
 */
export function renderAt(
  ui: ReactElement,
  { path = '/', pattern = '*' }: { path?: string; pattern?: string } = {},
): RenderResult & { user: ReturnType<typeof userEvent.setup>; router: ReturnType<typeof createMemoryRouter> } {
  const client = createQueryClient();
  const router = createMemoryRouter(
    [
      { path: pattern, element: ui },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  // With fake timers on, user-event's own pauses advance them (else a click would wait forever).
  const user = userEvent.setup({ advanceTimers: (ms) => (vi.isFakeTimers() ? vi.advanceTimersByTime(ms) : undefined) });
  const result = render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...result, user, router };
}
