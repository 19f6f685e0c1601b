import { lazy, Suspense } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Spinner } from '@client/components/ui/spinner';
import { useMe } from '@client/features/auth/api/auth';
import { useRegister } from '@client/features/events/api/tickets';
import { TestCardForm } from '@client/features/events/components/test-card-form';
import { CheckoutForTwoScreen } from '@client/features/friend-seats/components/checkout-for-two-screen';

const StripePaymentForm = lazy(() => import('@client/features/events/components/stripe-payment-form').then((m) => ({ default: m.StripePaymentForm })));

/**
 * /checkout-for-two/{id}: two places in one checkout (features/friend-seats), paid with the evening
 * checkout's own card forms (features/events); once paid, the member's place is confirmed as after a
 * one-seat checkout and the page goes to the evening.
 */
export function Component() {
  const me = useMe();
  const navigate = useNavigate();
  const { id } = useParams();
  const eventId = Number(id);
  const register = useRegister(me.data?.id ?? 0);
  if (!me.data) return <Spinner />;
  const valid = Number.isInteger(eventId) && eventId > 0;
  const onPaid = async (paymentIntentId: string) => {
    await register.mutateAsync({ eventId, paymentIntentId });
    navigate(`/events/${eventId}?payment=success`, { replace: true });
  };
  return (
    <CheckoutForTwoScreen
      key={eventId}
      eventId={valid ? eventId : 0}
      onBooked={() => navigate(`/events/${eventId}`, { replace: true })}
      payment={(intent) =>
        intent.provider === 'stripe' && intent.publishableKey ? (
          <Suspense fallback={<Spinner label="Loading the payment form" />}>
            <StripePaymentForm
              clientSecret={intent.clientSecret}
              publishableKey={intent.publishableKey}
              amount={intent.amount}
              returnUrl={`${location.origin}/events/${eventId}?payment=success`}
              disabled={false}
              onPaid={onPaid}
            />
          </Suspense>
        ) : (
          <TestCardForm clientSecret={intent.clientSecret} amount={intent.amount} disabled={false} onPaid={onPaid} />
        )
      }
    />
  );
}
