import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { fakeServer, Reply } from '@client/test/render';
import { aCancelResult, anEventDetail, aRegistration, DAY, fromNow, HOUR } from '../events.fixtures';
import type { EventDetailSlots } from './event-detail-screen';
import { ID, detailAt, guests } from './event-detail-screen.fixtures';

describe('cancelling', () => {
  const paidPlace = (refundable: boolean) =>
    anEventDetail({ id: ID, date: fromNow(refundable ? 3 * DAY : 5 * HOUR) }, { registered: true, paid: true, refundable });

  test('24 hours or more before: the full refund is promised, the cancellation sent, the answer shown', async () => {
    const server = fakeServer({
      [`GET /api/events/${ID}`]: paidPlace(true),
      [`GET /api/events/${ID}/participants`]: guests,
      [`DELETE /api/events/${ID}/registration`]: aCancelResult(),
    });
    const { user } = detailAt();
    await user.click(await screen.findByRole('button', { name: 'Cancel registration' }));

    const dialog = await screen.findByRole('dialog', { name: 'Cancel your registration?' });
    expect(dialog).toHaveAccessibleDescription("You're cancelling 24 hours or more before the start, so you'll get a full refund of £15.00 to your card.");
    expect(within(dialog).getByText(/Refund policy/)).toBeInTheDocument();

    server.set(`GET /api/events/${ID}`, anEventDetail({ id: ID }, { registered: false }));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel registration' }));

    // One confirmation (issue 22): the dialog closes and the page's notice, focused, carries the server's answer; no toast, no second sheet.
    const notice = (await screen.findByText('Registration cancelled')).closest('[role="status"]') as HTMLElement;
    expect(notice).toHaveTextContent('Your registration is cancelled and £15.00 is on its way back to your card.');
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await vi.waitFor(() => expect(notice).toHaveFocus());
    expect(screen.getAllByText(/cancelled/i)).toHaveLength(2); // the notice's title and its message, nothing else
    expect(screen.queryByText('Registration Cancelled')).not.toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'DELETE').map((c) => c.url.pathname)).toEqual([`/api/events/${ID}/registration`]);
    // The member may book again.
    expect(await screen.findByRole('link', { name: /Register £15.00/ })).toBeInTheDocument();
    await user.click(within(notice).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Registration cancelled')).not.toBeInTheDocument();
  });

  test('less than 24 hours before: no refund, said before anything is sent', async () => {
    const server = fakeServer({ [`GET /api/events/${ID}`]: paidPlace(false), [`GET /api/events/${ID}/participants`]: guests });
    const { user } = detailAt();
    await user.click(await screen.findByRole('button', { name: 'Cancel registration' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel your registration?' });
    expect(dialog).toHaveAccessibleDescription(
      "The evening starts in less than 24 hours, so there is no refund. Your seat will go to someone else, and if someone takes your place, you'll be refunded £15.00.",
    );
    expect(dialog).not.toHaveTextContent(/full refund of/);
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  test('a place at a paid evening booked without a payment (the demo data, a host) says why nothing is refunded', async () => {
    fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({ id: ID, price: 1500, date: fromNow(3 * DAY) }, { registered: true, paid: false, refundable: true }),
      [`GET /api/events/${ID}/participants`]: [],
    });
    const { user } = detailAt();
    await user.click(await screen.findByRole('button', { name: 'Cancel registration' }));
    expect(await screen.findByRole('dialog')).toHaveAccessibleDescription(
      'No payment was taken for this place, so there is nothing to refund, though the evening costs £15.00. Your seat will go to someone else.',
    );
  });

  test('a free place has nothing to refund', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: anEventDetail({ id: ID, price: 0 }, { registered: true }), [`GET /api/events/${ID}/participants`]: [] });
    const { user } = detailAt();
    await user.click(await screen.findByRole('button', { name: 'Cancel registration' }));
    expect(await screen.findByRole('dialog')).toHaveAccessibleDescription('Your seat will go to someone else. There is nothing to refund.');
  });

  test('Keep my place closes the dialog and sends nothing', async () => {
    const server = fakeServer({ [`GET /api/events/${ID}`]: paidPlace(true), [`GET /api/events/${ID}/participants`]: [] });
    const { user } = detailAt();
    const opener = await screen.findByRole('button', { name: 'Cancel registration' });
    await user.click(opener);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Keep my place' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "You're registered" })).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'DELETE')).toBe(false);
    expect(opener).toHaveFocus();
  });

  test('a refused cancellation shows the reason in the dialog and keeps the ticket', async () => {
    fakeServer({
      [`GET /api/events/${ID}`]: paidPlace(true),
      [`GET /api/events/${ID}/participants`]: [],
      [`DELETE /api/events/${ID}/registration`]: new Reply(409, { message: 'The evening has already started' }),
    });
    const { user } = detailAt();
    await user.click(await screen.findByRole('button', { name: 'Cancel registration' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel registration' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The evening has already started');
    // Said once, where the member is looking: no toast repeating it.
    expect(screen.getAllByText('The evening has already started')).toHaveLength(1);
    expect(screen.queryByText('Cancellation Failed')).not.toBeInTheDocument();
  });
});

describe('payments and slots', () => {
  test("back from checkout: You're in, which can be dismissed; 'Payment Successful' is the toast's alone", async () => {
    fakeServer({ [`GET /api/events/${ID}`]: anEventDetail({ id: ID }, { registered: true, paid: true }), [`GET /api/events/${ID}/participants`]: [] });
    const { user, router } = detailAt(`/events/${ID}?payment=success`);
    const banner = (await screen.findByText("You're in!")).closest('[role="status"]') as HTMLElement;
    expect(banner).toHaveTextContent("You're in!We've emailed your ticket");
    // The checkout's toast has just said it: the page does not say it a second time.
    expect(screen.queryByText('Payment Successful')).not.toBeInTheDocument();
    await user.click(within(banner).getByRole('button', { name: 'Dismiss' }));
    expect(router.state.location.search).toBe('');
    expect(screen.queryByText("You're in!")).not.toBeInTheDocument();
  });

  test('back from a Stripe redirect that succeeded: the registration is confirmed with the payment id', async () => {
    const server = fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({ id: ID }),
      [`POST /api/events/${ID}/register`]: aRegistration(ID),
    });
    detailAt(`/events/${ID}?payment=success&payment_intent=pi_123&redirect_status=succeeded`);
    await vi.waitFor(() => expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ userId: 1, consentToShare: true, paymentIntentId: 'pi_123' }));
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });

  test('during a round the live part comes first: the timer, whom to talk to, the rating; the rest below', async () => {
    fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({ id: ID, title: 'Live Night', description: 'All about it' }, { registered: true, checkedIn: true }),
      [`GET /api/events/${ID}/participants`]: guests,
    });
    const slots: EventDetailSlots = { liveSlot: <p>Timer and round</p>, ratingSlot: <p>Rate here</p> };
    const before = detailAt(`/events/${ID}`, slots);
    await screen.findByText('Timer and round');
    const order = () => ['Timer and round', 'Rate here', 'Date', "You're registered", 'About this evening'].map((t) => screen.getByText(t));
    const follows = (a: HTMLElement, b: HTMLElement) => !!(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);
    // Before round 1: the evening's facts and ticket first.
    const [timer0, , date0, ticket0] = order();
    expect(follows(date0!, timer0!)).toBe(true);
    expect(follows(ticket0!, timer0!)).toBe(true);
    before.unmount();

    detailAt(`/events/${ID}`, { ...slots, liveStage: 'running' });
    await screen.findByText('Timer and round');
    const [timer, rate, date, ticket, about] = order();
    expect(screen.getByRole('heading', { level: 1, name: 'Live Night' })).toBeInTheDocument();
    expect(follows(timer!, rate!)).toBe(true);
    expect(follows(rate!, ticket!)).toBe(true);
    expect(follows(rate!, date!)).toBe(true);
    expect(follows(date!, about!)).toBe(true);
  });

  test('composition slots render what the route gives, made from the event', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: anEventDetail({ id: ID, title: 'Slotted' }) });
    detailAt(`/events/${ID}`, { liveSlot: (e) => <p>Live for {e.title}</p>, ratingSlot: <p>Rate here</p>, matchesSlot: () => null });
    expect(await screen.findByText('Live for Slotted')).toBeInTheDocument();
    expect(screen.getByText('Rate here')).toBeInTheDocument();
  });
});
