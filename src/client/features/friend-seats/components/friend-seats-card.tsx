import { zodResolver } from '@hookform/resolvers/zod';
import { Gift, MailCheck, UserRoundPlus, UsersRound } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { EventDetail } from '@shared/schemas/events';
import { giveTicketBody, type FriendSeat } from '@shared/schemas/friend-seats';
import { Button } from '@client/components/ui/button';
import { Card, CardTitle } from '@client/components/ui/card';
import { TextField } from '@client/components/ui/field';
import { ApiError, messageOf } from '@client/lib/api';
import { formatDate, formatMoney, formatTime } from '@client/lib/format';
import { useGiveTicket, useJoinWaitlistForTwo, useMyFriendSeats, useWithdrawFriendSeat } from '../api/friend-seats';

const when = (iso: string) => `${formatTime(iso)} on ${formatDate(iso, 'short')}`;

/**
 * On the member's evening page, under their ticket (docs/decisions/0075-a-seat-for-a-friend.md):
 * "Give my ticket to a friend" by e-mail until check-in opens, and what they have offered friends
 * here (a ticket given, a friend's seat of a booking for two), with Withdraw while it is open.
 */
export function FriendSeatsCard({ event }: { event: EventDetail }) {
  const mine = useMyFriendSeats(event.id);
  if (!mine.data) return null;
  const open = mine.data.seats.filter((s) => s.status === 'pending' || s.status === 'awaiting_payment');
  const claimed = mine.data.seats.filter((s) => s.kind === 'bring' && s.status === 'accepted');
  const canGive = !event.viewer.checkedIn && Date.now() < new Date(mine.data.transferUntil).getTime();
  if (!canGive && open.length === 0 && claimed.length === 0) return null;
  return (
    <Card aria-labelledby="friend-seats-title" role="region" className="space-y-4">
      <div className="flex items-center gap-3">
        <span className="flex size-11 shrink-0 items-center justify-center rounded-full bg-apricot-100">
          <UsersRound aria-hidden="true" className="size-6 text-apricot-700" />
        </span>
        <CardTitle id="friend-seats-title">A seat for a friend</CardTitle>
      </div>
      {open.map((s) => (
        <OpenSeat key={s.id} seat={s} eventId={event.id} />
      ))}
      {claimed.map((s) => (
        <p key={s.id} className="flex items-start gap-2 rounded-2xl bg-emerald-50 p-4 text-emerald-900 ring-1 ring-emerald-200">
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
          <span className="min-w-0 break-words">
            <strong>{s.email}</strong> has accepted their seat. You booked together, so you won't be seated together.
          </span>
        </p>
      ))}
      {canGive && open.length === 0 && <GiveTicket eventId={event.id} until={mine.data.transferUntil} />}
    </Card>
  );
}

function OpenSeat({ seat, eventId }: { seat: FriendSeat; eventId: number }) {
  const withdraw = useWithdrawFriendSeat(eventId);
  const transfer = seat.kind === 'transfer';
  return (
    <div className="space-y-3 rounded-2xl bg-wine-50 p-4 ring-1 ring-wine-100" role="status">
      <p className="break-words text-ink">
        {transfer ? (
          <>
            Your ticket is offered to <strong>{seat.email}</strong>. It stays yours until they accept it.
          </>
        ) : seat.status === 'awaiting_payment' ? (
          <>
            A seat for <strong>{seat.email}</strong> is waiting for your payment.
          </>
        ) : (
          <>
            A seat is held for <strong>{seat.email}</strong>
            {seat.expiresAt ? <> until {when(seat.expiresAt)}</> : null}. If they haven't accepted it by then, it goes back on sale
            {seat.shareAmount > 0 ? <> and its {formatMoney(seat.shareAmount)} is refunded to you</> : null}.
          </>
        )}
      </p>
      <Button
        variant="outline"
        block
        disabled={withdraw.isPending}
        onClick={() =>
          withdraw.mutate(seat.id, {
            onSuccess: (r) => toast.success(transfer ? 'Withdrawn' : 'Friend’s seat cancelled', { description: r.message }),
            onError: (err) => toast.error('Could not withdraw', { description: messageOf(err, 'Please try again.') }),
          })
        }
      >
        {withdraw.isPending ? 'Withdrawing…' : transfer ? 'Withdraw the offer' : 'Cancel my friend’s seat'}
      </Button>
    </div>
  );
}

function GiveTicket({ eventId, until }: { eventId: number; until: string }) {
  const [asked, setAsked] = useState(false);
  const give = useGiveTicket(eventId);
  const f = useForm({ resolver: zodResolver(giveTicketBody), defaultValues: { email: '' } });
  const { errors, isSubmitting } = f.formState;

  if (!asked) {
    return (
      <div className="space-y-2">
        <p className="text-muted">Can't make it? Your ticket can go to a friend instead, until {when(until)} (when check-in opens).</p>
        <Button variant="secondary" block onClick={() => setAsked(true)}>
          <Gift aria-hidden="true" className="size-5" />
          Give my ticket to a friend
        </Button>
      </div>
    );
  }
  const submit = f.handleSubmit(async ({ email }) => {
    try {
      await give.mutateAsync(email);
      toast.success('Offered to your friend', { description: `We've e-mailed ${email} a link to accept your ticket.` });
      setAsked(false);
      f.reset();
    } catch (err) {
      const message = err instanceof ApiError ? (err.fieldErrors.email ?? err.message) : messageOf(err, 'Please try again.');
      f.setError('email', { type: 'server', message });
    }
  });
  return (
    <form onSubmit={submit} noValidate aria-label="Give my ticket to a friend" className="space-y-3">
      <TextField
        label="Your friend's e-mail"
        type="email"
        inputMode="email"
        autoComplete="off"
        autoFocus
        hint="They sign in with this address and accept. Until then your ticket stays yours, and you can withdraw the offer."
        error={errors.email?.message}
        {...f.register('email')}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={isSubmitting}>
          <UserRoundPlus aria-hidden="true" className="size-5" />
          {isSubmitting ? 'Sending…' : 'Send my ticket'}
        </Button>
        <Button type="button" variant="outline" onClick={() => setAsked(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * For a member without a place at an evening still to come: book two places, the second for a
 * friend (/checkout-for-two/{id} asks for the friend's address, and the payment when the evening
 * has a price); when fewer than two are left, the waitlist for two, whose offer holds both
 * seats together (docs/decisions/0075-a-seat-for-a-friend.md).
 */
export function BringAFriendLink({ event }: { event: EventDetail }) {
  const mine = useMyFriendSeats(event.id);
  const join = useJoinWaitlistForTwo(event.id);
  const place = mine.data?.waitlistForTwo ?? null;
  const book = (label: string) => (
    <Button asChild variant={place?.status === 'offered' ? 'primary' : 'outline'} block>
      <Link to={`/checkout-for-two/${event.id}`}>{label}</Link>
    </Button>
  );
  let body: ReactNode;
  if (place?.status === 'offered') {
    body = (
      <>
        <p role="status" className="font-semibold text-apricot-700">
          Two places are held for you and a friend{place.offerExpiresAt ? ` until ${when(place.offerExpiresAt)}` : ''}.
        </p>
        {book('Book both places')}
      </>
    );
  } else if (place?.status === 'waiting') {
    body = <p role="status">You're on the waitlist for two. When two places are free, both are held for you together and we e-mail you.</p>;
  } else if (event.viewer.waitlist) {
    return null;
  } else if (event.spotsLeft >= 2) {
    body = (
      <>
        <p className="text-muted">
          Book two places in one go: yours and one for a friend, who accepts it by e-mail.{' '}
          {event.price > 0 ? `${formatMoney(event.price * 2)} for both, one payment.` : 'Both free.'} You won't be seated together: you already know each other.
        </p>
        {book('Book for me and a friend')}
      </>
    );
  } else {
    body = (
      <>
        <p className="text-muted">Fewer than two places are left. Join the waitlist for two: when two are free, both are held for you together.</p>
        {join.isError && (
          <p role="alert" className="font-medium text-red-700">
            {messageOf(join.error, 'Please try again.')}
          </p>
        )}
        <Button
          variant="outline"
          block
          disabled={join.isPending}
          onClick={() =>
            join.mutate(undefined, { onSuccess: () => toast.success('On the waitlist for two', { description: "We'll e-mail you when two places are free." }) })
          }
        >
          {join.isPending ? 'Joining…' : 'Join the waitlist for two'}
        </Button>
      </>
    );
  }
  return (
    <Card className="space-y-3">
      <CardTitle className="flex items-center gap-2">
        <UserRoundPlus aria-hidden="true" className="size-6 text-apricot-700" />
        Bring a friend
      </CardTitle>
      {body}
    </Card>
  );
}
