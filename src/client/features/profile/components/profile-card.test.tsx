import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, expect, test, vi } from 'vitest';
import type { UpdateUserBody, User } from '@shared/schemas/users';
import { fakeServer, renderAt, type FakeRequest } from '@client/test/render';
import { member, refusal } from '../profile.fixtures';
import { ProfileCard } from './profile-card';

// Toasts live in sonner's module state: one test's must not show up in the next one's Toaster.
afterEach(() => {
  toast.dismiss();
});

function renderCard({ user = member, editing = true, routes = {} }: { user?: User; editing?: boolean; routes?: Record<string, unknown> } = {}) {
  const server = fakeServer({
    'PUT /api/users/7': (req: FakeRequest) => ({ ...member, ...(req.body as UpdateUserBody) }),
    ...routes,
  });
  const onSaved = vi.fn();
  const onCancel = vi.fn();
  const view = renderAt(
    <>
      <ProfileCard user={user} editing={editing} onSaved={onSaved} onCancel={onCancel} />
      <Toaster />
    </>,
    { path: '/profile' },
  );
  return { server, onSaved, onCancel, ...view };
}

const input = (name: string) => screen.getByRole('textbox', { name });
const age = () => screen.getByRole('spinbutton', { name: 'Age' });
const save = (user: UserEvent) => user.click(screen.getByRole('button', { name: 'Save changes' }));
const interests = () => within(screen.getByRole('group', { name: 'Interests' }));

async function replace(user: UserEvent, el: HTMLElement, text: string) {
  await user.clear(el);
  if (text) await user.type(el, text);
}

test('the view shows initials, name, age, contact, About Me and interests', () => {
  renderCard({ editing: false });
  expect(screen.getByRole('heading', { name: 'Profile Information' })).toBeInTheDocument();
  expect(screen.getByText('AM')).toBeInTheDocument();
  expect(screen.getByText('Alex Morgan')).toBeInTheDocument();
  expect(screen.getByText('34 years old')).toBeInTheDocument();
  expect(screen.getByText('Member since March 2025')).toBeInTheDocument();
  expect(screen.getByText('alex@speedfriendship.test')).toBeInTheDocument();
  expect(screen.getByText('07700 900123')).toBeInTheDocument();
  expect(screen.getByText('New to Prestwich and keen on long walks.')).toBeInTheDocument();
  const tags = within(screen.getByRole('heading', { name: 'Interests' }).parentElement!).getAllByRole('listitem');
  expect(tags.map((t) => t.textContent)).toEqual(['Board games', 'Hiking']);
});

test('an empty profile invites the member to fill it in', () => {
  renderCard({ editing: false, user: { ...member, bio: null, contactInfo: null, interests: [] } });
  expect(screen.getByText('No phone number yet')).toBeInTheDocument();
  expect(screen.getByText(/Nothing here yet\. A line or two about you/)).toBeInTheDocument();
  expect(screen.getByText(/No interests yet\. Add a few/)).toBeInTheDocument();
});

test('the edit form starts with the saved details', () => {
  renderCard();
  expect(input('Name')).toHaveValue('Alex Morgan');
  expect(age()).toHaveValue(34);
  expect(input('Phone number')).toHaveValue('07700 900123');
  expect(input('About Me')).toHaveValue(member.bio);
  expect(input('About Me')).toHaveAccessibleDescription(`${member.bio!.length}/500 characters`);
  expect(interests().getByRole('button', { name: 'Remove Hiking' })).toBeInTheDocument();
});

test('the spec messages for name, age and bio, and nothing is sent', async () => {
  const { server, user } = renderCard();
  await replace(user, input('Name'), 'A');
  await replace(user, age(), '17');
  await user.clear(input('About Me'));
  await user.click(input('About Me'));
  await user.paste('x'.repeat(501));
  await replace(user, input('Phone number'), 'call me maybe');
  expect(screen.getByText('501/500 characters')).toBeInTheDocument();
  await save(user);

  expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
  expect(screen.getByText('Must be at least 18 years old')).toBeInTheDocument();
  expect(screen.getByText('Bio must be less than 500 characters')).toBeInTheDocument();
  expect(screen.getByText('Enter a phone number using digits, spaces, + ( ) or -')).toBeInTheDocument();
  expect(input('Name')).toHaveAttribute('aria-invalid', 'true');
  expect(server.calls).toHaveLength(0);

  await replace(user, age(), '101');
  await save(user);
  expect(await screen.findByText('Invalid age')).toBeInTheDocument();

  await user.clear(age());
  await save(user);
  expect(await screen.findByText('Must be at least 18 years old')).toBeInTheDocument();
  expect(server.calls).toHaveLength(0);
});

test('saving PUTs the edited profile, confirms it and leaves edit mode', async () => {
  const { server, onSaved, user } = renderCard();
  await replace(user, input('Name'), '  Alex Morgan-Price ');
  await replace(user, age(), '35');
  await replace(user, input('Phone number'), '');
  await replace(user, input('About Me'), 'Quiz fan.');
  await save(user);

  expect(await screen.findByText('Profile Updated')).toBeInTheDocument();
  expect(onSaved).toHaveBeenCalledOnce();
  expect(server.calls).toHaveLength(1);
  expect(server.calls[0]).toMatchObject({ method: 'PUT' });
  expect(server.calls[0]!.url.pathname).toBe('/api/users/7');
  expect(server.calls[0]!.body).toEqual({ name: 'Alex Morgan-Price', age: 35, bio: 'Quiz fan.', contactInfo: '', interests: ['Board games', 'Hiking'] });
});

test('interests: Enter or Add adds a trimmed tag without submitting; × removes one', async () => {
  const { server, user } = renderCard();
  const box = interests().getByRole('textbox', { name: 'Add an interest' });
  await user.type(box, '  Pub   quizzes {Enter}');
  expect(interests().getByText('Pub quizzes')).toBeInTheDocument();
  expect(box).toHaveValue('');
  expect(server.calls).toHaveLength(0);

  await user.type(box, 'Cooking');
  await user.click(interests().getByRole('button', { name: 'Add' }));
  expect(interests().getByText('Cooking')).toBeInTheDocument();

  await user.click(interests().getByRole('button', { name: 'Remove Hiking' }));
  expect(interests().queryByText('Hiking')).not.toBeInTheDocument();
  expect(screen.getByText('Removed Hiking.')).toBeInTheDocument();
  // Focus stays in the list, on the tag that took the removed one's place.
  expect(interests().getByRole('button', { name: 'Remove Pub quizzes' })).toHaveFocus();

  await save(user);
  await vi.waitFor(() => expect(server.calls).toHaveLength(1));
  expect((server.calls[0]!.body as UpdateUserBody).interests).toEqual(['Board games', 'Pub quizzes', 'Cooking']);
});

test('interests: blanks, duplicates (any case) and angle brackets are not added', async () => {
  const { user } = renderCard();
  const box = interests().getByRole('textbox', { name: 'Add an interest' });
  await user.type(box, '   {Enter}');
  expect(interests().getAllByRole('listitem')).toHaveLength(2);

  await user.type(box, 'hiking{Enter}');
  expect(screen.getByText('“hiking” is already in your interests.')).toBeInTheDocument();
  expect(interests().getAllByRole('listitem')).toHaveLength(2);
  // Typing again clears the warning.
  await user.clear(box);
  expect(screen.queryByText('“hiking” is already in your interests.')).not.toBeInTheDocument();

  await user.type(box, '<script>{Enter}');
  expect(screen.getByText('Interests cannot contain < or >.')).toBeInTheDocument();
  expect(interests().getAllByRole('listitem')).toHaveLength(2);
});

test('interests: at most 20', async () => {
  const twenty = Array.from({ length: 20 }, (_, i) => `Interest ${i + 1}`);
  const { user } = renderCard({ user: { ...member, interests: twenty } });
  await user.type(interests().getByRole('textbox', { name: 'Add an interest' }), 'One more{Enter}');
  expect(screen.getByText('You can add up to 20 interests.')).toBeInTheDocument();
  expect(interests().getAllByRole('listitem')).toHaveLength(20);
});

test('interests: removing the last one says so and returns focus to the input', async () => {
  const { user } = renderCard({ user: { ...member, interests: ['Solo'] } });
  await user.click(interests().getByRole('button', { name: 'Remove Solo' }));
  expect(interests().getByText('No interests yet.')).toBeInTheDocument();
  expect(interests().getByRole('textbox', { name: 'Add an interest' })).toHaveFocus();
});

test("the server's refusal lands on its field and is reported", async () => {
  const { onSaved, user } = renderCard({
    routes: {
      'PUT /api/users/7': refusal(400, 'Name can only contain letters, spaces, hyphens and apostrophes', [
        { path: 'name', message: 'Name can only contain letters, spaces, hyphens and apostrophes' },
      ]),
    },
  });
  await save(user);
  expect(await screen.findByText('Update Failed')).toBeInTheDocument();
  expect(input('Name')).toHaveAccessibleDescription('Name can only contain letters, spaces, hyphens and apostrophes');
  expect(input('Name')).toHaveFocus();
  expect(onSaved).not.toHaveBeenCalled();
});

test('an interest the server refuses is shown on the interests', async () => {
  const { user } = renderCard({
    routes: {
      'PUT /api/users/7': refusal(400, 'Each interest must be at most 40 characters', [
        { path: 'interests.1', message: 'Each interest must be at most 40 characters' },
      ]),
    },
  });
  await save(user);
  expect(await interests().findByRole('alert')).toHaveTextContent('Each interest must be at most 40 characters');
  expect(interests().getByRole('textbox', { name: 'Add an interest' })).toHaveAttribute('aria-invalid', 'true');
});

test('Cancel throws the edits away', async () => {
  const { onCancel, server, user } = renderCard();
  await replace(user, input('Name'), 'Someone Else');
  await user.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(onCancel).toHaveBeenCalledOnce();
  expect(input('Name')).toHaveValue('Alex Morgan');
  expect(server.calls).toHaveLength(0);
});
