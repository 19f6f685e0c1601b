import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { renderAt } from '@client/test/render';
import { AccessCard } from './access-card';

test('a visitor is offered to log in and come back to the same page', async () => {
  renderAt(
    <AccessCard kind="signin" title="Log in to see your round timer">
      <p>On the night, your phone shows the same round and clock as everyone in the room.</p>
    </AccessCard>,
    { path: '/timer?event=5' },
  );
  expect(await screen.findByRole('heading', { name: 'Log in to see your round timer' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Ftimer%3Fevent%3D5');
});
