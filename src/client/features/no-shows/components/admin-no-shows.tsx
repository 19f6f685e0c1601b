import { zodResolver } from '@hookform/resolvers/zod';
import { CalendarX2, Eraser } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { CLEAR_REASON_MAX } from '@shared/domain/no-shows';
import { clearNoShowBody, type AdminNoShow } from '@shared/schemas/no-shows';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogIcon, DialogTrigger } from '@client/components/ui/dialog';
import { TextAreaField } from '@client/components/ui/field';
import { LoadError } from '@client/components/ui/load-error';
import { Spinner } from '@client/components/ui/spinner';
import { messageOf } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { useAdminNoShows, useClearNoShow } from '../api/no-shows';

/**
 * For admins, on the members screen (/admin-stats): every no-show kept, newest first, with the member,
 * whether their free bookings are paused now, and Clear for one excused on request (illness, an
 * emergency), with a reason that the member sees (docs/decisions/0076-no-shows-have-a-cost.md).
 */
export function AdminNoShows({ isAdmin }: { isAdmin: boolean }) {
  const list = useAdminNoShows(isAdmin);
  if (!isAdmin) return null;
  return (
    <section aria-labelledby="admin-no-shows-title">
      <Card>
        <CardTitle id="admin-no-shows-title" className="flex items-center gap-2">
          <CalendarX2 aria-hidden="true" className="size-5 text-wine-700" />
          No-shows
        </CardTitle>
        <p className="mt-1 text-sm text-muted">
          Members booked and not checked in by the end of the evening. Clear one when a member asks with a good reason; they see the reason on their profile.
        </p>
        {list.isPending ? (
          <Spinner label="Loading no-shows" />
        ) : list.isError ? (
          <LoadError title="Could not load the no-shows" message="Please check your connection and try again." onRetry={() => void list.refetch()} />
        ) : list.data.length === 0 ? (
          <p className="mt-3">No no-shows recorded.</p>
        ) : (
          <ul className="mt-3 divide-y divide-wine-100">
            {list.data.map((n) => (
              <NoShowRow key={n.id} noShow={n} />
            ))}
          </ul>
        )}
      </Card>
    </section>
  );
}

function NoShowRow({ noShow: n }: { noShow: AdminNoShow }) {
  return (
    <li className="flex flex-col gap-2 py-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <p className="font-semibold break-words text-wine-900">
          {n.name} <span className="font-normal break-all text-muted">· {n.email}</span>
        </p>
        <p className="text-sm text-ink">
          {n.eventTitle} · {formatDate(n.eveningAt, 'medium')}
        </p>
        {n.cleared ? (
          <p className="mt-1 text-sm text-ink">
            <Badge tone="green">Cleared</Badge> {formatDate(n.cleared.at, 'plain')}
            {n.cleared.byName && ` by ${n.cleared.byName}`}: <span className="break-words">{n.cleared.reason}</span>
          </p>
        ) : (
          n.pausedUntil && (
            <p className="mt-1">
              <Badge tone="apricot">Free bookings paused until {formatDate(n.pausedUntil, 'plain')}</Badge>
            </p>
          )
        )}
      </div>
      {!n.cleared && <ClearButton noShow={n} />}
    </li>
  );
}

function ClearButton({ noShow: n }: { noShow: AdminNoShow }) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(clearNoShowBody), defaultValues: { reason: '' } });
  const clear = useClearNoShow();
  const reason = form.watch('reason') ?? '';
  const submit = form.handleSubmit(({ reason }) =>
    clear.mutate(
      { id: n.id, reason },
      {
        onSuccess: () => {
          toast.success(`No-show cleared for ${n.name}`);
          setOpen(false);
          form.reset();
        },
        onError: (err) => setFailure(messageOf(err, 'The no-show could not be cleared. Please try again.')),
      },
    ),
  );
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setFailure(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="shrink-0 self-start">
          <Eraser aria-hidden="true" className="size-4" />
          Clear
          <span className="sr-only">
            {' '}
            the no-show of {n.name} at {n.eventTitle}
          </span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Clear ${n.name}'s no-show`}
        description={`${n.eventTitle}, ${formatDate(n.eveningAt, 'long')}. It will no longer count towards a pause, and ${n.name} sees the reason on their profile.`}
        icon={<DialogIcon icon={Eraser} />}
      >
        <form
          onSubmit={(e) => {
            setFailure(null);
            void submit(e);
          }}
          className="mt-4 space-y-4"
          noValidate
        >
          <TextAreaField
            label="Reason"
            hint={`Required. ${reason.length}/${CLEAR_REASON_MAX} characters`}
            maxLength={CLEAR_REASON_MAX}
            rows={3}
            error={form.formState.errors.reason?.message}
            {...form.register('reason')}
          />
          {failure && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {failure}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" size="lg">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" size="lg" disabled={clear.isPending}>
              Clear no-show
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
