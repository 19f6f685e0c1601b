import { Clock3, Download, Play, Send, UserRoundCheck } from 'lucide-react';
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { TimerStateMessage } from '@shared/realtime';
import type { Door, DoorGuest } from '@shared/schemas/door';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { messageOf } from '@client/lib/api';
import { formatTime } from '@client/lib/format';
import { useSendReminders, useStartEvent } from '../api/door';
import { guestsWord, METHOD_LABEL } from '../lib/format';
import { PendingBadge } from './desk-status';
import { UndoCheckIn } from './undo-check-in';

function Panel({ title, icon, children }: { title: string; icon: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card>
      <section aria-labelledby={id}>
        <h2 id={id} className="mb-4 flex items-center gap-2 text-xl font-semibold text-wine-900">
          {icon}
          {title}
        </h2>
        {children}
      </section>
    </Card>
  );
}

/** The three counts, big enough to read across a bar: Registered, Checked in, Still to come. */
export function DoorCounts({ counts }: { counts: Door['counts'] }) {
  const share = counts.registered > 0 ? Math.round((counts.checkedIn / counts.registered) * 100) : 0;
  const tiles = [
    { label: 'Registered', value: counts.registered, tone: 'bg-white text-wine-900 ring-wine-100' },
    { label: 'Checked in', value: counts.checkedIn, tone: 'bg-emerald-50 text-emerald-900 ring-emerald-200' },
    { label: 'Still to come', value: counts.toCome, tone: 'bg-apricot-100 text-wine-900 ring-apricot-200' },
  ];
  return (
    <section aria-label="Attendance" className="space-y-3">
      <dl className="grid grid-cols-3 gap-3">
        {tiles.map((t) => (
          <div key={t.label} className={`flex flex-col-reverse rounded-3xl p-4 text-center shadow-sm ring-1 ${t.tone}`}>
            <dt className="text-sm font-semibold sm:text-base">{t.label}</dt>
            <dd className="font-display text-4xl font-bold tabular-nums sm:text-5xl">{t.value}</dd>
          </div>
        ))}
      </dl>
      <div
        role="progressbar"
        aria-label="Guests checked in"
        aria-valuemin={0}
        aria-valuemax={counts.registered}
        aria-valuenow={counts.checkedIn}
        aria-valuetext={`${counts.checkedIn} of ${guestsWord(counts.registered)} checked in`}
        className="h-3 overflow-hidden rounded-full bg-wine-100"
      >
        <div className="h-full rounded-full bg-emerald-500 transition-[width] duration-500" style={{ width: `${share}%` }} />
      </div>
    </section>
  );
}

/** Recently checked in: the last five through the door, newest first, each with Undo. */
export function RecentCheckIns({ eventId, recent }: { eventId: number; recent: readonly DoorGuest[] }) {
  return (
    <Panel title="Recently checked in" icon={<UserRoundCheck aria-hidden="true" className="size-6 text-wine-600" />}>
      {recent.length === 0 ? (
        <p className="rounded-2xl bg-cream px-4 py-3 text-muted">No one has checked in yet. Guests appear here as they arrive.</p>
      ) : (
        <ol aria-label="Recently checked in" className="divide-y divide-wine-100">
          {recent.map((g) => (
            <li key={g.userId} className="flex min-h-14 items-center gap-3 py-2.5">
              <div className="min-w-0 flex-1">
                <p className="font-semibold break-words text-wine-900">{g.name}</p>
                <p className="flex items-center gap-1.5 text-sm text-muted">
                  <Clock3 aria-hidden="true" className="size-3.5" />
                  {g.checkedInAt ? formatTime(g.checkedInAt) : ''}
                  {g.method ? ` · ${METHOD_LABEL[g.method]}` : ''}
                </p>
                <PendingBadge userId={g.userId} />
              </div>
              <UndoCheckIn eventId={eventId} guest={g} />
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

/** The timer has moved past 'waiting for round 1' (a round is running, paused, between rounds or over). */
const begun = (t: TimerStateMessage | null) => !!t && (t.phase !== 'idle' || t.currentRound > 0);

/**
 * Start Event (round 1 on the server timer, then the host console), Export Attendance (the CSV) and
 * Send Reminders (e-mail and in-app message to the guests not yet here).
 */
export function DoorActions({
  eventId,
  timer,
  toCome,
  reminded,
}: {
  eventId: number;
  timer: TimerStateMessage | null;
  toCome: number;
  reminded: Door['reminders'];
}) {
  const navigate = useNavigate();
  const start = useStartEvent(eventId);
  const reminders = useSendReminders(eventId);
  const hintId = useId();
  const running = begun(timer);
  // One reminder an hour per evening (the server enforces it): the button waits until the next may go.
  const nextAt = reminded.nextAt ? Date.parse(reminded.nextAt) : null;
  const now = useNowUntil(nextAt);
  const tooSoon = nextAt !== null && now < nextAt;
  // After a send, the line under the button (when it went, why the button waits) is brought into
  // view before it paints: on a short screen the button may sit at the very bottom.
  const hint = useRef<HTMLParagraphElement>(null);
  const justSent = useRef(false);
  useLayoutEffect(() => {
    if (!justSent.current || !reminded.lastSentAt) return;
    justSent.current = false;
    hint.current?.scrollIntoView?.({ block: 'nearest' });
  }, [reminded.lastSentAt]);

  const startEvent = () =>
    start.mutate(undefined, {
      onSuccess: (r) => {
        if (r === 'started') toast.success('Round 1 has started', { description: 'Every guest\u2019s phone shows the timer and whom to talk to.' });
        void navigate(`/host-control?event=${eventId}`);
      },
      onError: (err) => toast.error('Could not start the event', { description: messageOf(err, 'Please try again.') }),
    });

  const sendReminders = () => {
    justSent.current = true;
    reminders.mutate(undefined, {
      onSuccess: ({ sent }) => (sent > 0 ? toast.success(`Reminders sent to ${guestsWord(sent)}`) : toast.info('Everyone is already checked in')),
      onError: (err) => toast.error('Could not send reminders', { description: messageOf(err, 'Please try again.') }),
    });
  };

  return (
    <Panel title="Run the evening" icon={<Play aria-hidden="true" className="size-6 text-wine-600" />}>
      <div className="grid gap-3">
        <div>
          <Button size="lg" block disabled={start.isPending} aria-describedby={hintId} onClick={startEvent}>
            <Play aria-hidden="true" className="size-5" />
            {start.isPending ? 'Starting…' : 'Start Event'}
          </Button>
          <p id={hintId} className="mt-1.5 text-center text-sm text-muted">
            {running ? 'The evening is under way: this opens Host Control.' : 'Starts round 1 for everyone checked in, then opens Host Control.'}
          </p>
        </div>
        <Button asChild variant="outline" size="lg">
          <a href={`/api/events/${eventId}/attendance.csv`} download={`attendance-${eventId}.csv`}>
            <Download aria-hidden="true" className="size-5" />
            Export Attendance
          </a>
        </Button>
        <div>
          <Button
            variant="secondary"
            size="lg"
            block
            disabled={reminders.isPending || tooSoon}
            aria-describedby={`${hintId}-reminders`}
            onClick={sendReminders}
          >
            <Send aria-hidden="true" className="size-5" />
            {reminders.isPending ? 'Sending…' : 'Send Reminders'}
          </Button>
          <p ref={hint} id={`${hintId}-reminders`} className="mt-1.5 text-center text-sm text-muted">
            {reminded.lastSentAt && `Reminded ${formatTime(reminded.lastSentAt)}. `}
            {tooSoon && reminded.nextAt
              ? `Send Reminders opens again at ${formatTime(reminded.nextAt)}: one an hour, so nobody gets the same e-mail twice.`
              : toCome > 0
                ? `E-mails and messages the ${guestsWord(toCome)} still to come.`
                : 'Everyone registered is here.'}
          </p>
        </div>
      </div>
    </Panel>
  );
}

/** The current time, re-read when `until` passes (so a button waiting for it enables itself), else fixed. */
function useNowUntil(until: number | null) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null || until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.min(until - now + 50, 2 ** 31 - 1));
    return () => clearTimeout(timer);
  }, [until, now]);
  return until !== null && until > now ? now : Date.now();
}
