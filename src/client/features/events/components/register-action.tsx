import { Ticket } from 'lucide-react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { Event } from '@shared/schemas/events';
import { Button, type ButtonProps } from '@client/components/ui/button';
import { messageOf } from '@client/lib/api';
import { formatMoney } from '@client/lib/format';
import { useRegister } from '../api/tickets';

/**
 * 'Register £15.00': a paid evening goes to /checkout/{id}; a free one (price 0), or the host's
 * own evening (hosts get in free; the server decides), registers at once.
 * The caller decides whether registration is open.
 */
export function RegisterAction({
  event,
  userId,
  size,
  block,
  className,
}: {
  event: Pick<Event, 'id' | 'title' | 'price' | 'hostId'>;
  userId: number;
  size?: ButtonProps['size'];
  block?: boolean;
  className?: string;
}) {
  const register = useRegister(userId);
  const hostFree = event.price > 0 && event.hostId === userId;
  const label = hostFree ? 'Register free as the host' : event.price > 0 ? `Register ${formatMoney(event.price)}` : 'Register free';

  if (event.price > 0 && !hostFree) {
    return (
      <Button asChild size={size} block={block} className={className}>
        <Link to={`/checkout/${event.id}`} aria-label={`${label} for ${event.title}`}>
          <Ticket aria-hidden="true" className="size-5" />
          {label}
        </Link>
      </Button>
    );
  }

  return (
    <Button
      size={size}
      block={block}
      className={className}
      disabled={register.isPending}
      aria-label={`${label} for ${event.title}`}
      onClick={() =>
        register.mutate(
          { eventId: event.id },
          {
            onSuccess: () => toast.success('Registration Successful', { description: "You've been registered for the event!" }),
            onError: (err) => toast.error('Registration Failed', { description: messageOf(err, 'Failed to register for event') }),
          },
        )
      }
    >
      <Ticket aria-hidden="true" className="size-5" />
      {register.isPending ? 'Registering…' : label}
    </Button>
  );
}
