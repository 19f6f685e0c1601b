import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createElement, lazy } from 'react';
import { createMemoryRouter, Link, RouterProvider, type RouteObject } from 'react-router';
import { expect, test, vi } from 'vitest';
import { createQueryClient } from '@client/lib/query-client';
import { Layout } from './layout';

/** The layout around screens whose chunk fails to load, or loads: the error card, then the next page works. */
test('a screen whose chunk fails to load gets an error card with a reload; the next page opens normally', async () => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  const screens: RouteObject[] = [
    { path: '/broken', Component: lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))), handle: { title: 'Broken' } },
    { path: '/fine', Component: () => createElement('h1', null, 'Fine page'), handle: { title: 'Fine' } },
  ];
  const Nav = () => createElement(Link, { to: '/fine' }, 'Go on');
  const router = createMemoryRouter([{ element: createElement('div', null, createElement(Nav), createElement(Layout, { routes: screens })), children: screens }], { initialEntries: ['/broken'] });
  render(createElement(QueryClientProvider, { client: createQueryClient() }, createElement(RouterProvider, { router })));
  expect(await screen.findByRole('alert')).toHaveTextContent('This page could not be loaded.');
  expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  expect(document.title).toBe('Broken · Speed Friendship');
  await userEvent.click(screen.getByRole('link', { name: 'Go on' }));
  expect(await screen.findByRole('heading', { name: 'Fine page' })).toBeInTheDocument();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(document.title).toBe('Fine · Speed Friendship');
});
