/**
 * The installable app's files as the server sends them (docs/decisions/0051): the service worker
 * never cached by the browser's HTTP cache (so a new version is found on the next visit), at the
 * site's root (its scope is the whole app), allowed by our content security policy; the manifest
 * with its own type.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestContext } from './test/harness';

let t: TestContext;
let clientDir: string;
beforeAll(async () => {
  clientDir = mkdtempSync(path.join(tmpdir(), 'sf-sw-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><title>x</title>');
  writeFileSync(path.join(clientDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(clientDir, 'manifest.webmanifest'), '{"name":"Speed Friendship"}');
  mkdirSync(path.join(clientDir, 'assets'));
  writeFileSync(path.join(clientDir, 'assets', 'client-abc.js'), 'export {};');
  t = await createTestApp({ clientDir });
});
afterAll(async () => {
  await t.close();
  rmSync(clientDir, { recursive: true, force: true });
});

it('serves the service worker from the root, revalidated on every visit, as JavaScript', async () => {
  const res = await t.app.inject({ method: 'GET', url: '/sw.js' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^(text|application)\/javascript/);
  expect(res.headers['cache-control']).toBe('no-cache');
  // Hashed files stay cached for a year; the worker's precache lists them by revision.
  expect((await t.app.inject({ method: 'GET', url: '/assets/client-abc.js' })).headers['cache-control']).toContain('immutable');
});

it('our content security policy lets the page register a worker from this site, and the manifest load', async () => {
  const csp = String((await t.app.inject({ method: 'GET', url: '/' })).headers['content-security-policy']);
  const directives = Object.fromEntries(
    csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name, values]),
  );
  // worker-src falls back to script-src, manifest-src to default-src.
  expect(directives['worker-src'] ?? directives['script-src']).toContain("'self'");
  expect(directives['manifest-src'] ?? directives['default-src']).toContain("'self'");
  const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
  expect(manifest.statusCode).toBe(200);
  expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
  expect(manifest.headers['cache-control']).toBe('no-cache');
});
