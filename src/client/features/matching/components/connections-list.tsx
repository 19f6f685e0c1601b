import { Clock, UsersRound } from 'lucide-react';
import type { Connection } from '@shared/schemas/matching';
import { Badge } from '@client/components/ui/badge';
import { Card, CardTitle } from '@client/components/ui/card';
import { formatTime } from '@client/lib/format';
import { METHOD_LABEL, statusOf } from '../lib/connect-code';

const TONE = { Pending: 'apricot', Match: 'green', Declined: 'grey', 'Chat only': 'grey' } as const;

/** Everyone the guest has logged tonight: name, time, how, and Pending / Match / Declined. */
export function ConnectionsList({
  connections,
  onAnswer,
  busy,
  canAnswer,
}: {
  connections: Connection[];
  /** Open the yes/no card for this person (first answer or a change of mind). */
  onAnswer: (participantId: number) => void;
  busy: boolean;
  /** False once the host has released matches (answers are final). */
  canAnswer: boolean;
}) {
  const newestFirst = [...connections].reverse();
  return (
    <Card>
      <CardTitle className="flex items-center gap-2">
        <UsersRound aria-hidden="true" className="size-6 text-wine-600" />
        Your connections
        {connections.length > 0 && <span className="ml-auto text-base font-semibold text-muted">{connections.length}</span>}
      </CardTitle>
      {connections.length === 0 ? (
        <p className="mt-3 rounded-2xl bg-wine-50 p-4 text-ink">
          No connections yet. When a round starts, log each person you talk to and they'll appear here.
        </p>
      ) : (
        <>
          {connections.some((c) => !c.canDecide) && (
            <p className="mt-3 text-sm text-muted">
              Yes or no is for the partners the host seated you with, once their round has started. A chat only stays in your log.
            </p>
          )}
          <ul className="mt-3 divide-y divide-wine-100">
            {newestFirst.map((c) => {
              const status = statusOf(c);
              return (
                <li key={c.participantId} className="flex items-start gap-3 py-3">
                  <span
                    aria-hidden="true"
                    className="mt-0.5 flex size-11 shrink-0 items-center justify-center rounded-full bg-wine-100 font-display text-lg font-bold text-wine-800"
                  >
                    {c.participantName.charAt(0).toUpperCase()}
                  </span>
                  <div className="min-w-0 flex-1">
                    <div className="flex items-start justify-between gap-2">
                      <p className="min-w-0 text-lg leading-snug font-semibold break-words text-ink">{c.participantName}</p>
                      <Badge tone={TONE[status]} className="shrink-0">
                        {status}
                      </Badge>
                    </div>
                    <div className="flex items-center justify-between gap-2">
                      <p className="flex flex-wrap items-center gap-x-1.5 text-sm text-muted">
                        <Clock aria-hidden="true" className="size-4" />
                        <time dateTime={c.timestamp}>{formatTime(c.timestamp)}</time>
                        <span aria-hidden="true">·</span>
                        <span>{METHOD_LABEL[c.method]}</span>
                        {c.round ? (
                          <>
                            <span aria-hidden="true">·</span>
                            <span>Round {c.round}</span>
                          </>
                        ) : null}
                      </p>
                      {canAnswer && c.canDecide && (
                        <button
                          type="button"
                          disabled={busy}
                          onClick={() => onAnswer(c.participantId)}
                          className="-mr-2 inline-flex min-h-11 shrink-0 items-center rounded-xl px-2 text-sm font-semibold text-wine-700 underline underline-offset-4 hover:bg-wine-50 disabled:opacity-60"
                        >
                          {status === 'Pending' ? 'Answer' : 'Change'}
                          <span className="sr-only"> your answer for {c.participantName}</span>
                        </button>
                      )}
                    </div>
                  </div>
                </li>
              );
            })}
          </ul>
        </>
      )}
    </Card>
  );
}
