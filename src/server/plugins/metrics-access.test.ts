import { describe, expect, it } from 'vitest';
import { loadConfig } from '../env';
import { metricsAccess } from './metrics';
import { TOKEN } from './metrics.fixtures';

describe('who may read /metrics', () => {
  const req = (remoteAddress: string, headers: Record<string, string> = {}) => ({ headers, socket: { remoteAddress } });

  it('a client on this machine talking to the process directly, without a token', () => {
    for (const a of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(metricsAccess(req(a), undefined), a).toBe('ok');
    expect(metricsAccess(req('127.0.0.1'), TOKEN)).toBe('ok');
  });

  it('not a request a proxy on this machine forwarded (loopback peer with a forwarding header), nor another machine', () => {
    for (const h of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-proto', 'x-forwarded-host']) {
      expect(metricsAccess(req('127.0.0.1', { [h]: '203.0.113.9' }), undefined), h).toBe('not_local');
    }
    expect(metricsAccess(req('203.0.113.9'), undefined)).toBe('not_local');
    expect(metricsAccess(req('10.0.0.2'), TOKEN)).toBe('not_local');
    expect(metricsAccess(req(''), undefined)).toBe('not_local');
  });

  it('anyone with the bearer token, and nobody with a wrong one (also from loopback)', () => {
    expect(metricsAccess(req('203.0.113.9', { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '1.2.3.4' }), TOKEN)).toBe('ok');
    expect(metricsAccess(req('203.0.113.9', { authorization: `bearer ${TOKEN}` }), TOKEN)).toBe('ok');
    for (const auth of [`Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, TOKEN, `Basic ${TOKEN}`, 'Bearer ']) {
      expect(metricsAccess(req('127.0.0.1', { authorization: auth }), TOKEN), auth).toBe('bad_token');
    }
    // Without a configured token, a bearer proves nothing.
    expect(metricsAccess(req('203.0.113.9', { authorization: `Bearer ${TOKEN}` }), undefined)).toBe('not_local');
  });
});

describe('METRICS_TOKEN and SHUTDOWN_TIMEOUT_MS', () => {
  it('are read, with a 10 s default for the shutdown', () => {
    expect(loadConfig({})).toMatchObject({ metricsToken: undefined, shutdownTimeoutMs: 10_000 });
    expect(loadConfig({ METRICS_TOKEN: TOKEN, SHUTDOWN_TIMEOUT_MS: '2500' })).toMatchObject({ metricsToken: TOKEN, shutdownTimeoutMs: 2500 });
  });

  it('refuse a short or spaced token and a bound out of range, naming the variable', () => {
    for (const [env, name] of [
      [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN'],
      [{ METRICS_TOKEN: 'a token with spaces in it' }, 'METRICS_TOKEN'],
      [{ SHUTDOWN_TIMEOUT_MS: '10s' }, 'SHUTDOWN_TIMEOUT_MS'],
      [{ SHUTDOWN_TIMEOUT_MS: '10' }, 'SHUTDOWN_TIMEOUT_MS'],
      [{ SHUTDOWN_TIMEOUT_MS: '9999999' }, 'SHUTDOWN_TIMEOUT_MS'],
    ] as const) {
      expect(() => loadConfig(env), JSON.stringify(env)).toThrow(new RegExp(`${name}:`));
    }
  });
});
