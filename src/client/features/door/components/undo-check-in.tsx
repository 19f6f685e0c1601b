import { Undo2 } from 'lucide-react';
import { toast } from 'sonner';
import type { DoorGuest } from '@shared/schemas/door';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogIcon, DialogTrigger } from '@client/components/ui/dialog';
import { messageOf } from '@client/lib/api';
import { useUndoCheckIn } from '../api/door';

/** Undo, after a question: a mistaken check-in (the wrong Sam, a double tap) is taken back. */
export function UndoCheckIn({ eventId, guest }: { eventId: number; guest: DoorGuest }) {
  const undo = useUndoCheckIn(eventId);
  // The promise, not mutate's callbacks: the row (in the recent list) is gone once the undo lands.
  const confirm = () =>
    undo.mutateAsync(guest.userId).then(
      (r) => toast.success('Check-in undone', { description: `${r.guest.name} is no longer checked in.` }),
      (err: unknown) => toast.error('Could not undo the check-in', { description: messageOf(err, 'Please try again.') }),
    );
  return (
    <Dialog>
      <DialogTrigger asChild disabled={undo.isPending}>
        <Button variant="ghost" size="sm" className="shrink-0 text-wine-800">
          <Undo2 aria-hidden="true" className="size-4" />
          {undo.isPending ? 'Undoing…' : 'Undo'}
          <span className="sr-only"> check-in of {guest.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Undo ${guest.name}'s check-in?`}
        description={`${guest.name} will show as still to come. You can check them in again at any time.`}
        icon={<DialogIcon icon={Undo2} tone="warm" />}
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" size="lg">
              Keep checked in
            </Button>
          </DialogClose>
          <DialogClose asChild>
            <Button variant="destructive" size="lg" onClick={() => void confirm()}>
              Undo check-in
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
