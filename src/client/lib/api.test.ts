import { expect, test, vi } from 'vitest';
import { fakeServer, Reply } from '@client/test/render';
import { z } from 'zod';
import { ApiError, del, get, listOf, messageOf, NetworkError, patch, post, put, ResponseSchemaError } from './api';

test('GET answers the parsed JSON, asking for JSON and sending the session cookie', async () => {
  const server = fakeServer({ 'GET /api/events/3': { id: 3, title: 'Friday Social' } });
  await expect(get('/api/events/3')).resolves.toEqual({ id: 3, title: 'Friday Social' });
  const [, init] = server.fetch.mock.calls[0]!;
  expect(init).toMatchObject({ method: 'GET', credentials: 'include', headers: { accept: 'application/json' } });
  expect(init?.body).toBeUndefined();
});

test('POST, PUT, PATCH and DELETE send their method and a JSON body', async () => {
  const server = fakeServer({
    'POST /api/events/3/register': { ok: true },
    'POST /api/events/3/release-contacts': { released: true },
    'PUT /api/users/7': { id: 7 },
    'PATCH /api/venues/2': { id: 2 },
    'DELETE /api/events/3/register': new Reply(204, undefined),
  });
  await post('/api/events/3/register', { userId: 7 });
  await post('/api/events/3/release-contacts');
  await put('/api/users/7', { name: 'Priya' });
  await patch('/api/venues/2', { capacity: 50 });
  // No content at all is no answer.
  await expect(del('/api/events/3/register')).resolves.toBeUndefined();

  expect(server.calls.map((c) => [c.method, c.url.pathname, c.body])).toEqual([
    ['POST', '/api/events/3/register', { userId: 7 }],
    ['POST', '/api/events/3/release-contacts', {}],
    ['PUT', '/api/users/7', { name: 'Priya' }],
    ['PATCH', '/api/venues/2', { capacity: 50 }],
    ['DELETE', '/api/events/3/register', undefined],
  ]);
  expect(server.fetch.mock.calls[0]![1]?.headers).toMatchObject({ 'content-type': 'application/json' });
});

test("a refusal becomes an ApiError with the status, the body and the server's sentence", async () => {
  fakeServer({ 'POST /api/events/3/register': new Reply(409, { message: 'This event is full' }) });
  const err = await post('/api/events/3/register', {}).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  const api = err as ApiError;
  expect(api.status).toBe(409);
  expect(api.message).toBe('409: {"message":"This event is full"}');
  expect(api.serverMessage).toBe('This event is full');
});

test("the server's `error` field wins over `message`", () => {
  const err = new ApiError(400, '', { error: 'Bad code', message: 'Bad Request' });
  expect(err.serverMessage).toBe('Bad code');
  expect(new ApiError(500, 'oops', null).serverMessage).toBeUndefined();
  expect(new ApiError(500, 'oops', { message: 42 }).serverMessage).toBeUndefined();
});

test('field errors of a 400 are keyed by their path', async () => {
  fakeServer({
    'POST /api/events': new Reply(400, {
      message: 'Invalid',
      errors: [
        { path: 'title', message: 'Event title is required' },
        { path: 'venueId', message: 'Venue name is required' },
      ],
    }),
  });
  const err = (await post('/api/events', {}).catch((e: unknown) => e)) as ApiError;
  expect(err.fieldErrors).toEqual({ title: 'Event title is required', venueId: 'Venue name is required' });
  expect(new ApiError(404, 'Not Found', null).fieldErrors).toEqual({});
});

test('an empty or non-JSON error body still gives a readable message', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('', { status: 503, statusText: 'Service Unavailable' })),
  );
  const empty = (await get('/api/events').catch((e: unknown) => e)) as ApiError;
  expect(empty.message).toBe('503: Service Unavailable');
  expect(empty.body).toBeNull();

  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
  );
  const html = (await get('/api/events').catch((e: unknown) => e)) as ApiError;
  expect(html.message).toBe('502: <html>Bad gateway</html>');
  expect(html.serverMessage).toBeUndefined();
});

test('no connection at all becomes a NetworkError that says so', async () => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
  );
  const err = await get('/api/events').catch((e: unknown) => e);
  expect(err).toBeInstanceOf(NetworkError);
  expect((err as Error).message).toBe('Unable to connect. Please try again.');
});

test("messageOf: the server's sentence, the network sentence, or the fallback", () => {
  expect(messageOf(new ApiError(409, '', { message: 'Already registered' }), 'Try again.')).toBe('Already registered');
  expect(messageOf(new ApiError(500, 'Internal Server Error', null), 'Try again.')).toBe('Try again.');
  expect(messageOf(new NetworkError('Unable to connect. Please try again.'), 'Try again.')).toBe('Unable to connect. Please try again.');
  expect(messageOf(new Error('TypeError: x is undefined'), 'Try again.')).toBe('Try again.');
  expect(messageOf('weird', 'Try again.')).toBe('Try again.');
});

const venue = z.object({ id: z.number(), name: z.string() });

test("in development an answer that does not match the route's schema fails loudly, naming the route", async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  fakeServer({ 'GET /api/venues/2': { id: 2, name: null } });
  const err = await get('/api/venues/2', venue).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ResponseSchemaError);
  expect((err as Error).message).toMatch(/^GET \/api\/venues\/2: the answer does not match its schema/);
  expect(errors).toHaveBeenCalledWith(err);
  errors.mockRestore();
});

test('an answer that matches its schema comes back as sent', async () => {
  fakeServer({ 'GET /api/venues': [{ id: 1, name: 'The Church Inn' }], 'GET /api/venues/1': { id: 1, name: 'The Church Inn' } });
  await expect(get('/api/venues', listOf(venue))).resolves.toEqual([{ id: 1, name: 'The Church Inn' }]);
  // A schema may be loaded only when needed.
  await expect(get('/api/venues/1', async () => venue)).resolves.toEqual({ id: 1, name: 'The Church Inn' });
});

test('a list names the item that does not match, and refuses what is not a list', async () => {
  const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  fakeServer({
    'GET /api/venues': [
      { id: 1, name: 'A' },
      { id: '2', name: 'B' },
    ],
    'GET /api/nothing': null,
  });
  await expect(get('/api/venues', listOf(venue))).rejects.toThrow(/Item 1:/);
  await expect(get('/api/nothing', listOf(venue))).rejects.toThrow(/Expected a list, got null/);
  errors.mockRestore();
});

test('errors are never checked against the schema of a success', async () => {
  fakeServer({ 'GET /api/venues/9': new Reply(404, { message: 'Venue not found' }) });
  const err = await get('/api/venues/9', venue).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ApiError);
  expect((err as ApiError).serverMessage).toBe('Venue not found');
});
