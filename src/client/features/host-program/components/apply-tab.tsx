import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { BadgeCheck, CalendarPlus, Clock, LogIn, PartyPopper, Send, ScanLine } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { londonDay } from '@shared/domain/time';
import { hostApplicationBody, HOST_LOCATION_MAX, HOST_TEXT_MAX, type HostApplication, type HostApplicationBody } from '@shared/schemas/host-program';
import { NAME_MAX } from '@shared/domain/constants';
import { Badge } from '@client/components/ui/badge';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { TextAreaField, TextField } from '@client/components/ui/field';
import { LoadError } from '@client/components/ui/load-error';
import { NoticeCard } from '@client/components/ui/notice-card';
import { Spinner } from '@client/components/ui/spinner';
import { ApiError, messageOf } from '@client/lib/api';
import { formatDate } from '@client/lib/format';
import { queryKeys } from '@client/lib/query-keys';
import { useApplyToHost, useMyHostApplication, useWithdrawApplication } from '../api/host-program';
import type { HostProgramViewer } from './viewer';

const EMPTY: HostApplicationBody = { name: '', email: '', location: '', experience: '', motivation: '', venueIdea: '', proposedEventDate: '' };

/**
 * Apply to host (docs/spec/organiser-tools.md §5 "Host application form": all six fields required,
 * email of email type, cleared after submit). Visitors are asked to log in; a host is told they
 * already are one; a member with a pending application sees its status instead of a second form.
 */
export function ApplyTab({ viewer }: { viewer: HostProgramViewer }) {
  const mine = useMyHostApplication(!!viewer);
  const qc = useQueryClient();
  const [sent, setSent] = useState<HostApplication | null>(null);
  const isHostNow = mine.data?.isHost ?? false;
  const roleKnown = viewer?.roles.includes('host') ?? false;

  // Approved while this page was open: the rest of the app learns the new role too.
  useEffect(() => {
    if (isHostNow && !roleKnown) void qc.invalidateQueries({ queryKey: queryKeys.me() });
  }, [isHostNow, roleKnown, qc]);

  if (!viewer) {
    return (
      <NoticeCard icon={LogIn} title="Log in to apply" signIn>
        <p>Applications come from members, so we can reach you and give your account its host tools once you are approved.</p>
        <p>
          New here?{' '}
          <Link to="/waitlist-signup" className="font-semibold text-wine-700 underline underline-offset-2">
            Join first
          </Link>
          , then come back to apply.
        </p>
      </NoticeCard>
    );
  }
  if (mine.isPending) return <Spinner label="Loading your application" />;
  if (mine.isError)
    return (
      <LoadError
        title="We couldn't load your application"
        message={messageOf(mine.error, 'Check your connection and try again.')}
        onRetry={() => void mine.refetch()}
      />
    );

  const { application } = mine.data;
  if (mine.data.isHost) return <AlreadyHost approved={application?.status === 'approved' ? application : null} />;

  return (
    <div className="space-y-5">
      {sent && (
        <div role="status" className="flex gap-3 rounded-3xl bg-emerald-50 p-5 text-emerald-900">
          <PartyPopper aria-hidden="true" className="size-7 shrink-0 text-emerald-700" />
          <div>
            <p className="text-lg font-semibold">Thank you, {sent.name}! Your application has been sent.</p>
            <p className="mt-1">An admin will review it and e-mail you at {sent.email}. You can follow its status right here.</p>
          </div>
        </div>
      )}
      {application?.status === 'declined' && <DeclinedNotice application={application} />}
      {application?.status === 'pending' ? (
        <PendingCard
          application={application}
          onWithdrawn={() => {
            setSent(null);
            toast.success('Application withdrawn', { description: 'You can apply again whenever you like.' });
          }}
        />
      ) : (
        <ApplyForm viewer={viewer} onSent={setSent} />
      )}
    </div>
  );
}

function AlreadyHost({ approved }: { approved: HostApplication | null }) {
  return (
    <NoticeCard
      icon={BadgeCheck}
      title="You are already a host"
      actions={
        <>
          <Button asChild size="lg">
            <Link to="/create-event">
              <CalendarPlus aria-hidden="true" className="size-5" />
              Create an evening
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/check-in">
              <ScanLine aria-hidden="true" className="size-5" />
              Check guests in
            </Link>
          </Button>
        </>
      }
    >
      <p>Your account has the host role, so there is nothing to apply for: your host tools are ready to use.</p>
      {approved?.decidedAt && <p>Your application was approved on {formatDate(approved.decidedAt, 'long')}.</p>}
    </NoticeCard>
  );
}

/** An admin declined the last application: the reason, as they wrote it (also e-mailed). */
function DeclinedNotice({ application }: { application: HostApplication }) {
  return (
    <div role="status" className="rounded-3xl border-2 border-red-200 bg-red-50 p-5 text-red-900">
      <p className="text-lg font-semibold">
        Your application{application.decidedAt ? ` of ${formatDate(application.appliedDate, 'long')}` : ''} was not approved
      </p>
      {application.declineReason && <p className="mt-1 break-words whitespace-pre-wrap">{application.declineReason}</p>}
      <p className="mt-2">You are welcome to apply again below.</p>
    </div>
  );
}

function PendingCard({ application, onWithdrawn }: { application: HostApplication; onWithdrawn: () => void }) {
  const withdraw = useWithdrawApplication();
  const [failure, setFailure] = useState<string | null>(null);
  const onWithdraw = async () => {
    setFailure(null);
    try {
      await withdraw.mutateAsync(application.id);
      onWithdrawn();
    } catch (err) {
      setFailure(messageOf(err, 'The application was not withdrawn. Please try again.'));
    }
  };
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <CardTitle>Your application</CardTitle>
        <Badge tone="apricot">
          <Clock aria-hidden="true" className="mr-1 size-4" />
          Pending review
        </Badge>
      </div>
      <p className="mt-2 text-muted">
        Sent on {formatDate(application.appliedDate, 'long')}. An admin will review it and e-mail you at {application.email}; one application at a time, so
        there is nothing more to do for now.
      </p>
      <dl className="mt-4 grid gap-3 sm:grid-cols-2">
        <Detail label="City or region" value={application.location} />
        {application.proposedEventDate && <Detail label="Proposed first evening" value={formatDate(application.proposedEventDate, 'long')} />}
        <Detail label="Venue ideas" value={application.venueIdea} wide />
      </dl>
      {failure && (
        <p role="alert" className="mt-4 rounded-2xl bg-red-50 px-4 py-3 font-medium text-red-800">
          {failure}
        </p>
      )}
      <Button variant="outline" size="lg" className="mt-5" onClick={() => void onWithdraw()} disabled={withdraw.isPending}>
        {withdraw.isPending ? 'Withdrawing…' : 'Withdraw my application'}
      </Button>
    </Card>
  );
}

function Detail({ label, value, wide }: { label: string; value: string; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm font-semibold text-wine-900">{label}</dt>
      <dd className="break-words whitespace-pre-wrap text-ink">{value}</dd>
    </div>
  );
}

const FIELDS = ['name', 'email', 'location', 'experience', 'motivation', 'venueIdea', 'proposedEventDate'] as const;
const isField = (path: string): path is (typeof FIELDS)[number] => (FIELDS as readonly string[]).includes(path);

function ApplyForm({ viewer, onSent }: { viewer: NonNullable<HostProgramViewer>; onSent: (a: HostApplication) => void }) {
  const apply = useApplyToHost();
  const form = useForm({ resolver: zodResolver(hostApplicationBody), defaultValues: { ...EMPTY, name: viewer.name, email: viewer.email } });
  const { errors, isSubmitting } = form.formState;
  const [failure, setFailure] = useState<string | null>(null);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const application = await apply.mutateAsync(values);
      form.reset(EMPTY);
      toast.success('Application sent', { description: 'We will e-mail you once an admin has reviewed it.' });
      onSent(application);
    } catch (err) {
      if (err instanceof ApiError && err.status === 400) {
        let placed = false;
        for (const [path, message] of Object.entries(err.fieldErrors)) {
          if (isField(path)) {
            form.setError(path, { type: 'server', message });
            placed = true;
          }
        }
        if (placed) return;
      }
      setFailure(messageOf(err, 'Your application was not sent. Please try again.'));
    }
  });

  return (
    <Card>
      <CardTitle>Apply to host</CardTitle>
      <p className="mt-1 text-muted">All six fields are required. We use your e-mail address only about your application.</p>
      <form onSubmit={submit} noValidate aria-label="Host application" className="mt-5 space-y-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField label="Full name" autoComplete="name" maxLength={NAME_MAX} required error={errors.name?.message} {...form.register('name')} />
          <TextField
            label="Email address"
            type="email"
            autoComplete="email"
            inputMode="email"
            required
            error={errors.email?.message}
            {...form.register('email')}
          />
        </div>
        <TextField
          label="City or region"
          autoComplete="address-level2"
          maxLength={HOST_LOCATION_MAX}
          placeholder="e.g. Prestwich, Greater Manchester"
          required
          error={errors.location?.message}
          {...form.register('location')}
        />
        <TextAreaField
          label="Experience"
          rows={3}
          maxLength={HOST_TEXT_MAX}
          placeholder="Hosting, events, clubs or anything where you brought people together."
          required
          error={errors.experience?.message}
          {...form.register('experience')}
        />
        <TextAreaField
          label="Motivation"
          rows={3}
          maxLength={HOST_TEXT_MAX}
          placeholder="Why would you like to host friendship evenings?"
          required
          error={errors.motivation?.message}
          {...form.register('motivation')}
        />
        <TextAreaField
          label="Venue ideas"
          rows={3}
          maxLength={HOST_TEXT_MAX}
          placeholder="Bars, cafés or other places near you that could hold an evening (ideally Tuesday to Thursday)."
          required
          error={errors.venueIdea?.message}
          {...form.register('venueIdea')}
        />
        <TextField
          label="Proposed first evening (optional)"
          type="date"
          min={londonDay(new Date())}
          error={errors.proposedEventDate?.message}
          {...form.register('proposedEventDate')}
        />

        {failure && (
          <p role="alert" className="rounded-2xl bg-red-50 px-4 py-3 font-medium text-red-800">
            {failure}
          </p>
        )}

        <Button type="submit" size="lg" block disabled={isSubmitting}>
          <Send aria-hidden="true" className="size-5" />
          {isSubmitting ? 'Sending…' : 'Submit Application'}
        </Button>
      </form>
    </Card>
  );
}
