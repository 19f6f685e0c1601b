import { Check, CheckCheck, Clock, Eye, Send, Undo2, Users, Zap } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { LOCATION_STATES, type LocationState, type Room, type SentMessage } from '@shared/schemas/messages';
import { Badge } from '@client/components/ui/badge';
import { Card, CardTitle } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { messageOf } from '@client/lib/api';
import { sendMessageOnLeave, useSendMessage } from '../api/messages';
import { UNDO_MS, useSecondsLeft, useUndoableSend } from '../hooks/use-undoable-send';
import { guests, LOCATION_LABELS, messageTime, newestFirst, percent, QUICK_MESSAGES } from '../lib/messages';
import { TYPE_ICONS, TypeBadge } from './type-badge';

/** A card that is a named region of the page (its title names it). */
function Panel({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id}>
      <Card>
        <CardTitle id={id} className="flex items-center gap-2">
          {icon}
          {title}
        </CardTitle>
        {children}
      </Card>
    </section>
  );
}

type Quick = (typeof QUICK_MESSAGES)[number];

/**
 * One-tap messages to every checked-in guest, each after UNDO_MS (5 s) in which Undo keeps it
 * (issue 22); leaving meanwhile sends it (hooks/use-undoable-send.ts, docs/decisions/0049).
 */
export function QuickMessages({ eventId }: { eventId: number }) {
  const send = useSendMessage(eventId);
  const [sending, setSending] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function deliver(q: Quick) {
    if (mounted.current) setSending(q.text);
    try {
      const sent = await send.mutateAsync({ ...q });
      toast.success(`Sent to ${guests(sent.sentTo)}`, { description: sent.text });
    } catch (err) {
      const why = messageOf(err, 'The message was not sent. Please try again.');
      // Sent on the way out: this screen is gone, so the toast says it.
      if (mounted.current) setFailure(why);
      else toast.error('Your quick message was not sent', { description: why });
    } finally {
      if (mounted.current) setSending(null);
    }
  }

  const later = useUndoableSend<Quick>({ send: (q) => void deliver(q), sendOnLeave: (q) => sendMessageOnLeave(eventId, q) });
  const seconds = useSecondsLeft(later.until);
  const undoRef = useRef<HTMLButtonElement>(null);
  const busy = sending !== null || later.waiting !== null;

  const tap = (q: Quick) => {
    setFailure(null);
    setNote('');
    if (later.queue(q)) window.setTimeout(() => undoRef.current?.focus(), 0);
  };
  const undo = () => {
    if (later.undo()) setNote(`Not sent: “${later.waiting?.text ?? ''}”.`);
  };

  return (
    <Panel title="Quick messages" icon={<Zap aria-hidden="true" className="size-5 text-apricot-700" />}>
      <p className="mt-1 text-sm text-muted">One tap sends it to everyone checked in, after {UNDO_MS / 1000} seconds in which you can undo it.</p>
      <ul className="mt-4 space-y-2">
        {QUICK_MESSAGES.map((q) => {
          const Icon = TYPE_ICONS[q.type];
          const state = sending === q.text ? 'Sending…' : later.waiting?.text === q.text ? `Sending in ${seconds}\u00a0s` : null;
          return (
            <li key={q.text}>
              <button
                type="button"
                disabled={busy}
                onClick={() => tap(q)}
                className="flex min-h-14 w-full items-start gap-3 rounded-2xl border-2 border-wine-100 bg-white px-4 py-2.5 text-left transition-colors hover:border-wine-300 hover:bg-wine-50 disabled:cursor-not-allowed disabled:opacity-60"
              >
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-wine-700" />
                {/* The text has the whole width; what it asks of guests goes under it (issue 22: it wrapped to four lines beside it). */}
                <span className="min-w-0 flex-1">
                  <span className="block font-medium text-ink">{q.text}</span>
                  {(state || q.requiresAction) && <span className="mt-0.5 block text-sm text-muted">{state ?? 'Asks to acknowledge'}</span>}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
      <div role="status" className="empty:hidden mt-3">
        {later.waiting ? (
          <div className="flex flex-wrap items-center gap-3 rounded-2xl bg-wine-900 px-4 py-3 text-white">
            <p className="min-w-0 flex-1">
              Sending “{later.waiting.text}” <span aria-hidden="true">in {seconds}&nbsp;s</span>
              <span className="sr-only">in {UNDO_MS / 1000} seconds</span>
            </p>
            <button
              ref={undoRef}
              type="button"
              onClick={undo}
              className="inline-flex min-h-12 min-w-24 items-center justify-center gap-2 rounded-xl bg-white px-4 font-semibold text-wine-900 hover:bg-wine-50"
            >
              <Undo2 aria-hidden="true" className="size-5" />
              Undo
            </button>
          </div>
        ) : note ? (
          <p className="rounded-2xl bg-cream px-4 py-3 text-ink">{note}</p>
        ) : null}
      </div>
      {failure && (
        <p role="alert" className="mt-3 rounded-2xl bg-red-50 px-4 py-3 font-medium text-red-800">
          {failure}
        </p>
      )}
    </Panel>
  );
}

/** What was sent, newest first, with how many it reached, read and acknowledged it (live). */
export function MessageHistory({ messages }: { messages: readonly SentMessage[] }) {
  const list = newestFirst(messages);
  return (
    <Panel title="Message history">
      {list.length === 0 ? (
        <p className="mt-3 text-muted">No messages sent yet. Quick messages and your own appear here with their read counts.</p>
      ) : (
        <ol className="mt-4 space-y-3" aria-label="Sent messages">
          {list.map((m) => (
            <li key={m.id} className="rounded-2xl border border-wine-100 p-4">
              <div className="flex flex-wrap items-center gap-2">
                <TypeBadge type={m.type} />
                {m.audience === 'reminder' && <Badge tone="grey">Reminder</Badge>}
                <time dateTime={m.timestamp} className="ml-auto text-sm text-muted">
                  {messageTime(m.timestamp)}
                </time>
              </div>
              <p className="mt-2 break-words whitespace-pre-wrap text-ink">{m.text}</p>
              <dl className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted">
                <div>
                  <dt className="sr-only">Audience</dt>
                  <dd className="flex items-center gap-1.5">
                    <Send aria-hidden="true" className="size-4" />
                    Sent to {m.sentTo}
                  </dd>
                </div>
                <div>
                  <dt className="sr-only">Read</dt>
                  <dd className="flex items-center gap-1.5">
                    <Eye aria-hidden="true" className="size-4" />
                    Read by {m.readCount} of {m.sentTo}
                  </dd>
                </div>
                {m.requiresAction && (
                  <div>
                    <dt className="sr-only">Acknowledged</dt>
                    <dd className="flex items-center gap-1.5">
                      <CheckCheck aria-hidden="true" className="size-4" />
                      Acknowledged by {m.acknowledgedCount} of {m.sentTo}
                    </dd>
                  </div>
                )}
              </dl>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

const LOCATION_BARS: Record<LocationState, string> = {
  at_venue: 'bg-emerald-600',
  en_route: 'bg-sky-600',
  location_off: 'bg-apricot-500',
  unknown: 'bg-stone-400',
};

/** Registered, checked in and not arrived; where guests are (from their arrival screens). */
export function AttendeeStatus({ counts, locations }: Pick<Room, 'counts' | 'locations'>) {
  const total = LOCATION_STATES.reduce((n, s) => n + locations[s], 0);
  const tiles = [
    { label: 'Registered', value: counts.registered },
    { label: 'Checked in', value: counts.checkedIn },
    { label: 'Not arrived', value: counts.notArrived },
  ];
  return (
    <Panel title="Attendee status" icon={<Users aria-hidden="true" className="size-5 text-wine-700" />}>
      <dl className="mt-4 grid grid-cols-3 gap-2">
        {tiles.map((t) => (
          <div key={t.label} className="rounded-2xl bg-cream p-3 text-center">
            <dt className="text-sm text-muted">{t.label}</dt>
            <dd className="font-display text-3xl font-bold text-wine-900 tabular-nums">{t.value}</dd>
          </div>
        ))}
      </dl>

      <h3 className="mt-6 font-semibold text-wine-900">Where guests are</h3>
      <ul className="mt-3 space-y-3" aria-label="Location distribution">
        {LOCATION_STATES.map((s) => (
          <li key={s}>
            <div className="flex items-center justify-between text-sm">
              <span className="font-medium text-ink">{LOCATION_LABELS[s]}</span>
              <span className="font-semibold text-wine-900 tabular-nums">{locations[s]}</span>
            </div>
            <div aria-hidden="true" className="mt-1 h-2.5 overflow-hidden rounded-full bg-wine-50">
              <div className={cn('h-full rounded-full', LOCATION_BARS[s])} style={{ width: `${percent(locations[s], total)}%` }} />
            </div>
          </li>
        ))}
      </ul>
    </Panel>
  );
}

/** Every registered guest: checked in or not, and when they were last seen. */
export function AttendeeList({ attendees }: Pick<Room, 'attendees'>) {
  const sorted = [...attendees].sort((a, b) => Number(b.checkedIn) - Number(a.checkedIn) || a.name.localeCompare(b.name, 'en-GB'));
  return (
    <Panel title="Attendees">
      {sorted.length === 0 ? (
        <p className="mt-3 text-muted">Nobody has registered for this evening yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-wine-100" aria-label="Attendees">
          {sorted.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-3">
              <span className="min-w-0 flex-1 font-semibold text-ink">{a.name}</span>
              {a.checkedIn ? (
                <Badge tone="green" className="gap-1">
                  <Check aria-hidden="true" className="size-4" />
                  Checked in
                </Badge>
              ) : (
                <Badge tone="grey">Not arrived</Badge>
              )}
              <span className="flex w-full items-center gap-1.5 text-sm text-muted">
                <Clock aria-hidden="true" className="size-4" />
                {a.lastSeen ? `Last seen ${messageTime(a.lastSeen)}` : 'Not seen yet'} · {LOCATION_LABELS[a.location]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
