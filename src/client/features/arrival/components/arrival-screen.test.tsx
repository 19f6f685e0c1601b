import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { ARRIVAL_GEO_OPTIONS } from '@shared/domain/arrival';
import type { Arrival } from '@shared/schemas/arrival';
import { fakeSockets, settle } from '@client/test/fake-socket';
import { fakeServer, Reply, renderAt } from '@client/test/render';
import { anArrival, arrivalServer, fakeGeolocation, fromNow, HOUR, MINUTE, northOf } from '../arrival.fixtures';
import { formatDate, formatTime } from '@client/lib/format';
import { ArrivalScreen } from './arrival-screen';

const DENIED = 'Location access was denied. You can still check in manually when you arrive at the wine bar venue.';

let phone: ReturnType<typeof fakeGeolocation> | null = null;

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  phone?.restore();
  phone = null;
  vi.restoreAllMocks();
});

/** Open /arrival for evening 5 as member 1, with the browser's stored location permission. */
async function openArrival({
  permission = 'prompt',
  arrival = anArrival(),
  refuse = null,
}: { permission?: PermissionState | 'absent'; arrival?: Arrival; refuse?: string | null } = {}) {
  phone = fakeGeolocation({ permission });
  const data = arrivalServer(arrival, { refuse });
  const server = fakeServer({ ...data.routes });
  const sockets = fakeSockets();
  const view = renderAt(<ArrivalScreen eventId={5} userId={1} />, { path: '/arrival?event=5' });
  await screen.findByRole('heading', { name: arrival.venue.name });
  await settle();
  return { ...view, data, server, sockets, phone };
}

const detection = () => screen.getByRole('region', { name: 'Venue Detection' });
const announced = () => screen.getAllByRole('status').find((s) => s.getAttribute('aria-live') === 'polite')!;
/** Let a report's request go and come back. */
const flush = () =>
  act(async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  });

describe('location permission (§2.20)', () => {
  test('pending: Enable Location Tracking starts watching; the first position grants it', async () => {
    const { phone, data } = await openArrival({ permission: 'prompt' });
    expect(phone.permissions!.query).toHaveBeenCalledWith({ name: 'geolocation' });
    const enable = screen.getByRole('button', { name: 'Enable Location Tracking' });
    expect(phone.geolocation.watchPosition).not.toHaveBeenCalled();

    await act(async () => enable.click());
    expect(phone.geolocation.watchPosition).toHaveBeenCalledTimes(1);
    expect(phone.options).toEqual(ARRIVAL_GEO_OPTIONS);
    expect(screen.getByRole('button', { name: 'Waiting for your answer…' })).toBeDisabled();

    phone.at(500);
    expect(await screen.findByRole('heading', { name: 'Venue Detection' })).toBeInTheDocument();
    expect(within(detection()).getByText('En Route')).toBeInTheDocument();
    expect(within(detection()).getByText('500 m')).toBeInTheDocument();
    await vi.waitFor(() => expect(data.reports).toHaveLength(1));
    expect(data.reports[0]).toMatchObject({
      permission: 'granted',
      position: { latitude: northOf(500).latitude, longitude: northOf(500).longitude, accuracy: 10 },
    });
  });

  test('without the Permissions API the state starts pending', async () => {
    await openArrival({ permission: 'absent' });
    // The card shows its spinner until the state is known: on a loaded machine that is after openArrival's settle.
    expect(await screen.findByRole('button', { name: 'Enable Location Tracking' })).toBeInTheDocument();
  });

  test('refusing the browser prompt (PERMISSION_DENIED) is denied, reported, and watching stops', async () => {
    const { phone, data } = await openArrival({ permission: 'prompt' });
    await act(async () => screen.getByRole('button', { name: 'Enable Location Tracking' }).click());
    phone.deny();
    expect(within(await screen.findByRole('region', { name: 'Manual check-in' })).getByText(DENIED)).toBeInTheDocument();
    expect(phone.watching).toBe(0);
    await vi.waitFor(() => expect(data.reports).toEqual([{ permission: 'denied' }]));
    expect(announced()).toHaveTextContent(DENIED);
  });

  test('a weak signal (timeout) is not a refusal: the page keeps looking', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { phone } = await openArrival({ permission: 'granted' });
    phone.timeout();
    expect(screen.getByText(/Finding your location/)).toBeInTheDocument();
    expect(phone.watching).toBe(1);
    expect(warn).toHaveBeenCalledWith('Location tracking error', 'Timeout expired');
    phone.at(300);
    expect(within(detection()).getByText('300 m')).toBeInTheDocument();
  });

  test('turning location off in the settings while the page is open is denied', async () => {
    const { phone } = await openArrival({ permission: 'granted' });
    phone.at(800);
    phone.setPermission('denied');
    expect(within(await screen.findByRole('region', { name: 'Manual check-in' })).getByText(DENIED)).toBeInTheDocument();
    expect(phone.watching).toBe(0);
  });

  test('unmounting the page stops watching', async () => {
    const { phone, unmount } = await openArrival({ permission: 'granted' });
    expect(phone.watching).toBe(1);
    const id = phone.geolocation.watchPosition.mock.results[0]!.value as number;
    unmount();
    expect(phone.geolocation.clearWatch).toHaveBeenCalledWith(id);
    expect(phone.watching).toBe(0);
  });
});

describe('denied: the manual check-in guide (§2.21, §8)', () => {
  test("the spec's text, the three steps and the guest's own big ticket QR; no watching", async () => {
    const { phone, data } = await openArrival({ permission: 'denied' });
    expect(screen.getByText(DENIED)).toBeInTheDocument();
    const steps = screen.getByRole('list', { name: 'How to check in manually' });
    expect(
      within(steps)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Show your QR code at the entrance'),
      expect.stringContaining('Or give your name to the staff'),
      expect.stringContaining('Staff check you in'),
    ]);
    const qr = await screen.findByRole('img', { name: 'Ticket QR code for ticket TKT-WINE-0044' });
    expect(qr).toHaveStyle({ width: '256px' });
    await vi.waitFor(() => expect(qr.querySelector('svg')).not.toBeNull());
    expect(phone.geolocation.watchPosition).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Enable Location Tracking' })).not.toBeInTheDocument();
    await vi.waitFor(() => expect(data.reports).toEqual([{ permission: 'denied' }]));
  });

  test('another venue is named in the text', async () => {
    await openArrival({ permission: 'denied', arrival: anArrival({ venue: { name: 'The Church Inn' } }) });
    expect(screen.getByText('Location access was denied. You can still check in manually when you arrive at The Church Inn.')).toBeInTheDocument();
  });

  test('the ticket still shows when the network drops after the page loaded', async () => {
    const { server, sockets } = await openArrival({ permission: 'denied' });
    const qr = await screen.findByRole('img', { name: 'Ticket QR code for ticket TKT-WINE-0044' });
    await vi.waitFor(() => expect(qr.querySelector('svg')).not.toBeNull());
    const calls = server.calls.length;
    server.set('GET /api/events/5/arrival', () => {
      throw new TypeError('Failed to fetch');
    });
    // The room changes: the page re-reads its arrival, and the network is gone.
    sockets.last().push({ type: 'checkins_updated', eventId: 5 });
    await vi.waitFor(() => expect(server.calls.length).toBeGreaterThan(calls));
    await act(async () => vi.advanceTimersByTimeAsync(20_000));
    expect(screen.getByRole('img', { name: 'Ticket QR code for ticket TKT-WINE-0044' }).querySelector('svg')).not.toBeNull();
    expect(screen.getByText(DENIED)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: "We couldn't load your evening" })).not.toBeInTheDocument();
  });
});

describe('granted: Venue Detection and arrival (§2.21, §4)', () => {
  test('the stored grant starts continuous watching; far away is En Route in km, check-in Pending', async () => {
    const { phone } = await openArrival({ permission: 'granted' });
    expect(phone.geolocation.watchPosition).toHaveBeenCalledTimes(1);
    expect(phone.options).toEqual(ARRIVAL_GEO_OPTIONS);
    expect(screen.queryByRole('button', { name: 'Enable Location Tracking' })).not.toBeInTheDocument();
    phone.at(1300);
    expect(within(detection()).getByText('En Route')).toBeInTheDocument();
    expect(within(detection()).getByText('1.3 km')).toBeInTheDocument();
    expect(within(detection()).getByText('Pending')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: "You've Arrived" })).not.toBeInTheDocument();
    expect(announced()).toHaveTextContent("You're en route, 1.3 km from the venue.");
  });

  test('within 50 m is At Venue and the prompt appears; beyond twice the radius it clears', async () => {
    const { phone } = await openArrival({ permission: 'granted' });
    phone.at(400);
    phone.at(30);
    expect(within(detection()).getByText('At Venue')).toBeInTheDocument();
    expect(within(detection()).getByText('30 m')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "You've Arrived" })).toBeInTheDocument();
    expect(announced()).toHaveTextContent("You've arrived! Would you like to check in?");

    phone.at(80);
    expect(within(detection()).getByText('En Route')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "You've Arrived" })).toBeInTheDocument();
    phone.at(120);
    expect(screen.queryByRole('heading', { name: "You've Arrived" })).not.toBeInTheDocument();
  });

  test('"Not Yet" dismisses the prompt until the guest leaves and comes back', async () => {
    const { phone, user } = await openArrival({ permission: 'granted' });
    phone.at(20);
    await user.click(screen.getByRole('button', { name: 'Not Yet' }));
    expect(screen.queryByRole('heading', { name: "You've Arrived" })).not.toBeInTheDocument();
    phone.at(10);
    phone.at(90);
    phone.at(15);
    expect(screen.queryByRole('heading', { name: "You've Arrived" })).not.toBeInTheDocument();
    phone.at(250);
    phone.at(25);
    expect(screen.getByRole('heading', { name: "You've Arrived" })).toBeInTheDocument();
  });

  test('a fix too imprecise to prove arrival is not At Venue, and says so', async () => {
    const { phone } = await openArrival({ permission: 'granted' });
    phone.at(20, 400);
    expect(within(detection()).getByText('En Route')).toBeInTheDocument();
    expect(within(detection()).getByText(/only accurate to about 400 m/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: "You've Arrived" })).not.toBeInTheDocument();
  });

  test('"Yes, Check Me In" posts the latest position and shows Successfully Checked In', async () => {
    const { phone, data, user } = await openArrival({ permission: 'granted' });
    phone.at(60);
    phone.at(20, 8);
    await user.click(screen.getByRole('button', { name: 'Yes, Check Me In' }));
    expect(await screen.findByRole('heading', { name: 'Successfully Checked In' })).toBeInTheDocument();
    expect(data.checkIns).toEqual([{ position: { ...northOf(20), accuracy: 8 } }]);
    expect(screen.getByRole('link', { name: 'Go to Live Event' })).toHaveAttribute('href', '/events/5');
    expect(within(detection()).getByText('Checked In')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: "You've Arrived" })).not.toBeInTheDocument();
    expect(announced()).toHaveTextContent("You're checked in. Enjoy the evening!");

    // Checked in: positions are no longer sent.
    await flush();
    const sent = data.reports.length;
    await act(async () => vi.advanceTimersByTimeAsync(31_000));
    phone.at(200);
    await flush();
    expect(data.reports).toHaveLength(sent);
  });

  test('a refusal (409) shows the server’s reason and does not check in', async () => {
    const reason = 'You are not at the venue yet. Check-in opens 60 minutes before the start.';
    const { phone, data, user } = await openArrival({ permission: 'granted', refuse: reason });
    phone.at(20);
    await user.click(screen.getByRole('button', { name: 'Yes, Check Me In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(data.checkIns).toHaveLength(1);
    expect(screen.queryByRole('heading', { name: 'Successfully Checked In' })).not.toBeInTheDocument();
    expect(within(detection()).getByText('Pending')).toBeInTheDocument();
    // The guest may try again from the prompt, which stays.
    expect(screen.getByRole('button', { name: 'Yes, Check Me In' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Not Yet' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('a check-in by the host at the door shows at once (socket)', async () => {
    const { phone, data, sockets } = await openArrival({ permission: 'granted' });
    phone.at(30);
    expect(screen.getByRole('heading', { name: "You've Arrived" })).toBeInTheDocument();
    data.state.checkedIn = true;
    data.state.checkedInAt = new Date().toISOString();
    sockets.last().push({ type: 'checkins_updated', eventId: 5 });
    expect(await screen.findByRole('heading', { name: 'Successfully Checked In' })).toBeInTheDocument();
    expect(within(detection()).getByText('Checked In')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: "You've Arrived" })).not.toBeInTheDocument();
    expect(sockets.last().query.get('isHost')).toBe('false');
  });
});

describe('reports to the server (the host sees who is on the way)', () => {
  test('not a POST per callback: first fix, moves of more than 25 m (5 s apart), a 30 s heartbeat, and state changes at once', async () => {
    const { phone, data } = await openArrival({ permission: 'granted' });
    const after = async (n: number) => {
      await flush();
      await vi.waitFor(() => expect(data.reports).toHaveLength(n));
      await flush();
    };
    phone.at(2000);
    await after(1);
    phone.at(1990);
    phone.at(1980);
    phone.at(1960); // 40 m, but within 5 s of the last report
    await after(1);
    await act(async () => vi.advanceTimersByTimeAsync(6_000));
    phone.at(1950); // 50 m since the last report
    await after(2);
    phone.at(1945);
    await act(async () => vi.advanceTimersByTimeAsync(10_000));
    phone.at(1940);
    await after(2);
    await act(async () => vi.advanceTimersByTimeAsync(25_000));
    phone.at(1939); // 30 s since the last report
    await after(3);
    phone.at(40); // At Venue: straight away
    await after(4);
    phone.at(35);
    phone.at(30);
    await after(4);
    phone.at(60); // En Route again
    await after(5);
    expect(data.reports.every((r) => r.permission === 'granted')).toBe(true);
    expect(data.state.last).toMatchObject({ permission: 'granted', atVenue: false });
  });

  test('one request at a time: a report due while one is on its way follows it', async () => {
    const { phone, data, server } = await openArrival({ permission: 'granted' });
    let release: () => void = () => {};
    const handler = data.routes['POST /api/events/5/arrival'] as (req: never) => unknown;
    server.set('POST /api/events/5/arrival', (req: never) => new Promise((resolve) => (release = () => resolve(handler(req)))));
    phone.at(3000);
    await vi.waitFor(() => expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    phone.at(40); // At Venue while the first is on its way
    await flush();
    expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    await act(async () => release());
    await vi.waitFor(() => expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(2));
    await act(async () => release());
    await vi.waitFor(() => expect(data.reports).toHaveLength(2));
    expect(data.reports[1]).toMatchObject({ position: { latitude: northOf(40).latitude } });
  });
});

describe('self check-in and the venue card', () => {
  test('once self check-in is open, "Check in now" works without location (the server decides)', async () => {
    const { data, user } = await openArrival({ permission: 'denied', arrival: anArrival({ event: { date: fromNow(30 * MINUTE) } }) });
    await user.click(screen.getByRole('button', { name: 'Check in now' }));
    expect(await screen.findByRole('heading', { name: 'Successfully Checked In' })).toBeInTheDocument();
    expect(data.checkIns).toEqual([{}]);
    // The guide is no longer needed.
    expect(screen.queryByText(DENIED)).not.toBeInTheDocument();
  });

  test('before the window opens there is no "Check in now"', async () => {
    await openArrival({ permission: 'denied' });
    expect(screen.queryByRole('button', { name: 'Check in now' })).not.toBeInTheDocument();
  });

  test('after the evening has ended, check-in is closed and the page says so instead of offering it', async () => {
    await openArrival({ permission: 'denied', arrival: anArrival({ event: { date: fromNow(-180 * MINUTE), endsAt: fromNow(-MINUTE) } }) });
    expect(screen.getByRole('heading', { name: 'This evening has ended' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the event page' })).toHaveAttribute('href', '/events/5');
    expect(screen.queryByRole('button', { name: 'Check in now' })).not.toBeInTheDocument();
  });

  test('a refused "Check in now" says why', async () => {
    const { user } = await openArrival({
      permission: 'denied',
      arrival: anArrival({ event: { date: fromNow(30 * MINUTE) } }),
      refuse: 'This evening has finished.',
    });
    await user.click(screen.getByRole('button', { name: 'Check in now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This evening has finished.');
    expect(screen.queryByRole('heading', { name: 'Successfully Checked In' })).not.toBeInTheDocument();
  });

  test("the venue card: name, address, when arrival opens (the server's check-in window, not the start), guests expected, a map; and the tips", async () => {
    const arrival = anArrival();
    await openArrival({ permission: 'prompt', arrival });
    const card = screen.getByRole('region', { name: 'The Wine Bar' });
    expect(within(card).getByText('12 Bury New Road, Prestwich')).toBeInTheDocument();
    const when = within(card)
      .getByText(/^Arrival from/)
      .closest('span')!;
    expect(within(when).getByText(formatTime(arrival.selfCheckInOpensAt))).toBeInTheDocument();
    expect(when).toHaveTextContent(/Check-in opens an hour before the 7:00 PM start/);
    expect(within(card).getByText('44 attendees expected')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /Open in Maps/ })).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=53.5331,-2.2847');
    const tips = screen.getByRole('region', { name: 'Tips for tonight' });
    expect(within(tips).getByText(/Arrive 10 minutes early/)).toBeInTheDocument();
    expect(within(tips).getByText(/phone charged/)).toBeInTheDocument();
    expect(within(tips).getByText(/host will welcome you/)).toBeInTheDocument();
  });

  test('12 days ahead: no "Tips for tonight"; checked in early, no "first round soon" but the day and time', async () => {
    const date = fromNow(12 * 24 * HOUR);
    await openArrival({ permission: 'prompt', arrival: anArrival({ event: { date }, checkedIn: true, checkedInAt: fromNow(-MINUTE) }) });
    expect(await screen.findByRole('heading', { name: 'Successfully Checked In' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Tips for tonight' })).not.toBeInTheDocument();
    expect(screen.queryByText(/first round soon/)).not.toBeInTheDocument();
    expect(screen.getByText(`You're checked in for ${formatDate(date, 'long')}. The evening starts at 7:00 PM at The Wine Bar.`)).toBeInTheDocument();
  });

  test("on the evening's day, checked in: the first round is soon", async () => {
    await openArrival({ permission: 'prompt', arrival: anArrival({ checkedIn: true, checkedInAt: fromNow(-MINUTE) }) });
    expect(await screen.findByText(/Find a seat: your host will start the first round soon\./)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Tips for tonight' })).toBeInTheDocument();
  });

  test('a venue without coordinates: no tracking, the manual guide and the ticket', async () => {
    const { phone } = await openArrival({ permission: 'granted', arrival: anArrival({ venue: { latitude: null, longitude: null } }) });
    expect(phone.geolocation.watchPosition).not.toHaveBeenCalled();
    expect(screen.getByRole('heading', { name: 'Check in at the door' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Ticket QR code for ticket TKT-WINE-0044' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Open in Maps/ })).not.toBeInTheDocument();
  });
});

describe('who may use the page', () => {
  test('someone who is not a guest of this evening (403) is told so, and nothing is watched', async () => {
    phone = fakeGeolocation({ permission: 'granted' });
    fakeServer({ 'GET /api/events/5/arrival': new Reply(403, { message: 'Only guests of this evening can use this page' }) });
    const sockets = fakeSockets();
    renderAt(<ArrivalScreen eventId={5} userId={1} />);
    expect(await screen.findByRole('heading', { name: 'This page is for guests of this evening' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See the event' })).toHaveAttribute('href', '/events/5');
    expect(phone.geolocation.watchPosition).not.toHaveBeenCalled();
    expect(sockets.all).toHaveLength(0);
  });

  test('a session that has ended (401) is asked to log in, and comes back here', async () => {
    fakeServer({ 'GET /api/events/5/arrival': new Reply(401, { message: 'Please log in' }) });
    fakeSockets();
    renderAt(<ArrivalScreen eventId={5} userId={1} />, { path: '/arrival?event=5' });
    expect(await screen.findByRole('heading', { name: 'Log in to check in for your evening' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent('/arrival?event=5')}`);
  });

  test('an unknown evening, and a failed load that can be retried', async () => {
    const server = fakeServer({ 'GET /api/events/5/arrival': new Reply(404, { message: 'Event not found' }) });
    fakeSockets();
    const first = renderAt(<ArrivalScreen eventId={5} userId={1} />);
    expect(await screen.findByRole('heading', { name: 'Event not found' })).toBeInTheDocument();
    first.unmount();

    phone = fakeGeolocation({ permission: 'prompt' });
    server.set('GET /api/events/5/arrival', new Reply(500, { message: 'Internal error' }));
    const { user } = renderAt(<ArrivalScreen eventId={5} userId={1} />);
    expect(await screen.findByRole('heading', { name: "We couldn't load your evening" })).toBeInTheDocument();
    server.set('GET /api/events/5/arrival', anArrival());
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'The Wine Bar' })).toBeInTheDocument();
  });
});
