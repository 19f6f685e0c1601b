import { Download, Trash2 } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { messageOf } from '@client/lib/api';
import { useExportData } from '../api/profile';

/** 'Your data': download everything we store as JSON, or delete the account for good. */
export function YourDataCard({ userId, onDeleted }: { userId: number; onDeleted: () => void | Promise<void> }) {
  const exportData = useExportData(userId);
  return (
    <Card>
      <CardTitle>Your data</CardTitle>
      <p className="mt-2 text-muted">
        Download a copy of everything we keep about you, or close your account and remove it for good.{' '}
        <Link to="/privacy" className="font-semibold text-wine-700 underline underline-offset-2 hover:text-wine-900">
          What we keep and for how long
        </Link>
      </p>
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
        <DeleteAccount userId={userId} onDeleted={onDeleted} />
      </div>
    </Card>
  );
}

/** The confirmation (and Radix's dialog code) loads when the member first asks to delete the account. */
const DeleteAccountDialog = lazy(() => import('./delete-account-dialog').then((m) => ({ default: m.DeleteAccountDialog })));

function DeleteAccount({ userId, onDeleted }: { userId: number; onDeleted: () => void | Promise<void> }) {
  const [open, setOpen] = useState(false);
  // The button that opened the dialog, once asked: the dialog mounts then, and stays.
  const [opener, setOpener] = useState<HTMLElement | null>(null);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={(e) => {
          setOpener(e.currentTarget);
          setOpen(true);
        }}
        className="inline-flex min-h-12 items-center justify-center gap-2 rounded-2xl border-2 border-red-200 bg-white px-5 text-base font-semibold text-red-700 transition-colors hover:bg-red-50"
      >
        <Trash2 aria-hidden="true" className="size-5" />
        Delete my account
      </button>
      {opener && (
        <Suspense fallback={null}>
          <DeleteAccountDialog userId={userId} onDeleted={onDeleted} open={open} onOpenChange={setOpen} opener={opener} />
        </Suspense>
      )}
    </>
  );
}
