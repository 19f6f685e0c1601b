import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLoopbackHost, publicDevelopmentWarning } from './exposure';

const base = { port: 5000, smtpUrl: undefined };

describe('the start-up warning for a development server on a public interface', () => {
  it('speaks up beyond loopback without NODE_ENV=production', () => {
    for (const env of ['development', 'test'] as const) {
      for (const host of ['0.0.0.0', '::', '192.168.1.20', 'friends.example.com']) {
        const warning = publicDevelopmentWarning({ ...base, env, host });
        expect(warning, `${env} ${host}`).toMatch(/^WARNING: development mode on a public interface: /);
        expect(warning).toContain(`${host}:5000`);
        expect(warning).toContain('NODE_ENV=production');
      }
    }
  });

  it('stays quiet on loopback or in production', () => {
    for (const host of ['127.0.0.1', '127.0.1.1', '::1', '[::1]', 'localhost', 'LOCALHOST']) {
      expect(isLoopbackHost(host), host).toBe(true);
      expect(publicDevelopmentWarning({ ...base, env: 'development', host })).toBeNull();
    }
    expect(isLoopbackHost('0.0.0.0')).toBe(false);
    expect(isLoopbackHost('localhost.example.com')).toBe(false);
    expect(publicDevelopmentWarning({ ...base, env: 'production', host: '0.0.0.0' })).toBeNull();
  });

  it('is printed at warn level by the real server started on 0.0.0.0 in development', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sf-exposure-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: path.resolve(import.meta.dirname, '../../../..'),
      env: { ...process.env, NODE_ENV: 'development', HOST: '0.0.0.0', PORT: '0', DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'warn', SMTP_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no warning within 60 s:\n${output}`)), 60_000);
        const onData = (chunk: Buffer) => {
          output += chunk.toString();
          if (output.includes('WARNING: development mode on a public interface')) {
            clearTimeout(timer);
            resolve();
          }
        };
        child.stdout.on('data', onData);
        child.stderr.on('data', onData);
        child.on('exit', (code) => {
          clearTimeout(timer);
          reject(new Error(`server exited (${code}) before warning:\n${output}`));
        });
      });
      const line = output.split('\n').find((l) => l.includes('WARNING: development mode'))!;
      // Pino's JSON (level 40) when piped, or a terminal line naming the level.
      expect(line).toMatch(/"level":40|WARN/i);
    } finally {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 90_000);
});
