import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, test, vi } from 'vitest';
import type { FollowUpEvent, MissedConnection, MissedConnectionsResponse, ReceivedInvites } from '@shared/schemas/missed-connections';
import { anEvent, DAY, fromNow, HOUR } from '@client/test/fixtures';
import { fakeServer, Reply, type FakeRequest } from '@client/test/render';
import { renderApp, signedInAs } from '../app.fixtures';

const person = (id: number, firstName: string, over: Partial<MissedConnection> = {}): MissedConnection => ({
  id,
  firstName,
  age: 30,
  personality: { creative: 80, adventurous: 60, social: 70, analytical: 40 },
  topInterests: ['Wine', 'Art', 'Travel'],
  compatibilityScore: 82,
  sharedInterests: ['Wine'],
  personalityInsight: 'A creative mind who brings fresh ideas to a conversation',
  connectionPotential: 'high',
  wasInPreview: true,
  met: true,
  inviteStatus: 'pending',
  ...over,
});

const evening = (id: number, title: string, spots: number, over: Partial<FollowUpEvent> = {}): FollowUpEvent => ({
  id,
  title,
  date: fromNow((id - 10) * DAY),
  startTime: '19:00',
  venue: 'The Wine Bar',
  location: '1 High Street, Prestwich',
  price: 1500,
  description: 'Another friendly evening.',
  spotsAvailable: spots,
  totalSpots: 20,
  full: spots === 0,
  ...over,
});

function missed(over: Partial<MissedConnectionsResponse> = {}): MissedConnectionsResponse {
  return {
    event: { id: 5, title: 'Launch Night', date: fromNow(-DAY), venue: 'The Wine Bar' },
    status: 'ready',
    senderFirstName: 'Alex',
    followUpEvents: [evening(11, 'June Social', 15), evening(12, 'Summer Mixer', 4), evening(13, 'Sold Out Soirée', 0)],
    followUpEventId: 11,
    connections: [
      person(21, 'Sarah'),
      person(22, 'Michael', { met: false, personality: null }),
      person(23, 'Olly', { wasInPreview: false, compatibilityScore: 55, connectionPotential: 'good' }),
    ],
    pendingCount: 3,
    ...over,
  };
}

const noInvites: ReceivedInvites = { invites: [] };

test('/missed-connections: a visitor sees a login card and nothing is fetched', async () => {
  const server = fakeServer({});
  renderApp('/missed-connections?event=5');
  expect(await screen.findByRole('heading', { level: 1, name: 'Missed Connections' })).toBeInTheDocument();
  expect(await screen.findByRole('heading', { name: 'Log in to see your missed connections' })).toBeInTheDocument();
  expect(server.calls.filter((c) => c.url.pathname.includes('missed') || c.url.pathname.includes('invites'))).toHaveLength(0);
});

test('/missed-connections: a member who is not a guest sees the guests-only card', async () => {
  fakeServer({
    ...signedInAs(),
    'GET /api/events/5/missed-connections': new Reply(403, {
      message: 'Missed connections are for guests of this evening',
      error: 'Missed connections are for guests of this evening',
    }),
    'GET /api/me/invites': noInvites,
  });
  renderApp('/missed-connections?event=5');
  expect(await screen.findByRole('heading', { name: 'This page is for guests of this evening' })).toBeInTheDocument();
});

test('/missed-connections: before the evening begins, a clear "after the evening" state', async () => {
  fakeServer({
    ...signedInAs(),
    'GET /api/events/5/missed-connections': missed({ status: 'upcoming', connections: [], followUpEvents: [], followUpEventId: null, pendingCount: 0 }),
    'GET /api/me/invites': noInvites,
  });
  renderApp('/missed-connections?event=5');
  expect(await screen.findByRole('heading', { name: 'Missed connections open after the evening' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Send All Invites/ })).not.toBeInTheDocument();
});

test('/missed-connections: a guest who booked but was not checked in is told why nobody is there to invite (issue 21)', async () => {
  fakeServer({
    ...signedInAs(),
    'GET /api/events/5/missed-connections': missed({ status: 'absent', connections: [], followUpEvents: [], followUpEventId: null, pendingCount: 0 }),
    'GET /api/me/invites': noInvites,
  });
  renderApp('/missed-connections?event=5');
  expect(await screen.findByRole('heading', { name: 'Missed connections are for guests who came' })).toBeInTheDocument();
  expect(screen.getByText(/ask the host to check you in/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Send All Invites/ })).not.toBeInTheDocument();
});

test('/missed-connections: without ?event= the latest evening that has begun is shown', async () => {
  const past = { ...anEvent({ id: 5, date: fromNow(-DAY), endsAt: fromNow(-DAY + 3 * HOUR) }), checkedIn: true, registeredAt: fromNow(-3 * DAY) };
  const next = { ...anEvent({ id: 6, date: fromNow(3 * DAY), endsAt: fromNow(3 * DAY + 3 * HOUR) }), checkedIn: false, registeredAt: fromNow(-DAY) };
  const server = fakeServer({
    ...signedInAs(),
    'GET /api/users/7/events': [next, past],
    'GET /api/events/5/missed-connections': missed(),
    'GET /api/me/invites': noInvites,
  });
  renderApp('/missed-connections');
  expect(await screen.findByRole('heading', { name: 'Sarah, 30' })).toBeInTheDocument();
  expect(server.calls.some((c) => c.url.pathname === '/api/events/6/missed-connections')).toBe(false);
});

test('Connections tab: preview people and new discoveries; Send Follow-Up Invite marks the card sent', async () => {
  let data = missed();
  const server = fakeServer({
    ...signedInAs(),
    'GET /api/events/5/missed-connections': () => data,
    'GET /api/me/invites': noInvites,
    'POST /api/events/5/invites': (req: FakeRequest) => {
      const body = req.body as { toUserId: number; eventId: number };
      data = {
        ...data,
        connections: data.connections.map((c) => (c.id === body.toUserId ? { ...c, inviteStatus: 'sent' } : c)),
        pendingCount: data.pendingCount - 1,
      };
      return new Reply(201, { toUserId: body.toUserId, eventId: body.eventId, inviteStatus: 'sent', alreadySent: false });
    },
  });
  const { user } = renderApp('/missed-connections?event=5');
  const preview = await screen.findByRole('list', { name: 'From your preview' });
  expect(
    within(preview)
      .getAllByRole('heading')
      .map((h) => h.textContent),
  ).toEqual(['Sarah, 30', 'Michael, 30']);
  const discoveries = screen.getByRole('list', { name: 'New discoveries' });
  expect(within(discoveries).getByRole('heading', { name: 'Olly, 30' })).toBeInTheDocument();
  expect(screen.getByText('Invites are for')).toBeInTheDocument();
  expect(screen.getByText(/June Social/, { selector: 'p' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Send Follow-Up Invite to Sarah' }));
  expect(await screen.findByRole('button', { name: 'Invite sent to Sarah' })).toBeDisabled();
  expect(server.calls.find((c) => c.method === 'POST')?.body).toEqual({ toUserId: 21, eventId: 11 });
  expect(await screen.findByText('Invite sent to Sarah for June Social.')).toBeInTheDocument();
});

test('Connections tab: a refused invite shows the server’s message on that card', async () => {
  const msg = 'This invite could not be sent: Olly is not taking follow-up invites at the moment.';
  fakeServer({
    ...signedInAs(),
    'GET /api/events/5/missed-connections': missed(),
    'GET /api/me/invites': noInvites,
    'POST /api/events/5/invites': new Reply(403, { message: msg, error: msg }),
  });
  const { user } = renderApp('/missed-connections?event=5');
  await user.click(await screen.findByRole('button', { name: 'Send Follow-Up Invite to Olly' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(msg);
  expect(screen.getByRole('button', { name: 'Send Follow-Up Invite to Olly' })).toBeEnabled();
});

test('Send All Invites sends to the chosen evening, then is disabled when all are sent', async () => {
  let data = missed({
    connections: [person(21, 'Sarah', { inviteStatus: 'sent' }), person(22, 'Michael'), person(23, 'Olly', { wasInPreview: false })],
    pendingCount: 2,
  });
  const server = fakeServer({
    ...signedInAs(),
    'GET /api/events/5/missed-connections': () => data,
    'GET /api/me/invites': noInvites,
    'POST /api/events/5/invites/all': () => {
      data = { ...data, connections: data.connections.map((c) => ({ ...c, inviteStatus: 'sent' })), pendingCount: 0 };
      return { sent: 2 };
    },
  });
  const { user } = renderApp('/missed-connections?event=5');
  const all = await screen.findByRole('button', { name: 'Send All Invites' });
  expect(all).toBeEnabled();
  await user.click(all);
  expect(await screen.findByText('Sent 2 invites for June Social.')).toBeInTheDocument();
  expect(await screen.findByRole('button', { name: 'All Invites Sent' })).toBeDisabled();
  expect(server.calls.find((c) => c.url.pathname.endsWith('/invites/all'))?.body).toEqual({ eventId: 11 });
  for (const name of ['Sarah', 'Michael', 'Olly']) expect(screen.getByRole('button', { name: `Invite sent to ${name}` })).toBeDisabled();
});

test('Send All Invites is disabled when nobody is pending', async () => {
  fakeServer({
    ...signedInAs(),
    'GET /api/events/5/missed-connections': missed({ connections: [person(21, 'Sarah', { inviteStatus: 'sent' })], pendingCount: 0 }),
    'GET /api/me/invites': noInvites,
  });
  renderApp('/missed-connections?event=5');
  expect(await screen.findByRole('button', { name: 'All Invites Sent' })).toBeDisabled();
});

test('Follow-up events tab: spots badges (red at 10 or fewer), full evenings cannot be chosen, choosing one shows its invitation', async () => {
  const server = fakeServer({
    ...signedInAs(),
    'GET /api/events/5/missed-connections': (req: FakeRequest) => {
      const chosen = Number(req.url.searchParams.get('followUp') ?? 11);
      return missed({
        followUpEventId: chosen,
        connections: [person(21, 'Sarah', { inviteStatus: chosen === 12 ? 'sent' : 'pending' })],
        pendingCount: chosen === 12 ? 0 : 1,
      });
    },
    'GET /api/me/invites': noInvites,
  });
  const { user } = renderApp('/missed-connections?event=5');
  await user.click(await screen.findByRole('tab', { name: 'Follow-up events' }));
  const june = screen.getByRole('radio', { name: /June Social/ });
  const summer = screen.getByRole('radio', { name: /Summer Mixer/ });
  const sold = screen.getByRole('radio', { name: /Sold Out Soirée/ });
  expect(june).toBeChecked();
  expect(sold).toBeDisabled();
  expect(screen.getByText('15 of 20 spots left')).toHaveAttribute('data-few', 'false');
  expect(screen.getByText('4 of 20 spots left')).toHaveAttribute('data-few', 'true');
  expect(screen.getByText('4 of 20 spots left').className).toContain('bg-red-100');
  expect(screen.getByText('15 of 20 spots left').className).not.toContain('bg-red-100');
  expect(screen.getByText('Full')).toBeInTheDocument();

  const preview = screen.getByRole('heading', { name: 'Invitation message preview' }).parentElement!;
  expect(within(preview).getByText(/Alex invited you to June Social/)).toBeInTheDocument();
  expect(within(preview).getByText('Stop invites from Alex')).toBeInTheDocument();

  await user.click(summer);
  expect(await within(preview).findByText(/Alex invited you to Summer Mixer/)).toBeInTheDocument();
  expect(server.calls.some((c) => c.url.searchParams.get('followUp') === '12')).toBe(true);
  await user.click(screen.getByRole('tab', { name: 'Connections' }));
  expect(await screen.findByRole('button', { name: 'Invite sent to Sarah' })).toBeDisabled();
});

test('the chosen follow-up evening is kept in the address, so a reload keeps it', async () => {
  fakeServer({
    ...signedInAs(),
    'GET /api/events/5/missed-connections': (req: FakeRequest) => missed({ followUpEventId: Number(req.url.searchParams.get('followUp') ?? 11) }),
    'GET /api/me/invites': noInvites,
  });
  const first = renderApp('/missed-connections?event=5');
  await first.user.click(await screen.findByRole('tab', { name: 'Follow-up events' }));
  await first.user.click(screen.getByRole('radio', { name: /Summer Mixer/ }));
  await vi.waitFor(() => expect(first.location()).toBe('/missed-connections?event=5&followUp=12'));
  const reloaded = first.location();
  first.unmount();

  // The same address again, as a reload opens it: Summer Mixer is still the one chosen.
  renderApp(reloaded);
  expect(await screen.findByText(/Summer Mixer ·/)).toBeInTheDocument();
  await userEvent.setup().click(screen.getByRole('tab', { name: 'Follow-up events' }));
  expect(screen.getByRole('radio', { name: /Summer Mixer/ })).toBeChecked();
});

test('a chosen evening that has become too soon to book goes back to the server’s choice', async () => {
  const server = fakeServer({
    ...signedInAs(),
    'GET /api/events/5/missed-connections': (req: FakeRequest) =>
      req.url.searchParams.get('followUp') === '12'
        ? new Reply(409, { message: 'That evening starts too soon for an invite', error: 'Conflict' })
        : missed({ followUpEventId: 11 }),
    'GET /api/me/invites': noInvites,
  });
  const { location } = renderApp('/missed-connections?event=5&followUp=12');
  expect(await screen.findByText(/June Social ·/)).toBeInTheDocument();
  expect(location()).toBe('/missed-connections?event=5');
  expect(server.calls.some((c) => c.url.pathname.endsWith('missed-connections') && !c.url.searchParams.has('followUp'))).toBe(true);
});

test('Invites you have received: stop invites from a person, then undo', async () => {
  let blocked = false;
  const invites = (): ReceivedInvites => ({
    invites: [
      {
        id: 1,
        from: { userId: 30, firstName: 'Priya' },
        metAt: { id: 4, title: 'Spring Evening', date: fromNow(-10 * DAY) },
        event: { id: 11, title: 'June Social', date: fromNow(DAY), startTime: '19:00', venue: 'The Wine Bar' },
        sentAt: fromNow(-DAY),
        blocked,
      },
    ],
  });
  const server = fakeServer({
    ...signedInAs(),
    'GET /api/events/5/missed-connections': missed(),
    'GET /api/me/invites': () => invites(),
    'POST /api/me/invite-blocks': () => {
      blocked = true;
      return { userId: 30, firstName: 'Priya', blocked: true };
    },
    'DELETE /api/me/invite-blocks/30': () => {
      blocked = false;
      return { userId: 30, firstName: 'Priya', blocked: false };
    },
  });
  const { user } = renderApp('/missed-connections?event=5');
  const section = await screen.findByRole('region', { name: "Invites you've received" });
  expect(await within(section).findByText('Priya invited you to June Social')).toBeInTheDocument();
  expect(within(section).getByText(/You met at Spring Evening/)).toBeInTheDocument();
  await user.click(within(section).getByRole('button', { name: 'Stop invites from Priya' }));
  expect(await within(section).findByText("You won't get follow-up invites from Priya again.")).toBeInTheDocument();
  expect(server.calls.find((c) => c.method === 'POST' && c.url.pathname === '/api/me/invite-blocks')?.body).toEqual({ userId: 30 });
  await user.click(await within(section).findByRole('button', { name: 'Undo: allow invites from Priya' }));
  expect(await within(section).findByText('Invites from Priya are welcome again.')).toBeInTheDocument();
  expect(await within(section).findByRole('button', { name: 'Stop invites from Priya' })).toBeInTheDocument();
});

test('?stop=TOKEN: a visitor stops invites without logging in', async () => {
  const server = fakeServer({ 'POST /api/invites/stop': { firstName: 'Sarah' } });
  renderApp('/missed-connections?stop=abc123');
  expect(await screen.findByRole('heading', { name: "You won't get follow-up invites from Sarah again" })).toBeInTheDocument();
  const stops = server.calls.filter((c) => c.url.pathname === '/api/invites/stop');
  expect(stops.length).toBeGreaterThanOrEqual(1);
  expect(stops[0]!.body).toEqual({ token: 'abc123' });
  expect(screen.queryByRole('heading', { name: 'Log in to see your missed connections' })).not.toBeInTheDocument();
});

test('?stop=TOKEN: an unknown link says so', async () => {
  fakeServer({ 'POST /api/invites/stop': new Reply(404, { message: 'This stop link is not valid.', error: 'This stop link is not valid.' }) });
  renderApp('/missed-connections?stop=nope');
  expect(await screen.findByRole('heading', { name: 'This link is not valid' })).toBeInTheDocument();
});

test('passes axe on both tabs and the received invites (structure and names; colours are checked in the browser)', async () => {
  const { default: axe } = await import('axe-core');
  const check = async () => {
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  fakeServer({
    ...signedInAs(),
    'GET /api/events/5/missed-connections': missed(),
    'GET /api/me/invites': {
      invites: [
        {
          id: 1,
          from: { userId: 30, firstName: 'Priya' },
          metAt: { id: 4, title: 'Spring Evening', date: fromNow(-10 * DAY) },
          event: { id: 11, title: 'June Social', date: fromNow(DAY), startTime: '19:00', venue: 'The Wine Bar' },
          sentAt: fromNow(-DAY),
          blocked: true,
        },
      ],
    } satisfies ReceivedInvites,
  });
  const view = renderApp('/missed-connections?event=5');
  await screen.findByRole('heading', { name: 'Sarah, 30' });
  await screen.findByText('Priya invited you to June Social');
  await check();
  await view.user.click(screen.getByRole('tab', { name: 'Follow-up events' }));
  await screen.findByRole('heading', { name: 'Invitation message preview' });
  await check();
  view.unmount();
});
