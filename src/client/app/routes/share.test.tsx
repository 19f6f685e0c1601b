import { act, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { customPost, PROMO_BLURB, readyTemplates, TWITTER_LIMIT } from '@shared/domain/share-templates';
import type { Me } from '@shared/schemas/auth';
import type { ShareAnalytics, ShareEventBody, ShareEventRecorded } from '@shared/schemas/share';
import { SignupForm } from '@client/features/waitlist/components/signup-form';
import { LoginForm } from '@client/features/auth/components/login-form';
import { rememberShareSource } from '@client/lib/share-source';
import { anEvent, DAY, fromNow } from '@client/test/fixtures';
import { fakeServer, renderAt, signIn, type FakeRequest } from '@client/test/render';
import { Component as Share } from './share';

const origin = window.location.origin;
const soon = anEvent({
  id: 31,
  title: 'Prestwich Friday Friends',
  venue: 'The Church Inn, Prestwich',
  date: fromNow(3 * DAY),
  price: 1500,
  maxParticipants: 40,
  spotsLeft: 28,
});
const later = anEvent({
  id: 32,
  title: 'Coffee & Conversation',
  venue: 'Corner Café, Whitefield',
  date: fromNow(9 * DAY),
  startTime: '18:30',
  endTime: '20:30',
  price: 1250,
  maxParticipants: 8,
  spotsLeft: 3,
});

const recorded = (req: FakeRequest): ShareEventRecorded => {
  const b = req.body as ShareEventBody;
  return { id: 1, platform: b.platform, action: b.action, template: b.template, eventId: b.eventId ?? null, createdAt: new Date().toISOString() };
};

const asMember = (...roles: Me['roles']) => {
  signIn(4, 'hana@speedfriendship.test');
  return { 'GET /api/auth/me': { id: 4, email: 'hana@speedfriendship.test', name: 'Hana Host', roles } satisfies Me };
};

const analytics: ShareAnalytics = {
  templatesUsed: 6,
  timesShared: 12,
  platformsReached: 5,
  platforms: [
    { platform: 'facebook', copies: 3, shares: 4, signups: 5 },
    { platform: 'whatsapp', copies: 1, shares: 2, signups: 2 },
    { platform: 'local', copies: 1, shares: 0, signups: 1 },
    { platform: 'twitter', copies: 1, shares: 0, signups: 0 },
    { platform: 'linkedin', copies: 0, shares: 0, signups: 0 },
    { platform: 'instagram', copies: 0, shares: 0, signups: 0 },
  ],
  eventId: null,
  sources: [
    { source: 'facebook-post', visits: 14, signups: 2, seats: 3 },
    { source: 'flyer-qr', visits: 6, signups: 1, seats: 1 },
    { source: 'whatsapp-post', visits: 8, signups: 1, seats: 0 },
    { source: 'instagram-post', visits: 3, signups: 0, seats: 0 },
    { source: 'twitter-post', visits: 0, signups: 0, seats: 0 },
    { source: 'linkedin-post', visits: 0, signups: 0, seats: 0 },
    { source: 'local-post', visits: 0, signups: 0, seats: 0 },
    { source: 'flyer-link', visits: 0, signups: 0, seats: 0 },
  ],
};

const at = (path = '/share') =>
  renderAt(
    <>
      <Share />
      <Toaster />
    </>,
    { path, pattern: '/share' },
  );
const card = (title: string) => screen.getByRole('group', { name: title });
const posts = (server: { calls: FakeRequest[] }) => server.calls.filter((c) => c.method === 'POST').map((c) => c.body);

let open: ReturnType<typeof vi.fn>;
beforeEach(() => {
  open = vi.fn(() => ({ opener: window }));
  vi.spyOn(window, 'open').mockImplementation(open as unknown as typeof window.open);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  sessionStorage.clear();
});

test('the templates are filled from the soonest upcoming evening, and follow the picker', async () => {
  fakeServer({ 'GET /api/events/upcoming': [later, soon] });
  const { user } = at();
  const picker = await screen.findByRole('combobox', { name: 'Evening to share' });
  expect(picker).toHaveValue('31');

  const expected = readyTemplates(soon, origin);
  for (const t of expected) {
    const c = card(t.title);
    expect(within(c).getByTestId('template-content').textContent).toBe(t.content);
    for (const f of t.features) expect(within(c).getByText(f)).toBeInTheDocument();
    for (const h of t.hashtags) expect(within(c).getAllByText(h).length).toBeGreaterThan(0);
  }
  const fb = within(card('Facebook Event Post')).getByTestId('template-content');
  expect(fb).toHaveTextContent('📍 The Church Inn, Prestwich');
  expect(fb).toHaveTextContent('£15 per person');
  // The evening's public page with the post's source, not the waitlist: the evening is open for booking.
  expect(fb).toHaveTextContent(`${origin}/events/31?source=facebook-post`);
  expect(fb).not.toHaveTextContent('waitlist-signup');

  // Twitter shows its length against the 280 limit, and stays within it.
  const tweet = expected.find((t) => t.platform === 'twitter')!.content;
  expect(tweet.length).toBeLessThanOrEqual(TWITTER_LIMIT);
  expect(within(card('Twitter Post')).getByText(`${tweet.length}/${TWITTER_LIMIT}`)).toBeInTheDocument();
  expect(within(card('Twitter Post')).getByText(`${tweet.length} of ${TWITTER_LIMIT} characters`)).toBeInTheDocument();
  expect(within(card('Facebook Event Post')).queryByText(/\/280$/)).not.toBeInTheDocument();

  await user.selectOptions(picker, '32');
  expect(within(card('Facebook Event Post')).getByTestId('template-content')).toHaveTextContent('📍 Corner Café, Whitefield');
  expect(within(card('Facebook Event Post')).getByTestId('template-content')).toHaveTextContent('£12.50 per person');
  expect(within(card('Facebook Event Post')).getByTestId('template-content')).toHaveTextContent('Limited to 8 guests (3 spots left)');
});

test("Copy puts the post on the clipboard, says 'Copied!' for 2 seconds, and records the copy", async () => {
  // Fake timers that still move with the clock (Testing Library polls with them): the 2 s are stepped over, not waited.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const server = fakeServer({ 'GET /api/events/upcoming': [soon], 'POST /api/share/events': recorded });
  const { user } = at();
  const fb = await waitFor(() => card('Facebook Event Post'));
  await user.click(within(fb).getByRole('button', { name: 'Copy the Facebook post' }));

  expect(await within(fb).findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  // What lands on the clipboard is the post the card shows, with the evening's facts and its tracked link.
  const copied = await navigator.clipboard.readText();
  expect(copied).toBe(within(fb).getByTestId('template-content').textContent);
  for (const fact of ['Prestwich Friday Friends', '📍 The Church Inn, Prestwich', '£15 per person', `${origin}/events/31?source=facebook-post`])
    expect(copied).toContain(fact);
  await waitFor(() => expect(posts(server)).toEqual([{ platform: 'facebook', action: 'copy', template: 'facebook', eventId: 31 }]));
  // Still there after 1.5 s, gone once 2 s have passed.
  await act(() => vi.advanceTimersByTimeAsync(1_500));
  expect(within(fb).getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  await act(() => vi.advanceTimersByTimeAsync(600));
  expect(within(fb).getByRole('button', { name: 'Copy the Facebook post' })).toBeInTheDocument();
});

test('Share opens the platform share page in a 600x400 window and records the share', async () => {
  const server = fakeServer({ 'GET /api/events/upcoming': [soon], 'POST /api/share/events': recorded });
  const { user } = at();
  const list = readyTemplates(soon, origin);

  await user.click(within(await waitFor(() => card('Facebook Event Post'))).getByRole('button', { name: 'Share on Facebook' }));
  const fb = list[0]!;
  expect(open).toHaveBeenLastCalledWith(
    `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(fb.link)}&quote=${encodeURIComponent(fb.content)}`,
    'share-facebook',
    'width=600,height=400',
  );

  await user.click(within(card('Twitter Post')).getByRole('button', { name: 'Share on Twitter' }));
  expect(open).toHaveBeenLastCalledWith(
    `https://twitter.com/intent/tweet?text=${encodeURIComponent(list[2]!.content)}`,
    'share-twitter',
    'width=600,height=400',
  );
  await user.click(within(card('WhatsApp Message')).getByRole('button', { name: 'Share on WhatsApp' }));
  expect(open).toHaveBeenLastCalledWith(`https://wa.me/?text=${encodeURIComponent(list[3]!.content)}`, 'share-whatsapp', 'width=600,height=400');
  await user.click(within(card('LinkedIn Post')).getByRole('button', { name: 'Share on LinkedIn' }));
  expect(open).toHaveBeenLastCalledWith(
    `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(list[4]!.link)}`,
    'share-linkedin',
    'width=600,height=400',
  );

  await waitFor(() =>
    expect(posts(server)).toEqual(['facebook', 'twitter', 'whatsapp', 'linkedin'].map((p) => ({ platform: p, action: 'share', template: p, eventId: 31 }))),
  );
});

test('Share on Instagram and Local Community copies the text instead of opening a window', async () => {
  const server = fakeServer({ 'GET /api/events/upcoming': [soon], 'POST /api/share/events': recorded });
  const { user } = at();
  const list = readyTemplates(soon, origin);

  await user.click(within(await waitFor(() => card('Instagram Caption'))).getByRole('button', { name: /^Share the Instagram post/ }));
  expect(await navigator.clipboard.readText()).toBe(list[1]!.content);
  expect(await screen.findByText('Paste it into Instagram.')).toBeInTheDocument();

  await user.click(within(card('Local Community Board')).getByRole('button', { name: /^Share the Local Community post/ }));
  await waitFor(async () => expect(await navigator.clipboard.readText()).toBe(list[5]!.content));
  expect(open).not.toHaveBeenCalled();
  await waitFor(() =>
    expect(posts(server)).toEqual([
      { platform: 'instagram', action: 'share', template: 'instagram', eventId: 31 },
      { platform: 'local', action: 'share', template: 'local', eventId: 31 },
    ]),
  );
});

test('the custom generator builds the post with the message and a real booking link, copies and shares it', async () => {
  const server = fakeServer({ 'GET /api/events/upcoming': [soon], 'POST /api/share/events': recorded });
  const { user } = at();
  await user.click(await screen.findByRole('tab', { name: 'Custom Generator' }));
  await user.type(await screen.findByRole('textbox', { name: 'Personal message' }), 'Who is coming with me?');

  const preview = screen.getByTestId('custom-preview');
  for (const text of [
    'Who is coming with me?',
    'Prestwich Friday Friends',
    'The Church Inn',
    'Prestwich',
    '7:00 PM – 9:00 PM',
    '£15 per person',
    PROMO_BLURB,
    'Limited to 40 guests (28 spots left)',
  ]) {
    expect(within(preview).getByText(text)).toBeInTheDocument();
  }
  const link = `${origin}/events/31?source=facebook-post`;
  expect(within(preview).getByRole('link', { name: link })).toHaveAttribute('href', link);

  const text = customPost(soon, origin, 'Who is coming with me?').text;
  await user.click(screen.getByRole('button', { name: 'Copy Text' }));
  expect(await screen.findByRole('button', { name: 'Copied!' })).toBeInTheDocument();
  expect(await navigator.clipboard.readText()).toBe(text);

  await user.click(screen.getByRole('button', { name: 'Share to Facebook' }));
  expect(open).toHaveBeenCalledWith(
    `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(link)}&quote=${encodeURIComponent(text)}`,
    'share-facebook',
    'width=600,height=400',
  );
  await waitFor(() =>
    expect(posts(server)).toEqual([
      { platform: 'facebook', action: 'copy', template: 'custom', eventId: 31 },
      { platform: 'facebook', action: 'share', template: 'custom', eventId: 31 },
    ]),
  );
});

test('a host reads the real share analytics', async () => {
  fakeServer({ ...asMember('member', 'host'), 'GET /api/events/upcoming': [soon], 'GET /api/share/analytics': analytics });
  const { user } = at();
  await user.click(await screen.findByRole('tab', { name: 'Share Analytics' }));
  expect(await screen.findByText('Templates Used')).toBeInTheDocument();
  expect(screen.getByText('Templates Used').closest('div')!.parentElement).toHaveTextContent('6');
  expect(screen.getByText('Times Shared').closest('div')!.parentElement).toHaveTextContent('12');
  expect(screen.getByText('Platforms Reached').closest('div')!.parentElement).toHaveTextContent('5');
  const rows = within(screen.getByRole('table', { name: 'By platform' }))
    .getAllByRole('row')
    .slice(1);
  expect(rows.map((r) => r.textContent)).toEqual(['Facebook345', 'WhatsApp122', 'Local Community101', 'Twitter100', 'LinkedIn000', 'Instagram000']);
  // From link to seat: visits, signups and seats per source, visits marked as reported by browsers.
  const sources = within(screen.getByRole('table', { name: /Visits, signups and seats booked per source/ }))
    .getAllByRole('row')
    .slice(1);
  expect(sources.slice(0, 2).map((r) => r.textContent)).toEqual(['Facebook post facebook-post1423', 'Flyer QR code flyer-qr611']);
  expect(screen.getByText(/Visits are self-reported by browsers/)).toBeInTheDocument();
  expect(screen.getByText(/Facebook and WhatsApp work best/)).toBeInTheDocument();
});

// Issue 33: one evening's figures are for its host; the picker offers a host only their own evenings (admins every one).
test("the analytics' evening picker lists a host's own evenings only, and every evening for an admin", async () => {
  const mine = { ...soon, hostId: 4 };
  const pickerOptions = () =>
    within(screen.getByRole('combobox', { name: 'Evening' }))
      .getAllByRole('option')
      .map((o) => o.textContent);
  fakeServer({ ...asMember('member', 'host'), 'GET /api/events/upcoming': [mine, later], 'GET /api/share/analytics': analytics });
  const first = at();
  await first.user.click(await screen.findByRole('tab', { name: 'Share Analytics' }));
  await screen.findByRole('table', { name: 'By platform' });
  await waitFor(() => expect(pickerOptions()).toHaveLength(2));
  expect(pickerOptions()[0]).toBe('All evenings');
  expect(pickerOptions()[1]).toContain('Prestwich Friday Friends');
  first.unmount();

  fakeServer({ ...asMember('member', 'admin'), 'GET /api/events/upcoming': [mine, later], 'GET /api/share/analytics': analytics });
  const second = at();
  await second.user.click(await screen.findByRole('tab', { name: 'Share Analytics' }));
  await screen.findByRole('table', { name: 'By platform' });
  await waitFor(() => expect(pickerOptions()).toHaveLength(3));
});

test('a member sees the hosts-only card and the figures are never asked for; a visitor is offered to log in', async () => {
  const server = fakeServer({ ...asMember('member'), 'GET /api/events/upcoming': [soon] });
  const first = at();
  await first.user.click(await screen.findByRole('tab', { name: 'Share Analytics' }));
  expect(await screen.findByRole('heading', { name: 'This page is for hosts only' })).toBeInTheDocument();
  expect(screen.queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
  expect(screen.getByText(/Facebook and WhatsApp work best/)).toBeInTheDocument();
  expect(server.calls.map((c) => c.url.pathname)).not.toContain('/api/share/analytics');
  first.unmount();

  localStorage.clear();
  const visitor = fakeServer({ 'GET /api/events/upcoming': [soon] });
  const second = at('/share?event=31');
  await second.user.click(await screen.findByRole('tab', { name: 'Share Analytics' }));
  expect(await screen.findByRole('heading', { name: 'This page is for hosts only' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', `/login?next=${encodeURIComponent('/share?event=31')}`);
  expect(visitor.calls.map((c) => c.url.pathname).sort()).toEqual(['/api/events/upcoming', '/api/share/links']);
});

test('?event= picks that evening; with none upcoming the page says so', async () => {
  fakeServer({ 'GET /api/events/upcoming': [soon, later] });
  const first = at('/share?event=32');
  expect(await screen.findByRole('combobox', { name: 'Evening to share' })).toHaveValue('32');
  first.unmount();
  fakeServer({ 'GET /api/events/upcoming': [] });
  at();
  expect(await screen.findByRole('heading', { name: 'No upcoming evenings to share yet' })).toBeInTheDocument();
});

test('a visitor who came from a shared link signs up with its source', async () => {
  rememberShareSource('?source=whatsapp-post&utm=x', '/events/31');
  const server = fakeServer({
    'POST /api/users': { message: 'We sent a 6-digit code to your email. It works for 10 minutes.', email: 'sam@example.com' },
    'POST /api/auth/verify': { id: 8, email: 'sam@example.com', name: 'Sam Lee', created: true },
  });
  const { user } = renderAt(
    <Routes>
      <Route path="/waitlist-signup" element={<SignupForm bioLabel="Bio" />} />
      <Route path="/login" element={<LoginForm sentTo="sam@example.com" onSignedIn={() => {}} />} />
    </Routes>,
    { path: '/waitlist-signup' },
  );
  await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Sam Lee');
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'sam@example.com');
  await user.type(screen.getByRole('spinbutton', { name: 'Age' }), '29');
  await user.click(screen.getByRole('button', { name: 'Join the Waitlist' }));
  expect(server.calls[0]!.body).toMatchObject({ email: 'sam@example.com', source: 'whatsapp-post', sourceEventId: 31 });
  // Kept until the code makes the account (nothing counts before, docs/decisions/0070)…
  expect(sessionStorage.getItem('shareSource')).not.toBeNull();
  await user.type(await screen.findByLabelText('Login code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Log In' }));
  await vi.waitFor(() => expect(server.calls.some((c) => c.url.pathname === '/api/auth/verify')).toBe(true));
  expect(server.calls.find((c) => c.url.pathname === '/api/auth/verify')!.body).toMatchObject({ source: 'whatsapp-post', sourceEventId: 31 });
  // …and counted once: forgotten after it.
  await vi.waitFor(() => expect(sessionStorage.getItem('shareSource')).toBeNull());
});

test('every tab passes axe (structure and names; colours are checked in the browser)', async () => {
  const { default: axe } = await import('axe-core');
  const check = async () => {
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  fakeServer({ ...asMember('host'), 'GET /api/events/upcoming': [soon, later], 'GET /api/share/analytics': analytics });
  const { user } = at();
  await screen.findByRole('combobox', { name: 'Evening to share' });
  await check();
  await user.click(screen.getByRole('tab', { name: 'Custom Generator' }));
  await screen.findByRole('textbox', { name: 'Personal message' });
  await check();
  await user.click(screen.getByRole('tab', { name: 'Share Analytics' }));
  await screen.findByRole('table', { name: 'By platform' });
  await check();
});
