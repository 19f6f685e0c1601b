/**
 * The production journey, through nginx over HTTPS and WSS only (started by deploy/test/run.sh,
 * docs/decisions/0033-production-behind-nginx.md): redirects, cache and compression headers, the
 * proxy's client address and scheme as the app sees them, logging in, booking with the test card,
 * a round of the demo evening tonight with guests on both instances, then one instance stopped
 * with SIGTERM mid-round: its phones reconnect through nginx to the other one and find the same
 * round, time and partner, and every rating sent before, during and after the stop is stored.
 *
 * Reads: SF_BASE (https://localhost:PORT), SF_HTTP_BASE, SF_CA (the self-signed certificate),
 * SF_DATABASE_URL (to read login codes from the outbox and count what was stored), SF_CLIENT_DIR
 * (the built app, to compare assets byte for byte), SF_INSTANCES (name:pid:port:log, comma-separated),
 * SF_NGINX_LOG (nginx's access log, with each request's upstreams).
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  agent,
  BASE,
  CLIENT_DIR,
  db,
  HTTP_BASE,
  instanceOf,
  instances,
  json,
  logIn,
  NGINX_LOG,
  ok,
  openSocket,
  rate,
  request,
  sleep,
  stateWhere,
  type Person,
  type Phone,
  type State,
} from './journey-kit';

// ---------------------------------------------------------------------------------------------

async function headersAndCompression() {
  // Plain HTTP: a permanent redirect to the same path on HTTPS.
  const plain = await request('GET', `${HTTP_BASE}/events?from=plain`);
  assert.equal(plain.status, 301, 'plain HTTP is redirected');
  assert.equal(plain.headers.location, `${BASE}/events?from=plain`);
  ok(`HTTP ${HTTP_BASE}/events redirects (301) to ${plain.headers.location}`);

  // The page: from the app, never cached without revalidation, with the app's security headers.
  const page = await request('GET', '/', { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(page.status, 200);
  assert.equal(page.headers['cache-control'], 'no-cache', 'index.html must be revalidated');
  assert.match(String(page.headers['strict-transport-security']), /max-age=\d+/);
  assert.match(String(page.headers['content-security-policy']), /default-src/);
  const html = page.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(page.body).toString() : page.text;
  assert.equal(page.headers['content-encoding'], 'gzip', 'the page is gzipped');
  assert.equal(html, readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8'));
  ok('GET / is the built index.html, Cache-Control: no-cache, gzipped, with HSTS and the CSP');

  // A deep path is the app's page too (the client router decides; an unknown one shows its 404).
  const deep = await request('GET', '/profile?x=1');
  assert.equal(deep.status, 200);
  assert.equal(deep.headers['cache-control'], 'no-cache');
  // An evening that does not exist is a 404 page from the server (docs/decisions/0045), through nginx too.
  const unknownEvening = await request('GET', '/events/123456?x=1');
  assert.equal(unknownEvening.status, 404);

  // The assets: from disk, cached for a year, compressed, byte for byte the built files.
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  assert.ok(assets.length > 0, 'index.html names its assets');
  // The largest script (nginx compresses nothing under 1 KB, as gzip_min_length says).
  const asset = assets
    .filter((a) => a.endsWith('.js'))
    .sort((x, y) => readFileSync(path.join(CLIENT_DIR, y)).length - readFileSync(path.join(CLIENT_DIR, x)).length)[0]!;
  const onDisk = readFileSync(path.join(CLIENT_DIR, asset));
  const gz = await request('GET', asset, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(gz.status, 200);
  assert.equal(gz.headers['cache-control'], 'public, max-age=31536000, immutable');
  assert.equal(gz.headers['content-encoding'], 'gzip');
  assert.match(String(gz.headers.vary), /Accept-Encoding/i);
  assert.match(String(gz.headers['content-type']), /javascript/);
  assert.deepEqual(zlib.gunzipSync(gz.body), onDisk);
  const br = await request('GET', asset, { headers: { 'accept-encoding': 'br' } });
  assert.equal(br.headers['content-encoding'], 'br');
  assert.deepEqual(zlib.brotliDecompressSync(br.body), onDisk);
  const raw = await request('GET', asset);
  assert.equal(raw.headers['content-encoding'], undefined);
  assert.deepEqual(raw.body, onDisk);
  ok(`${asset}: Cache-Control public, max-age=31536000, immutable; gzip ${gz.body.length} B, brotli ${br.body.length} B, plain ${onDisk.length} B`);
  const missing = await request('GET', '/assets/no-such-file-1234.js');
  assert.equal(missing.status, 404, 'a missing asset is a 404, not the page');
  ok('a missing /assets/ file is 404, not index.html');

  // The API through the proxy: JSON compressed by nginx.
  const list = await request('GET', '/api/events', { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(list.status, 200);
  assert.equal(list.headers['content-encoding'], 'gzip');
  assert.ok(Array.isArray(JSON.parse(zlib.gunzipSync(list.body).toString())));
  ok(`GET /api/events gzipped (${list.body.length} B)`);
}

async function proxyTrust() {
  // A client on 127.0.0.2 that claims another address: the rate limit counts it under the
  // address nginx saw (TRUST_PROXY believes nginx's X-Forwarded-For, and nginx does not pass on
  // the client's), not under nginx's own 127.0.0.1 and not under the claim.
  const claimed = '203.0.113.77';
  const email = 'david@speedfriendship.test';
  const r = await request('POST', '/api/auth/login', { json: { email }, headers: { 'x-forwarded-for': claimed }, localAddress: '127.0.0.2' });
  assert.ok(r.status < 300, `login from 127.0.0.2: ${r.status} ${r.text}`);
  assert.ok(r.headers['x-ratelimit-remaining'] !== undefined, 'the login route is rate limited');
  const { rows } = await db.query<{ key: string }>(`SELECT key FROM rate_limits WHERE key LIKE '%/api/auth/login%'`);
  const keys = rows.map((k) => k.key);
  assert.ok(
    keys.some((k) => k.endsWith('127.0.0.2')),
    `no rate-limit count for the client's address 127.0.0.2: ${keys.join(', ')}`,
  );
  assert.ok(!keys.some((k) => k.includes(claimed)), `the client's own X-Forwarded-For was believed: ${keys.join(', ')}`);
  ok('the app sees the client address nginx saw (127.0.0.2), not a forged X-Forwarded-For, in its shared rate limit');

  // Same-origin writes behind TLS termination: the site's own origin (https) passes, another site is refused.
  const evil = await request('POST', '/api/auth/login', { json: { email }, headers: { origin: 'https://evil.example' } });
  assert.equal(evil.status, 403, `a cross-site POST: ${evil.status}`);
  ok('a cross-site POST is refused (403); the https origin of the site itself is accepted');
}

async function bookTonight(member: Person): Promise<{ id: number; title: string }> {
  const events = json<{ id: number; title: string }[]>(await request('GET', '/api/events', { headers: { cookie: member.cookie } }), 'events');
  const tonight = events.find((e) => e.title === 'Tonight at The Wine Bar');
  assert.ok(tonight, 'the demo evening tonight is listed');
  const intent = json<{ clientSecret: string; paymentIntentId: string; amount: number; provider: string }>(
    await request('POST', '/api/create-payment-intent', { headers: { cookie: member.cookie }, json: { eventId: tonight.id, userId: member.id } }),
    'payment intent',
  );
  assert.equal(intent.provider, 'test');
  const paid = json<{ status: string }>(
    await request('POST', '/api/payments/test/confirm', {
      headers: { cookie: member.cookie },
      json: { clientSecret: intent.clientSecret, cardNumber: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
    }),
    'test card',
  );
  assert.equal(paid.status, 'succeeded');
  const reg = await request('POST', `/api/events/${tonight.id}/register`, {
    headers: { cookie: member.cookie },
    json: { userId: member.id, paymentIntentId: intent.paymentIntentId },
  });
  assert.ok(reg.status === 200 || reg.status === 201, `register: ${reg.status} ${reg.text}`);
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM registrations r JOIN payments p ON p.id = r.payment_id WHERE r.event_id = $1 AND r.user_id = $2 AND p.status = 'succeeded'`,
    [tonight.id, member.id],
  );
  assert.equal(rows[0]!.n, 1, 'the paid registration is stored');
  ok(`${member.name} booked '${tonight.title}' with the test card (£${(intent.amount / 100).toFixed(2)})`);
  return tonight;
}

async function main() {
  await headersAndCompression();
  await proxyTrust();

  const emails = ['member', 'host', 'sarah', 'michael', 'emma', 'priya'].map((n) => `${n}@speedfriendship.test`);
  const people: Record<string, Person> = {};
  for (const e of emails) people[e.split('@')[0]!] = await logIn(e);
  ok(
    `logged in through the outbox's codes: ${Object.values(people)
      .map((p) => p.name)
      .join(', ')}`,
  );
  const { member, host } = people as Record<'member' | 'host', Person>;

  const tonight = await bookTonight(member);
  const guests = ['member', 'sarah', 'michael', 'emma', 'priya'].map((k) => people[k]!);
  for (const g of guests)
    json(await request('POST', `/api/events/${tonight.id}/checkin`, { headers: { cookie: host.cookie }, json: { userId: g.id } }), `check in ${g.name}`);
  const checked = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM registrations WHERE event_id = $1 AND checked_in`, [tonight.id]);
  assert.equal(checked.rows[0]!.n, guests.length);
  const prior = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ratings WHERE event_id = $1`, [tonight.id]);
  assert.equal(prior.rows[0]!.n, 0, 'no ratings yet tonight');
  ok(`the host checked in ${guests.length} guests`);

  // Everyone's phone on the live socket, through nginx; least_conn spreads them over both instances.
  const phone = (person: Person, isHost: boolean): Phone => ({
    person,
    host: isHost,
    ws: null,
    instance: '',
    history: [],
    states: [],
    closes: 0,
    stopped: false,
    waiters: [],
  });
  const hostPhone = phone(host, true);
  const phones = guests.map((g) => phone(g, false));
  for (const p of [hostPhone, ...phones]) {
    await openSocket(p, tonight.id);
    await stateWhere(p, 'timer_sync', (m) => m.type === 'timer_sync');
  }
  const on = (name: string) => phones.filter((p) => p.instance === name);
  for (let i = 0; i < 6 && instances.some((inst) => on(inst.name).length === 0); i++) {
    // All on one instance (not expected with least_conn): open the last guest's socket again.
    const p = phones[phones.length - 1]!;
    p.ws?.terminate();
    await sleep(1000);
  }
  for (const inst of instances) assert.ok(on(inst.name).length > 0, `no guest socket on instance ${inst.name}`);
  ok(
    `sockets: host on ${hostPhone.instance}; guests ${instances
      .map(
        (i) =>
          `${on(i.name)
            .map((p) => p.person.name.split(' ')[0])
            .join(', ')} on ${i.name}`,
      )
      .join('; ')}`,
  );

  // The host starts round 1 from their socket; every guest's phone gets it with partner and table.
  const startAt = Date.now();
  hostPhone.ws!.send(JSON.stringify({ type: 'start_timer' }));
  const round1 = new Map<number, State>();
  for (const p of phones) {
    const s = await stateWhere(p, 'round 1 with its place', (m) => m.currentRound === 1 && m.phase === 'active' && m.mine !== undefined, startAt);
    round1.set(p.person.id, s.m);
  }
  const { rows: rotation } = await db.query<{ user_a: number; user_b: number | null; table_no: number | null }>(
    `SELECT user_a, user_b, table_no FROM rotations WHERE event_id = $1 AND round = 1`,
    [tonight.id],
  );
  for (const p of phones) {
    const mine = round1.get(p.person.id)!.mine;
    assert.ok(mine, `${p.person.name} has no place in round 1`);
    const row = rotation.find((r) => r.user_a === p.person.id || r.user_b === p.person.id);
    assert.ok(row, `${p.person.name} is not in the stored rotation`);
    const partner = row.user_a === p.person.id ? row.user_b : row.user_a;
    assert.equal(mine.partner?.id ?? null, partner, `${p.person.name}'s partner`);
    assert.equal(mine.table, row.table_no, `${p.person.name}'s table`);
  }
  const byes = phones.filter((p) => !round1.get(p.person.id)!.mine!.partner).length;
  assert.equal(byes, guests.length % 2, 'one guest sits out with an odd number');
  ok(
    `round 1 reached all ${phones.length} guests on both instances in ${Math.max(...phones.map((p) => p.states.find((s) => s.m.currentRound === 1)!.at)) - startAt} ms: ` +
      phones.map((p) => `${p.person.name.split(' ')[0]}: ${round1.get(p.person.id)!.mine!.partner?.name.split(' ')[0] ?? 'bye'}`).join(', '),
  );

  // The host moves on round by round to the evening's last: every two guests talk once, and a
  // rating is only for a conversation that took place (docs/decisions/0063).
  const { rows: planned } = await db.query<{ n: number }>(`SELECT max(round)::int AS n FROM rotations WHERE event_id = $1`, [tonight.id]);
  const lastRound = planned[0]!.n;
  const held = new Map(round1);
  for (let round = 2; round <= lastRound; round++) {
    const at = Date.now();
    hostPhone.ws!.send(JSON.stringify({ type: 'next_round' }));
    for (const p of phones)
      held.set(p.person.id, (await stateWhere(p, `round ${round} with its place`, (m) => m.currentRound === round && m.mine !== undefined, at)).m);
  }
  ok(`the host held rounds 2 to ${lastRound}: every phone had its place in each`);

  // Ratings: every guest rates every other guest over the evening (distinct pairs: none overwrites another).
  const pairs = phones.flatMap((a) =>
    phones.filter((b) => b !== a).map((b) => ({ from: a.person, to: b.person, rating: 1 + ((a.person.id * 7 + b.person.id) % 5) })),
  );
  const before = pairs.slice(0, 8);
  const during = pairs.slice(8, 14);
  const after = pairs.slice(14);
  for (const r of before) await rate(tonight.id, r.from, r.to, r.rating);
  ok(`${before.length} ratings acknowledged before the stop`);

  // Stop the instance holding the most guests, with ratings in flight.
  const victim = [...instances].sort((x, y) => on(y.name).length - on(x.name).length)[0]!;
  const survivor = instances.find((i) => i !== victim)!;
  const moving = on(victim.name);
  const staying = on(survivor.name);
  const closesBefore = new Map(phones.map((p) => [p, p.closes]));
  const lastBefore = new Map(moving.map((p) => [p, p.states[p.states.length - 1]!]));
  // Ratings go out every 30 ms from before the signal to after it: the first ones are at the
  // server (or on their way) when it arrives.
  const inFlight = during.map((r, i) => sleep(i * 30).then(() => rate(tonight.id, r.from, r.to, r.rating)));
  await sleep(45);
  const stopAt = Date.now();
  process.kill(victim.pid, 'SIGTERM');
  const retried = await Promise.all(inFlight);
  ok(
    `SIGTERM to instance ${victim.name} (pid ${victim.pid}) with ${during.length} ratings in flight: all acknowledged (${retried.reduce((a, b) => a + b, 0)} resent)`,
  );

  // Its guests' phones reconnect through nginx to the other instance and find the same evening.
  for (const p of moving) {
    const s = await stateWhere(p, 'timer_sync after reconnecting', (m) => m.type === 'timer_sync', stopAt, 30_000);
    // The instance that served the socket this state came on (the new socket's first message can
    // arrive before its log line is written, so ask the logs about that socket, not p.instance).
    const servedIt = await instanceOf(s.conn);
    assert.equal(servedIt, survivor.name, `${p.person.name}'s state after the stop came from instance ${servedIt}`);
    const was = lastBefore.get(p)!;
    const then = held.get(p.person.id)!;
    assert.equal(s.m.currentRound, lastRound, `${p.person.name}: same round`);
    assert.equal(s.m.phase, 'active');
    assert.deepEqual(
      { table: s.m.mine?.table, partner: s.m.mine?.partner?.id ?? null },
      { table: then.mine!.table, partner: then.mine!.partner?.id ?? null },
      `${p.person.name}: same table and partner`,
    );
    // The time left as the phone shows it: what it had, less the time that passed, within 1 s.
    const expected = was.m.timeRemaining - (s.at - was.at) / 1000;
    assert.ok(
      Math.abs(s.m.timeRemaining - expected) <= 1,
      `${p.person.name}: ${s.m.timeRemaining.toFixed(1)} s left after reconnecting, ${expected.toFixed(1)} s expected`,
    );
    assert.equal(s.m.endsAt, then.endsAt, `${p.person.name}: the round ends at the same moment`);
  }
  for (const p of staying) assert.equal(p.closes, closesBefore.get(p), `${p.person.name}'s socket on ${survivor.name} stayed open`);
  ok(
    `${moving.map((p) => p.person.name.split(' ')[0]).join(', ')} reconnected to ${survivor.name} in ${Math.max(...moving.map((p) => p.states.find((s) => s.at >= stopAt && s.m.type === 'timer_sync')!.at)) - stopAt} ms: same round, table, partner and time (±1 s); the guests on ${survivor.name} never dropped`,
  );

  for (let i = 0; i < 100; i++) {
    try {
      process.kill(victim.pid, 0);
    } catch {
      break;
    }
    assert.ok(i < 99, `instance ${victim.name} still running 20 s after SIGTERM`);
    await sleep(200);
  }
  ok(`instance ${victim.name} exited ${((Date.now() - stopAt) / 1000).toFixed(1)} s after SIGTERM`);

  for (const r of after) await rate(tonight.id, r.from, r.to, r.rating);
  const { rows: stored } = await db.query<{ rater_id: number; rated_id: number; rating: number }>(
    `SELECT rater_id, rated_id, rating FROM ratings WHERE event_id = $1`,
    [tonight.id],
  );
  assert.equal(stored.length, pairs.length, `ratings stored: ${stored.length} of ${pairs.length}`);
  for (const r of pairs) {
    const row = stored.find((s) => s.rater_id === r.from.id && s.rated_id === r.to.id);
    assert.equal(row?.rating, r.rating, `rating ${r.from.name} -> ${r.to.name}`);
  }
  ok(`all ${pairs.length} ratings stored (${before.length} before the stop, ${during.length} in flight at it, ${after.length} after), none lost`);

  // nginx tries the stopped instance again once fail_timeout (1 s, deploy/nginx/speed-friendship.conf) has passed; least_conn picks it
  // (it has no connections), the connection is refused, and proxy_next_upstream passes the
  // upgrade on to the other instance: the phone never sees the failure.
  await sleep(Math.max(0, stopAt + 6_000 - Date.now()));
  const late = phones[0]!;
  const marker = `conn=${randomBytes(6).toString('hex')}`;
  const lateAt = Date.now();
  late.ws?.close();
  late.stopped = true;
  await openSocket(late, tonight.id, marker);
  await stateWhere(late, 'timer_sync on a new socket', (m) => m.type === 'timer_sync' && m.currentRound === lastRound, lateAt);
  assert.equal(late.instance, survivor.name);
  late.ws!.close();
  let line: string | undefined;
  for (let i = 0; i < 50 && !line; i++) {
    line = readFileSync(NGINX_LOG, 'utf8')
      .split('\n')
      .find((l) => l.includes(marker));
    if (!line) await sleep(100);
  }
  assert.ok(line, 'the socket is in nginx access log once closed');
  assert.match(line, / 101 upstream=(\S+), (\S+)$/, `the upgrade went to one instance only: ${line}`);
  const [, first, second] = / 101 upstream=(\S+), (\S+)$/.exec(line)!;
  assert.deepEqual([first, second], [victim.address, survivor.address]);
  ok(
    `a new socket ${((Date.now() - stopAt) / 1000).toFixed(1)} s after the stop: nginx tried ${victim.address} again, was refused, and passed the upgrade on to ${survivor.address} (101)`,
  );

  for (const p of [hostPhone, ...phones]) {
    p.stopped = true;
    p.ws?.close();
  }
}

main()
  .then(async () => {
    await db.end();
    agent.destroy();
    console.log('[journey] passed');
    process.exit(0);
  })
  .catch(async (err: unknown) => {
    console.error('[journey] FAILED:', err instanceof Error ? (err.stack ?? err.message) : err);
    await db.end().catch(() => {});
    process.exit(1);
  });
