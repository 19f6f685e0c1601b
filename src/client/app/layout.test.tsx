import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement, lazy, type ComponentType } from 'react';
import { createMemoryRouter, Link, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { expect, test, vi } from 'vitest';
import { createQueryClient } from '@client/lib/query-client';
import indexHtml from '../index.html?raw';
import { Layout } from './layout';
import { lazyChunk, preloadScreen } from './lazy-chunk';

/** The layout around screens whose chunk fails to load, or loads: the error card, then the next page works. */
test('a screen whose chunk fails to load gets an error card with a reload; the next page opens normally', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const screens: RouteObject[] = [
    { path: '/broken', Component: lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))), handle: { title: 'Broken' } },
    { path: '/fine', Component: () => createElement('h1', null, 'Fine page'), handle: { title: 'Fine' } },
  ];
  const Nav = () => createElement(Link, { to: '/fine' }, 'Go on');
  const router = createMemoryRouter(
    [{ element: createElement('div', null, createElement(Nav), createElement(Layout, { routes: screens })), children: screens }],
    { initialEntries: ['/broken'] },
  );
  render(createElement(QueryClientProvider, { client: createQueryClient() }, createElement(RouterProvider, { router })));
  expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded.');
  expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  expect(document.title).toBe('Broken · Speed Friendship');
  await userEvent.click(screen.getByRole('link', { name: 'Go on' }));
  expect(await screen.findByRole('heading', { name: 'Fine page' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(document.title).toBe('Fine · Speed Friendship');
});

/** A chunk whose arrival the test decides. */
function heldChunk(component: ComponentType) {
  let arrive = () => {};
  const load = vi.fn(() => new Promise<ComponentType>((resolve) => (arrive = () => resolve(component))));
  return { chunk: lazyChunk(load), load, arrive: () => arrive() };
}

test('a page in nested lazy chunks asks for all of them at once, not each after the one around it', async () => {
  const scope = heldChunk(() => createElement('section', { 'aria-label': 'Scope' }, createElement(Outlet)));
  const page = heldChunk(() => createElement('h1', null, 'Inner page'));
  const screens: RouteObject[] = [{ Component: scope.chunk, children: [{ path: '/inner', Component: page.chunk, handle: { title: 'Inner' } }] }];
  const router = createMemoryRouter([{ element: createElement(Layout, { routes: screens }), children: screens }], { initialEntries: ['/inner'] });
  render(createElement(RouterProvider, { router }));
  await vi.waitFor(() => expect(page.load).toHaveBeenCalledTimes(1));
  expect(scope.load).toHaveBeenCalledTimes(1);
  page.arrive();
  scope.arrive();
  expect(await screen.findByRole('heading', { name: 'Inner page' })).toBeInTheDocument();
  expect(page.load).toHaveBeenCalledTimes(1);
});

test("preloading a path starts only its screen's chunks and settles once every one of them has arrived", async () => {
  const scope = heldChunk(() => createElement('section', { 'aria-label': 'Scope' }, createElement(Outlet)));
  const page = heldChunk(() => createElement('h1', null, 'Inner page'));
  const other = heldChunk(() => createElement('h1', null, 'Other page'));
  const screens: RouteObject[] = [
    {
      Component: scope.chunk,
      children: [
        { path: '/inner', Component: page.chunk, handle: { title: 'Inner' } },
        { path: '/other', Component: other.chunk, handle: { title: 'Other' } },
      ],
    },
  ];
  let settled = false;
  const ready = preloadScreen(screens, '/inner').then(() => (settled = true));
  expect([scope.load, page.load, other.load].map((load) => load.mock.calls.length)).toEqual([1, 1, 0]);
  scope.arrive();
  await Promise.resolve();
  expect(settled).toBe(false);
  page.arrive();
  await ready;
  expect(settled).toBe(true);
});

/** An element as tag, sorted attributes and children, whitespace between tags ignored. */
function shape(el: Element): string {
  const attrs = [...el.attributes].map((a) => `${a.name}=${a.value}`).sort();
  const kids = [...el.childNodes].map((n) => (n.nodeType === 1 ? shape(n as Element) : (n.textContent ?? '').trim())).filter(Boolean);
  return `<${el.tagName.toLowerCase()} ${attrs.join(' ')}>${kids.join('')}</${el.tagName.toLowerCase()}>`;
}

test('the header painted before the script runs (index.html) is the header the app renders for a visitor', async () => {
  const page = new DOMParser().parseFromString(indexHtml, 'text/html');
  const painted = page.querySelector('#root header');
  expect(painted).not.toBeNull();
  const screens: RouteObject[] = [{ path: '/', Component: () => createElement('h1', null, 'Home'), handle: {} }];
  const router = createMemoryRouter([{ element: createElement(Layout, { routes: screens }), children: screens }], { initialEntries: ['/'] });
  render(createElement(RouterProvider, { router }));
  await screen.findByRole('heading', { name: 'Home' });
  expect(shape(document.querySelector('header')!)).toBe(shape(painted!));
});

test('a new screen opens at its top; back keeps what the browser restores; a new ?event= on the same screen keeps its place (issue 22)', async () => {
  const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  const screens: RouteObject[] = [
    { path: '/check-in', Component: () => createElement('h1', null, 'Check-in'), handle: { title: 'Check-in' } },
    { path: '/host-control', Component: () => createElement('h1', null, 'Host Control'), handle: { title: 'Host Control' } },
  ];
  const router = createMemoryRouter([{ element: createElement(Layout, { routes: screens }), children: screens }], { initialEntries: ['/check-in?event=5'] });
  render(createElement(QueryClientProvider, { client: createQueryClient() }, createElement(RouterProvider, { router })));
  await screen.findByRole('heading', { name: 'Check-in' });
  expect(scrollTo).not.toHaveBeenCalled();

  await router.navigate('/host-control?event=5');
  await screen.findByRole('heading', { name: 'Host Control' });
  expect(scrollTo).toHaveBeenCalledTimes(1);
  expect(scrollTo).toHaveBeenCalledWith(0, 0);

  await router.navigate('/host-control?event=6');
  expect(scrollTo).toHaveBeenCalledTimes(1);

  await router.navigate(-1);
  await router.navigate(-1);
  await screen.findByRole('heading', { name: 'Check-in' });
  expect(scrollTo).toHaveBeenCalledTimes(1);
});

// Issue 34: the title the server paints into a visitor's page shell (docs/decisions/0073) gave way to a spinner while the page's chunks loaded.
test("the top of the page the server painted into the shell stands in for the spinner while the first page's chunk loads, and only there", async () => {
  const shell = document.createElement('div');
  shell.id = 'root';
  shell.innerHTML =
    '<div class="flex"><header>Speed Friendship</header><main class="flex-1"><div class="mx-auto"><h1>Thursday Night Speed Friendship</h1></div></main></div>';
  document.body.append(shell);
  try {
    const evening = heldChunk(() => createElement('h1', null, 'Thursday Night Speed Friendship, drawn by the app'));
    const other = heldChunk(() => createElement('h1', null, 'Another page'));
    const screens: RouteObject[] = [
      { path: '/events/3', Component: evening.chunk, handle: { title: 'Event' } },
      { path: '/elsewhere', Component: other.chunk, handle: { title: 'Elsewhere' } },
    ];
    const router = createMemoryRouter([{ element: createElement(Layout, { routes: screens }), children: screens }], { initialEntries: ['/events/3'] });
    const { container } = render(createElement(RouterProvider, { router }));
    const inApp = within(container);
    // While the chunk is on its way: the painted title, in the app's main, not a spinner.
    expect(await inApp.findByRole('heading', { name: 'Thursday Night Speed Friendship' })).toBeInTheDocument();
    expect(inApp.getByRole('main').querySelector('[data-prepaint] .mx-auto > h1')).not.toBeNull();
    expect(inApp.queryByRole('status')).toBeNull();
    evening.arrive();
    expect(await inApp.findByRole('heading', { name: 'Thursday Night Speed Friendship, drawn by the app' })).toBeInTheDocument();
    expect(inApp.queryByRole('heading', { name: 'Thursday Night Speed Friendship' })).toBeNull();
    // Another page's chunk on its way: never the painted title again.
    void router.navigate('/elsewhere');
    await vi.waitFor(() => expect(other.load).toHaveBeenCalled());
    expect(inApp.queryByRole('heading', { name: 'Thursday Night Speed Friendship' })).toBeNull();
    other.arrive();
    expect(await inApp.findByRole('heading', { name: 'Another page' })).toBeInTheDocument();
  } finally {
    shell.remove();
  }
});
