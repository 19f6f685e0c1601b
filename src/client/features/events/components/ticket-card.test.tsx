import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { fakeServer, renderAt } from '@client/test/render';
import { anEventDetail, fromNow, HOUR, MINUTE } from '../events.fixtures';
import { EventDetailScreen } from './event-detail-screen';
import { TicketCard } from './ticket-card';

const ID = 3;
const QR = 'Ticket QR code for ticket TKT-TEST-0001';

const card = (viewer: Parameters<typeof anEventDetail>[1], over: Parameters<typeof anEventDetail>[0] = {}) =>
  renderAt(<TicketCard event={anEventDetail({ id: ID, ...over }, { registered: true, ...viewer })} userId={1} onCancel={() => {}} />);

describe("the guest's ticket QR", () => {
  test('a registered guest sees the QR of their ticket and its code, big, with the check-in button kept', async () => {
    fakeServer({});
    card({ selfCheckInOpensAt: fromNow(-10 * MINUTE) }, { date: fromNow(50 * MINUTE) });
    expect(screen.getByText('Show this QR code at the door')).toBeInTheDocument();
    const qr = screen.getByRole('img', { name: QR });
    expect(qr).toHaveStyle({ width: '240px', height: '240px' });
    // Drawn in the browser from the cached event: an SVG, no request.
    await waitFor(() => expect(qr.querySelector('svg')).not.toBeNull());
    expect(screen.getByText('TKT-TEST-0001')).toBeInTheDocument();
    expect(
      screen.getByText('Your ticket with its QR code is in your email. Show it at the door, or check yourself in here when you arrive.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check In' })).toBeEnabled();
  });

  test('Make it bigger shows the same ticket larger, in a dialog', async () => {
    fakeServer({});
    const { user } = card({});
    await user.click(screen.getByRole('button', { name: 'Make it bigger' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Your ticket' }));
    const big = dialog.getByRole('img', { name: QR });
    expect(parseInt(big.style.width, 10)).toBeGreaterThan(240);
  });

  test('no QR once the guest is checked in, or after the evening', () => {
    fakeServer({});
    const { unmount } = card({ checkedIn: true });
    expect(screen.getByText('Checked in')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: QR })).not.toBeInTheDocument();
    unmount();
    card({}, { date: fromNow(-3 * HOUR), endsAt: fromNow(-HOUR) });
    expect(screen.queryByRole('img', { name: /Ticket QR code/ })).not.toBeInTheDocument();
  });

  test('without a ticket code there is no QR to show', () => {
    fakeServer({});
    card({ ticketCode: null });
    expect(screen.queryByText('Show this QR code at the door')).not.toBeInTheDocument();
  });

  test('members without a place and hosts see no ticket QR', async () => {
    fakeServer({ [`GET /api/events/${ID}`]: anEventDetail({ id: ID, title: 'Friday Friends' }) });
    const first = renderAt(<EventDetailScreen eventId={ID} userId={1} />, { path: `/events/${ID}`, pattern: '/events/:id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Friday Friends' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Ticket QR code/ })).not.toBeInTheDocument();
    first.unmount();

    fakeServer({ [`GET /api/events/${ID}`]: anEventDetail({ id: ID, title: 'Friday Friends' }, { isHost: true }), [`GET /api/events/${ID}/participants`]: [] });
    renderAt(<EventDetailScreen eventId={ID} userId={1} />, { path: `/events/${ID}`, pattern: '/events/:id' });
    expect(await screen.findByRole('heading', { name: "You're hosting this evening" })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /Ticket QR code/ })).not.toBeInTheDocument();
  });

  test('the QR stays on screen when the network drops after the page loaded', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    fakeServer({
      [`GET /api/events/${ID}`]: anEventDetail(
        { id: ID, title: 'Friday Friends', date: fromNow(30 * MINUTE) },
        { registered: true, selfCheckInOpensAt: fromNow(-30 * MINUTE) },
      ),
      [`GET /api/events/${ID}/participants`]: [],
    });
    const { user } = renderAt(<EventDetailScreen eventId={ID} userId={1} />, { path: `/events/${ID}`, pattern: '/events/:id' });
    const qr = await screen.findByRole('img', { name: QR });
    await waitFor(() => expect(qr.querySelector('svg')).not.toBeNull());

    // The bar's Wi-Fi goes: the check-in fails, and so does every re-read of the evening after it.
    const offline = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit): Promise<Response> => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', offline);
    await user.click(screen.getByRole('button', { name: 'Check In' }));
    // The re-reads are retried a few times, seconds apart (lib/query-client.ts), then give up.
    await vi.advanceTimersByTimeAsync(30_000);
    // The check-in has failed (its button is back) and the evening could not be read again. On busy
    // cores the last retry may be scheduled after the jump: vi.waitFor moves the fake clock at each check.
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Check In' })).toBeEnabled(), { timeout: 30_000, interval: 250 });
    expect(offline.mock.calls.filter(([url]) => String(url) === `/api/events/${ID}`).length).toBeGreaterThan(1);

    expect(screen.queryByRole('heading', { name: "We couldn't load this event" })).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: QR }).querySelector('svg')).not.toBeNull();
    expect(screen.getByText('TKT-TEST-0001')).toBeInTheDocument();
  });
});
