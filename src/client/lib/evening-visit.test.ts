import { afterEach, expect, test, vi } from 'vitest';
import { countEveningVisit } from './evening-visit';

afterEach(() => sessionStorage.clear());

const answered = () => {
  const responses: Response[] = [];
  const send = vi.fn(async () => {
    const res = new Response(JSON.stringify({ counted: true }), { headers: { 'content-type': 'application/json' } });
    responses.push(res);
    return res;
  });
  return { send, responses };
};

test('one visit per tab and evening, and its answer read to the end so the request finishes', async () => {
  const { send, responses } = answered();
  expect(countEveningVisit(7, send as unknown as typeof fetch)).toBe(true);
  expect(countEveningVisit(7, send as unknown as typeof fetch)).toBe(false);
  expect(countEveningVisit(8, send as unknown as typeof fetch)).toBe(true);
  expect(send.mock.calls.map((c) => (c as unknown as [string])[0])).toEqual(['/api/events/7/visits', '/api/events/8/visits']);
  // A body nobody reads keeps Chromium's request open: the page never goes idle (docs/decisions/0112).
  await vi.waitFor(() => expect(responses.map((r) => r.bodyUsed)).toEqual([true, true]));
});

test('a bad id sends nothing; a failed request changes nothing for the visitor', async () => {
  const send = vi.fn(() => Promise.reject(new TypeError('offline')));
  expect(countEveningVisit(0, send as unknown as typeof fetch)).toBe(false);
  expect(countEveningVisit(Number.NaN, send as unknown as typeof fetch)).toBe(false);
  expect(send).not.toHaveBeenCalled();
  expect(countEveningVisit(3, send as unknown as typeof fetch)).toBe(true);
  await Promise.resolve();
});
