import { screen, within } from '@testing-library/react';
import { expect, test, vi } from 'vitest';
import type { FeedbackFormBody, MyFeedback } from '@shared/schemas/feedback';
import { anEventDetail, fromNow, HOUR, MINUTE } from '@client/test/fixtures';
import { fakeServer, renderAt, Reply, type FakeRequest } from '@client/test/render';
import { ADMIN, aResponse, anInsights, GUEST, HOST, myFeedback } from '../feedback.fixtures';
import { FeedbackScreen, type FeedbackViewer } from './feedback-screen';

const begun = (viewer: Partial<Parameters<typeof anEventDetail>[1]> = {}) =>
  anEventDetail({ id: 5, title: 'Wine Bar Speed Friendship', date: fromNow(-2 * HOUR), hostId: HOST.id }, viewer);

function open(viewer: FeedbackViewer, routes: Record<string, unknown>, path = '/feedback?event=5') {
  const server = fakeServer({
    'GET /api/events/5': begun({ registered: true }),
    'GET /api/events/5/feedback': [],
    ...(viewer ? { [`GET /api/events/5/feedback/user/${viewer.id}`]: { eventId: 5, userId: viewer.id, emoji: null } } : {}),
    ...routes,
  });
  const view = renderAt(<FeedbackScreen eventId={5} viewer={viewer} demo={false} />, { path });
  return { ...view, server };
}

const radios = (group: string) => within(screen.getByRole('group', { name: group })).getAllByRole('radio');

test('the evening is named; the emoji widget sits above three tabs', async () => {
  open(GUEST, { 'GET /api/events/5/feedback/form': myFeedback() });
  expect(await screen.findByRole('heading', { name: 'Wine Bar Speed Friendship' })).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'How was the evening?' })).toBeInTheDocument();
  expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Submit', 'Insights', 'Improvements']);
});

test('the form: submit disabled until an overall rating; stars are labelled radios; defaults sent; thank-you, then the response', async () => {
  let mine: MyFeedback = myFeedback();
  const sent: FeedbackFormBody[] = [];
  const { user } = open(GUEST, {
    'GET /api/events/5/feedback/form': () => mine,
    'PUT /api/events/5/feedback/form': (req: FakeRequest) => {
      const body = req.body as FeedbackFormBody;
      sent.push(body);
      const response = aResponse({
        ...(body as object),
        favoriteAspect: body.favoriteAspect || null,
        additionalComments: body.additionalComments || null,
      } as never);
      mine = { ...mine, response };
      return new Reply(201, { created: true, response });
    },
  });
  const form = await screen.findByRole('form', { name: 'Event feedback' });
  const submit = within(form).getByRole('button', { name: 'Submit Feedback' });
  expect(submit).toBeDisabled();
  expect(screen.getByText('Additional comments (Optional)')).toBeInTheDocument();

  // Overall: five radios named by stars; the aspects add "Not rated", chosen at first.
  expect(radios('Overall rating (required)').map((r) => r.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
  expect(radios('Overall rating (required)').filter((r) => (r as HTMLInputElement).checked)).toHaveLength(0);
  expect(within(screen.getByRole('group', { name: 'Venue' })).getByRole('radio', { name: 'Not rated' })).toBeChecked();
  expect(within(screen.getByRole('group', { name: 'Would you recommend this evening to a friend?' })).getByRole('radio', { name: 'Yes' })).toBeChecked();

  // Keyboard: focus the first star and move with the arrow keys.
  await user.click(within(screen.getByRole('group', { name: 'Overall rating (required)' })).getByRole('radio', { name: '3 stars' }));
  expect(submit).toBeEnabled();
  await user.keyboard('{ArrowRight}');
  expect(within(screen.getByRole('group', { name: 'Overall rating (required)' })).getByRole('radio', { name: '4 stars' })).toBeChecked();

  await user.click(within(screen.getByRole('group', { name: 'Timing' })).getByRole('radio', { name: '2 stars' }));
  await user.click(screen.getByRole('checkbox', { name: 'More time per conversation' }));
  await user.click(screen.getByRole('checkbox', { name: 'A smoother check-in' }));
  await user.type(screen.getByLabelText('Additional comments (Optional)'), 'Great host.');
  await user.click(submit);

  expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
  expect(sent).toEqual([
    {
      overallRating: 4,
      venueRating: 0,
      organizationRating: 0,
      matchQualityRating: 0,
      timingRating: 2,
      wouldRecommend: true,
      improvements: ['longer-rounds', 'check-in'],
      favoriteAspect: null,
      additionalComments: 'Great host.',
    },
  ]);
  const yours = screen.getByRole('region', { name: 'Your feedback' });
  expect(within(yours).getByText('Overall rating').nextSibling).toHaveTextContent('4 of 5 stars');
  expect(within(yours).getByText('What could be better').nextSibling).toHaveTextContent('More time per conversation, A smoother check-in');
});

test('a returning guest sees their response and can change it', async () => {
  const sent: FeedbackFormBody[] = [];
  const { user } = open(GUEST, {
    'GET /api/events/5/feedback/form': myFeedback({ response: aResponse() }),
    'PUT /api/events/5/feedback/form': (req: FakeRequest) => {
      sent.push(req.body as FeedbackFormBody);
      return { created: false, response: aResponse({ overallRating: 2 }) };
    },
  });
  const yours = await screen.findByRole('region', { name: 'Your feedback' });
  expect(within(yours).getByText('Venue').nextSibling).toHaveTextContent('5 of 5 stars');
  expect(within(yours).getByText('Organisation').nextSibling).toHaveTextContent('Not rated');
  await user.click(screen.getByRole('button', { name: 'Change my answers' }));
  const overall = screen.getByRole('group', { name: 'Overall rating (required)' });
  expect(within(overall).getByRole('radio', { name: '4 stars' })).toBeChecked();
  expect(screen.getByRole('checkbox', { name: 'Better ice-breaker questions' })).toBeChecked();
  expect(screen.getByLabelText('What did you enjoy most? (Optional)')).toHaveValue('Meeting new people');
  await user.click(within(overall).getByRole('radio', { name: '2 stars' }));
  await user.click(screen.getByRole('button', { name: 'Update Feedback' }));
  expect(await screen.findByText('Thank you for your feedback!')).toBeInTheDocument();
  expect(sent[0]).toMatchObject({ overallRating: 2, venueRating: 5, improvements: ['icebreakers'] });
});

test('before the evening begins the guest is told when the form opens; a member who did not book is told it is for guests', async () => {
  open(GUEST, {
    'GET /api/events/5/feedback/form': myFeedback({
      canSubmit: false,
      blocked: 'not-begun',
      reason: 'Feedback opens when the evening begins',
      opensAt: fromNow(HOUR),
    }),
  });
  expect(await screen.findByRole('heading', { name: 'Feedback opens when the evening begins' })).toBeInTheDocument();
  expect(screen.queryByRole('form')).not.toBeInTheDocument();
});

test('an evening the host ended early opens the form at once: an answer kept from before it began is asked again, never "come back after" (issue 32)', async () => {
  let asked = 0;
  const before = myFeedback({ canSubmit: false, blocked: 'not-begun', reason: 'Feedback opens when the evening begins', opensAt: fromNow(2 * HOUR) });
  open(GUEST, {
    // Ended with End Event two hours before its advertised start.
    'GET /api/events/5': anEventDetail(
      { id: 5, title: 'Wine Bar Speed Friendship', date: fromNow(2 * HOUR), hostId: HOST.id, status: 'completed' },
      { registered: true, checkedIn: true },
    ),
    'GET /api/events/5/feedback/form': () => (++asked === 1 ? before : myFeedback({ opensAt: fromNow(2 * HOUR) })),
  });
  expect(await screen.findByRole('form', { name: 'Event feedback' })).toBeInTheDocument();
  expect(asked).toBe(2);
  expect(screen.queryByRole('heading', { name: 'Feedback opens when the evening begins' })).not.toBeInTheDocument();
  expect(screen.queryByText(/Come back after/)).not.toBeInTheDocument();
});

test('a page left open before the start opens the form when the evening begins', async () => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  let begunYet = false;
  open(GUEST, {
    'GET /api/events/5': anEventDetail({ id: 5, title: 'Wine Bar Speed Friendship', date: fromNow(2 * MINUTE), hostId: HOST.id }, { registered: true }),
    'GET /api/events/5/feedback/form': () =>
      begunYet
        ? myFeedback({ opensAt: fromNow(0) })
        : myFeedback({ canSubmit: false, blocked: 'not-begun', reason: 'Feedback opens when the evening begins', opensAt: fromNow(2 * MINUTE) }),
  });
  expect(await screen.findByRole('heading', { name: 'Feedback opens when the evening begins' })).toBeInTheDocument();
  begunYet = true;
  await vi.advanceTimersByTimeAsync(2 * MINUTE + 1000);
  expect(await screen.findByRole('form', { name: 'Event feedback' })).toBeInTheDocument();
});

test('a guest who booked but was not checked in is told why there is no form (issue 21)', async () => {
  open(GUEST, {
    'GET /api/events/5': begun(),
    'GET /api/events/5/feedback/form': myFeedback({ canSubmit: false, blocked: 'not-checked-in', reason: 'Only guests who were checked in' }),
  });
  expect(await screen.findByRole('heading', { name: 'Feedback is for guests who came' })).toBeInTheDocument();
  expect(screen.getByText(/ask the host to check you in/)).toBeInTheDocument();
  expect(screen.queryByRole('form')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Submit Feedback/ })).not.toBeInTheDocument();
});

test('a member who is not a guest sees the guests-only card', async () => {
  open(GUEST, {
    'GET /api/events/5': begun(),
    'GET /api/events/5/feedback/form': myFeedback({ canSubmit: false, blocked: 'not-guest', reason: 'Only guests' }),
  });
  expect(await screen.findByRole('heading', { name: 'Feedback is for guests of this evening' })).toBeInTheDocument();
  expect(screen.queryByRole('form')).not.toBeInTheDocument();
});

test('a visitor is asked to log in to give feedback and sees the hosts-only card on Insights; nothing private is asked for', async () => {
  const { user, server } = open(null, { 'GET /api/events/5': begun() });
  expect(await screen.findByRole('heading', { name: 'Log in to give feedback' })).toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: 'Insights' }));
  expect(screen.getByRole('heading', { name: 'For the host of this evening only' })).toBeInTheDocument();
  const paths = server.calls.map((c) => c.url.pathname);
  expect(paths).not.toContain('/api/events/5/feedback/form');
  expect(paths).not.toContain('/api/events/5/feedback/insights');
});

test('a guest sees the hosts-only card on Insights and Improvements, and never asks for the insights', async () => {
  const { user, server } = open(GUEST, { 'GET /api/events/5/feedback/form': myFeedback() });
  await screen.findByRole('form', { name: 'Event feedback' });
  await user.click(screen.getByRole('tab', { name: 'Insights' }));
  expect(screen.getByRole('heading', { name: 'For the host of this evening only' })).toBeInTheDocument();
  await user.click(screen.getByRole('tab', { name: 'Improvements' }));
  expect(screen.getByRole('heading', { name: 'For the host of this evening only' })).toBeInTheDocument();
  expect(server.calls.map((c) => c.url.pathname)).not.toContain('/api/events/5/feedback/insights');
});

test('the host reads the figures, the trend and the ranked improvements with the spec’s bar widths', async () => {
  const { user } = open(
    HOST,
    {
      'GET /api/events/5': begun({ isHost: true }),
      'GET /api/events/5/feedback/form': myFeedback({ canSubmit: false, blocked: 'not-guest', reason: 'Only guests' }),
      'GET /api/events/5/feedback/insights': anInsights(),
    },
    '/feedback?event=5&tab=insights',
  );
  const figures = await screen.findByRole('region', { name: 'The evening in figures' });
  expect(within(figures).getByText('Responses').nextSibling).toHaveTextContent('3of 4 guests');
  expect(within(figures).getByText('Average rating').nextSibling).toHaveTextContent('4.0out of 5');
  expect(within(figures).getByText('Would recommend').nextSibling).toHaveTextContent('67%');
  expect(within(figures).getByText('Trend').nextSibling).toHaveTextContent('+0.3vs Previous Evening');
  expect(screen.getByText('Too loud near the bar.')).toBeInTheDocument();

  await user.click(screen.getByRole('tab', { name: 'Improvements' }));
  const rows = screen.getAllByRole('listitem').filter((li) => li.querySelector('[style]'));
  expect(rows.map((r) => (r.querySelector('[style]') as HTMLElement).style.width)).toEqual(['85%', '70%']);
  expect(rows[0]).toHaveTextContent('More time per conversation3 of 3 (100%)');
  expect(screen.getByRole('heading', { name: 'Not requested' })).toBeInTheDocument();
});

test('an admin who did not host also reads the insights; with no responses they are told so', async () => {
  open(
    ADMIN,
    {
      'GET /api/events/5': begun({ isHost: true }),
      'GET /api/events/5/feedback/form': myFeedback(),
      'GET /api/events/5/feedback/insights': anInsights({ totalResponses: 0, guests: 4 }),
    },
    '/feedback?event=5&tab=insights',
  );
  expect(await screen.findByRole('heading', { name: 'No feedback yet' })).toBeInTheDocument();
});

test('every state passes axe (structure and names; colours are checked in the browser)', async () => {
  const { default: axe } = await import('axe-core');
  const check = async () => {
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false }, region: { enabled: false } } });
    expect(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  const { user } = open(HOST, {
    'GET /api/events/5': begun({ isHost: true, registered: true }),
    'GET /api/events/5/feedback': [{ emoji: 'fire' }],
    'GET /api/events/5/feedback/form': myFeedback(),
    'GET /api/events/5/feedback/insights': anInsights(),
  });
  await screen.findByRole('form', { name: 'Event feedback' });
  await screen.findByText('1 reaction so far.');
  await check();
  await user.click(screen.getByRole('tab', { name: 'Insights' }));
  await screen.findByRole('region', { name: 'The evening in figures' });
  await check();
  await user.click(screen.getByRole('tab', { name: 'Improvements' }));
  await screen.findByRole('heading', { name: 'Improvement requests' });
  await check();
});
