import { afterEach, expect, test, vi } from 'vitest';
import { forgetShareSource, rememberShareSource, reportVisit, shareSource, withShareSource } from './share-source';

afterEach(() => sessionStorage.clear());

test('keeps the first source of the session (first touch), with the evening page it opened', () => {
  expect(shareSource()).toBeNull();
  rememberShareSource('?source=flyer-qr', '/events/12');
  expect(shareSource()).toBe('flyer-qr');
  // Survives the waitlist form clearing local storage.
  localStorage.clear();
  expect(withShareSource({ email: 'a@b.co' })).toEqual({ email: 'a@b.co', source: 'flyer-qr', sourceEventId: 12 });
  // A later page without a source, or with another one, does not take the credit.
  rememberShareSource('', '/');
  rememberShareSource('?source=whatsapp-post', '/events/3');
  expect(withShareSource({ email: 'a@b.co' })).toEqual({ email: 'a@b.co', source: 'flyer-qr', sourceEventId: 12 });
  forgetShareSource();
  expect(withShareSource({ email: 'a@b.co' })).toEqual({ email: 'a@b.co' });
});

test('reads a bare platform of an older link as its post; a source off an evening page has no evening', () => {
  rememberShareSource('?source=facebook', '/waitlist-signup');
  expect(withShareSource({ n: 1 })).toEqual({ n: 1, source: 'facebook-post' });
});

test('ignores unknown or tampered sources', () => {
  for (const search of ['?source=myspace', '?source=FACEBOOK', '?source=', '?source=facebook%00', '?source=flyer-billboard'])
    rememberShareSource(search, '/events/1');
  expect(shareSource()).toBeNull();
  sessionStorage.setItem('shareSource', 'myspace');
  expect(shareSource()).toBeNull();
  sessionStorage.setItem('shareSource', '{"source":"flyer-qr","eventId":"<script>"}');
  expect(withShareSource({ n: 1 })).toEqual({ n: 1, source: 'flyer-qr' });
});

test('reports a visit to an evening page with the first source and one id per tab session', async () => {
  const answers: Response[] = [];
  const send = vi.fn(() => {
    answers.push(new Response('{}'));
    return Promise.resolve(answers.at(-1)!);
  });
  const first = reportVisit({ pathname: '/events/7', search: '?source=instagram-post' }, send);
  const again = reportVisit({ pathname: '/events/7', search: '?source=flyer-qr' }, send);
  expect(first).toMatchObject({ eventId: 7, source: 'instagram-post' });
  expect(first!.sessionId).toMatch(/^[0-9a-f-]{36}$/);
  // The same tab: the same session id (the server counts it once) and still the first source.
  expect(again).toEqual(first);
  expect(send).toHaveBeenCalledTimes(2);
  expect(send).toHaveBeenCalledWith('/api/share/visits', expect.objectContaining({ method: 'POST', body: JSON.stringify(first) }));
  // Each answer read to the end: an unread body keeps Chromium's request open (docs/decisions/0112).
  await vi.waitFor(() => expect(answers.map((r) => r.bodyUsed)).toEqual([true, true]));
  // Not an evening page, or no source at all: nothing is sent.
  sessionStorage.clear();
  expect(reportVisit({ pathname: '/events', search: '?source=flyer-qr' }, send)).toBeNull();
  expect(reportVisit({ pathname: '/events/7', search: '' }, send)).toBeNull();
  expect(send).toHaveBeenCalledTimes(2);
});
