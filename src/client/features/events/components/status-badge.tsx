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

/** The spec's status words on a pill: Open, Full, Past (event lists), Registered, Completed (My Events); Happening now (event page). */
export function StatusBadge({ label, className }: { label: StatusLabel; className?: string }) {
  return (
    <Badge tone={TONE[label]} className={className}>
      {label}
    </Badge>
  );
}
