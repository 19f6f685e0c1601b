/**
 * CI runs the server's tests once on PostgreSQL and, on the embedded database, only those listed in
 * .ci/embedded-tests (docs/decisions/0101). A test file that asks which database it runs on is about
 * a difference between the two, so it must run on both: this fails when one is missing from the
 * list, or when the list names a file that is not there (after a rename or a split).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const listed = readFileSync(path.join(root, '.ci/embedded-tests'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'));
const serverTests = execFileSync('git', ['ls-files', 'src/server/**/*.test.ts', 'src/server/*.test.ts'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter(Boolean);

/** How a test asks which database it runs on. */
const ASKS_WHICH_DATABASE = /\bonPostgres\b|testDatabase'\)\.kind|\.database\.kind\b|process\.env\.DATABASE_URL/;

describe('the tests CI runs on the embedded database as well', () => {
  it('names only test files that exist, each once', () => {
    expect(listed.filter((file) => !serverTests.includes(file))).toEqual([]);
    expect(new Set(listed).size).toBe(listed.length);
  });

  it('includes every test file that asks which database it runs on', () => {
    const asking = serverTests.filter((file) => ASKS_WHICH_DATABASE.test(readFileSync(path.join(root, file), 'utf8')));
    expect(asking.length).toBeGreaterThan(5);
    expect(asking.filter((file) => !listed.includes(file))).toEqual([]);
  });
});
