import { act, screen, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, test, vi } from 'vitest';
import { fakeServer, Reply, renderAt } from '@client/test/render';
import { anEventDetail, aPaymentIntent, aRegistration, DAY, failure, fromNow, MINUTE } from '../events.fixtures';
import { CheckoutScreen } from './checkout-screen';

const ID = 8;
const nextYear = String((new Date().getFullYear() + 1) % 100).padStart(2, '0');

function checkoutAt(onComplete = vi.fn()) {
  const r = renderAt(
    <>
      <Toaster />
      <CheckoutScreen eventId={ID} userId={1} onComplete={onComplete} />
    </>,
    { path: `/checkout/${ID}`, pattern: '/checkout/:id' },
  );
  return { ...r, onComplete };
}

const paidEvening = (over = {}) => anEventDetail({ id: ID, title: 'Friday Friends', price: 1500, ...over });

async function payWith(user: ReturnType<typeof checkoutAt>['user'], card: string, expiry = `12${nextYear}`, cvc = '123') {
  await user.type(await screen.findByLabelText('Card number'), card);
  await user.type(screen.getByLabelText(/Expiry date/), expiry);
  await user.type(screen.getByLabelText(/CVC/), cvc);
  await user.click(screen.getByRole('button', { name: 'Pay £15.00' }));
}

describe('paying for a place', () => {
  test('the summary, a seat held, the test-mode banner and the card form', async () => {
    // The hold's clock stands still while the page renders (a slow machine showed 14:59); timers stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    const server = fakeServer({ [`GET /api/events/${ID}`]: paidEvening(), 'POST /api/create-payment-intent': aPaymentIntent() });
    checkoutAt();
    expect(screen.getByRole('heading', { level: 1, name: 'Complete Registration' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to event' })).toHaveAttribute('href', `/events/${ID}`);
    expect(await screen.findByRole('heading', { name: 'Friday Friends' })).toBeInTheDocument();
    expect(screen.getByText('1 × ticket')).toBeInTheDocument();
    expect(screen.getAllByText('£15.00')).toHaveLength(2); // the ticket and the total
    expect(screen.getByText(/Cancel 24 hours or more before the start for a full refund\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'The refund rule' })).toHaveAttribute('href', '/refunds');

    expect(await screen.findByText('Test mode: no real payment')).toBeInTheDocument();
    expect(screen.getByText(/Your seat is held for/)).toHaveTextContent('Your seat is held for 15:00');
    expect(screen.getByRole('form', { name: 'Card payment' })).toBeInTheDocument();
    expect(server.calls.find((c) => c.url.pathname === '/api/create-payment-intent')?.body).toEqual({ eventId: ID, userId: 1, amount: 1500 });
    expect(server.calls.filter((c) => c.url.pathname === '/api/create-payment-intent')).toHaveLength(1);
  });

  test('4242 4242 4242 4242 pays, confirms the place with the payment id, then moves on', async () => {
    const server = fakeServer({
      [`GET /api/events/${ID}`]: paidEvening(),
      'POST /api/create-payment-intent': aPaymentIntent({ clientSecret: 'pi_abc_secret_xyz', paymentIntentId: 'pi_abc' }),
      'POST /api/payments/test/confirm': { status: 'succeeded', paymentIntentId: 'pi_abc', outcome: 'registered' },
      [`POST /api/events/${ID}/register`]: aRegistration(ID),
    });
    const { user, onComplete } = checkoutAt();
    await user.type(await screen.findByLabelText('Card number'), '4242424242424242');
    expect(screen.getByLabelText('Card number')).toHaveValue('4242 4242 4242 4242');
    await user.type(screen.getByLabelText(/Expiry date/), `12${nextYear}`);
    expect(screen.getByLabelText(/Expiry date/)).toHaveValue(`12/${nextYear}`);
    await user.type(screen.getByLabelText(/CVC/), '12a3');
    expect(screen.getByLabelText(/CVC/)).toHaveValue('123');
    await user.click(screen.getByRole('button', { name: 'Pay £15.00' }));

    await vi.waitFor(() => expect(onComplete).toHaveBeenCalledTimes(1));
    expect(screen.getByText('Payment Successful', { selector: '[data-title]' })).toBeInTheDocument();
    // Said once, by the toast; the page says what it is doing.
    expect(screen.getAllByText('Payment Successful')).toHaveLength(1);
    expect(screen.getByText('Confirming your place')).toBeInTheDocument();
    expect(server.calls.find((c) => c.url.pathname === '/api/payments/test/confirm')?.body).toEqual({
      clientSecret: 'pi_abc_secret_xyz',
      cardNumber: '4242424242424242',
      expMonth: 12,
      expYear: 2000 + Number(nextYear),
      cvc: '123',
    });
    expect(server.calls.find((c) => c.url.pathname === `/api/events/${ID}/register`)?.body).toEqual({
      userId: 1,
      consentToShare: true,
      paymentIntentId: 'pi_abc',
    });
  });

  test('the declined test card 4000 0000 0000 0002 shows the provider’s message and registers nothing', async () => {
    const server = fakeServer({
      [`GET /api/events/${ID}`]: paidEvening(),
      'POST /api/create-payment-intent': aPaymentIntent(),
      'POST /api/payments/test/confirm': failure(402, 'Your card was declined.'),
    });
    const { user, onComplete } = checkoutAt();
    await payWith(user, '4000000000000002');
    const alert = await screen.findByText('Your card was declined.', { selector: '[role="alert"]' });
    expect(alert).toBeInTheDocument();
    expect(screen.getByText('Payment Failed')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay £15.00' })).toBeEnabled();
    expect(server.calls.some((c) => c.url.pathname.endsWith('/register'))).toBe(false);
    expect(onComplete).not.toHaveBeenCalled();
  });

  test('a message about one field shows under that field', async () => {
    fakeServer({
      [`GET /api/events/${ID}`]: paidEvening(),
      'POST /api/create-payment-intent': aPaymentIntent(),
      'POST /api/payments/test/confirm': failure(400, 'Your card number is incorrect.', [{ path: 'cardNumber', message: 'Your card number is incorrect.' }]),
    });
    const { user } = checkoutAt();
    await payWith(user, '4242424242424241');
    const number = screen.getByLabelText('Card number');
    await vi.waitFor(() => expect(number).toHaveAttribute('aria-invalid', 'true'));
    expect(number).toHaveAccessibleDescription('Your card number is incorrect.');
    expect(number).toHaveFocus();
  });

  test('an empty or incomplete form is refused before anything is sent', async () => {
    const server = fakeServer({ [`GET /api/events/${ID}`]: paidEvening(), 'POST /api/create-payment-intent': aPaymentIntent() });
    const { user } = checkoutAt();
    await user.click(await screen.findByRole('button', { name: 'Pay £15.00' }));
    expect(await screen.findByText('Enter your card number')).toBeInTheDocument();
    expect(screen.getByText('Enter the expiry date')).toBeInTheDocument();
    expect(screen.getByText('Enter the security code')).toBeInTheDocument();
    await payWith(user, '4242 4242');
    expect(await screen.findByText('Your card number is incomplete.')).toBeInTheDocument();
    expect(server.calls.some((c) => c.url.pathname === '/api/payments/test/confirm')).toBe(false);
  });

  test('paid, but the place could not be confirmed: says so with a way back', async () => {
    fakeServer({
      [`GET /api/events/${ID}`]: paidEvening(),
      'POST /api/create-payment-intent': aPaymentIntent(),
      'POST /api/payments/test/confirm': { status: 'succeeded', paymentIntentId: 'pi_test_123', outcome: 'registered' },
      [`POST /api/events/${ID}/register`]: failure(409, 'This event is full'),
    });
    const { user, onComplete } = checkoutAt();
    await payWith(user, '4242424242424242');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("We couldn't confirm your place");
    expect(alert).toHaveTextContent('This event is full');
    expect(within(alert).getByRole('link', { name: 'Back to the event' })).toHaveAttribute('href', `/events/${ID}`);
    expect(onComplete).not.toHaveBeenCalled();
  });
});

describe('the seat hold', () => {
  test('counts down each second and, after 15 minutes, expires with Try again holding a new seat', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer({
      [`GET /api/events/${ID}`]: paidEvening(),
      'POST /api/create-payment-intent': aPaymentIntent({ holdExpiresAt: fromNow(15 * MINUTE) }),
    });
    const { user } = checkoutAt();
    expect(await screen.findByText(/Your seat is held for/)).toHaveTextContent('15:00');
    await act(() => vi.advanceTimersByTimeAsync(61_000));
    expect(screen.getByText(/Your seat is held for/)).toHaveTextContent('13:59');

    await act(() => vi.advanceTimersByTimeAsync(14 * MINUTE));
    const expired = await screen.findByRole('alert');
    expect(expired).toHaveTextContent('Your seat hold has expired');
    expect(screen.queryByRole('form', { name: 'Card payment' })).not.toBeInTheDocument();

    server.set('POST /api/create-payment-intent', aPaymentIntent({ holdExpiresAt: fromNow(15 * MINUTE) }));
    await user.click(within(expired).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('form', { name: 'Card payment' })).toBeInTheDocument();
    expect(server.calls.filter((c) => c.url.pathname === '/api/create-payment-intent')).toHaveLength(2);
  });

  test('a full evening cannot be held, with a way back', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: paidEvening(), 'POST /api/create-payment-intent': failure(409, 'This event is full') });
    checkoutAt();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This evening is full' })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Back to the event' })).toBeInTheDocument();
    expect(within(alert).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  test('another conflict names itself', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: paidEvening(), 'POST /api/create-payment-intent': failure(409, 'You are already registered for this event') });
    checkoutAt();
    expect(await screen.findByRole('heading', { name: 'You can’t book this evening' })).toBeInTheDocument();
  });

  test('a failure to start offers Try again', async () => {
    const server = fakeServer({ [`GET /api/events/${ID}`]: paidEvening(), 'POST /api/create-payment-intent': new Reply(500, {}) });
    const { user } = checkoutAt();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Payment could not start');
    expect(alert).toHaveTextContent('We could not start the payment. Please try again.');
    server.set('POST /api/create-payment-intent', aPaymentIntent());
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Test mode: no real payment')).toBeInTheDocument();
  });
});

describe('nothing to pay', () => {
  test('already registered: a link to the ticket, no seat held', async () => {
    const server = fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({ id: ID }, { registered: true }),
      'POST /api/create-payment-intent': aPaymentIntent(),
    });
    checkoutAt();
    expect(await screen.findByRole('heading', { name: "You're already registered" })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your ticket' })).toHaveAttribute('href', `/events/${ID}`);
    expect(server.calls.some((c) => c.url.pathname === '/api/create-payment-intent')).toBe(false);
  });

  test('an evening that has started is closed', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: paidEvening({ date: fromNow(-DAY) }) });
    checkoutAt();
    expect(await screen.findByRole('heading', { name: 'Registration has closed' })).toBeInTheDocument();
  });

  test('a free evening registers without payment', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: paidEvening({ price: 0, title: 'Free Taster' }) });
    checkoutAt();
    expect(await screen.findByRole('heading', { name: 'This evening is free' })).toBeInTheDocument();
    expect(screen.getAllByText('Free')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Register free for Free Taster' })).toBeInTheDocument();
  });

  test('the host of the evening gets in free: no seat held, no card form, registers at once', async () => {
    const server = fakeServer({
      [`GET /api/events/${ID}`]: paidEvening({ hostId: 1 }),
      'POST /api/create-payment-intent': aPaymentIntent(),
      [`POST /api/events/${ID}/register`]: new Reply(201, aRegistration(ID, 1)),
    });
    const { user } = checkoutAt();
    expect(await screen.findByRole('heading', { name: 'Free for you as the host' })).toBeInTheDocument();
    expect(screen.getAllByText('Free')).toHaveLength(2); // the ticket and the total
    expect(screen.queryByText('£15.00')).not.toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Card payment' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Register free as the host for Friday Friends' }));
    await vi.waitFor(() => expect(server.calls.some((c) => c.url.pathname === `/api/events/${ID}/register`)).toBe(true));
    expect(server.calls.find((c) => c.url.pathname === `/api/events/${ID}/register`)?.body).toMatchObject({ userId: 1 });
    expect(server.calls.some((c) => c.url.pathname === '/api/create-payment-intent')).toBe(false);
  });

  test('an unknown evening: Event not found', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: failure(404, 'Event not found') });
    checkoutAt();
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
  });

  test('another failure to load says so', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: new Reply(500, {}) });
    checkoutAt();
    expect(await screen.findByRole('heading', { name: "We couldn't load this event" })).toBeInTheDocument();
  });
});
