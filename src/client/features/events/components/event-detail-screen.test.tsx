import { act, screen, within } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { describe, expect, test } from 'vitest';
import { fakeServer, renderAt, Reply } from '@client/test/render';
import { anEventDetail, aRegistration, DAY, fromNow, HOUR, MINUTE } from '../events.fixtures';
import { EventDetailScreen } from './event-detail-screen';
import { ID, detailAt, guests } from './event-detail-screen.fixtures';

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

describe('the live evening', () => {
  test('when round 1 starts, the live part moves to the top without being mounted again (no screen of it asks the server again at the bell)', async () => {
    fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail({ id: ID, date: fromNow(-5 * MINUTE), endsAt: fromNow(2 * HOUR) }, { registered: true, checkedIn: true }),
      [`GET /api/events/${ID}/participants`]: guests,
    });
    let mounts = 0;
    function LivePart() {
      useEffect(() => {
        mounts++;
      }, []);
      return <p>The live timer</p>;
    }
    let start: () => void = () => {};
    function Page() {
      const [stage, setStage] = useState<'before' | 'running'>('before');
      start = () => setStage('running');
      return <EventDetailScreen eventId={ID} userId={1} liveStage={stage} liveSlot={() => <LivePart />} />;
    }
    renderAt(<Page />, { path: `/events/${ID}`, pattern: '/events/:id' });
    const live = await screen.findByText('The live timer');
    const about = screen.getByText('The Church Inn, Prestwich');
    // Before round 1 the evening's facts come first; the live part below them.
    expect(about.compareDocumentPosition(live) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(mounts).toBe(1);

    act(() => start());
    const moved = screen.getByText('The live timer');
    expect(moved.compareDocumentPosition(screen.getByText('The Church Inn, Prestwich')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(moved).toBe(live);
    expect(mounts).toBe(1);
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
