import { Info, MapPin, Repeat, TriangleAlert, type LucideIcon } from 'lucide-react';
import type { MessageType } from '@shared/schemas/messages';
import { Badge } from '@client/components/ui/badge';
import { cn } from '@client/components/ui/cn';
import { TYPE_LABELS } from '../lib/messages';

export const TYPE_ICONS: Record<MessageType, LucideIcon> = {
  general: Info,
  urgent: TriangleAlert,
  round: Repeat,
  location: MapPin,
};

const TONES = { general: 'wine', urgent: 'red', round: 'apricot', location: 'green' } as const;

/** The message's type as an icon and a word (never colour alone). */
export function TypeBadge({ type, className }: { type: MessageType; className?: string }) {
  const Icon = TYPE_ICONS[type];
  return (
    <Badge tone={TONES[type]} className={cn('gap-1.5', className)}>
      <Icon aria-hidden="true" className="size-4" />
      {TYPE_LABELS[type]}
    </Badge>
  );
}

const CIRCLES: Record<MessageType, string> = {
  general: 'bg-wine-100 text-wine-800',
  urgent: 'bg-red-100 text-red-700',
  round: 'bg-apricot-100 text-apricot-700',
  location: 'bg-emerald-100 text-emerald-800',
};

/** The type's icon in a circle, beside a message in a list. */
export function TypeIcon({ type }: { type: MessageType }) {
  const Icon = TYPE_ICONS[type];
  return (
    <span aria-hidden="true" className={cn('flex size-11 shrink-0 items-center justify-center rounded-full', CIRCLES[type])}>
      <Icon className="size-5" />
    </span>
  );
}
