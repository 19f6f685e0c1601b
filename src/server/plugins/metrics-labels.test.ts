import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/harness';
import { ROUTE_LABEL } from './metrics';
import { sample, series } from './metrics.fixtures';

describe('route labels stay bounded (docs/decisions/0088)', () => {
  let t: TestContext;
  let clientDir: string;
  /** Files asked for in each round: the second round asks for other files than the first. */
  const ASSETS = 40;
  const asset = (i: number) => `chunk-${i}-${(1e6 + i * 7919).toString(36)}.js`;
  beforeAll(async () => {
    // A built client in miniature: its page, and many hashed files (a real release has over a hundred).
    clientDir = mkdtempSync(path.join(tmpdir(), 'sf-metrics-'));
    writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><title>Speed Friendship</title></head><body></body></html>');
    writeFileSync(path.join(clientDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    mkdirSync(path.join(clientDir, 'assets'));
    for (let i = 0; i < 2 * ASSETS; i++) writeFileSync(path.join(clientDir, 'assets', asset(i)), `export const n = ${i};`);
    t = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(clientDir, { recursive: true, force: true });
  });

  const scrape = async () => (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
  const get = async (url: string, status: number) => {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, url).toBe(status);
    return res;
  };
  /** Every label set of the request counter, as one string each. */
  const labelSets = (text: string) => series(text, 'http_request_duration_seconds_count').map((s) => JSON.stringify(s.labels));

  it('every static file is one label, pages another, 404s a third: new files and new URLs add no series', async () => {
    let requests = 0;
    const round = async (tag: string, firstAsset: number) => {
      for (let i = firstAsset; i < firstAsset + ASSETS; i++) await get(`/assets/${asset(i)}`, 200);
      await get('/favicon.svg', 200);
      for (let i = 0; i < 20; i++) {
        // A file no release has (the single-page app may answer it with its page, or a 404: either way no series of its own).
        await t.app.inject({ method: 'GET', url: `/assets/gone-${tag}-${i}.js` });
        await get(`/api/no-such-${tag}/${i}`, 404);
        // An unknown page of the single-page app: its own router shows it.
        expect((await get(`/some/page-${tag}-${i}?from=${i}`, 200)).headers['content-type']).toMatch(/^text\/html/);
      }
      await get('/', 200);
      await get('/events', 200);
      // The public page of an evening that does not exist: a page, answered 404, counted with the 404s.
      await get(`/events/${tag === 'a' ? 987_654_321 : 987_654_322}`, 404);
      requests += ASSETS + 1 + 3 * 20 + 3;
    };

    await scrape(); // so that /metrics itself has its series before the comparison
    await round('a', 0);
    const first = await scrape();
    await round('b', ASSETS);
    const second = await scrape();

    // The second round asked for other files and other URLs: no new series at all.
    expect(labelSets(second).sort()).toEqual(labelSets(first).sort());
    const counts = series(second, 'http_request_duration_seconds_count');
    expect(new Set(counts.map((s) => s.labels.route))).toEqual(new Set([ROUTE_LABEL.static, ROUTE_LABEL.page, ROUTE_LABEL.notFound, '/metrics']));
    expect(second).not.toMatch(/route="[^"]*(chunk-|gone-|no-such|page-|favicon|9876543)/);
    // Every request is counted once, under one of those labels.
    expect(counts.filter((s) => s.labels.route !== '/metrics').reduce((sum, s) => sum + s.value, 0)).toBe(requests);

    const count = (route: string, status: string) => sample(second, 'http_request_duration_seconds_count', { method: 'GET', route, status_code: status }) ?? 0;
    expect(count(ROUTE_LABEL.static, '200')).toBe(2 * (ASSETS + 1));
    expect(count(ROUTE_LABEL.page, '200')).toBeGreaterThanOrEqual(2 * (20 + 2));
    expect(count(ROUTE_LABEL.notFound, '404')).toBeGreaterThanOrEqual(2 * (20 + 1));
    expect(count(ROUTE_LABEL.page, '200') + count(ROUTE_LABEL.notFound, '404')).toBe(2 * (3 * 20 + 3));
  });

  it('HEAD on a file keeps the same label; an API route keeps its pattern, even answering 404', async () => {
    const before = await scrape();
    expect((await t.app.inject({ method: 'HEAD', url: `/assets/${asset(3)}` })).statusCode).toBe(200);
    await get('/api/events/987654', 404);
    const after = await scrape();
    const head = (text: string) => sample(text, 'http_request_duration_seconds_count', { method: 'HEAD', route: ROUTE_LABEL.static, status_code: '200' }) ?? 0;
    expect(head(after) - head(before)).toBe(1);
    expect(sample(after, 'http_request_duration_seconds_count', { method: 'GET', route: '/api/events/:id', status_code: '404' })).toBe(1);
  });
});
