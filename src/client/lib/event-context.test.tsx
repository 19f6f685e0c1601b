import { QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { expect, test } from 'vitest';
import type { UserEvent } from '@shared/schemas/events';
import { createQueryClient } from '@client/lib/query-client';
import { fakeServer, Reply } from '@client/test/render';
import { useEventContext, type EventContextOptions } from './event-context';

const HOUR = 3_600_000;

function registration(id: number, startsIn: number): UserEvent {
  const date = new Date(Date.now() + startsIn).toISOString();
  return {
    id,
    title: `Evening ${id}`,
    description: null,
    date,
    endsAt: new Date(Date.now() + startsIn + 2 * HOUR).toISOString(),
    startTime: '19:00',
    endTime: '21:00',
    venue: 'The Church Inn',
    venueId: 1,
    price: 1500,
    status: 'upcoming',
    maxParticipants: 40,
    participantCount: 6,
    spotsLeft: 34,
    seatsHeldForWaitlist: 0,
    ageRangeMin: 25,
    ageRangeMax: 45,
    roundDuration: 300,
    hostId: 9,
    checkedIn: false,
    registeredAt: date,
  };
}

function context(param: string | null, options: EventContextOptions = {}, userId: number | null = 1) {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useEventContext(userId, param, options), { wrapper });
}

test('?event=ID is the evening, without asking for the registrations', () => {
  const server = fakeServer({});
  const { result } = context('12');
  expect(result.current).toEqual({ status: 'ready', eventId: 12 });
  expect(server.calls).toHaveLength(0);
});

test.each(['abc', '0', '-3', '1.5', ''])('?event=%j is not an evening', (param) => {
  fakeServer({});
  expect(context(param).result.current).toEqual({ status: 'invalid' });
});

test("without ?event: the member's evening under way or next, not one that is over", async () => {
  fakeServer({ 'GET /api/users/1/events': [registration(3, 5 * 24 * HOUR), registration(2, -3 * HOUR), registration(4, -HOUR)] });
  const { result } = context(null);
  expect(result.current).toEqual({ status: 'loading' });
  await waitFor(() => expect(result.current).toEqual({ status: 'ready', eventId: 4 }));
});

test('no evening ahead', async () => {
  fakeServer({ 'GET /api/users/1/events': [registration(2, -5 * HOUR)] });
  const { result } = context(null);
  await waitFor(() => expect(result.current).toEqual({ status: 'none' }));
});

test('a failed load can be retried', async () => {
  let fail = true;
  fakeServer({ 'GET /api/users/1/events': () => (fail ? new Reply(500, null) : [registration(7, HOUR)]) });
  const { result } = context(null);
  await waitFor(() => expect(result.current.status).toBe('error'));
  fail = false;
  act(() => (result.current as { retry: () => void }).retry());
  await waitFor(() => expect(result.current).toEqual({ status: 'ready', eventId: 7 }));
});

test("prefer 'latest': the evening that began most recently, not the one ahead", async () => {
  fakeServer({ 'GET /api/users/1/events': [registration(3, 5 * 24 * HOUR), registration(2, -30 * 24 * HOUR), registration(4, -2 * 24 * HOUR)] });
  const { result } = context(null, { prefer: 'latest' });
  await waitFor(() => expect(result.current).toEqual({ status: 'ready', eventId: 4 }));
});

test("prefer 'latest' with nothing begun yet: the next evening", async () => {
  fakeServer({ 'GET /api/users/1/events': [registration(3, 5 * 24 * HOUR)] });
  const { result } = context(null, { prefer: 'latest' });
  await waitFor(() => expect(result.current).toEqual({ status: 'ready', eventId: 3 }));
});

test('no evening of their own: the public demo evening, when the screen asks for it', async () => {
  const demo = { ...registration(1, -90 * 24 * HOUR), status: 'completed' };
  const server = fakeServer({ 'GET /api/users/1/events': [], 'GET /api/events/demo': demo });
  const { result } = context(null, { demoFallback: true });
  await waitFor(() => expect(result.current).toEqual({ status: 'ready', eventId: 1, demo: true }));
  expect(server.calls.map((c) => c.url.pathname)).toEqual(['/api/users/1/events', '/api/events/demo']);
});

test('a visitor goes straight to the demo evening; without demo data there is no evening', async () => {
  const server = fakeServer({ 'GET /api/events/demo': new Reply(404, { message: 'No demo event: the demo data is not loaded' }) });
  const { result } = context(null, { demoFallback: true }, null);
  await waitFor(() => expect(result.current).toEqual({ status: 'none' }));
  expect(server.calls.map((c) => c.url.pathname)).toEqual(['/api/events/demo']);
});

test('the demo evening is not asked for while the member has one of their own', async () => {
  const server = fakeServer({ 'GET /api/users/1/events': [registration(5, HOUR)] });
  const { result } = context(null, { demoFallback: true });
  await waitFor(() => expect(result.current).toEqual({ status: 'ready', eventId: 5 }));
  expect(server.unhandled).toEqual([]);
});
