import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NARRATION, type MyNarration, type NarrationSettings } from '@shared/schemas/narration';
import { createTestApp, expectBadInput, signUp, withCookie, type TestContext } from '../../test/harness';

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const get = (cookie?: string) => t.app.inject({ method: 'GET', url: '/api/me/narration', headers: withCookie(cookie) });
const put = (payload: unknown, cookie?: string) =>
  t.app.inject({ method: 'PUT', url: '/api/me/narration', headers: withCookie(cookie), payload: payload as object });

const mine: NarrationSettings = { enabled: true, voice: 'Samantha', rate: 1.3, pitch: 0.7, volume: 0.6, autoRead: true };

describe('GET/PUT /api/me/narration (docs/spec/organiser-tools.md §2.13)', () => {
  it('answers 401 to a visitor, for reading and for saving', async () => {
    expect((await get()).statusCode).toBe(401);
    expect((await put(mine)).statusCode).toBe(401);
  });

  it("gives a member the spec's defaults until they save, then their own settings on every request", async () => {
    const m = await signUp(t.app);
    const first = await get(m.cookie);
    expect(first.statusCode).toBe(200);
    expect(first.json<MyNarration>()).toEqual({ settings: DEFAULT_NARRATION, saved: false });
    expect(DEFAULT_NARRATION).toMatchObject({ rate: 1, pitch: 1, volume: 0.8, autoRead: false, voice: null });

    const saved = await put(mine, m.cookie);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<MyNarration>()).toEqual({ settings: mine, saved: true });
    expect((await get(m.cookie)).json<MyNarration>()).toEqual({ settings: mine, saved: true });

    // Changed again: the new copy replaces the old one; another member is untouched.
    const other = await signUp(t.app);
    await put({ ...mine, rate: 2, volume: 0, voice: null }, m.cookie);
    expect((await get(m.cookie)).json<MyNarration>().settings).toEqual({ ...mine, rate: 2, volume: 0, voice: null });
    expect((await get(other.cookie)).json<MyNarration>()).toEqual({ settings: DEFAULT_NARRATION, saved: false });
  });

  it('accepts the ends of every slider and every 0.1 step in between', async () => {
    const m = await signUp(t.app);
    for (const s of [
      { rate: 0.5, pitch: 2, volume: 0 },
      { rate: 2, pitch: 0.5, volume: 1 },
      { rate: 0.7, pitch: 1.1, volume: 0.3 },
    ]) {
      const res = await put({ ...mine, ...s }, m.cookie);
      expect(res.statusCode, res.body).toBe(200);
      expect((await get(m.cookie)).json<MyNarration>().settings).toMatchObject(s);
    }
  });

  it.each([
    ['rate above 2', { rate: 2.1 }, 'rate'],
    ['rate below 0.5', { rate: 0.4 }, 'rate'],
    ['pitch below 0.5', { pitch: 0.4 }, 'pitch'],
    ['pitch above 2', { pitch: 2.5 }, 'pitch'],
    ['volume above 1', { volume: 1.5 }, 'volume'],
    ['volume below 0', { volume: -0.1 }, 'volume'],
    ['a rate off the 0.1 step', { rate: 1.25 }, 'rate'],
    ['a volume off the 0.1 step', { volume: 0.55 }, 'volume'],
    ['a pitch that is text', { pitch: '1' }, 'pitch'],
    ['an empty voice name', { voice: '   ' }, 'voice'],
    ['a voice name with control characters', { voice: 'Sam\u0000antha' }, 'voice'],
    ['enabled that is not true or false', { enabled: 'yes' }, 'enabled'],
  ])('refuses %s with 400 and changes nothing', async (_name, patch, path) => {
    const m = await signUp(t.app);
    await put(mine, m.cookie);
    const body = expectBadInput(await put({ ...mine, ...patch }, m.cookie));
    expect(body.errors.map((e) => e.path)).toContain(path);
    expect((await get(m.cookie)).json<MyNarration>().settings).toEqual(mine);
  });

  it('refuses unknown fields and missing fields with 400', async () => {
    const m = await signUp(t.app);
    expectBadInput(await put({ ...mine, userId: 1 }, m.cookie));
    const { autoRead: _dropped, ...partial } = mine;
    expectBadInput(await put(partial, m.cookie));
    expectBadInput(await put([], m.cookie));
    expect((await get(m.cookie)).json<MyNarration>().saved).toBe(false);
  });
});
