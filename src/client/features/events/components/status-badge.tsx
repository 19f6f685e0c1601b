import { Badge } from '@client/components/ui/badge';

const TONE = {
  Open: 'green',
  Full: 'apricot',
  Past: 'grey',
  Registered: 'wine',
  Completed: 'grey',
  'Happening now': 'apricot',
} as const;

export type StatusLabel = keyof typeof TONE;

/** "1 seat held for the waitlist", "2 seats held for the waitlist". */
export const seatsHeldText = (n: number) => `${n} ${n === 1 ? 'seat' : 'seats'} held for the waitlist`;

/**
 * The spec's status words on a pill: Open, Full, Past (event lists), Registered, Completed (My Events);
 * Happening now (event page). An evening that is 'Full' only because seats are held for the first in
 * line on its waitlist says so instead (7/8 beside "Full" read as a mistake; issue 22).
 */
export function StatusBadge({ label, className, heldForWaitlist = 0 }: { label: StatusLabel; className?: string; heldForWaitlist?: number }) {
  return (
    <Badge tone={TONE[label]} className={className}>
      {label === 'Full' && heldForWaitlist > 0 ? seatsHeldText(heldForWaitlist) : label}
    </Badge>
  );
}
