/**
 * The app shell under test: the real route table (every lazy screen, the guard and the layout)
 * in a memory router at a chosen path (the app's query client is new for every test: test/setup.ts). Fixtures for who is signed in.
 */
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { Me } from '@shared/schemas/auth';
import type { Role } from '@shared/schemas/users';
import { signIn } from '@client/test/render';
import { routes } from './router';

// Screens are lazy chunks: the first visit to each compiles it, which can take more than a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });
/** The same patience for vi.waitFor on a navigation to a screen not loaded yet. */
export const LAZY = { timeout: 5000 };

export const EMAIL = 'alex@speedfriendship.test';

/** GET /api/auth/me for a signed-in member with these roles (id 7). */
export const me = (...roles: Role[]): Me => ({ id: 7, email: EMAIL, name: 'Alex Morgan', roles: roles.length ? roles : ['member'] });

/** Sign the browser in as member 7 (the local keys), and return the server's answer for /api/auth/me. */
export function signedInAs(...roles: Role[]) {
  signIn(7, EMAIL);
  return { 'GET /api/auth/me': me(...roles) };
}

/** Render the app's own route table at `path`. */
export function renderApp(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const user = userEvent.setup();
  const view = render(createElement(RouterProvider, { router }));
  const location = () => router.state.location.pathname + router.state.location.search;
  return { ...view, router, user, location };
}
