import { screen, within } from '@testing-library/react';
import { toast, Toaster } from 'sonner';
import { afterEach, expect, test, vi } from 'vitest';
import type { HostApplication, HostApplicationBody, MyHostProgram } from '@shared/schemas/host-program';
import { fakeServer, renderAt, type FakeRequest } from '@client/test/render';
import { ADMIN, aHost, anApplication, HOST, MEMBER, refusal } from '../host-program.fixtures';
import { HostProgramPage, type HostProgramViewer } from './host-program-screen';

afterEach(() => {
  // Sonner keeps its toasts between tests and replays them to the next Toaster.
  toast.dismiss();
  vi.restoreAllMocks();
});

function open(viewer: HostProgramViewer, tab?: string, routes: Record<string, unknown> = {}) {
  const server = fakeServer({ 'GET /api/host-program/hosts': [aHost()], ...routes });
  const view = renderAt(
    <>
      <Toaster />
      <HostProgramPage viewer={viewer} />
    </>,
    { path: tab ? `/host-program?tab=${tab}` : '/host-program' },
  );
  return { ...view, server };
}

const requested = (calls: FakeRequest[], key: string) => calls.filter((c) => `${c.method} ${c.url.pathname}` === key);

test('the overview first; a visitor sees the overview, the hosts, a log-in link on the apply tab, and no admin tab', async () => {
  const { user, server } = open(null);
  const tabs = screen.getAllByRole('tab');
  expect(tabs.map((t) => t.textContent)).toEqual(['Overview', 'Active Hosts', 'Apply to Host']);
  expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.getByRole('heading', { name: 'Host evenings in your town' })).toBeInTheDocument();
  // Real figures from the active hosts.
  const figures = await screen.findByRole('region', { name: 'The programme in figures' });
  expect(within(figures).getByText('Active hosts').nextSibling).toHaveTextContent('1');
  expect(within(figures).getByText('Evenings hosted').nextSibling).toHaveTextContent('3');
  expect(within(figures).getByText('Guests checked in').nextSibling).toHaveTextContent('41');

  await user.click(screen.getByRole('tab', { name: 'Apply to Host' }));
  expect(screen.getByRole('heading', { name: 'Log in to apply' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fhost-program%3Ftab%3Dapply');
  expect(screen.queryByRole('form', { name: 'Host application' })).not.toBeInTheDocument();

  // A visitor never asks for anyone's applications, nor for their own.
  expect(requested(server.calls, 'GET /api/host-program/applications')).toEqual([]);
  expect(requested(server.calls, 'GET /api/host-program/me')).toEqual([]);
});

test('a visitor sent to the applications by a link (an admin not signed in yet) is asked to log in', () => {
  const { server } = open(null, 'applications');
  expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Overview', 'Applications', 'Active Hosts', 'Apply to Host']);
  expect(screen.getByRole('heading', { name: 'This page is for admins only' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login?next=%2Fhost-program%3Ftab%3Dapplications');
  expect(requested(server.calls, 'GET /api/host-program/applications')).toEqual([]);
});

test('each viewer sees the tabs meant for them: members no admin tab, hosts no Apply to Host, admins the applications (issue 34)', () => {
  const cases: [HostProgramViewer, string[]][] = [
    [MEMBER, ['Overview', 'Active Hosts', 'Apply to Host']],
    [HOST, ['Overview', 'Active Hosts']],
    // The demo admin is a host too.
    [ADMIN, ['Overview', 'Applications', 'Active Hosts']],
  ];
  for (const [viewer, tabs] of cases) {
    const { unmount } = open(viewer);
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(tabs);
    unmount();
  }
});

// Issue 33: the rating shows only once enough guests who booked their own place rated the host, and the page says the rule.
test('active hosts show their real figures, "New host: rating shown after 5 reviews" below the minimum, the rule, the next evening and no e-mail', async () => {
  open(null, 'hosts', {
    'GET /api/host-program/hosts': [
      aHost({ name: 'Hana Host', eventsHosted: 3, totalAttendees: 41, ratingCount: 3 }),
      aHost({ name: 'Rated Host', averageRating: 4.56, ratingCount: 12, nextEvent: null }),
    ],
  });
  const hana = await screen.findByRole('article', { name: 'Hana Host' });
  expect(within(hana).getByText('Evenings hosted').nextSibling).toHaveTextContent('3');
  expect(within(hana).getByText('Guests checked in').nextSibling).toHaveTextContent('41');
  expect(within(hana).getByText('Average rating').nextSibling).toHaveTextContent('—New host: rating shown after 5 reviews');
  expect(within(hana).getByText('Wednesday Wine Bar Friends')).toBeInTheDocument();
  expect(within(hana).getByText('12 of 40 registered')).toBeInTheDocument();
  const rated = screen.getByRole('article', { name: 'Rated Host' });
  expect(within(rated).getByText('Average rating').nextSibling).toHaveTextContent('4.6from 12 reviews');
  expect(
    screen.getByText(
      "Ratings come from guests who booked their own place and came: their ticket was scanned at the door, they checked themselves in, or they paid. A host's rating shows once 5 guests have rated them, across at least 2 evenings.",
    ),
  ).toBeInTheDocument();
  expect(within(rated).getByText('Nothing scheduled yet')).toBeInTheDocument();
  expect(screen.getByText(/counts guests checked in at the door/)).toBeInTheDocument();
  expect(document.body.textContent).not.toContain('@');
});

test('the form shows every message before sending, sends the six fields, says thank you and is cleared', async () => {
  let mine: MyHostProgram = { isHost: false, application: null };
  const posted: HostApplicationBody[] = [];
  const { user, server } = open(MEMBER, 'apply', {
    'GET /api/host-program/me': () => mine,
    'POST /api/host-program/applications': (req: FakeRequest) => {
      const body = req.body as HostApplicationBody;
      posted.push(body);
      const made = anApplication({ ...body, proposedEventDate: body.proposedEventDate || null, id: 900 } as Partial<HostApplication>);
      mine = { isHost: false, application: made };
      return made;
    },
  });
  const form = await screen.findByRole('form', { name: 'Host application' });
  // Name and e-mail come from the account.
  expect(within(form).getByLabelText('Full name')).toHaveValue('Mo Member');
  expect(within(form).getByLabelText('Email address')).toHaveValue('mo@example.com');
  expect(within(form).getByLabelText('Email address')).toHaveAttribute('type', 'email');

  await user.clear(within(form).getByLabelText('Full name'));
  await user.clear(within(form).getByLabelText('Email address'));
  await user.type(within(form).getByLabelText('Email address'), 'not-an-email');
  await user.click(within(form).getByRole('button', { name: 'Submit Application' }));
  expect(await within(form).findByText('Please enter your full name')).toBeInTheDocument();
  expect(within(form).getByText('Please enter a valid email address')).toBeInTheDocument();
  expect(within(form).getByText('Please enter your city or region')).toBeInTheDocument();
  expect(within(form).getByText('Please tell us about your experience')).toBeInTheDocument();
  expect(within(form).getByText('Please tell us why you would like to host')).toBeInTheDocument();
  expect(within(form).getByText('Please share your venue ideas')).toBeInTheDocument();
  expect(within(form).getByLabelText('Full name')).toHaveAttribute('aria-invalid', 'true');
  expect(posted).toEqual([]);

  await user.type(within(form).getByLabelText('Full name'), 'Mo Member');
  await user.clear(within(form).getByLabelText('Email address'));
  await user.type(within(form).getByLabelText('Email address'), 'Mo.Host@Example.com');
  await user.type(within(form).getByLabelText('City or region'), 'Prestwich');
  await user.type(within(form).getByLabelText('Experience'), 'I run a walking group.');
  await user.type(within(form).getByLabelText('Motivation'), 'More friends in town.');
  await user.type(within(form).getByLabelText('Venue ideas'), 'The Corner Café');
  await user.click(within(form).getByRole('button', { name: 'Submit Application' }));

  await vi.waitFor(() =>
    expect(posted).toEqual([
      {
        name: 'Mo Member',
        email: 'mo.host@example.com',
        location: 'Prestwich',
        experience: 'I run a walking group.',
        motivation: 'More friends in town.',
        venueIdea: 'The Corner Café',
        proposedEventDate: null,
      },
    ]),
  );
  expect(await screen.findByRole('status')).toHaveTextContent('Thank you, Mo Member! Your application has been sent.');
  expect(await screen.findByText('Application sent')).toBeInTheDocument();
  // The form is cleared and gone: one pending application at a time, its status in its place.
  expect(screen.queryByRole('form', { name: 'Host application' })).not.toBeInTheDocument();
  expect(screen.queryByDisplayValue('I run a walking group.')).not.toBeInTheDocument();
  expect(screen.getByText('Pending review')).toBeInTheDocument();
  expect(screen.getByText('The Corner Café')).toBeInTheDocument();
  expect(requested(server.calls, 'POST /api/host-program/applications')).toHaveLength(1);
});

test('a refusal from the server is shown: a second pending application (409), and field errors (400)', async () => {
  let answer: unknown = refusal(409, 'You already have an application waiting for review.');
  const { user } = open(MEMBER, 'apply', {
    'GET /api/host-program/me': { isHost: false, application: null },
    'POST /api/host-program/applications': () => answer,
  });
  const form = await screen.findByRole('form', { name: 'Host application' });
  await user.type(within(form).getByLabelText('City or region'), 'Bury');
  await user.type(within(form).getByLabelText('Experience'), 'Some.');
  await user.type(within(form).getByLabelText('Motivation'), 'Some.');
  await user.type(within(form).getByLabelText('Venue ideas'), 'Some.');
  await user.click(within(form).getByRole('button', { name: 'Submit Application' }));
  expect(await within(form).findByRole('alert')).toHaveTextContent('You already have an application waiting for review.');
  // Nothing is cleared when nothing was sent.
  expect(within(form).getByLabelText('City or region')).toHaveValue('Bury');

  answer = refusal(400, 'City is not allowed', [{ path: 'location', message: 'City is not allowed' }]);
  await user.click(within(form).getByRole('button', { name: 'Submit Application' }));
  expect(await within(form).findByText('City is not allowed')).toBeInTheDocument();
});

test('a member with a pending application sees its status instead of a second form', async () => {
  open(MEMBER, 'apply', { 'GET /api/host-program/me': { isHost: false, application: anApplication({ venueIdea: 'The boathouse' }) } });
  expect(await screen.findByText('Pending review')).toBeInTheDocument();
  expect(screen.getByText('The boathouse')).toBeInTheDocument();
  expect(screen.queryByRole('form', { name: 'Host application' })).not.toBeInTheDocument();
});

test('an approved host is not invited to apply: no Apply to Host tab or button; a link to the form opens the overview, with their tools (issue 34)', () => {
  const { server } = open(HOST, 'apply', { 'GET /api/host-program/me': { isHost: true, application: null } });
  expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  expect(screen.queryByRole('tab', { name: 'Apply to Host' })).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Apply to host' })).not.toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Create an evening' })).toHaveAttribute('href', '/create-event');
  expect(screen.queryByRole('form', { name: 'Host application' })).not.toBeInTheDocument();
  expect(requested(server.calls, 'GET /api/host-program/me')).toEqual([]);
});

test('members and hosts sent to the applications by a link get the overview, and never fetch them', () => {
  for (const viewer of [MEMBER, HOST]) {
    const { server, unmount } = open(viewer, 'applications');
    expect(screen.queryByRole('tab', { name: 'Applications' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.queryByRole('heading', { name: 'This page is for admins only' })).not.toBeInTheDocument();
    expect(requested(server.calls, 'GET /api/host-program/applications')).toEqual([]);
    unmount();
  }
});

test("an application typed in someone else's name shows the real account and says the names differ (issue 21)", async () => {
  open(ADMIN, 'applications', {
    'GET /api/host-program/applications': [
      anApplication({
        id: 9,
        name: 'Hana Host',
        email: 'hana@example.com',
        account: { id: 77, name: 'Mallory Member', email: 'mallory@example.com', memberSince: new Date().toISOString(), eveningsAttended: 0 },
      }),
    ],
  });
  const card = await screen.findByRole('article', { name: 'Hana Host' });
  const account = within(card).getByRole('region', { name: 'The account that applied: Mallory Member' });
  expect(within(account).getByText('Mallory Member (no. 77)')).toBeInTheDocument();
  expect(within(account).getByRole('link', { name: 'mallory@example.com' })).toBeInTheDocument();
  expect(within(card).getByText("The name typed on the application (Hana Host) is not the account's name (Mallory Member).")).toBeInTheDocument();
});

test('an admin approves a pending application (approved ones show no actions) and messages an applicant', async () => {
  let list = [
    anApplication({ id: 1, name: 'Priya Patel', email: 'priya@example.com', location: 'Prestwich' }),
    anApplication({ id: 2, name: 'Tom Pending', email: 'tom@example.com' }),
    anApplication({ id: 3, name: 'Olivia Done', status: 'approved', decidedAt: new Date().toISOString(), decidedBy: 'Ada Admin' }),
  ];
  const messages: unknown[] = [];
  const { user, server } = open(ADMIN, 'applications', {
    'GET /api/host-program/applications': () => list,
    'POST /api/host-program/applications/1/approve': () => {
      const approved = { ...list[0]!, status: 'approved' as const, decidedAt: new Date().toISOString(), decidedBy: 'Ada Admin' };
      list = [list[1]!, approved, list[2]!];
      return approved;
    },
    'POST /api/host-program/applications/2/message': (req: FakeRequest) => {
      messages.push(req.body);
      return { message: 'Message sent to Tom Pending', sentTo: 'tom@example.com', sentAt: new Date().toISOString() };
    },
  });

  const priya = await screen.findByRole('article', { name: 'Priya Patel' });
  expect(within(priya).getByText('priya@example.com', { selector: 'dd' })).toBeInTheDocument();
  // The account that applied, beside what was typed (issue 21).
  const account = within(priya).getByRole('region', { name: 'The account that applied: Priya Patel' });
  expect(within(account).getByRole('link', { name: 'priya@example.com' })).toHaveAttribute('href', 'mailto:priya@example.com');
  expect(within(account).getByText('Evenings attended').nextSibling).toHaveTextContent('3');
  expect(within(priya).getByText('Applied')).toBeInTheDocument();
  expect(within(priya).getByText('I run a monthly book club.')).toBeInTheDocument();
  const olivia = screen.getByRole('article', { name: 'Olivia Done' });
  expect(within(olivia).queryByRole('button')).not.toBeInTheDocument();
  expect(within(olivia).getByText(/Approved on .* by Ada Admin/)).toBeInTheDocument();

  // Approve, confirmed in a dialog.
  await user.click(within(priya).getByRole('button', { name: 'Approve Priya Patel' }));
  const confirm = await screen.findByRole('dialog', { name: 'Approve Priya Patel?' });
  await user.click(within(confirm).getByRole('button', { name: 'Approve as host' }));
  expect(await screen.findByText('Priya Patel is now a host')).toBeInTheDocument();
  expect(requested(server.calls, 'POST /api/host-program/applications/1/approve')).toHaveLength(1);
  await vi.waitFor(() => expect(within(screen.getByRole('article', { name: 'Priya Patel' })).queryByRole('button')).not.toBeInTheDocument());
  expect(within(screen.getByRole('article', { name: 'Priya Patel' })).getByText('Approved')).toBeInTheDocument();

  // Message: Send waits for text, then it is e-mailed and the dialog closes.
  const tom = screen.getByRole('article', { name: 'Tom Pending' });
  await user.click(within(tom).getByRole('button', { name: 'Message Tom Pending' }));
  const dialog = await screen.findByRole('dialog', { name: 'Message Tom Pending' });
  const send = within(dialog).getByRole('button', { name: 'Send' });
  expect(send).toBeDisabled();
  await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), '   ');
  expect(send).toBeDisabled();
  await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Which evenings suit you?');
  await user.click(send);
  await vi.waitFor(() => expect(messages).toEqual([{ text: 'Which evenings suit you?' }]));
  expect(await screen.findByText('Message sent to Tom Pending')).toBeInTheDocument();
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
});

test('an approval the server refuses stays open with its reason', async () => {
  const { user } = open(ADMIN, 'applications', {
    'GET /api/host-program/applications': [anApplication({ id: 4, name: 'Twice Approved' })],
    'POST /api/host-program/applications/4/approve': refusal(409, 'This application is already approved.'),
  });
  const card = await screen.findByRole('article', { name: 'Twice Approved' });
  await user.click(within(card).getByRole('button', { name: 'Approve Twice Approved' }));
  const confirm = await screen.findByRole('dialog', { name: 'Approve Twice Approved?' });
  await user.click(within(confirm).getByRole('button', { name: 'Approve as host' }));
  expect(await within(confirm).findByRole('alert')).toHaveTextContent('This application is already approved.');
});

test('an admin declines a pending application with a reason; without one the dialog says so and sends nothing', async () => {
  let list = [anApplication({ id: 5, name: 'Dev Decline', email: 'dev@example.com' })];
  const sent: unknown[] = [];
  const { user } = open(ADMIN, 'applications', {
    'GET /api/host-program/applications': () => list,
    'POST /api/host-program/applications/5/decline': (req: FakeRequest) => {
      sent.push(req.body);
      const declined = {
        ...list[0]!,
        status: 'declined' as const,
        decidedAt: new Date().toISOString(),
        decidedBy: 'Ada Admin',
        declineReason: 'No venue in Bury yet.',
      };
      list = [declined];
      return declined;
    },
  });
  const card = await screen.findByRole('article', { name: 'Dev Decline' });
  await user.click(within(card).getByRole('button', { name: 'Decline Dev Decline' }));
  const dialog = await screen.findByRole('dialog', { name: 'Decline Dev Decline?' });
  await user.click(within(dialog).getByRole('button', { name: 'Decline application' }));
  expect(await within(dialog).findByText('Please give the applicant a reason')).toBeInTheDocument();
  expect(sent).toEqual([]);
  await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'No venue in Bury yet.');
  await user.click(within(dialog).getByRole('button', { name: 'Decline application' }));
  expect(await screen.findByText("Dev Decline's application is declined")).toBeInTheDocument();
  expect(sent).toEqual([{ reason: 'No venue in Bury yet.' }]);
  expect(
    await within(screen.getByRole('article', { name: 'Dev Decline' })).findByText(/Declined on .* by Ada Admin: No venue in Bury yet\./),
  ).toBeInTheDocument();
});

test('the applicant sees why their application was declined, and may apply again', async () => {
  open(MEMBER, 'apply', {
    'GET /api/host-program/me': {
      isHost: false,
      application: anApplication({ status: 'declined', decidedAt: new Date().toISOString(), declineReason: 'No venue in Bury yet.' }),
    },
  });
  expect(await screen.findByText(/was not approved/)).toBeInTheDocument();
  expect(screen.getByText('No venue in Bury yet.')).toBeInTheDocument();
  expect(screen.getByRole('form', { name: 'Host application' })).toBeInTheDocument();
});

test('an applicant withdraws their pending application and gets the form back', async () => {
  let mine: MyHostProgram = { isHost: false, application: anApplication({ id: 9 }) };
  const { user, server } = open(MEMBER, 'apply', {
    'GET /api/host-program/me': () => mine,
    'POST /api/host-program/applications/9/withdraw': () => {
      const withdrawn = { ...mine.application!, status: 'withdrawn' as const };
      mine = { isHost: false, application: withdrawn };
      return withdrawn;
    },
  });
  await user.click(await screen.findByRole('button', { name: 'Withdraw my application' }));
  expect(await screen.findByText('Application withdrawn')).toBeInTheDocument();
  expect(await screen.findByRole('form', { name: 'Host application' })).toBeInTheDocument();
  expect(requested(server.calls, 'POST /api/host-program/applications/9/withdraw')).toHaveLength(1);
});
