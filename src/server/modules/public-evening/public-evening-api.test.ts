import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { PublicEvening } from '@shared/schemas/public-evening';
import { NO_ACCESS_FACTS } from '@shared/schemas/venue-access';
import { events as eventsTable } from '../../db/schema/index';
import { buyTicket, createEvent, createVenue, eventBody, holdSeat, registerFor, signUp, signUpHost, withCookie } from '../../test/harness';
import { PUBLIC_URL, t, host, venueId, winterId, fullId, endedId, get, registerPublicEveningFixtures } from './public-evening.fixtures';

registerPublicEveningFixtures();

describe('GET /api/events/{id}/public', () => {
  it('tells a visitor what the flyer says, and nothing private', async () => {
    // A guest books, so there is someone who must not show.
    const guest = await signUp(t.app, { name: 'Gina Guest' });
    const reg = await t.app.inject({
      method: 'POST',
      url: `/api/events/${fullId}/register`,
      headers: withCookie(guest.cookie),
      payload: { userId: guest.user.id },
    });
    expect([201, 409]).toContain(reg.statusCode);
    const res = await get(`/api/events/${winterId}/public`);
    expect(res.statusCode).toBe(200);
    const body = res.json<PublicEvening>();
    expect(Object.keys(body).sort()).toEqual(
      [
        'ageRangeMax',
        'ageRangeMin',
        'date',
        'description',
        'endTime',
        'endsAt',
        'going',
        'host',
        'hostFirstName',
        'id',
        'image',
        'maxParticipants',
        'price',
        'priceIncludes',
        'roundDuration',
        'spotsLeft',
        'startTime',
        'state',
        'title',
        'url',
        'venue',
      ].sort(),
    );
    expect(body).toMatchObject({
      title: 'Winter Warmers',
      state: 'open',
      spotsLeft: 20,
      price: 1500,
      hostFirstName: 'Hannah',
      url: `${PUBLIC_URL}/events/${winterId}`,
    });
    // How to get in is a venue's fact too (docs/decisions/0077): none told here.
    expect(body.venue).toEqual({
      name: 'The Wine Bar',
      address: '12 Bury New Road',
      city: 'Prestwich',
      latitude: 53.5333,
      longitude: -2.2833,
      access: NO_ACCESS_FACTS,
    });
    expect(res.body).not.toContain(host.user.email);
    expect(res.body).not.toContain('Host'); // the host's surname

    const full = (await get(`/api/events/${fullId}/public`)).json<PublicEvening>();
    expect(full).toMatchObject({ state: 'full', spotsLeft: 0 });
    expect(JSON.stringify(full)).not.toContain('Gina');
    expect((await get(`/api/events/${endedId}/public`)).json<PublicEvening>().state).toBe('ended');
  });

  it('answers 404 for an unknown evening and 400 for a bad id', async () => {
    expect((await get('/api/events/999999/public')).json()).toMatchObject({ message: 'Event not found' });
    expect((await get('/api/events/999999/public')).statusCode).toBe(404);
    expect((await get('/api/events/abc/public')).statusCode).toBe(400);
  });
});

// Issue 34: what a stranger looks for on an evening's page (how many are going, who hosts).
describe('the host and how many are going, on the public page', () => {
  it('counts the places taken, never who: a hold at checkout is not someone going', async () => {
    const rosa = await signUpHost(t, { name: 'Rosa Lind Quayle' });
    const hall = (await createVenue(t.app, rosa.cookie, { name: 'Going Hall', address: '1 Count Street', city: 'Bury' })).id;
    const free = (await createEvent(t.app, rosa.cookie, eventBody(hall, { title: 'Free Friends', price: 0 }))).id;
    const paid = (await createEvent(t.app, rosa.cookie, eventBody(hall, { title: 'Paid Friends', price: 1500 }))).id;
    expect((await get(`/api/events/${free}/public`)).json<PublicEvening>().going).toBe(0);

    const [ada, bea, cai] = [
      await signUp(t.app, { name: 'Ada Zephyrine' }),
      await signUp(t.app, { name: 'Bea Xanthe' }),
      await signUp(t.app, { name: 'Cai Yolanda' }),
    ];
    expect((await registerFor(t.app, free, ada)).statusCode).toBe(201);
    expect((await registerFor(t.app, free, bea)).statusCode).toBe(201);
    await buyTicket(t.app, paid, ada);
    expect((await holdSeat(t.app, paid, cai)).statusCode).toBe(200);

    const freePage = await get(`/api/events/${free}/public`);
    expect(freePage.json<PublicEvening>().going).toBe(2);
    const paidPage = await get(`/api/events/${paid}/public`);
    expect(paidPage.json<PublicEvening>()).toMatchObject({ going: 1, spotsLeft: 18 });
    for (const page of [freePage.body, paidPage.body]) for (const name of ['Ada', 'Bea', 'Cai', 'Zephyrine']) expect(page).not.toContain(name);
  });

  it("shows the host's first name, short bio and photo from their profile, and their other open evenings", async () => {
    const bio = `I run the quiz at the Church Inn and love a good walk. ${'Friendly words. '.repeat(20)}`;
    const rosa = await signUpHost(t, { name: 'Mira Tamsin Okafor', bio, profileImage: 'https://img.example.org/mira.jpg' });
    const hall = (await createVenue(t.app, rosa.cookie, { name: 'Host Hall', address: '2 Host Street', city: 'Bury' })).id;
    const first = (await createEvent(t.app, rosa.cookie, eventBody(hall, { title: 'First Friends', days: 10 }))).id;
    const second = (await createEvent(t.app, rosa.cookie, eventBody(hall, { title: 'Second Friends', days: 20 }))).id;
    const third = (await createEvent(t.app, rosa.cookie, eventBody(hall, { title: 'Third Friends', days: 30 }))).id;
    // Ended by the host: not an evening a visitor can go to any more.
    await t.db.update(eventsTable).set({ status: 'completed' }).where(eq(eventsTable.id, third));

    const res = await get(`/api/events/${first}/public`);
    const body = res.json<PublicEvening>();
    expect(body.hostFirstName).toBe('Mira');
    expect(body.host.image).toBe('https://img.example.org/mira.jpg');
    expect(body.host.bio!.startsWith('I run the quiz at the Church Inn')).toBe(true);
    expect(body.host.bio!.length).toBeLessThanOrEqual(281);
    expect(body.host.bio!.endsWith('…')).toBe(true);
    expect(body.host.moreEvenings).toEqual([{ id: second, title: 'Second Friends', date: expect.any(String) }]);
    // The profile promises others a first name: no surname, e-mail, age or user id.
    expect(res.body).not.toContain('Okafor');
    expect(res.body).not.toContain('Tamsin');
    expect(res.body).not.toContain(rosa.user.email);
    expect(JSON.stringify({ ...body.host, moreEvenings: [] })).not.toMatch(/"(id|age|email|userId)"\s*:\s*/);
    expect(Object.keys(body.host).sort()).toEqual(['bio', 'image', 'moreEvenings']);

    // A host without a bio or photo: the page gets nulls, not empty strings.
    const plain = (await get(`/api/events/${winterId}/public`)).json<PublicEvening>();
    expect(plain.host.image).toBeNull();
  });
});

// Issue 33: a right-to-left override made the card draw "live" for "evil" (docs/decisions/0064).
describe('titles and names with bidirectional overrides and zero-width characters', () => {
  it('an evening titled with U+202E, by a host named with it, shows the text as typed, without them', async () => {
    const rose = await signUpHost(t, { name: '\u202EesoR\u202C\u200B Host' });
    expect(rose.user.name).toBe('esoR Host');
    const renamed = await t.app.inject({
      method: 'PUT',
      url: `/api/users/${rose.user.id}`,
      headers: withCookie(rose.cookie),
      payload: { name: 'Ro\u200Bse\u2066 Host\u2069\uFEFF', age: 30, bio: 'Hi', contactInfo: '07700 900123', interests: ['Chess'] },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ name: string }>().name).toBe('Rose Host');
    const roseVenue = (await createVenue(t.app, rose.cookie, { name: 'The Tea Room', city: 'Prestwich' })).id;
    const evening = await createEvent(t.app, rose.cookie, eventBody(roseVenue, { title: 'Quiz \u202Elive\u202C night', description: 'Bring\u200D a friend' }));
    expect(evening.title).toBe('Quiz live night');
    const shown = (await get(`/api/events/${evening.id}/public`)).json<PublicEvening>();
    expect(shown).toMatchObject({ title: 'Quiz live night', description: 'Bring a friend', hostFirstName: 'Rose' });
    // The page's head says the same.
    const page = await get(`/events/${evening.id}`);
    expect(page.body).toContain('<title>Quiz live night');
    expect(page.body).not.toMatch(/[\u202A-\u202E\u2066-\u2069\u200B-\u200F\uFEFF]/);
  });

  it('refuses a title made only of invisible characters as empty', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/events',
      headers: withCookie(host.cookie),
      payload: eventBody(venueId, { title: '\u202E\u200B\uFEFF' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toContain('Event title is required');
  });
});
