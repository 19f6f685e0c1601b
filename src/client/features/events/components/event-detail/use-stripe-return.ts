import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { EventDetail } from '@shared/schemas/events';
import { useRegister } from '../../api/tickets';

/**
 * Back from a Stripe redirect (a payment method that leaves the page): Stripe adds
 * payment_intent and redirect_status. The server registers on its webhook anyway; asking here
 * (idempotent) makes the ticket appear without waiting for it.
 */
export function useStripeReturn(event: EventDetail, userId: number) {
  const [params] = useSearchParams();
  const register = useRegister(userId);
  const asked = useRef(false);
  const intent = params.get('payment_intent');
  const succeeded = params.get('redirect_status') === 'succeeded';
  const { mutate } = register;
  useEffect(() => {
    if (asked.current || !intent || !succeeded || event.viewer.registered) return;
    asked.current = true;
    mutate({ eventId: event.id, paymentIntentId: intent });
  }, [intent, succeeded, event.viewer.registered, event.id, mutate]);
}
