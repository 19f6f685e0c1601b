import { screen, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { fakeServer, Reply } from '@client/test/render';
import { anEventDetail, aRegistration, DAY, fromNow, HOUR, MINUTE } from '../events.fixtures';
import { ID, detailAt, guests } from './event-detail-screen.fixtures';

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
