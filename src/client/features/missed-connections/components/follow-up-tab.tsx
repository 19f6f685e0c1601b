import { CalendarPlus, MapPin } from 'lucide-react';
import { FOLLOW_UP_FEW_SPOTS, type FollowUpEvent } from '@shared/schemas/missed-connections';
import { Badge } from '@client/components/ui/badge';
import { Card } from '@client/components/ui/card';
import { cn } from '@client/components/ui/cn';
import { NoticeCard } from '@client/components/ui/notice-card';
import { formatDate, formatMoney, formatWallTime } from '@client/lib/format';

/** The spots badge: red when FOLLOW_UP_FEW_SPOTS (10) or fewer remain (docs/spec/organiser-tools.md §9). */
export function SpotsBadge({ e }: { e: FollowUpEvent }) {
  if (e.full) return <Badge tone="grey">Full</Badge>;
  const few = e.spotsAvailable <= FOLLOW_UP_FEW_SPOTS;
  return (
    <Badge tone={few ? 'red' : 'green'} data-few={few ? 'true' : 'false'}>
      {e.spotsAvailable} of {e.totalSpots} spots left
    </Badge>
  );
}

export const eveningWhen = (e: { date: string; startTime: string }) => `${formatDate(e.date, 'long')}, ${formatWallTime(e.startTime)}`;

/** What the invitee gets: the same words as the e-mail (src/server/modules/missed-connections/invite-mail.ts), first name and evening only. */
function InvitationPreview({ sender, e }: { sender: string; e: FollowUpEvent }) {
  return (
    <Card className="bg-wine-50">
      <h2 className="text-lg font-semibold text-wine-900">Invitation message preview</h2>
      <p className="mt-1 text-sm text-muted">
        This is the e-mail each person you invite receives. It shows your first name and the evening only: never your ratings or why you're inviting them.
      </p>
      <div className="mt-4 rounded-2xl border border-wine-100 bg-white p-4" aria-label="Invitation e-mail">
        <p className="text-sm text-muted">
          <span className="font-semibold text-ink">Subject:</span> {sender} invited you to {e.title}
        </p>
        <div className="mt-3 space-y-3 text-ink">
          <p>Hi [their first name],</p>
          <p>{sender} would love to see you at another speed friendship evening and invited you to come along.</p>
          <p>
            <strong>{e.title}</strong>
            <br />
            When: {eveningWhen(e)}
            <br />
            Where: {e.venue}
          </p>
          <p className="text-wine-800 underline">See the evening and book a place</p>
          <p className="text-sm text-muted">
            Don't want follow-up invites from {sender}? <span className="underline">Stop invites from {sender}</span>
          </p>
        </div>
      </div>
    </Card>
  );
}

/**
 * Follow-up events (docs/spec/organiser-tools.md §2.26): choose the upcoming evening the invites
 * are for, and see the invitation message. Full evenings are shown but cannot be chosen.
 */
export function FollowUpTab({
  events,
  chosenId,
  sender,
  onChoose,
}: {
  events: FollowUpEvent[];
  chosenId: number | null;
  sender: string;
  onChoose: (id: number) => void;
}) {
  if (events.length === 0) {
    return (
      <NoticeCard icon={CalendarPlus} title="No upcoming evenings yet">
        <p>When the next evenings are announced, you can choose one here and invite your missed connections to it.</p>
      </NoticeCard>
    );
  }
  const chosen = events.find((e) => e.id === chosenId) ?? null;
  return (
    <div className="space-y-5">
      <fieldset>
        <legend className="mb-3 text-lg font-semibold text-wine-900">Choose the evening to invite people to</legend>
        <div className="grid gap-3 md:grid-cols-2">
          {events.map((e) => {
            const checked = e.id === chosenId;
            return (
              <label
                key={e.id}
                className={cn(
                  'flex cursor-pointer gap-3 rounded-3xl border-2 bg-white p-4 shadow-sm transition-colors has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-wine-600',
                  checked ? 'border-wine-600 bg-wine-50' : 'border-wine-100 hover:border-wine-300',
                  e.full && 'cursor-not-allowed opacity-70',
                )}
              >
                <input
                  type="radio"
                  name="follow-up-evening"
                  value={e.id}
                  checked={checked}
                  disabled={e.full}
                  onChange={() => onChoose(e.id)}
                  className="mt-1 size-5 shrink-0 accent-wine-700"
                />
                <span className="flex min-w-0 flex-col gap-1">
                  <span className="text-lg font-semibold text-wine-900">{e.title}</span>
                  <span className="text-sm text-ink">{eveningWhen(e)}</span>
                  <span className="flex items-start gap-1 text-sm text-muted">
                    <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    {e.venue}
                    {e.location ? `, ${e.location}` : ''}
                  </span>
                  {e.description && <span className="text-sm text-muted">{e.description}</span>}
                  <span className="mt-1 flex flex-wrap items-center gap-2">
                    <SpotsBadge e={e} />
                    <span className="text-sm font-semibold text-wine-900">{e.price > 0 ? formatMoney(e.price) : 'Free'}</span>
                  </span>
                </span>
              </label>
            );
          })}
        </div>
      </fieldset>
      {chosen && !chosen.full ? (
        <InvitationPreview sender={sender} e={chosen} />
      ) : (
        <p role="status" className="text-muted">
          Choose an evening with spots left to see the invitation.
        </p>
      )}
    </div>
  );
}
