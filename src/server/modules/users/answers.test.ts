import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personalityScore } from '@shared/domain/matching';
import type { RegisterAnswersBody } from '@shared/schemas/register';
import type { User } from '@shared/schemas/users';
import { profileAnswers, users } from '../../db/schema/index';
import { createTestApp, expectBadInput, signUp, TEST_ADMIN_EMAIL, withCookie, type TestContext } from '../../test/harness';

/** The registration wizard's answers (/register, docs/spec/organiser-tools.md §2.18 and §5). */

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signUp(t.app, { email: TEST_ADMIN_EMAIL, name: 'Alex Admin' })).cookie;
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: withCookie(cookie) });
const save = (id: number | string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${id}/answers`, payload: payload as object, headers: withCookie(cookie) });

const answers = (over: Partial<RegisterAnswersBody> = {}): RegisterAnswersBody => ({
  name: 'Robin Ashworth',
  age: 34,
  interests: ['Wine', 'Hiking', 'Film'],
  personality: { creative: 5, social: 2, adventurous: 4, analytical: 1, empathetic: 5 },
  motivations: ['Meet like-minded people', 'Try new experiences'],
  lookingFor: 'A few people for Sunday walks and a pub quiz team.',
  ...over,
});

async function stored(id: number) {
  const [user] = await t.db
    .select({ name: users.name, age: users.age, interests: users.interests, traits: users.personalityTraits })
    .from(users)
    .where(eq(users.id, id));
  const rows = await t.db.select().from(profileAnswers).where(eq(profileAnswers.userId, id));
  return { user, answers: rows[0] ?? null };
}

describe('PUT /api/users/:id/answers', () => {
  it("saves the member's answers: interests and matching traits on the profile, the raw answers beside it", async () => {
    const { user, cookie } = await signUp(t.app, { personalityTraits: { humour: 70 } });
    expect(user.answers).toBeNull();

    const res = await save(user.id, answers(), cookie);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<User>();
    expect(body).toMatchObject({
      id: user.id,
      name: 'Robin Ashworth',
      age: 34,
      email: user.email,
      interests: ['Wine', 'Hiking', 'Film'],
      // 1-5 times 2: the 0-10 traits the matching code reads; other stored traits are kept.
      personalityTraits: { humour: 70, creative: 10, social: 4, adventurous: 8, analytical: 2 },
      answers: {
        personality: { creative: 5, social: 2, adventurous: 4, analytical: 1, empathetic: 5 },
        motivations: ['Meet like-minded people', 'Try new experiences'],
        lookingFor: 'A few people for Sunday walks and a pub quiz team.',
      },
    });
    expect(Date.parse(body.answers!.completedAt)).not.toBeNaN();

    const row = await stored(user.id);
    expect(row.user).toMatchObject({ interests: ['Wine', 'Hiking', 'Film'], traits: { creative: 10, social: 4, adventurous: 8, analytical: 2 } });
    expect(row.answers).toMatchObject({ motivations: ['Meet like-minded people', 'Try new experiences'] });
  });

  it('GET /api/users/:id gives the answers back to the member, and the data download has them', async () => {
    const { user, cookie } = await signUp(t.app);
    expect((await get(`/api/users/${user.id}`, cookie)).json().answers).toBeNull();
    await save(user.id, answers({ lookingFor: '   ' }), cookie);

    const mine = (await get(`/api/users/${user.id}`, cookie)).json<User>();
    expect(mine.answers).toMatchObject({ personality: { empathetic: 5 }, motivations: ['Meet like-minded people', 'Try new experiences'], lookingFor: null });
    expect(mine.interests).toEqual(['Wine', 'Hiking', 'Film']);

    const exported = JSON.parse((await get(`/api/users/${user.id}/export`, cookie)).body);
    expect(exported.user.answers).toMatchObject({ personality: { creative: 5 }, motivations: ['Meet like-minded people', 'Try new experiences'] });

    // An admin sees the profile (as before) but not the member's own answers.
    const asAdmin = (await get(`/api/users/${user.id}`, admin)).json<User>();
    expect(asAdmin.interests).toEqual(['Wine', 'Hiking', 'Film']);
    expect(asAdmin).not.toHaveProperty('answers');
  });

  it('saving again replaces the answers; editing the profile keeps them in the answer', async () => {
    const { user, cookie } = await signUp(t.app);
    await save(user.id, answers(), cookie);
    const again = await save(
      user.id,
      answers({
        interests: ['Yoga', 'Art', 'Tech', 'Music'],
        motivations: ['Have fun and relax'],
        personality: { creative: 1, social: 5, adventurous: 3, analytical: 3, empathetic: 2 },
      }),
      cookie,
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      interests: ['Yoga', 'Art', 'Tech', 'Music'],
      personalityTraits: { creative: 2, social: 10, adventurous: 6, analytical: 6 },
      answers: { motivations: ['Have fun and relax'] },
    });
    expect(await t.db.select().from(profileAnswers).where(eq(profileAnswers.userId, user.id))).toHaveLength(1);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${user.id}`,
      payload: { name: 'Robin A', age: 35, interests: ['Yoga'] },
      headers: withCookie(cookie),
    });
    expect(edited.json()).toMatchObject({ name: 'Robin A', answers: { motivations: ['Have fun and relax'] } });
  });

  it('the saved traits are what the matching algorithms score', async () => {
    const a = await signUp(t.app);
    const b = await signUp(t.app);
    await save(a.user.id, answers(), a.cookie);
    await save(b.user.id, answers(), b.cookie);
    const [x, y] = await Promise.all([stored(a.user.id), stored(b.user.id)]);
    const person = (id: number, s: typeof x) => ({ id, age: s.user!.age, interests: s.user!.interests, personalityTraits: s.user!.traits });
    // Equal answers: creative, adventurous, analytical 100; social 85 → 96.
    expect(personalityScore(person(a.user.id, x), person(b.user.id, y))).toBe(96);
  });

  it('answers 401 to a visitor and changes nothing', async () => {
    const { user } = await signUp(t.app);
    const before = await stored(user.id);
    const res = await save(user.id, answers());
    expect(res.statusCode).toBe(401);
    expect(await stored(user.id)).toEqual(before);
  });

  it("answers 403 for another member's id, also for an admin, and changes nothing", async () => {
    const { user: other } = await signUp(t.app);
    const { cookie } = await signUp(t.app);
    const before = await stored(other.id);
    expect((await save(other.id, answers(), cookie)).statusCode).toBe(403);
    expect((await save(other.id, answers(), admin)).statusCode).toBe(403);
    expect(await stored(other.id)).toEqual(before);
    expect(before.answers).toBeNull();
  });

  const allFive = answers().personality;
  const { empathetic: _left, ...missingOne } = allFive;
  const bad: { name: string; body: Record<string, unknown>; path: string; message: string }[] = [
    { name: '2 interests', body: answers({ interests: ['Wine', 'Art'] }), path: 'interests', message: 'Choose at least 3 interests' },
    {
      name: '9 interests',
      body: answers({ interests: ['Wine', 'Art', 'Travel', 'Cooking', 'Music', 'Photography', 'Fitness', 'Reading', 'Dancing'] }),
      path: 'interests',
      message: 'Choose at most 8 interests',
    },
    {
      name: 'an interest not on the list',
      body: answers({ interests: ['Wine', 'Art', 'Knitting'] as never }),
      path: 'interests.2',
      message: 'Choose your interests from the list',
    },
    { name: 'the same interest twice', body: answers({ interests: ['Wine', 'Wine', 'Art'] }), path: 'interests', message: 'Each option can be chosen once' },
    {
      name: 'a personality question missing',
      body: answers({ personality: missingOne as never }),
      path: 'personality.empathetic',
      message: 'Please answer all five personality questions',
    },
    {
      name: 'a score of 6',
      body: answers({ personality: { ...allFive, social: 6 } }),
      path: 'personality.social',
      message: 'Answer each question from 1 to 5',
    },
    {
      name: 'a score of 0',
      body: answers({ personality: { ...allFive, creative: 0 } }),
      path: 'personality.creative',
      message: 'Answer each question from 1 to 5',
    },
    {
      name: 'a score of 2.5',
      body: answers({ personality: { ...allFive, creative: 2.5 } }),
      path: 'personality.creative',
      message: 'Answer each question from 1 to 5',
    },
    { name: 'no motivation', body: answers({ motivations: [] }), path: 'motivations', message: 'Choose at least one motivation' },
    {
      name: 'a motivation not on the list',
      body: answers({ motivations: ['World domination'] as never }),
      path: 'motivations.0',
      message: 'Choose your motivations from the list',
    },
    {
      name: 'control characters in the free text',
      body: answers({ lookingFor: 'Walks\u0000and\u001bquiz' }),
      path: 'lookingFor',
      message: 'Text must not contain control characters',
    },
    { name: 'control characters in the name', body: answers({ name: 'Robin\u0007' }), path: 'name', message: 'Text must not contain control characters' },
    {
      name: 'free text over 500 characters',
      body: answers({ lookingFor: 'x'.repeat(501) }),
      path: 'lookingFor',
      message: 'Please keep this under 500 characters',
    },
    { name: 'age 17', body: answers({ age: 17 }), path: 'age', message: 'Age must be between 18 and 100' },
    { name: 'no name', body: answers({ name: '  ' }), path: 'name', message: 'Please enter your full name' },
  ];
  for (const c of bad) {
    it(`answers 400 '${c.message}' for ${c.name} and changes nothing`, async () => {
      const { user, cookie } = await signUp(t.app);
      await save(user.id, answers({ interests: ['Reading', 'Yoga', 'Nature'] }), cookie);
      const before = await stored(user.id);
      const body = expectBadInput(await save(user.id, c.body, cookie));
      expect(body.errors.find((e) => e.path === c.path)?.message, JSON.stringify(body.errors)).toBe(c.message);
      expect(await stored(user.id)).toEqual(before);
    });
  }

  it('answers 400 to an unknown field and to a body that is not an object', async () => {
    const { user, cookie } = await signUp(t.app);
    expectBadInput(await save(user.id, { ...answers(), isAdmin: true }, cookie));
    expectBadInput(await save(user.id, [answers()], cookie));
    expect((await stored(user.id)).answers).toBeNull();
  });
});
