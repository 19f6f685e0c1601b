import { Download, Trash2, TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogIcon, DialogTrigger } from '@client/components/ui/dialog';
import { messageOf } from '@client/lib/api';
import { useDeleteAccount, useExportData } from '../api/profile';

/** 'Your data': download everything we store as JSON, or delete the account for good. */
export function YourDataCard({ userId, onDeleted }: { userId: number; onDeleted: () => void | Promise<void> }) {
  const exportData = useExportData(userId);
  return (
    <Card>
      <CardTitle>Your data</CardTitle>
      <p className="mt-2 text-muted">Download a copy of everything we keep about you, or close your account and remove it for good.</p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row sm:flex-wrap">
        <Button
          variant="outline"
          disabled={exportData.isPending}
          onClick={() =>
            exportData.mutate(undefined, {
              onSuccess: () => toast.success('Download started', { description: 'Your data is saved as a JSON file.' }),
              onError: (err) => toast.error('Download Failed', { description: messageOf(err, 'Failed to download your data') }),
            })
          }
        >
          <Download aria-hidden="true" className="size-5" />
          {exportData.isPending ? 'Preparing…' : 'Download my data'}
        </Button>
        <DeleteAccountDialog userId={userId} onDeleted={onDeleted} />
      </div>
    </Card>
  );
}

function DeleteAccountDialog({ userId, onDeleted }: { userId: number; onDeleted: () => void | Promise<void> }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount(userId, onDeleted);
  return (
    <Dialog open={open} onOpenChange={(next) => !remove.isPending && setOpen(next)}>
      <DialogTrigger asChild>
        <button
          type="button"
          className="inline-flex min-h-12 items-center justify-center gap-2 rounded-2xl border-2 border-red-200 bg-white px-5 text-base font-semibold text-red-700 transition-colors hover:bg-red-50"
        >
          <Trash2 aria-hidden="true" className="size-5" />
          Delete my account
        </button>
      </DialogTrigger>
      <DialogContent
        title="Delete your account?"
        description="This permanently removes your profile, your event registrations and your login. It cannot be undone. If you want a copy, download your data first."
        icon={<DialogIcon icon={TriangleAlert} tone="danger" />}
        closeDisabled={remove.isPending}
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
