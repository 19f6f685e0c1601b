import { CloudOff, TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@client/components/ui/button';
import { formatTime } from '@client/lib/format';
import { useDesk, type Desk } from '../hooks/use-desk';
import { thisDevice } from '../lib/device';

/**
 * What the desk says about working offline (docs/decisions/0052-the-door-offline.md): a badge on a
 * check-in still waiting to be sent, the line under the title, and the check-ins that did not
 * count once sent (another desk was first, or the guest could not be checked in).
 */

/** "Waiting to send" on a guest checked in offline and not yet sent. */
export function PendingBadge({ userId }: { userId: number }) {
  const desk = useDesk();
  if (!desk?.isPending(userId)) return null;
  return (
    <p className="mt-1.5 inline-flex items-center gap-1.5 rounded-xl bg-apricot-100 px-3 py-1 text-sm font-semibold text-wine-900">
      <CloudOff aria-hidden="true" className="size-4" />
      Waiting to send
    </p>
  );
}

const checkInsWord = (n: number) => `${n} check-in${n === 1 ? '' : 's'}`;

/** The desk's line about its connection: offline since when and what waits, or that it is sending; empty when all is sent. */
export function deskLine(desk: Desk, reconnecting: boolean): string {
  const waiting = desk.pending.length;
  if (!desk.online) {
    const since = desk.offlineSince ? ` since ${formatTime(desk.offlineSince)}` : '';
    const what =
      waiting > 0
        ? `${checkInsWord(waiting)} saved on ${thisDevice()}, sent when the connection is back.`
        : `Check-ins are saved on ${thisDevice()} and sent when the connection is back.`;
    return `Offline${since}. ${what}`;
  }
  if (waiting > 0) return `Sending ${checkInsWord(waiting)} made offline…`;
  return reconnecting ? 'Reconnecting… Check-ins on other phones will show once the line is back.' : '';
}

/** Check-ins this desk made offline that did not count once sent, each until the host has read it. */
export function DeskNotices() {
  const desk = useDesk();
  const headingId = useId();
  if (!desk || desk.notices.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mb-4 rounded-3xl bg-amber-100 p-4 text-ink ring-1 ring-amber-300">
      <h2 id={headingId} className="mb-2 flex items-center gap-2 text-lg font-bold">
        <TriangleAlert aria-hidden="true" className="size-5" />
        Sent, but not counted from this desk
      </h2>
      {/* Announced as it appears: the host is busy at the door, eyes on the guests. */}
      <div role="alert">
        <ul className="space-y-2">
          {desk.notices.map((n) => (
            <li key={n.key} className="flex flex-wrap items-center justify-between gap-3">
              <p className="min-w-0 flex-1 text-base font-semibold break-words">{n.notice}</p>
              <Button variant="outline" size="sm" onClick={() => desk.dismiss(n.key)}>
                Got it<span className="sr-only">: {n.notice}</span>
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
