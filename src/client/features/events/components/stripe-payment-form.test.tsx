/**
 * Checkout with the Stripe provider configured. Stripe.js is the edge of the world here: a fake
 * `window.Stripe` stands in for the script from js.stripe.com (the form uses it when present).
 */
import { screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { beforeEach, expect, test, vi } from 'vitest';
import { fakeServer, renderAt } from '@client/test/render';
import { anEventDetail, aPaymentIntent, aRegistration, failure } from '../events.fixtures';
import { CheckoutScreen } from './checkout-screen';

const ID = 8;

type ConfirmResult = { error?: { message?: string }; paymentIntent?: { id: string; status: string } };
const confirmPayment = vi.fn<(o: { redirect: string; confirmParams: { return_url: string } }) => Promise<ConfirmResult>>();
const keys: string[] = [];

/** Stripe.js as far as the form uses it: elements → a payment element that mounts and is ready. */
function fakeStripeJs(publishableKey: string) {
  keys.push(publishableKey);
  return {
    elements: () => ({
      create: () => ({
        mount: (el: HTMLElement) => el.append(Object.assign(document.createElement('p'), { textContent: 'Stripe card fields' })),
        destroy: () => {},
        on: (_event: 'ready', ready: () => void) => setTimeout(ready, 0),
      }),
    }),
    confirmPayment: (o: Parameters<typeof confirmPayment>[0]) => confirmPayment(o),
  };
}

beforeEach(() => {
  confirmPayment.mockReset();
  keys.length = 0;
  vi.stubGlobal('Stripe', fakeStripeJs);
});

function checkout(routes: Record<string, unknown> = {}) {
  const server = fakeServer({
    [`GET /api/events/${ID}`]: anEventDetail({ id: ID, price: 1500 }),
    'POST /api/create-payment-intent': aPaymentIntent({ provider: 'stripe', publishableKey: 'pk_test_abc', paymentIntentId: 'pi_live_1' }),
    [`POST /api/events/${ID}/register`]: aRegistration(ID),
    ...routes,
  });
  const onComplete = vi.fn();
  const r = renderAt(
    <>
      <Toaster />
      <CheckoutScreen eventId={ID} userId={1} onComplete={onComplete} />
    </>,
    { path: `/checkout/${ID}`, pattern: '/checkout/:id' },
  );
  return { ...r, server, onComplete };
}

test('Stripe’s fields load with the publishable key, and no test-mode banner', async () => {
  checkout();
  expect(await screen.findByText('Stripe card fields')).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'Pay £15.00' })).toBeEnabled();
  expect(keys).toEqual(['pk_test_abc']);
  expect(screen.queryByText('Test mode: no real payment')).not.toBeInTheDocument();
});

test('a confirmed payment registers with its id, coming back to the event if Stripe must redirect', async () => {
  confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_live_1', status: 'succeeded' } });
  const { user, server, onComplete } = checkout();
  const pay = await screen.findByRole('button', { name: 'Pay £15.00' });
  await vi.waitFor(() => expect(pay).toBeEnabled());
  await user.click(pay);
  await vi.waitFor(() => expect(onComplete).toHaveBeenCalled());
  expect(confirmPayment).toHaveBeenCalledWith(
    expect.objectContaining({ redirect: 'if_required', confirmParams: { return_url: `${location.origin}/events/${ID}?payment=success` } }),
  );
  expect(server.calls.find((c) => c.url.pathname.endsWith('/register'))?.body).toEqual({ userId: 1, consentToShare: true, paymentIntentId: 'pi_live_1' });
  expect(screen.getByText('Payment Successful', { selector: '[data-title]' })).toBeInTheDocument();
});

test('a declined card shows Stripe’s message and registers nothing', async () => {
  confirmPayment.mockResolvedValue({ error: { message: 'Your card has insufficient funds.' } });
  const { user, server, onComplete } = checkout();
  const pay = await screen.findByRole('button', { name: 'Pay £15.00' });
  await vi.waitFor(() => expect(pay).toBeEnabled());
  await user.click(pay);
  expect(await screen.findByText('Your card has insufficient funds.', { selector: '[role="alert"]' })).toBeInTheDocument();
  expect(screen.getByText('Payment Failed')).toBeInTheDocument();
  expect(server.calls.some((c) => c.url.pathname.endsWith('/register'))).toBe(false);
  expect(onComplete).not.toHaveBeenCalled();
});

test('a payment left unfinished says it could not be completed', async () => {
  confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_live_1', status: 'requires_payment_method' } });
  const { user } = checkout();
  const pay = await screen.findByRole('button', { name: 'Pay £15.00' });
  await vi.waitFor(() => expect(pay).toBeEnabled());
  await user.click(pay);
  expect(await screen.findByText('Your payment could not be completed. Please try again.', { selector: '[role="alert"]' })).toBeInTheDocument();
});

test('paid, but the server could not confirm the place', async () => {
  confirmPayment.mockResolvedValue({ paymentIntent: { id: 'pi_live_1', status: 'processing' } });
  const { user } = checkout({ [`POST /api/events/${ID}/register`]: failure(409, 'Payment not yet received') });
  const pay = await screen.findByRole('button', { name: 'Pay £15.00' });
  await vi.waitFor(() => expect(pay).toBeEnabled());
  await user.click(pay);
  expect(await screen.findByRole('heading', { name: "We couldn't confirm your place" })).toBeInTheDocument();
  expect(screen.getByText('Payment not yet received')).toBeInTheDocument();
});
