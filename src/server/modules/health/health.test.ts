import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/harness';

describe('GET /api/health', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers 200 with status ok while the database is up', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok' });
  });

  it('answers 503 once the database is gone, without leaking internals', async () => {
    const own = await createTestApp();
    try {
      await own.database.close();
      const res = await own.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      const body = res.json();
      expect(body.status).not.toBe('ok');
      expect(body.message).toBe('The database is unreachable');
      expect(res.body).not.toMatch(/stack|Error:/);
    } finally {
      await own.close();
    }
  });
});
