import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { expect, test } from 'vitest';
import { Button } from './button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogIcon, DialogTrigger } from './dialog';

function Confirm({ closeDisabled, variant }: { closeDisabled?: boolean; variant?: 'card' | 'takeover' }) {
  const [done, setDone] = useState(false);
  return (
    <>
      <Dialog>
        <DialogTrigger asChild>
          <Button>Cancel my place</Button>
        </DialogTrigger>
        <DialogContent
          title="Cancel your place?"
          description="You will get a full refund."
          icon={<DialogIcon icon={TriangleAlert} tone="danger" />}
          closeLabel="Keep my place"
          closeDisabled={closeDisabled}
          variant={variant}
        >
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="outline">Keep it</Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => setDone(true)}>
              Yes, cancel
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      {done && <p>Cancelled</p>}
    </>
  );
}

test('the dialog is named by its title, described by its text, and focus moves in', async () => {
  const user = userEvent.setup();
  render(<Confirm />);
  await user.click(screen.getByRole('button', { name: 'Cancel my place' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel your place?' });
  expect(dialog).toHaveAccessibleDescription('You will get a full refund.');
  expect(dialog.contains(document.activeElement)).toBe(true);
  await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel' }));
  expect(screen.getByText('Cancelled')).toBeInTheDocument();
});

test('Escape closes it and focus goes back to the button that opened it', async () => {
  const user = userEvent.setup();
  render(<Confirm />);
  const opener = screen.getByRole('button', { name: 'Cancel my place' });
  await user.click(opener);
  await screen.findByRole('dialog');
  await user.keyboard('{Escape}');
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(opener).toHaveFocus();
});

test('the close button carries its own name, and the way-out button closes too', async () => {
  const user = userEvent.setup();
  render(<Confirm />);
  await user.click(screen.getByRole('button', { name: 'Cancel my place' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep my place' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Cancel my place' }));
  await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep it' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

test('while something runs, the close button is disabled', async () => {
  const user = userEvent.setup();
  render(<Confirm closeDisabled />);
  await user.click(screen.getByRole('button', { name: 'Cancel my place' }));
  const close = within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep my place' });
  expect(close).toBeDisabled();
});

test('a takeover has no close button', async () => {
  const user = userEvent.setup();
  render(<Confirm variant="takeover" />);
  await user.click(screen.getByRole('button', { name: 'Cancel my place' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel your place?' });
  expect(within(dialog).queryByRole('button', { name: 'Keep my place' })).not.toBeInTheDocument();
});
