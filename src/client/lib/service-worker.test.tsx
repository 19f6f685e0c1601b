import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import { UpdatePrompt } from './service-worker';

test('a new version is offered, and only "Reload to update" applies it (once)', async () => {
  const onUpdate = vi.fn();
  const onLater = vi.fn();
  render(<UpdatePrompt onUpdate={onUpdate} onLater={onLater} />);
  expect(screen.getByRole('region', { name: 'A new version of Speed Friendship is ready' })).toBeInTheDocument();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Reload to update' }));
  expect(onUpdate).toHaveBeenCalledTimes(1);
  expect(screen.getByRole('button', { name: 'Reload to update' })).toBeDisabled();
  await user.click(screen.getByRole('button', { name: 'Later' }));
  expect(onLater).toHaveBeenCalledTimes(1);
});
