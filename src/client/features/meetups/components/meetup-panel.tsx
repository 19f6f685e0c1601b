import { CalendarCheck, CalendarPlus, Check, MapPin, Plus, Trash2, X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { MEETUP_OPTIONS_MAX, MEETUP_PLACE_MAX, peopleKey } from '@shared/domain/meetups';
import { londonDay } from '@shared/domain/time';
import { proposeMeetupBody, type Meetup, type MeetupVenue } from '@shared/schemas/meetups';
import { Button } from '@client/components/ui/button';
import { cn } from '@client/components/ui/cn';
import { TextField } from '@client/components/ui/field';
import { messageOf } from '@client/lib/api';
import { formatDate, formatTime } from '@client/lib/format';
import { useAnswerMeetup, useMyMeetups, useProposeMeetup, useWithdrawMeetup } from '../api/meetups';

/**
 * "Plan a meet-up" (GitHub issue 36 "Meet again", docs/decisions/0082): on a friend group's card
 * (/friend-groups) and a match's card (/my-matches, "Meet again"). Shows the people's latest poll:
 * answering yes/no per time while it is open, the confirmed time once everyone has answered; and the
 * form to propose up to three times and a place. The server decides who may see and answer it.
 */
export function MeetupPanel({ youId, people, pair = false }: { youId: number; people: { id: number; name: string }[]; pair?: boolean }) {
  const q = useMyMeetups();
  const [planning, setPlanning] = useState(false);
  const key = peopleKey([youId, ...people.map((p) => p.id)]);
  const poll = q.data?.meetups.find((m) => m.key === key) ?? null;
  const canPlan = !poll || poll.status !== 'open';
  const headingId = useId();
  const label = pair ? 'Meet again' : 'Plan a meet-up';
  return (
    <section aria-labelledby={headingId} className="rounded-2xl bg-white p-4 ring-1 ring-wine-100">
      <h3 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-wine-900">
        <CalendarPlus aria-hidden="true" className="size-5 text-wine-500" />
        {pair ? 'Meet again' : 'Meet up together'}
        {/* Each match and group has one of these: its name says with whom (one landmark name per page). */}
        <span className="sr-only"> with {people.map((p) => p.name).join(', ')}</span>
      </h3>
      {poll && <PollView poll={poll} />}
      {canPlan && !planning && (
        <div className="mt-3">
          <p className="text-ink">
            {poll ? 'Plan another one: ' : ''}Suggest up to three times and a place; everyone says yes or no, and the time most can make is booked.
          </p>
          <Button className="mt-3" block onClick={() => setPlanning(true)}>
            <CalendarPlus aria-hidden="true" className="size-5" />
            {label}
          </Button>
        </div>
      )}
      {canPlan && planning && <ProposeForm people={people} venues={q.data?.venues ?? []} onDone={() => setPlanning(false)} />}
    </section>
  );
}

const when = (iso: string) => `${formatDate(iso, 'long')}, ${formatTime(iso)}`;

function PollView({ poll }: { poll: Meetup }) {
  const answer = useAnswerMeetup();
  const withdraw = useWithdrawMeetup();
  const you = poll.members.find((m) => m.isYou);
  const [picks, setPicks] = useState<Record<number, boolean>>(() =>
    Object.fromEntries(poll.options.filter((o) => o.yourAnswer !== null).map((o) => [o.id, o.yourAnswer!])),
  );
  const [error, setError] = useState('');
  const youProposed = poll.proposer.id === you?.id;
  const confirmed = poll.options.find((o) => o.id === poll.confirmedOptionId);
  const open = poll.status === 'open' && !poll.youLeft;
  const allPicked = poll.options.every((o) => picks[o.id] !== undefined);

  const send = () => {
    if (!allPicked) return setError('Say yes or no to every time.');
    setError('');
    answer.mutate(
      { id: poll.id, body: { answers: poll.options.map((o) => ({ optionId: o.id, yes: picks[o.id]! })) } },
      { onError: (e) => setError(messageOf(e, 'Your answers were not saved. Please try again.')) },
    );
  };
  const leave = () => withdraw.mutate(poll.id, { onError: (e) => setError(messageOf(e, 'That did not work. Please try again.')) });

  return (
    <div className="mt-3 space-y-3">
      {poll.status === 'confirmed' && confirmed && (
        <div role="status" className="rounded-2xl bg-emerald-50 p-4 ring-1 ring-emerald-200">
          <p className="flex items-center gap-2 text-lg font-bold text-emerald-900">
            <CalendarCheck aria-hidden="true" className="size-6" />
            Meet-up confirmed
          </p>
          <p className="mt-1 font-semibold text-ink">{when(confirmed.startsAt)}</p>
          <p className="mt-1 flex items-start gap-1 text-ink">
            <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-wine-500" />
            <span className="break-words">{poll.place}</span>
          </p>
          {!poll.youLeft && <p className="mt-2 text-sm text-muted">Everyone answered. The details and a calendar file are in your e-mail.</p>}
        </div>
      )}
      {poll.status === 'cancelled' && (
        <p className="rounded-2xl bg-wine-50 px-4 py-3 text-ink ring-1 ring-wine-100">
          {youProposed ? 'You called off the meet-up' : `${poll.proposer.name} called off the meet-up`} at {poll.place}.
        </p>
      )}
      {poll.status === 'open' && (
        <div>
          <p className="text-ink">
            <span className="font-semibold">{youProposed ? 'You' : poll.proposer.name}</span> suggested meeting at{' '}
            <span className="font-semibold break-words">{poll.place}</span>.
          </p>
          <fieldset className="mt-3 space-y-2" disabled={!open || answer.isPending}>
            <legend className="text-sm font-semibold text-wine-900">{open ? 'Can you make it?' : 'The times'}</legend>
            {poll.options.map((o) => (
              <div key={o.id} className="flex flex-col gap-2 rounded-2xl bg-cream p-3 ring-1 ring-wine-100 sm:flex-row sm:items-center">
                <p className="min-w-0 font-medium text-ink sm:flex-1">
                  {when(o.startsAt)}
                  <span className="block text-sm font-normal text-muted">{o.yes === 1 ? '1 yes so far' : `${o.yes} yes so far`}</span>
                </p>
                {open && (
                  <div role="radiogroup" aria-label={`Can you make ${when(o.startsAt)}?`} className="flex gap-2 [&>button]:flex-1 sm:[&>button]:flex-none">
                    {[true, false].map((yes) => (
                      <button
                        key={String(yes)}
                        type="button"
                        role="radio"
                        aria-checked={picks[o.id] === yes}
                        onClick={() => setPicks((p) => ({ ...p, [o.id]: yes }))}
                        className={cn(
                          'inline-flex min-h-11 min-w-16 items-center justify-center gap-1 rounded-full px-4 font-semibold ring-2 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-wine-700',
                          picks[o.id] === yes
                            ? yes
                              ? 'bg-emerald-700 text-white ring-emerald-700'
                              : 'bg-wine-800 text-white ring-wine-800'
                            : 'bg-white text-wine-900 ring-wine-200 hover:bg-wine-50',
                        )}
                      >
                        {yes ? <Check aria-hidden="true" className="size-4" /> : <X aria-hidden="true" className="size-4" />}
                        {yes ? 'Yes' : 'No'}
                      </button>
                    ))}
                  </div>
                )}
              </div>
            ))}
          </fieldset>
          {open && (
            <Button className="mt-3" block onClick={send} disabled={answer.isPending}>
              {you?.answered ? 'Update my answers' : 'Send my answers'}
            </Button>
          )}
          <ul aria-label="Who has answered" className="mt-3 flex flex-wrap gap-2">
            {poll.members.map((m) => (
              <li
                key={m.id}
                className={cn(
                  'rounded-full px-3 py-1 text-sm font-medium ring-1',
                  m.left
                    ? 'bg-white text-muted ring-wine-100 line-through'
                    : m.answered
                      ? 'bg-emerald-50 text-emerald-900 ring-emerald-200'
                      : 'bg-white text-ink ring-wine-200',
                )}
              >
                {m.isYou ? 'You' : m.name}: {m.left ? 'withdrew' : m.answered ? 'answered' : 'waiting'}
              </li>
            ))}
          </ul>
        </div>
      )}
      {poll.youLeft && poll.status !== 'cancelled' && <p className="text-sm text-muted">You withdrew from this meet-up.</p>}
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {(poll.status === 'open' || poll.status === 'confirmed') && !poll.youLeft && (
        <Button variant="ghost" size="sm" onClick={leave} disabled={withdraw.isPending}>
          <Trash2 aria-hidden="true" className="size-4" />
          {youProposed ? 'Call off the meet-up' : 'Withdraw'}
        </Button>
      )}
    </div>
  );
}

interface TimeRow {
  day: string;
  time: string;
}

function ProposeForm({ people, venues, onDone }: { people: { id: number; name: string }[]; venues: MeetupVenue[]; onDone: () => void }) {
  const propose = useProposeMeetup();
  const [times, setTimes] = useState<TimeRow[]>([{ day: '', time: '19:00' }]);
  const [where, setWhere] = useState<'venue' | 'own'>(venues.length ? 'venue' : 'own');
  const [venueId, setVenueId] = useState<number | null>(venues[0]?.id ?? null);
  const [place, setPlace] = useState('');
  const [error, setError] = useState('');
  const today = londonDay(new Date());
  const ids = useId();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = {
      withIds: people.map((p) => p.id),
      times,
      ...(where === 'venue' ? { venueId } : { place }),
    };
    const parsed = proposeMeetupBody.safeParse(body);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Please check the form.');
    setError('');
    propose.mutate(body, { onSuccess: onDone, onError: (err) => setError(messageOf(err, 'The meet-up was not sent. Please try again.')) });
  };

  return (
    <form onSubmit={submit} noValidate className="mt-3 space-y-4">
      <fieldset className="space-y-3">
        <legend className="text-sm font-semibold text-wine-900">When (up to {MEETUP_OPTIONS_MAX} times)</legend>
        {times.map((t, i) => (
          <div key={i} className="flex flex-wrap items-end gap-2">
            <TextField
              className="min-w-40 flex-1"
              type="date"
              label={`Day ${i + 1}`}
              min={today}
              value={t.day}
              onChange={(e) => setTimes((all) => all.map((x, j) => (j === i ? { ...x, day: e.target.value } : x)))}
            />
            <TextField
              className="w-32"
              type="time"
              label={`Time ${i + 1}`}
              value={t.time}
              onChange={(e) => setTimes((all) => all.map((x, j) => (j === i ? { ...x, time: e.target.value } : x)))}
            />
            {times.length > 1 && (
              <Button type="button" variant="ghost" size="sm" onClick={() => setTimes((all) => all.filter((_, j) => j !== i))}>
                <X aria-hidden="true" className="size-4" />
                <span className="sr-only">Remove time {i + 1}</span>
              </Button>
            )}
          </div>
        ))}
        {times.length < MEETUP_OPTIONS_MAX && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setTimes((all) => [...all, { day: all.at(-1)?.day ?? '', time: all.at(-1)?.time ?? '19:00' }])}
          >
            <Plus aria-hidden="true" className="size-4" />
            Add another time
          </Button>
        )}
      </fieldset>
      <fieldset className="space-y-2">
        <legend className="text-sm font-semibold text-wine-900">Where</legend>
        <div className="flex flex-wrap gap-4">
          {venues.length > 0 && (
            <label className="flex min-h-11 items-center gap-2 text-ink">
              <input type="radio" name={`${ids}-where`} className="size-5 accent-wine-700" checked={where === 'venue'} onChange={() => setWhere('venue')} />
              One of our venues
            </label>
          )}
          <label className="flex min-h-11 items-center gap-2 text-ink">
            <input type="radio" name={`${ids}-where`} className="size-5 accent-wine-700" checked={where === 'own'} onChange={() => setWhere('own')} />
            Somewhere else
          </label>
        </div>
        {where === 'venue' ? (
          <div className="space-y-1.5">
            <label htmlFor={`${ids}-venue`} className="block text-sm font-semibold text-wine-900">
              Venue
            </label>
            <select
              id={`${ids}-venue`}
              className="block min-h-12 w-full rounded-2xl border-2 border-wine-100 bg-white px-4 py-3 text-base text-ink focus:border-wine-500 focus:outline-none"
              value={venueId ?? ''}
              onChange={(e) => setVenueId(Number(e.target.value))}
            >
              {venues.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.place}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <TextField
            label="Place"
            maxLength={MEETUP_PLACE_MAX}
            placeholder="e.g. The park café, by the bandstand"
            value={place}
            onChange={(e) => setPlace(e.target.value)}
          />
        )}
      </fieldset>
      {error && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={propose.isPending} className="flex-1">
          Send to {people.length === 1 ? people[0]!.name.split(' ')[0] : 'the group'}
        </Button>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
