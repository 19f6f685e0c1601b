import { zodResolver } from '@hookform/resolvers/zod';
import { BadgeCheck, CheckCircle2, Clock, Inbox, Mail, Send, XCircle } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { DECLINE_REASON_MAX, HOST_MESSAGE_MAX, hostDeclineBody, hostMessageBody, type HostApplication } from '@shared/schemas/host-program';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { DialogFooter } from '@client/components/ui/dialog';
import { TextAreaField } from '@client/components/ui/field';
import { LoadError } from '@client/components/ui/load-error';
import { RestrictedCard } from '@client/components/ui/restricted';
import { Spinner } from '@client/components/ui/spinner';
import { messageOf } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { useApproveApplication, useDeclineApplication, useHostApplications, useMessageApplicant } from '../api/host-program';
import { ActionDialog, ActionFailure, useActionDialog } from './action-dialog';
import type { HostProgramViewer } from './viewer';

/** Admins review applications: pending ones can be approved or messaged; approved ones show no actions (§4). */
export function ApplicationsTab({ viewer }: { viewer: HostProgramViewer }) {
  const isAdmin = viewer?.roles.includes('admin') ?? false;
  const list = useHostApplications(isAdmin);
  if (!isAdmin) return <RestrictedCard who="admins" signedIn={!!viewer} />;
  if (list.isPending) return <Spinner label="Loading applications" />;
  if (list.isError)
    return (
      <LoadError
        title="We couldn't load the applications"
        message={messageOf(list.error, 'Check your connection and try again.')}
        onRetry={() => void list.refetch()}
      />
    );

  const pending = list.data.filter((a) => a.status === 'pending');
  const approved = list.data.filter((a) => a.status === 'approved' || a.status === 'declined');
  return (
    <div className="space-y-6">
      <section aria-labelledby="pending-applications" className="space-y-3">
        <h2 id="pending-applications" className="flex items-center gap-2 text-xl font-semibold text-wine-900">
          Pending applications <Badge tone="apricot">{pending.length}</Badge>
        </h2>
        {pending.length === 0 ? (
          <Card className="flex items-center gap-3 text-muted">
            <Inbox aria-hidden="true" className="size-6 shrink-0 text-wine-500" />
            No applications waiting. New ones appear here, oldest first.
          </Card>
        ) : (
          <ul className="space-y-4">
            {pending.map((a) => (
              <li key={a.id}>
                <ApplicationCard application={a} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {approved.length > 0 && (
        <section aria-labelledby="approved-applications" className="space-y-3">
          <h2 id="approved-applications" className="text-xl font-semibold text-wine-900">
            Recently decided
          </h2>
          <ul className="space-y-4">
            {approved.map((a) => (
              <li key={a.id}>
                <ApplicationCard application={a} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function ApplicationCard({ application: a }: { application: HostApplication }) {
  const headingId = useId();
  return (
    <Card aria-labelledby={headingId} role="article">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-lg font-semibold text-wine-900">
            {a.name}
          </h3>
          <p className="text-muted">{a.location}</p>
        </div>
        {a.status === 'pending' ? (
          <Badge tone="apricot">
            <Clock aria-hidden="true" className="mr-1 size-4" />
            Pending
          </Badge>
        ) : (
          <Badge tone="green">
            <BadgeCheck aria-hidden="true" className="mr-1 size-4" />
            Approved
          </Badge>
        )}
      </div>
      <AccountFacts application={a} />
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <Field label="Email address (as typed)">{a.email}</Field>
        <Field label="Applied">{formatDate(a.appliedDate, 'long')}</Field>
        {a.proposedEventDate && <Field label="Proposed first evening">{formatDate(a.proposedEventDate, 'long')}</Field>}
        <Field label="Experience" wide>
          {a.experience}
        </Field>
        <Field label="Motivation" wide>
          {a.motivation}
        </Field>
        <Field label="Venue ideas" wide>
          {a.venueIdea}
        </Field>
      </dl>
      {a.status === 'pending' ? (
        <div className="mt-5 flex flex-col gap-3 sm:flex-row">
          <ApproveButton application={a} />
          <DeclineButton application={a} />
          <MessageButton application={a} />
        </div>
      ) : a.status === 'declined' ? (
        <p className="mt-4 text-sm text-red-800">
          Declined{a.decidedAt ? ` on ${formatDate(a.decidedAt, 'long')}` : ''}
          {a.decidedBy ? ` by ${a.decidedBy}` : ''}
          {a.declineReason ? `: ${a.declineReason}` : ''}
        </p>
      ) : (
        <p className="mt-4 flex items-center gap-2 text-sm text-emerald-800">
          <CheckCircle2 aria-hidden="true" className="size-4" />
          Approved{a.decidedAt ? ` on ${formatDate(a.decidedAt, 'long')}` : ''}
          {a.decidedBy ? ` by ${a.decidedBy}` : ''}
        </p>
      )}
    </Card>
  );
}

/**
 * The account that applied, as the database knows it, beside what was typed (issue 21: the name and
 * e-mail on the form are free text). Approval gives this account the host role and e-mails its
 * login address; a name that does not match is flagged.
 */
function AccountFacts({ application: a }: { application: HostApplication }) {
  const account = a.account;
  if (!account) return <p className="mt-4 rounded-2xl bg-wine-50 p-3 text-wine-900">The account that applied has been deleted.</p>;
  const sameName = account.name.trim().toLowerCase() === a.name.trim().toLowerCase();
  return (
    <section aria-label={`The account that applied: ${account.name}`} className="mt-4 rounded-2xl bg-wine-50 p-4">
      <h4 className="font-semibold text-wine-900">The account that applied</h4>
      <dl className="mt-2 grid gap-3 sm:grid-cols-2">
        <Field label="Account">
          {account.name} (no. {account.id})
        </Field>
        <Field label="Login e-mail (approval goes here)">
          <a href={`mailto:${account.email}`} className="break-all text-wine-700 underline underline-offset-2">
            {account.email}
          </a>
        </Field>
        <Field label="Member since">{formatDate(account.memberSince, 'long')}</Field>
        <Field label="Evenings attended">{account.eveningsAttended}</Field>
      </dl>
      {!sameName && (
        <p className="mt-3 font-semibold text-wine-900">
          The name typed on the application ({a.name}) is not the account&apos;s name ({account.name}).
        </p>
      )}
    </section>
  );
}

function Field({ label, wide, children }: { label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm font-semibold text-wine-900">{label}</dt>
      <dd className="break-words whitespace-pre-wrap text-ink">{children}</dd>
    </div>
  );
}

function ApproveButton({ application: a }: { application: HostApplication }) {
  const approve = useApproveApplication();
  const dialog = useActionDialog();
  const confirm = async () => {
    dialog.setFailure(null);
    try {
      await approve.mutateAsync(a.id);
      dialog.setOpen(false);
      toast.success(`${a.account?.name ?? a.name} is now a host`, { description: a.account ? `We e-mailed them at ${a.account.email}.` : undefined });
    } catch (err) {
      dialog.setFailure(messageOf(err, 'The approval did not go through. Please try again.'));
    }
  };
  return (
    <ActionDialog
      state={dialog}
      trigger={{ label: 'Approve', ariaLabel: `Approve ${a.name}` }}
      title={`Approve ${a.name}?`}
      description={`The account ${a.account ? `${a.account.name} (${a.account.email})` : 'that applied'} gets the host role and every host tool at once, and we e-mail its login address.`}
      icon={BadgeCheck}
      tone="success"
      pending={approve.isPending}
    >
      <ActionFailure failure={dialog.failure} className="mt-4" />
      <DialogFooter>
        <Button variant="outline" onClick={() => dialog.setOpen(false)} disabled={approve.isPending}>
          Cancel
        </Button>
        <Button onClick={() => void confirm()} disabled={approve.isPending}>
          <BadgeCheck aria-hidden="true" className="size-5" />
          {approve.isPending ? 'Approving…' : 'Approve as host'}
        </Button>
      </DialogFooter>
    </ActionDialog>
  );
}

/** Decline with a reason, which the applicant is e-mailed and sees on their /host-program. */
function DeclineButton({ application: a }: { application: HostApplication }) {
  const decline = useDeclineApplication();
  const dialog = useActionDialog();
  const form = useForm({ resolver: zodResolver(hostDeclineBody), defaultValues: { reason: '' } });

  const submit = form.handleSubmit(async ({ reason }) => {
    try {
      await decline.mutateAsync({ id: a.id, reason });
      form.reset();
      dialog.setOpen(false);
      toast.success(`${a.name}'s application is declined`, {
        description: a.account ? `We e-mailed them the reason at ${a.account.email}.` : 'They no longer have an account, so no e-mail went out.',
      });
    } catch (err) {
      dialog.setFailure(messageOf(err, 'The decision did not go through. Please try again.'));
    }
  });

  return (
    <ActionDialog
      state={dialog}
      trigger={{ label: 'Decline', ariaLabel: `Decline ${a.name}`, variant: 'outline' }}
      title={`Decline ${a.name}?`}
      description={
        a.account
          ? `Say why: we e-mail your reason to ${a.account.email} (their login address), and they see it on their host programme page.`
          : 'Say why: they no longer have an account, so no e-mail goes out.'
      }
      icon={XCircle}
      pending={decline.isPending}
    >
      <form
        onSubmit={(e) => {
          dialog.setFailure(null);
          void submit(e);
        }}
        noValidate
        aria-label={`Decline ${a.name}`}
        className="mt-4 space-y-4"
      >
        <TextAreaField label="Reason" rows={4} maxLength={DECLINE_REASON_MAX} error={form.formState.errors.reason?.message} {...form.register('reason')} />
        <ActionFailure failure={dialog.failure} />
        <DialogFooter className="mt-0">
          <Button type="button" variant="outline" onClick={() => dialog.setOpen(false)} disabled={decline.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={decline.isPending}>
            <XCircle aria-hidden="true" className="size-5" />
            {decline.isPending ? 'Declining…' : 'Decline application'}
          </Button>
        </DialogFooter>
      </form>
    </ActionDialog>
  );
}

function MessageButton({ application: a }: { application: HostApplication }) {
  const send = useMessageApplicant();
  const dialog = useActionDialog();
  const form = useForm({ resolver: zodResolver(hostMessageBody), defaultValues: { text: '' } });
  const text = form.watch('text');
  const blank = text.trim().length === 0;

  const submit = form.handleSubmit(async (values) => {
    try {
      const sent = await send.mutateAsync({ id: a.id, text: values.text });
      form.reset();
      dialog.setOpen(false);
      toast.success(sent.message, { description: `E-mailed to ${sent.sentTo}.` });
    } catch (err) {
      dialog.setFailure(messageOf(err, 'The message was not sent. Please try again.'));
    }
  });

  return (
    <ActionDialog
      state={dialog}
      trigger={{ label: 'Message', ariaLabel: `Message ${a.name}`, variant: 'outline' }}
      title={`Message ${a.name}`}
      description={`Your message is e-mailed to ${a.account?.email ?? a.email}, signed with your name.`}
      icon={Mail}
      pending={send.isPending}
    >
      <form
        onSubmit={(e) => {
          dialog.setFailure(null);
          void submit(e);
        }}
        noValidate
        aria-label={`Message to ${a.name}`}
        className="mt-4 space-y-4"
      >
        <TextAreaField
          label="Message"
          rows={5}
          maxLength={HOST_MESSAGE_MAX}
          hint={
            <span className="flex justify-end tabular-nums">
              <span aria-hidden="true">
                {text.length}/{HOST_MESSAGE_MAX}
              </span>
              <span className="sr-only">
                {text.length} of {HOST_MESSAGE_MAX} characters
              </span>
            </span>
          }
          error={form.formState.errors.text?.message}
          {...form.register('text')}
        />
        <ActionFailure failure={dialog.failure} />
        <DialogFooter className="mt-0">
          <Button type="button" variant="outline" onClick={() => dialog.setOpen(false)} disabled={send.isPending}>
            Cancel
          </Button>
          <Button type="submit" disabled={blank || send.isPending}>
            <Send aria-hidden="true" className="size-5" />
            {send.isPending ? 'Sending…' : 'Send'}
          </Button>
        </DialogFooter>
      </form>
    </ActionDialog>
  );
}
