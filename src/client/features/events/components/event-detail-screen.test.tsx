import { screen, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { describe, expect, test, vi } from 'vitest';
import { fakeServer, Reply, renderAt } from '@client/test/render';
import { aCancelResult, anEventDetail, aParticipant, aRegistration, DAY, fromNow, HOUR, MINUTE } from '../events.fixtures';
import { EventDetailScreen, type EventDetailSlots } from './event-detail-screen';

const ID = 3;
const detailAt = (path = `/events/${ID}`, slots: EventDetailSlots = {}) =>
  renderAt(
    <>
      <Toaster />
      <EventDetailScreen eventId={ID} userId={1} {...slots} />
    </>,
    { path, pattern: '/events/:id' },
  );

const guests = [
  aParticipant(1, 'Member One', { age: 31, interests: ['Hiking'] }),
  aParticipant(2, 'Priya Shah', { age: 29, interests: ['Art', 'Coffee', 'Travel', 'Dancing', 'Film', 'Yoga'] }),
];

describe('a member without a place', () => {
  test('sees the evening, its price and Register, and no guest list', async () => {
    const server = fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({ id: ID, title: 'Friday Friends', description: 'Five-minute chats.\nThen drinks.' }),
    });
    detailAt();

    expect(await screen.findByRole('heading', { level: 1, name: 'Friday Friends' })).toBeInTheDocument();
    expect(screen.getByText('Open')).toBeInTheDocument();
    expect(screen.getByText('Ages 25-40')).toBeInTheDocument();
    expect(screen.getByText('7:00 PM – 9:00 PM')).toBeInTheDocument();
    expect(screen.getByText('The Church Inn, Prestwich')).toBeInTheDocument();
    expect(screen.getByText('12/40')).toBeInTheDocument();
    expect(screen.getByText('· 28 spots left')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'About this evening' })).toBeInTheDocument();
    expect(screen.getByText('£15.00')).toBeInTheDocument();
    expect(screen.getByText('per person')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register £15.00 for Friday Friends' })).toHaveAttribute('href', `/checkout/${ID}`);
    expect(screen.getByText('Free cancellation up to 24 hours before the start.')).toBeInTheDocument();
    expect(document.title).toBe('Friday Friends · Speed Friendship');

    expect(screen.queryByRole('heading', { name: /Who's coming/ })).not.toBeInTheDocument();
    expect(server.calls.some((c) => c.url.pathname.endsWith('/participants'))).toBe(false);
  });

  test('a free evening registers at once', async () => {
    const server = fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({ id: ID, title: 'Free Taster', price: 0 }),
      [`POST /api/events/${ID}/register`]: aRegistration(ID),
    });
    const { user } = detailAt();
    expect(await screen.findByText('Free')).toBeInTheDocument();
    expect(screen.queryByText(/Free cancellation/)).not.toBeInTheDocument();
    server.set(`GET /api/events/${ID}`, anEventDetail({ id: ID, title: 'Free Taster', price: 0 }, { registered: true }));
    server.set(`GET /api/events/${ID}/participants`, guests);
    await user.click(screen.getByRole('button', { name: 'Register free for Free Taster' }));
    expect(await screen.findByRole('heading', { name: "You're registered" })).toBeInTheDocument();
    expect(screen.getByText('Free entry')).toBeInTheDocument();
    expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ userId: 1, consentToShare: true });
  });

  test('a full evening offers the waitlist instead of Register; joining shows the place in line', async () => {
    const full = { id: ID, title: 'Friday Friends', participantCount: 40, spotsLeft: 0 };
    const server = fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail(full),
      [`POST /api/events/${ID}/waitlist`]: { status: 'waiting', position: 3, joinedAt: fromNow(0) },
    });
    const { user } = detailAt();
    expect(
      await screen.findByText(
        /This evening is full\. Join the waitlist: when a place opens, the first in line gets an e-mail and the place is held for them for 12 hours\./,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Full')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Register/ })).not.toBeInTheDocument();

    server.set(`GET /api/events/${ID}`, anEventDetail(full, { waitlist: { status: 'waiting', position: 3, joinedAt: fromNow(0) } }));
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText("You're number 3 on the waitlist")).toBeInTheDocument();
    expect(server.calls.filter((c) => c.method === 'POST').map((c) => c.url.pathname)).toEqual([`/api/events/${ID}/waitlist`]);

    server.set(`DELETE /api/events/${ID}/waitlist`, { left: true });
    server.set(`GET /api/events/${ID}`, anEventDetail(full));
    await user.click(screen.getByRole('button', { name: 'Leave the waitlist' }));
    expect(await screen.findByRole('button', { name: 'Join the waitlist' })).toBeInTheDocument();
  });

  test('a seat held for the first in line: "1 seat held for the waitlist" beside 7/8, never "Full"', async () => {
    fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({
        id: ID,
        title: 'Friday Friends',
        participantCount: 7,
        maxParticipants: 8,
        spotsLeft: 0,
        seatsHeldForWaitlist: 1,
      }),
    });
    detailAt();
    expect(await screen.findByText('1 seat held for the waitlist')).toBeInTheDocument();
    expect(screen.getByText('7/8')).toBeInTheDocument();
    expect(screen.queryByText('Full')).not.toBeInTheDocument();
  });

  test('a refused join says why', async () => {
    fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({ id: ID, participantCount: 40, spotsLeft: 0 }),
      [`POST /api/events/${ID}/waitlist`]: new Reply(409, { message: "You're already on the waitlist for this evening" }),
    });
    const { user } = detailAt();
    await user.click(await screen.findByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText("You're already on the waitlist for this evening")).toBeInTheDocument();
  });

  test('a seat held off the waitlist: the countdown, Register, and passing it on', async () => {
    const offer = { status: 'offered' as const, offerExpiresAt: fromNow(11 * HOUR + 59 * MINUTE + 30_000), joinedAt: fromNow(-DAY) };
    const server = fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({ id: ID, title: 'Friday Friends', participantCount: 39, spotsLeft: 0 }, { waitlist: offer }),
    });
    const { user } = detailAt();
    expect(await screen.findByText('A place has opened for you')).toBeInTheDocument();
    expect(screen.getByText(/^11:59:/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register £15.00 for Friday Friends' })).toHaveAttribute('href', `/checkout/${ID}`);
    server.set(`DELETE /api/events/${ID}/waitlist`, { left: true });
    await user.click(screen.getByRole('button', { name: "Can't come? Pass the place on" }));
    expect(await screen.findByText('Place passed on')).toBeInTheDocument();
    expect(server.calls.some((c) => c.method === 'DELETE' && c.url.pathname === `/api/events/${ID}/waitlist`)).toBe(true);
  });

  test('a lapsed offer is not offered any more', async () => {
    const offer = { status: 'offered' as const, offerExpiresAt: fromNow(-MINUTE), joinedAt: fromNow(-DAY) };
    fakeServer({ [`GET /api/events/${ID}`]: anEventDetail({ id: ID, participantCount: 40, spotsLeft: 0 }, { waitlist: offer }) });
    detailAt();
    expect(await screen.findByRole('button', { name: 'Join the waitlist' })).toBeInTheDocument();
    expect(screen.queryByText('A place has opened for you')).not.toBeInTheDocument();
  });

  test("the host sees the evening's waitlist: held offers first, then the line in order", async () => {
    fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({ id: ID, participantCount: 40, spotsLeft: 0 }, { isHost: true }),
      [`GET /api/events/${ID}/participants`]: guests,
      [`GET /api/events/${ID}/waitlist`]: {
        entries: [
          { userId: 7, name: 'Olivia Bennett', status: 'offered', position: null, joinedAt: fromNow(-DAY), offerExpiresAt: fromNow(6 * HOUR) },
          { userId: 8, name: 'Sam Patel', status: 'waiting', position: 1, joinedAt: fromNow(-HOUR), offerExpiresAt: null },
        ],
        expiredOffers: 1,
        left: 0,
      },
    });
    detailAt();
    const list = await screen.findByRole('list', { name: 'People on the waitlist' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent(/Olivia Bennett.*Offered until/);
    expect(rows[1]).toHaveTextContent('1.Sam PatelWaiting');
    expect(screen.getByText('1 offer not taken up · 0 left the waitlist')).toBeInTheDocument();
  });

  test("an evening under way is 'Happening now' and closed to registration", async () => {
    fakeServer({ [`GET /api/events/${ID}`]: anEventDetail({ id: ID, date: fromNow(-30 * MINUTE), endsAt: fromNow(90 * MINUTE) }) });
    detailAt();
    expect(await screen.findByText('Happening now')).toBeInTheDocument();
    expect(screen.getByText('This evening has already started, so registration has closed.')).toBeInTheDocument();
    expect(screen.queryByText(/spots left/)).not.toBeInTheDocument();
  });

  test('a host sees that they host it, and the guest list', async () => {
    fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({ id: ID }, { isHost: true }),
      [`GET /api/events/${ID}/participants`]: guests,
    });
    detailAt();
    expect(await screen.findByRole('heading', { name: "You're hosting this evening" })).toBeInTheDocument();
    expect(screen.getByText("You're hosting")).toBeInTheDocument();
    expect(screen.getByText(/check themselves in from an hour before the start/)).toBeInTheDocument();
    expect(await screen.findByText('Priya Shah')).toBeInTheDocument();
  });
});

describe('loading and errors', () => {
  test('an unknown evening: Event not found, with a way back to the list', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: new Reply(404, { message: 'Event not found' }) });
    detailAt();
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse Events' })).toHaveAttribute('href', '/events');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  test('a failure offers Try again, which loads the evening', async () => {
    // A 500 (a 503 or a dropped network is first retried a few times: lib/query-client.ts).
    const server = fakeServer({ [`GET /api/events/${ID}`]: new Reply(500, { message: 'Something went wrong' }) });
    const { user } = detailAt();
    expect(await screen.findByRole('heading', { name: "We couldn't load this event" })).toBeInTheDocument();
    server.set(`GET /api/events/${ID}`, anEventDetail({ id: ID, title: 'Back Online' }));
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Back Online' })).toBeInTheDocument();
  });

  test('while loading, a status says so', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: () => new Promise(() => {}) });
    detailAt();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading the event');
  });
});

describe('the ticket', () => {
  test('a paid place: the ticket, check-in closed until an hour before, calendar and cancel', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse('2025-05-07T12:00:00Z') });
    fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({ id: ID, date: '2025-05-14T18:00:00.000Z' }, { registered: true, paid: true }),
      [`GET /api/events/${ID}/participants`]: guests,
    });
    detailAt();
    expect(await screen.findByRole('heading', { name: "You're registered" })).toBeInTheDocument();
    expect(screen.getByText('Paid £15.00')).toBeInTheDocument();
    const checkIn = screen.getByRole('button', { name: 'Check In' });
    expect(checkIn).toBeDisabled();
    expect(checkIn).toHaveAccessibleDescription('Check-in opens at 6:00 PM on Wed 14 May, an hour before the start.');
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel registration' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Register/ })).not.toBeInTheDocument();
  });

  test('an unpaid place on a paid evening is booked', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: anEventDetail({ id: ID }, { registered: true, paid: false }), [`GET /api/events/${ID}/participants`]: [] });
    detailAt();
    expect(await screen.findByText('Your place is booked')).toBeInTheDocument();
  });

  test('from an hour before the start, Check In checks the member in', async () => {
    const date = fromNow(30 * MINUTE);
    const server = fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({ id: ID, date }, { registered: true, selfCheckInOpensAt: fromNow(-30 * MINUTE) }),
      [`GET /api/events/${ID}/participants`]: guests,
      [`POST /api/events/${ID}/checkin`]: aRegistration(ID, 1, true),
    });
    const { user } = detailAt();
    const checkIn = await screen.findByRole('button', { name: 'Check In' });
    expect(checkIn).toBeEnabled();
    expect(screen.queryByText(/Check-in opens at/)).not.toBeInTheDocument();

    server.set(`GET /api/events/${ID}`, anEventDetail({ id: ID, date }, { registered: true, checkedIn: true }));
    await user.click(checkIn);
    expect(await screen.findByText('Checked In')).toBeInTheDocument(); // the toast
    expect(server.calls.find((c) => c.url.pathname === `/api/events/${ID}/checkin`)?.body).toEqual({ userId: 1 });
    const done = await screen.findByText('Enjoy the evening!');
    expect(done.closest('[role="status"]')).toHaveTextContent('Checked in');
    expect(screen.queryByRole('button', { name: 'Check In' })).not.toBeInTheDocument();
  });

  test('a refused check-in says why', async () => {
    fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({ id: ID, date: fromNow(30 * MINUTE) }, { registered: true, selfCheckInOpensAt: fromNow(-30 * MINUTE) }),
      [`GET /api/events/${ID}/participants`]: [],
      [`POST /api/events/${ID}/checkin`]: new Reply(409, { message: 'Check-in has not opened yet' }),
    });
    const { user } = detailAt();
    await user.click(await screen.findByRole('button', { name: 'Check In' }));
    expect(await screen.findByText('Check-in Failed')).toBeInTheDocument();
    expect(screen.getByText('Check-in has not opened yet')).toBeInTheDocument();
  });

  test('once started, the place can no longer be cancelled', async () => {
    fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail(
        { id: ID, date: fromNow(-10 * MINUTE), endsAt: fromNow(HOUR) },
        { registered: true, selfCheckInOpensAt: fromNow(-70 * MINUTE) },
      ),
      [`GET /api/events/${ID}/participants`]: guests,
    });
    detailAt();
    expect(await screen.findByRole('button', { name: 'Check In' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Cancel registration' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: /Who's coming/ })).toBeInTheDocument();
  });

  test('after the evening: finished, or thanks for coming once checked in', async () => {
    const server = fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({ id: ID, date: fromNow(-3 * HOUR), endsAt: fromNow(-HOUR), status: 'completed' }, { registered: true }),
      [`GET /api/events/${ID}/participants`]: guests,
    });
    const first = detailAt();
    expect(await screen.findByText('This evening has finished. We hope to see you at the next one.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: /Who came/ })).toBeInTheDocument();
    first.unmount();

    server.set(
      `GET /api/events/${ID}`,
      anEventDetail({ id: ID, date: fromNow(-3 * HOUR), endsAt: fromNow(-HOUR), status: 'completed' }, { registered: true, checkedIn: true }),
    );
    detailAt();
    expect(await screen.findByText('Thanks for coming!')).toBeInTheDocument();
  });

  test('once the host has started round 1, even before the advertised time, the place can no longer be cancelled', async () => {
    // Before the start a guest not yet checked in may cancel (a checked-in guest may not: the test below).
    const server = fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({ id: ID, date: fromNow(40 * MINUTE), endsAt: fromNow(3 * HOUR) }, { registered: true }),
      [`GET /api/events/${ID}/participants`]: guests,
    });
    const first = detailAt();
    expect(await screen.findByRole('button', { name: 'Cancel registration' })).toBeInTheDocument();
    first.unmount();
    server.set(
      `GET /api/events/${ID}`,
      anEventDetail({ id: ID, date: fromNow(40 * MINUTE), endsAt: fromNow(3 * HOUR) }, { registered: true, checkedIn: true }),
    );
    detailAt(`/events/${ID}`, { liveStage: 'running' });
    expect(await screen.findByText('Enjoy the evening!')).toBeInTheDocument();
    expect(screen.getByText('Happening now')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel registration' })).not.toBeInTheDocument();
  });

  test('a checked-in guest is told so, with the time, and is not offered to cancel (issue 32)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, now: Date.parse('2025-05-14T17:30:00Z') });
    fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail(
        { id: ID, date: '2025-05-14T18:00:00.000Z', endsAt: '2025-05-14T20:00:00.000Z' },
        { registered: true, checkedIn: true, checkedInAt: '2025-05-14T17:24:00.000Z', selfCheckInOpensAt: '2025-05-14T17:00:00.000Z' },
      ),
      [`GET /api/events/${ID}/participants`]: guests,
    });
    detailAt();
    const status = (await screen.findByText('Enjoy the evening!')).closest('[role="status"]');
    expect(status).toHaveTextContent('Checked in at 6:24 PM');
    expect(status).toHaveTextContent('Enjoy the evening!');
    expect(screen.queryByText(/Show it at the door, or check yourself in here/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check In' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel registration' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add to calendar' })).toBeInTheDocument();
  });

  test('after the host ends the evening early: Past, finished, nothing to cancel', async () => {
    // Ended with End Event before its advertised time: completed, its date still ahead.
    fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail(
        { id: ID, date: fromNow(40 * MINUTE), endsAt: fromNow(3 * HOUR), status: 'completed', spotsLeft: 26 },
        { registered: true, checkedIn: true },
      ),
      [`GET /api/events/${ID}/participants`]: guests,
    });
    detailAt();
    expect(await screen.findByText('Thanks for coming!')).toBeInTheDocument();
    expect(screen.getByText('Past')).toBeInTheDocument();
    expect(screen.queryByText('Open')).not.toBeInTheDocument();
    expect(screen.queryByText(/spots left/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel registration' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add to calendar' })).not.toBeInTheDocument();
  });

  test('the same, as soon as the socket says the evening has ended (before the event reloads)', async () => {
    fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({ id: ID, date: fromNow(40 * MINUTE), endsAt: fromNow(3 * HOUR) }, { registered: true, checkedIn: true }),
      [`GET /api/events/${ID}/participants`]: guests,
    });
    detailAt(`/events/${ID}`, { liveStage: 'over' });
    expect(await screen.findByText('Thanks for coming!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel registration' })).not.toBeInTheDocument();
  });

  test('Add to calendar downloads the evening’s .ics file from the server', async () => {
    fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({ id: ID, title: 'Friday Friends' }, { registered: true }),
      [`GET /api/events/${ID}/participants`]: [],
    });
    detailAt();
    const link = await screen.findByRole('link', { name: 'Add to calendar' });
    expect(link).toHaveAttribute('href', `/api/events/${ID}/calendar.ics`);
    expect(link).toHaveAttribute('download', `speed-friendship-${ID}.ics`);
  });
});

describe('around the evening', () => {
  test('before the evening a guest is pointed to the match preview and the badges', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: anEventDetail({ id: ID }, { registered: true }), [`GET /api/events/${ID}/participants`]: [] });
    detailAt();
    const card = (await screen.findByRole('heading', { name: 'Around your evening' })).closest('section, div')!;
    expect(within(card as HTMLElement).getByRole('link', { name: /Match preview/ })).toHaveAttribute('href', `/match-preview?event=${ID}`);
    expect(screen.getByRole('link', { name: /Guest badges/ })).toHaveAttribute('href', `/badges?event=${ID}`);
    expect(screen.queryByRole('link', { name: /Give feedback/ })).not.toBeInTheDocument();
  });

  test('after it: feedback, missed connections and friend groups', async () => {
    fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail(
        { id: ID, date: fromNow(-2 * DAY), endsAt: fromNow(-2 * DAY + 2 * HOUR), status: 'completed' },
        { registered: true },
      ),
      [`GET /api/events/${ID}/participants`]: [],
    });
    detailAt();
    expect(await screen.findByRole('link', { name: /Give feedback/ })).toHaveAttribute('href', `/feedback?event=${ID}`);
    expect(screen.getByRole('link', { name: /Missed connections/ })).toHaveAttribute('href', `/missed-connections?event=${ID}`);
    expect(screen.getByRole('link', { name: /Friend groups/ })).toHaveAttribute('href', '/friend-groups');
    expect(screen.queryByRole('link', { name: /Match preview/ })).not.toBeInTheDocument();
  });

  test('a member without a place gets none of these', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: anEventDetail({ id: ID }) });
    detailAt();
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('heading', { name: 'Around your evening' })).not.toBeInTheDocument();
  });
});

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

describe('who is coming', () => {
  const registered = () => anEventDetail({ id: ID }, { registered: true });

  test('names, ages, the member marked (you), at most 4 interests', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: registered(), [`GET /api/events/${ID}/participants`]: guests });
    detailAt();
    expect(await screen.findByRole('heading', { name: "Who's coming (2)" })).toBeInTheDocument();
    const me = screen.getByText('Member One').closest('li') as HTMLElement;
    expect(me).toHaveTextContent('Member One (you), 31');
    const priya = within(screen.getByRole('list', { name: "Priya Shah's interests" }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(priya).toEqual(['Art', 'Coffee', 'Travel', 'Dancing', '+2 more']);
  });

  test('nobody yet', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: registered(), [`GET /api/events/${ID}/participants`]: [] });
    detailAt();
    expect(await screen.findByText('Nobody has registered yet.')).toBeInTheDocument();
  });

  test('a refused list (403) hides the card; a failed one offers Try again', async () => {
    const server = fakeServer({ [`GET /api/events/${ID}`]: registered(), [`GET /api/events/${ID}/participants`]: new Reply(403, { message: 'Forbidden' }) });
    const first = detailAt();
    await screen.findByRole('heading', { name: "You're registered" });
    await vi.waitFor(() => expect(server.calls.some((c) => c.url.pathname.endsWith('/participants'))).toBe(true));
    await vi.waitFor(() => expect(screen.queryByRole('heading', { name: /Who's coming/ })).not.toBeInTheDocument());
    first.unmount();

    server.set(`GET /api/events/${ID}/participants`, new Reply(500, {}));
    const { user } = detailAt();
    expect(await screen.findByText("We couldn't load the guest list just now.")).toBeInTheDocument();
    server.set(`GET /api/events/${ID}/participants`, guests);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Priya Shah')).toBeInTheDocument();
  });
});

// Issue 34: a member had no way to share their evening.
test('a member can share an upcoming evening from its page, with the page’s link and its source', async () => {
  fakeServer({
    [`GET /api/events/${ID}`]: anEventDetail({ id: ID, date: fromNow(48 * HOUR), endsAt: fromNow(50 * HOUR) }, { registered: true }),
    [`GET /api/events/${ID}/participants`]: [],
  });
  const { user } = detailAt();
  await user.click(await screen.findByRole('button', { name: 'Copy link' }));
  expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/events/${ID}?source=page-link`);
  // The ticket has its own Add to calendar: one link, not two.
  expect(screen.getAllByRole('link', { name: 'Add to calendar' })).toHaveLength(1);
});
