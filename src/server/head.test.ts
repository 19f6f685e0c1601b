/**
 * HEAD answers like GET without the body (docs/decisions/0087): an uptime monitor that asks
 * `HEAD /` must see the site up. Until then the single-page fallback answered GET only, so HEAD /
 * was a 404. Asked of a listening server over HTTP (as a monitor does), with and without
 * compression, for the SPA's pages, the public evening page, the API, a probe and a built asset.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEvent, createTestApp, createVenue, eventBody, signUpHost, type TestContext } from './test/harness';

let t: TestContext;
let clientDir: string;
let port: number;
let eventId: number;

beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'sf-head-'));
  // The SPA's real index.html (the public evening page rewrites its head).
  copyFileSync(fileURLToPath(new URL('../client/index.html', import.meta.url)), path.join(clientDir, 'index.html'));
  mkdirSync(path.join(clientDir, 'assets'));
  // Large enough to be compressed when the client accepts it.
  writeFileSync(path.join(clientDir, 'assets', 'client-abc123.js'), `export const x = ${JSON.stringify('a friendly evening '.repeat(200))};\n`);
  t = await createTestApp({ clientDir });
  const host = await signUpHost(t);
  const venue = await createVenue(t.app, host.cookie);
  eventId = (await createEvent(t.app, host.cookie, eventBody(venue.id, { title: 'Head Count' }))).id;
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  rmSync(clientDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function ask(method: 'GET' | 'HEAD', url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: url, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/** Headers that differ between any two answers (the time, the request's own id, the framing of a body). */
const PER_ANSWER = new Set(['date', 'x-request-id', 'connection', 'keep-alive', 'transfer-encoding']);
const comparable = (headers: http.IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([k]) => !PER_ANSWER.has(k)));

async function expectHeadLikeGet(url: string, status: number, headers: Record<string, string> = {}) {
  const get = await ask('GET', url, headers);
  const head = await ask('HEAD', url, headers);
  expect(get.status, `GET ${url}`).toBe(status);
  expect(get.body.length, `GET ${url} has a body`).toBeGreaterThan(0);
  expect(head.status, `HEAD ${url}`).toBe(status);
  expect(head.body.length, `HEAD ${url} has no body`).toBe(0);
  expect(comparable(head.headers), `HEAD ${url}: the headers of GET`).toEqual(comparable(get.headers));
  return { get, head };
}

describe('HEAD answers like GET, without the body', () => {
  const encodings: { label: string; encoding: Record<string, string> }[] = [
    { label: '', encoding: {} },
    { label: ' (gzip accepted)', encoding: { 'accept-encoding': 'gzip' } },
  ];
  for (const { label, encoding } of encodings) {
    it(`HEAD / : the app's page, 200, as an uptime monitor asks${label}`, async () => {
      const { head } = await expectHeadLikeGet('/', 200, encoding);
      expect(head.headers['content-type']).toMatch(/^text\/html/);
      expect(head.headers['cache-control']).toBe('no-cache');
    });

    it(`HEAD of a page the client router draws (/login: index.html)${label}`, async () => {
      await expectHeadLikeGet('/login', 200, encoding);
    });

    it(`HEAD of the public evening page, and of one that does not exist${label}`, async () => {
      const { head } = await expectHeadLikeGet(`/events/${eventId}`, 200, encoding);
      expect(head.headers['content-type']).toMatch(/^text\/html/);
      await expectHeadLikeGet('/events/999999', 404, encoding);
    });

    it(`HEAD of the API and of the health probes${label}`, async () => {
      const { head } = await expectHeadLikeGet('/api/events', 200, encoding);
      expect(head.headers['content-type']).toMatch(/^application\/json/);
      await expectHeadLikeGet('/api/health', 200, encoding);
      await expectHeadLikeGet('/api/health/live', 200, encoding);
      await expectHeadLikeGet('/api/health/ready', 200, encoding);
      await expectHeadLikeGet('/api/no-such-thing', 404, encoding);
    });

    it(`HEAD of a built asset: its type, length or encoding, and year-long cache${label}`, async () => {
      const { head } = await expectHeadLikeGet('/assets/client-abc123.js', 200, encoding);
      expect(head.headers['content-type']).toMatch(/javascript/);
      expect(head.headers['cache-control']).toContain('immutable');
      if (label) expect(head.headers['content-encoding']).toBe('gzip');
      else expect(Number(head.headers['content-length'])).toBeGreaterThan(3000);
    });
  }

  it('a signed-in API route answers HEAD without a session as GET does: 401', async () => {
    await expectHeadLikeGet('/api/auth/me', 401);
  });
});
