import { describe, expect, it } from 'vitest';
import { EnvError, loadConfig } from './env';

function problemsOf(source: Record<string, string>) {
  try {
    loadConfig(source);
  } catch (err) {
    expect(err).toBeInstanceOf(EnvError);
    return (err as EnvError).problems;
  }
  throw new Error('loadConfig accepted a bad environment');
}

describe('loadConfig', () => {
  it('gives working defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ env: 'development', port: 5000, databaseUrl: undefined, adminEmails: [], authRateLimit: 20, cookieSecure: false });
    expect(config.publicUrl).toBe('http://localhost:5000');
  });

  it('reads the variables it is given', () => {
    const config = loadConfig({
      NODE_ENV: 'production',
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/app',
      ADMIN_EMAILS: ' Boss@Example.com, second@example.com ,',
      PUBLIC_URL: 'https://friends.example.com/',
      AUTH_RATE_LIMIT: '7',
    });
    expect(config).toMatchObject({
      env: 'production',
      port: 8080,
      databaseUrl: 'postgres://u@db:5432/app',
      adminEmails: ['boss@example.com', 'second@example.com'],
      publicUrl: 'https://friends.example.com',
      authRateLimit: 7,
      cookieSecure: true,
    });
  });

  it('keeps ratings and arrival reports 90 days by default; RETENTION_DAYS changes it and must be a whole number of days from 1 to 3650', () => {
    expect(loadConfig({}).retentionDays).toBe(90);
    expect(loadConfig({ RETENTION_DAYS: '30' }).retentionDays).toBe(30);
    for (const bad of ['0', '-5', '2.5', 'ninety', '3651']) {
      const problems = problemsOf({ RETENTION_DAYS: bad });
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(new RegExp(`^RETENTION_DAYS: .*"${bad}"`));
    }
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' })).toMatchObject({ port: 5000, databaseUrl: undefined });
  });

  it('rejects PORT=abc, DATABASE_URL=mysql://x and ADMIN_EMAILS=notanemail, naming each of them', () => {
    const problems = problemsOf({ PORT: 'abc', DATABASE_URL: 'mysql://x', ADMIN_EMAILS: 'notanemail' });
    expect(problems).toHaveLength(3);
    expect(problems.find((p) => p.startsWith('PORT:'))).toMatch(/port number.*"abc"/);
    expect(problems.find((p) => p.startsWith('DATABASE_URL:'))).toMatch(/postgres:\/\/.*"mysql:\/\/x"/);
    expect(problems.find((p) => p.startsWith('ADMIN_EMAILS:'))).toMatch(/e-mail.*"notanemail"/);
  });

  it('puts every problem in the error message', () => {
    try {
      loadConfig({ PORT: '70000', NODE_ENV: 'staging', TRUST_PROXY: 'maybe' });
      throw new Error('accepted');
    } catch (err) {
      expect(err).toBeInstanceOf(EnvError);
      const message = (err as Error).message;
      for (const name of ['PORT', 'NODE_ENV', 'TRUST_PROXY']) expect(message).toContain(`${name}:`);
    }
  });

  it.each([
    ['PORT', '-1'],
    ['PORT', '3.5'],
    ['AUTH_RATE_LIMIT', '0'],
    ['SESSION_DAYS', '1000'],
    ['PUBLIC_URL', 'not a url'],
    ['SMTP_URL', 'http://mail'],
    ['LOG_LEVEL', 'loud'],
  ])('rejects %s=%s', (name, value) => {
    const problems = problemsOf({ [name]: value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(new RegExp(`^${name}:`));
  });
});
