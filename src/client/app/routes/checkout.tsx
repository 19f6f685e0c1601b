import { useNavigate, useParams } from 'react-router';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { CheckoutScreen } from '@client/features/events/components/checkout-screen';

/** /checkout/{id}: pay for a place, then back to /events/{id}?payment=success. */
export function Component() {
  const me = useMe();
  const navigate = useNavigate();
  const { id } = useParams();
  const eventId = Number(id);
  if (!me.data) return <Spinner />;
  return (
    <CheckoutScreen
      key={eventId}
      eventId={Number.isInteger(eventId) && eventId > 0 ? eventId : 0}
      userId={me.data.id}
      onComplete={() => navigate(`/events/${eventId}?payment=success`, { replace: true })}
    />
  );
}
