import { DoorOpen } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogIcon, DialogTrigger } from '@client/components/ui/dialog';
import { messageOf } from '@client/lib/api';
import { useRemoveGuest } from '../api/safety';

/** A host removes a guest from tonight's evening, after a question (docs/decisions/0042). */
export function RemoveGuest({ eventId, guest }: { eventId: number; guest: { userId: number; name: string } }) {
  const remove = useRemoveGuest(eventId);
  const confirm = () =>
    remove.mutateAsync(guest.userId).then(
      () => toast.success(`${guest.name} is removed`, { description: 'The rest of the evening is planned again without them, and their phone says so.' }),
      (err: unknown) => toast.error('Could not remove the guest', { description: messageOf(err, 'Please try again.') }),
    );
  return (
    <Dialog>
      <DialogTrigger asChild disabled={remove.isPending}>
        <Button variant="ghost" size="sm" className="shrink-0 text-red-800">
          <DoorOpen aria-hidden="true" className="size-4" />
          Remove
          <span className="sr-only"> {guest.name} from tonight</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Remove ${guest.name} from tonight?`}
        description={`${guest.name} leaves the rotation at once: the remaining rounds are planned again without them, their partner sits out the rest of this round, and nobody can rate them. Their phone tells them. They cannot be checked in again tonight.`}
        icon={<DialogIcon icon={DoorOpen} tone="danger" />}
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" size="lg">
              Keep {guest.name}
            </Button>
          </DialogClose>
          <DialogClose asChild>
            <Button variant="destructive" size="lg" onClick={() => void confirm()}>
              Remove {guest.name}
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
