import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@shared/schemas/users';
import { sessions, userRoles } from '../../db/schema/index';
import {
  createTestApp,
  expectBadInput,
  latestCode,
  me,
  sessionCookie,
  signUp,
  TEST_ADMIN_EMAIL,
  userCount,
  verify,
  withCookie,
  type TestContext,
} from '../../test/harness';

let t: TestContext;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await signUp(t.app, { email: TEST_ADMIN_EMAIL, name: 'Alex Admin' })).cookie;
});
afterAll(() => t.close());

const get = (url: string, cookie?: string) => t.app.inject({ method: 'GET', url, headers: withCookie(cookie) });
const put = (id: number | string, payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'PUT', url: `/api/users/${id}`, payload: payload as object, headers: withCookie(cookie) });
const del = (id: number | string, cookie?: string) => t.app.inject({ method: 'DELETE', url: `/api/users/${id}`, headers: withCookie(cookie) });

const profile = (u: User) => ({ name: u.name, age: u.age, bio: u.bio, contactInfo: u.contactInfo, interests: u.interests });

describe('GET /api/users (the admin list)', () => {
  it('answers 401 to a visitor', async () => {
    const res = await get('/api/users');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(res.json().message);
  });

  it('answers 403 to a member', async () => {
    const { cookie } = await signUp(t.app);
    const res = await get('/api/users', cookie);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/admins only/);
  });

  it('lists every signup for an admin', async () => {
    const { user } = await signUp(t.app, { name: 'Listed Person', bio: 'Hello there', interests: ['Chess'] });
    const res = await get('/api/users', admin);
    expect(res.statusCode).toBe(200);
    const list = res.json<Record<string, unknown>[]>();
    expect(list).toHaveLength(await userCount(t.db));
    const row = list.find((u) => u.id === user.id);
    expect(row).toMatchObject({
      name: 'Listed Person',
      email: user.email,
      age: user.age,
      bio: 'Hello there',
      interests: ['Chess'],
      username: user.email,
    });
  });

  it('a host who is not an admin gets 403', async () => {
    const { user, cookie } = await signUp(t.app);
    await t.db.insert(userRoles).values({ userId: user.id, role: 'host' });
    expect((await me(t.app, cookie)).json().roles).toEqual(['member', 'host']);
    expect((await get('/api/users', cookie)).statusCode).toBe(403);
  });
});

describe('GET /api/users/:id', () => {
  it('shows a member their own profile', async () => {
    const { user, cookie } = await signUp(t.app, { contactInfo: '07700 900123' });
    const res = await get(`/api/users/${user.id}`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(user);
    expect(res.json().contactInfo).toBe('07700 900123');
  });

  it("refuses another member's profile with 403 and shows none of it", async () => {
    const { user: other } = await signUp(t.app, { contactInfo: '07700 900999' });
    const { cookie } = await signUp(t.app);
    const res = await get(`/api/users/${other.id}`, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(other.email);
    expect(res.body).not.toContain('900999');
  });

  it('answers 401 to a visitor', async () => {
    const { user } = await signUp(t.app);
    expect((await get(`/api/users/${user.id}`)).statusCode).toBe(401);
  });

  it('shows an admin anyone', async () => {
    const { user } = await signUp(t.app);
    const res = await get(`/api/users/${user.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().email).toBe(user.email);
  });

  it("answers 404 'User not found' for an unknown id", async () => {
    const res = await get('/api/users/987654', admin);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'User not found', error: 'User not found' });
  });

  it('answers 400 to an id that is not a number', async () => {
    for (const id of ['abc', '1.5', '-3', '0', '99999999999']) {
      const body = expectBadInput(await get(`/api/users/${id}`, admin));
      expect(body.errors[0]!.path).toBe('params.id');
    }
  });
});

describe('PUT /api/users/:id', () => {
  it('updates the own profile', async () => {
    const { user, cookie } = await signUp(t.app);
    const res = await put(
      user.id,
      { name: 'New Name', age: 45, bio: 'Updated bio', contactInfo: '+44 7700 900000', interests: ['Tennis', 'Tennis', 'Jazz'] },
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: user.id,
      name: 'New Name',
      age: 45,
      bio: 'Updated bio',
      contactInfo: '+44 7700 900000',
      interests: ['Tennis', 'Jazz'],
    });
    expect((await get(`/api/users/${user.id}`, cookie)).json()).toMatchObject({ name: 'New Name', age: 45 });
    // The e-mail is not part of the profile form and stays.
    expect(res.json().email).toBe(user.email);
  });

  it("refuses to change another member's profile (403) and changes nothing", async () => {
    const { user: other } = await signUp(t.app);
    const { cookie } = await signUp(t.app);
    const res = await put(other.id, { name: 'Hijacked', age: 50 }, cookie);
    expect(res.statusCode).toBe(403);
    expect(profile((await get(`/api/users/${other.id}`, admin)).json())).toEqual(profile(other));
  });

  it('answers 401 to a visitor and changes nothing', async () => {
    const { user } = await signUp(t.app);
    expect((await put(user.id, { name: 'Hijacked', age: 50 })).statusCode).toBe(401);
    expect((await get(`/api/users/${user.id}`, admin)).json().name).toBe(user.name);
  });

  it('lets an admin update anyone', async () => {
    const { user } = await signUp(t.app);
    const res = await put(user.id, { name: 'Fixed By Admin', age: 31 }, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().name).toBe('Fixed By Admin');
  });

  it("answers 404 'User not found' for an unknown id", async () => {
    const res = await put(987654, { name: 'Nobody', age: 30 }, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User not found');
  });

  const invalid: { name: string; body: Record<string, unknown>; path: string; message: string }[] = [
    { name: 'a 1-character name', body: { name: 'A', age: 30 }, path: 'name', message: 'Name must be at least 2 characters' },
    { name: 'a blank name', body: { name: '   ', age: 30 }, path: 'name', message: 'Name must be at least 2 characters' },
    { name: 'no name', body: { age: 30 }, path: 'name', message: 'Name must be at least 2 characters' },
    { name: 'age 17', body: { name: 'Valid Name', age: 17 }, path: 'age', message: 'Must be at least 18 years old' },
    { name: 'age 101', body: { name: 'Valid Name', age: 101 }, path: 'age', message: 'Invalid age' },
    { name: 'a 501-character bio', body: { name: 'Valid Name', age: 30, bio: 'b'.repeat(501) }, path: 'bio', message: 'Bio must be less than 500 characters' },
    { name: 'age as text', body: { name: 'Valid Name', age: 'abc' }, path: 'age', message: 'Please enter your age' },
    {
      name: 'letters in the phone number',
      body: { name: 'Valid Name', age: 30, contactInfo: 'call me' },
      path: 'contactInfo',
      message: 'Enter a phone number using digits, spaces, + ( ) or -',
    },
  ];
  for (const c of invalid) {
    it(`answers 400 '${c.message}' for ${c.name} and changes nothing`, async () => {
      const { user, cookie } = await signUp(t.app);
      const body = expectBadInput(await put(user.id, c.body, cookie));
      expect(body.errors.find((e) => e.path === c.path)?.message).toBe(c.message);
      expect(profile((await get(`/api/users/${user.id}`, cookie)).json())).toEqual(profile(user));
    });
  }

  it('accepts a bio of exactly 500 characters', async () => {
    const { user, cookie } = await signUp(t.app);
    const res = await put(user.id, { name: user.name, age: user.age, bio: 'b'.repeat(500) }, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json().bio).toHaveLength(500);
  });
});

describe('GET /api/users/:id/export', () => {
  it("downloads the member's own data as a JSON attachment", async () => {
    const { user, cookie } = await signUp(t.app, { bio: 'Export me', interests: ['Poetry'] });
    const res = await get(`/api/users/${user.id}/export`, cookie);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.json"$/);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = JSON.parse(res.body);
    expect(data.user).toMatchObject({ id: user.id, email: user.email, name: user.name, bio: 'Export me', interests: ['Poetry'] });
    // No secrets: neither the session token nor its hash is part of it.
    expect(res.body).not.toContain(cookie.split('=')[1]);
    expect(res.body).not.toMatch(/tokenHash|token_hash/);
  });

  it("refuses another member's data with 403", async () => {
    const { user: other } = await signUp(t.app);
    const { cookie } = await signUp(t.app);
    const res = await get(`/api/users/${other.id}/export`, cookie);
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain(other.email);
  });

  it('answers 401 to a visitor', async () => {
    const { user } = await signUp(t.app);
    expect((await get(`/api/users/${user.id}/export`)).statusCode).toBe(401);
  });
});

describe('DELETE /api/users/:id', () => {
  it('deletes the own account: its sessions end and login no longer knows the e-mail', async () => {
    const { user, cookie } = await signUp(t.app);
    const before = await userCount(t.db);

    const res = await del(user.id, cookie);
    expect(res.statusCode).toBe(204);
    expect(await userCount(t.db)).toBe(before - 1);

    expect((await me(t.app, cookie)).statusCode).toBe(401);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    // The address is a stranger's again: its code would make a new account, not open the old one.
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email } });
    expect(login.statusCode).toBe(200);
    const again = await verify(t.app, user.email, await latestCode(t.app, user.email));
    expect(again.json()).toMatchObject({ needsProfile: true });
    expect(sessionCookie(again)).toBeUndefined();
    expect((await get(`/api/users/${user.id}`, admin)).statusCode).toBe(404);
  });

  it('frees the e-mail for a new signup', async () => {
    const { user, cookie } = await signUp(t.app);
    await del(user.id, cookie);
    const again = await signUp(t.app, { email: user.email });
    expect(again.user.id).not.toBe(user.id);
  });

  it("refuses to delete another member's account (403) and deletes nothing", async () => {
    const { user: other, cookie: otherCookie } = await signUp(t.app);
    const { cookie } = await signUp(t.app);
    const before = await userCount(t.db);
    expect((await del(other.id, cookie)).statusCode).toBe(403);
    expect(await userCount(t.db)).toBe(before);
    expect((await me(t.app, otherCookie)).statusCode).toBe(200);
  });

  it('answers 401 to a visitor', async () => {
    const { user } = await signUp(t.app);
    expect((await del(user.id)).statusCode).toBe(401);
    expect((await get(`/api/users/${user.id}`, admin)).statusCode).toBe(200);
  });

  it("lets an admin delete an account, and 404 'User not found' for an unknown id", async () => {
    const { user, cookie } = await signUp(t.app);
    expect((await del(user.id, admin)).statusCode).toBe(204);
    expect((await me(t.app, cookie)).statusCode).toBe(401);
    // The admin is still signed in.
    expect((await me(t.app, admin)).statusCode).toBe(200);
    const res = await del(user.id, admin);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('User not found');
  });
});
