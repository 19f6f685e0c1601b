import { Trash2, TriangleAlert } from 'lucide-react';
import { toast } from 'sonner';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogIcon } from '@client/components/ui/dialog';
import { messageOf } from '@client/lib/api';
import { useDeleteAccount } from '../api/profile';

/** Delete the account for good, after a confirmation. Focus goes back to `opener` when it closes. */
export function DeleteAccountDialog({
  userId,
  onDeleted,
  open,
  onOpenChange,
  opener,
}: {
  userId: number;
  onDeleted: () => void | Promise<void>;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  opener: HTMLElement | null;
}) {
  const remove = useDeleteAccount(userId, onDeleted);
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && onOpenChange(next)}>
      <DialogContent
        title="Delete your account?"
        description="This permanently removes your profile, your event registrations and your login. It cannot be undone. If you want a copy, download your data first."
        icon={<DialogIcon icon={TriangleAlert} tone="danger" />}
        closeDisabled={remove.isPending}
        onCloseAutoFocus={(e) => {
          // No DialogTrigger (the button is on the card, which loads without the dialog): say where focus goes back to.
          e.preventDefault();
          opener?.focus();
        }}
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" disabled={remove.isPending}>
              Cancel
            </Button>
          </DialogClose>
          <Button
            variant="destructive"
            disabled={remove.isPending}
            onClick={async () => {
              try {
                await remove.mutateAsync();
                toast.success('Account Deleted', { description: 'Your account and data have been removed. Take care!' });
              } catch (err) {
                toast.error('Delete Failed', { description: messageOf(err, 'Failed to delete your account') });
              }
            }}
          >
            <Trash2 aria-hidden="true" className="size-5" />
            {remove.isPending ? 'Deleting…' : 'Delete account'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
