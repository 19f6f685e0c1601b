import { useQueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast } from 'sonner';
import { afterEach, expect, test } from 'vitest';
import { Providers } from './providers';

afterEach(() => {
  toast.dismiss();
});

function SaveButton() {
  const qc = useQueryClient();
  return (
    <button type="button" onClick={() => toast.success('Profile Updated', { description: `Saved (${qc.isFetching()} loading).` })}>
      Save
    </button>
  );
}

test('the app gets a query client and a toaster: a toast shows with a close button', async () => {
  render(
    <Providers>
      <SaveButton />
    </Providers>,
  );
  // The toaster is its own chunk, loaded after the first paint.
  await screen.findByRole('region', { name: /Notifications/ });
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
  expect(screen.getByText('Saved (0 loading).')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Close toast' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: /Notifications F8/ })).toBeInTheDocument();
});
