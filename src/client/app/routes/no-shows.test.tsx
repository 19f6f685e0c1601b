/**
 * The member's evening page when free bookings and waitlists are paused after no-shows
 * (docs/decisions/0076-no-shows-have-a-cost.md): the booking card says why and until when instead of a
 * button the server would refuse; a paid evening stays bookable; a member not paused sees Register.
 */
import { screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import type { Me } from '@shared/schemas/auth';
import type { MyNoShows } from '@shared/schemas/no-shows';
import { anEventDetail } from '@client/test/fixtures';
import { fakeServer, renderAt, signIn } from '@client/test/render';
import { Component as EventDetailRoute } from './event-detail';

const me: Me = { id: 1, email: 'member@speedfriendship.test', name: 'Maya', roles: ['member'] };
const MESSAGE =
  "You missed 2 evenings you had booked in six months without cancelling, so you can't book free evenings or join a waitlist until Sunday, 27 December 2026 at 19:00. Paid evenings are still open to you. If illness or an emergency kept you away, contact us and an admin can clear a no-show.";
const rule = { limit: 2, windowDays: 183, pauseDays: 30 };
const paused: MyNoShows = { noShows: [], pause: { until: '2026-12-27T19:00:00.000Z', count: 2, message: MESSAGE }, rule };

function open(event: ReturnType<typeof anEventDetail>, record: MyNoShows) {
  signIn(1);
  fakeServer({ 'GET /api/auth/me': me, [`GET /api/events/${event.id}`]: event, 'GET /api/no-shows/mine': record });
  renderAt(<EventDetailRoute />, { path: `/events/${event.id}`, pattern: '/events/:id' });
}

test('paused: a free evening shows why and until when, and no Register button', async () => {
  open(anEventDetail({ id: 7, price: 0 }), paused);
  const notice = await screen.findByRole('note', { name: 'Booking paused' });
  expect(notice).toHaveTextContent(MESSAGE);
  expect(screen.queryByRole('button', { name: /Register/ })).not.toBeInTheDocument();
});

test('paused: a full evening offers no waitlist', async () => {
  open(anEventDetail({ id: 8, price: 0, participantCount: 20, maxParticipants: 20, spotsLeft: 0 }), paused);
  expect(await screen.findByRole('note', { name: 'Booking paused' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /waitlist/i })).not.toBeInTheDocument();
});

test('paused: a paid evening can still be booked', async () => {
  open(anEventDetail({ id: 9, price: 1500 }), paused);
  expect(await screen.findByRole('link', { name: /Register £15/ })).toBeInTheDocument();
  expect(screen.queryByRole('note', { name: 'Booking paused' })).not.toBeInTheDocument();
});

test('not paused: Register free', async () => {
  open(anEventDetail({ id: 10, price: 0 }), { noShows: [], pause: null, rule });
  expect(await screen.findByRole('button', { name: /^Register free/ })).toBeInTheDocument();
  expect(screen.queryByRole('note', { name: 'Booking paused' })).not.toBeInTheDocument();
});
