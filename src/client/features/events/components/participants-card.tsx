import { UsersRound } from 'lucide-react';
import { Card, CardTitle } from '@client/components/ui/card';
import { Button } from '@client/components/ui/button';
import { ApiError } from '@client/lib/api';
import { initials } from '@client/lib/format';
import { useParticipants } from '../api/events';

const SHOWN_INTERESTS = 4;
const AVATAR_TONES = ['bg-wine-100 text-wine-800', 'bg-apricot-100 text-apricot-700', 'bg-emerald-100 text-emerald-800', 'bg-stone-200 text-stone-700'];

/**
 * Who's coming: guests and hosts of the evening only. Nobody else asks (and a 403 hides the card).
 * Names, ages and interests; never contact details.
 */
export function ParticipantsCard({ eventId, userId, allowed, past }: { eventId: number; userId: number; allowed: boolean; past?: boolean }) {
  const list = useParticipants(eventId, allowed);
  if (!allowed) return null;
  if (list.isError && list.error instanceof ApiError && list.error.status === 403) return null;

  return (
    <Card>
      <div className="flex items-center gap-3">
        <UsersRound aria-hidden="true" className="size-6 text-wine-500" />
        <CardTitle>
          {past ? 'Who came' : "Who's coming"}
          {list.data ? <span className="font-sans text-lg font-semibold text-muted"> ({list.data.length})</span> : null}
        </CardTitle>
      </div>
      {list.isPending ? (
        <div role="status" className="mt-4 space-y-3">
          <span className="sr-only">Loading the guest list…</span>
          {[0, 1, 2].map((i) => (
            <div key={i} aria-hidden="true" className="h-16 animate-pulse rounded-2xl bg-wine-50" />
          ))}
        </div>
      ) : list.isError ? (
        <div className="mt-3 space-y-3">
          <p className="text-muted">We couldn't load the guest list just now.</p>
          <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.data.length === 0 ? (
        <p className="mt-3 text-muted">Nobody has registered yet.</p>
      ) : (
        <ul className="mt-4 divide-y divide-wine-100">
          {list.data.map((p, i) => {
            const extra = p.user.interests.length - SHOWN_INTERESTS;
            return (
              <li key={p.id} className="flex gap-3 py-3 first:pt-0 last:pb-0">
                <span
                  aria-hidden="true"
                  className={`flex size-11 shrink-0 items-center justify-center rounded-full font-bold ${AVATAR_TONES[i % AVATAR_TONES.length]}`}
                >
                  {initials(p.user.name)}
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words text-wine-900">
                    {p.user.name}
                    {p.userId === userId && <span className="font-normal text-muted"> (you)</span>}
                    <span className="font-normal text-muted">, {p.user.age}</span>
                  </p>
                  {p.user.interests.length > 0 && (
                    <ul aria-label={`${p.user.name}'s interests`} className="mt-1.5 flex flex-wrap gap-1.5">
                      {p.user.interests.slice(0, SHOWN_INTERESTS).map((interest) => (
                        <li key={interest} className="rounded-full bg-cream px-2.5 py-0.5 text-sm text-ink ring-1 ring-wine-100">
                          {interest}
                        </li>
                      ))}
                      {extra > 0 && <li className="px-1 py-0.5 text-sm text-muted">+{extra} more</li>}
                    </ul>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
