import { zodResolver } from '@hookform/resolvers/zod';
import { Flag, ShieldBan } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { REPORT_DETAILS_MAX, REPORT_REASON_LABELS, REPORT_REASONS, reportBody, type ReportContext } from '@shared/schemas/safety';
import { Button } from '@client/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogIcon, DialogTrigger } from '@client/components/ui/dialog';
import { TextAreaField } from '@client/components/ui/field';
import { messageOf } from '@client/lib/api';
import { useBlock, useReport } from '../api/safety';

/** What the report dialog asks: the route's own rules for the reason and the details (the rest comes from where it opens). */
const reportForm = reportBody.pick({ reason: true, details: true });

interface Person {
  id: number;
  name: string;
}

/**
 * Block and Report, for a person the member met (an evening, a match, an invite): each asks first in
 * a dialog. The person is never told (docs/decisions/0041). `blocked`: the member has blocked them
 * already (their list of blocks says so), so it reads Blocked, undone on the profile, and Report stays.
 */
export function SafetyActions({ eventId, person, context, blocked = false }: { eventId: number; person: Person; context: ReportContext; blocked?: boolean }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      {blocked ? <BlockedNote person={person} /> : <BlockButton person={person} />}
      <ReportButton eventId={eventId} person={person} context={context} />
    </div>
  );
}

function BlockedNote({ person }: { person: Person }) {
  return (
    <p className="flex min-h-11 flex-wrap items-center gap-x-2 px-4 text-sm text-ink">
      <ShieldBan aria-hidden="true" className="size-4 text-wine-700" />
      <span className="font-semibold text-wine-900">You blocked {person.name}</span>
      <Link to="/profile" className="inline-flex min-h-11 items-center font-medium text-wine-800 underline underline-offset-2">
        Undo on your profile
      </Link>
    </p>
  );
}

export function BlockButton({ person, onBlocked }: { person: Person; onBlocked?: () => void }) {
  const block = useBlock();
  const confirm = () =>
    block.mutateAsync({ userId: person.id, blocked: true }).then(
      () => {
        toast.success(`${person.name} is blocked`, { description: 'You can undo this on your profile.' });
        onBlocked?.();
      },
      (err: unknown) => toast.error('Could not block', { description: messageOf(err, 'Please try again.') }),
    );
  return (
    <Dialog>
      <DialogTrigger asChild disabled={block.isPending}>
        <Button variant="ghost" size="sm">
          <ShieldBan aria-hidden="true" className="size-4" />
          Block<span className="sr-only"> {person.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Block ${person.name}?`}
        description={`You won't be seated with ${person.name} at any evening again, neither of you will see the other in match previews, badges or friend groups, and invites between you are refused. ${person.name} is not told. You can undo this on your profile.`}
        icon={<DialogIcon icon={ShieldBan} tone="danger" />}
      >
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline" size="lg">
              Cancel
            </Button>
          </DialogClose>
          <DialogClose asChild>
            <Button variant="destructive" size="lg" onClick={() => void confirm()}>
              Block {person.name}
            </Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function ReportButton({ eventId, person, context }: { eventId: number; person: Person; context: ReportContext }) {
  const [open, setOpen] = useState(false);
  const form = useForm({ resolver: zodResolver(reportForm), defaultValues: { details: '' } });
  const [failure, setFailure] = useState<string | null>(null);
  const report = useReport();
  const legendId = useId();
  const details = form.watch('details') ?? '';
  const error = form.formState.errors.reason?.message ?? failure;
  const submit = form.handleSubmit(({ reason, details }) =>
    report.mutate(
      { userId: person.id, eventId, context, reason, details },
      {
        onSuccess: (r) => {
          toast.success('Report sent', { description: r.message });
          setOpen(false);
          form.reset();
        },
        onError: (err) => setFailure(messageOf(err, 'Your report could not be sent. Please try again.')),
      },
    ),
  );
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          <Flag aria-hidden="true" className="size-4" />
          Report<span className="sr-only"> {person.name}</span>
        </Button>
      </DialogTrigger>
      <DialogContent
        title={`Report ${person.name}`}
        description="The hosts of this evening and our admins read reports. The person is not told who reported them."
        icon={<DialogIcon icon={Flag} tone="danger" />}
      >
        <form
          onSubmit={(e) => {
            setFailure(null);
            void submit(e);
          }}
          className="mt-4 space-y-4"
          noValidate
        >
          <fieldset aria-labelledby={legendId} className="space-y-2">
            <legend id={legendId} className="text-sm font-semibold text-wine-900">
              What happened?
            </legend>
            {REPORT_REASONS.map((r) => (
              <label
                key={r}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-2xl border-2 border-wine-100 px-4 py-2 has-[:checked]:border-wine-500"
              >
                <input type="radio" value={r} className="size-5 accent-wine-700" {...form.register('reason')} />
                <span>{REPORT_REASON_LABELS[r]}</span>
              </label>
            ))}
          </fieldset>
          <TextAreaField
            label="Tell us more (optional)"
            hint={`${details.length}/${REPORT_DETAILS_MAX} characters`}
            maxLength={REPORT_DETAILS_MAX}
            rows={4}
            {...form.register('details')}
          />
          {error && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {error}
            </p>
          )}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline" size="lg">
                Cancel
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" size="lg" disabled={report.isPending}>
              {report.isPending ? 'Sending…' : 'Send report'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
