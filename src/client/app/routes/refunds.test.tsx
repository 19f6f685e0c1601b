import { screen, within } from '@testing-library/react';
import { expect, test } from 'vitest';
import { fakeServer } from '@client/test/render';
import { LAZY, renderApp } from '../app.fixtures';

// Issue 34: the refund rule is a page of its own, for anyone, with the public pages' footer.
test('a visitor reads the refund rule at /refunds, as cancelling applies it, with privacy and contact in the footer', async () => {
  const server = fakeServer({});
  renderApp('/refunds');
  expect(await screen.findByRole('heading', { level: 1, name: 'Cancellations and refunds' }, LAZY)).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: '24 hours or more before the start: a full refund' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Less than 24 hours before: no refund, unless someone takes your place' })).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Once the evening has started' })).toBeInTheDocument();
  const footer = screen.getByRole('navigation', { name: 'About this site' });
  expect(within(footer).getByRole('link', { name: 'Privacy' })).toHaveAttribute('href', '/privacy');
  expect(within(footer).getByRole('link', { name: 'Refunds' })).toHaveAttribute('href', '/refunds');
  expect(within(footer).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', 'mailto:hello@speedfriendship.test');
  // Public: nothing asks who the visitor is.
  expect(server.calls).toHaveLength(0);
});
