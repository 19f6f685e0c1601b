import { describe, expect, it } from 'vitest';
import { safeNextPath } from './safe-next';

describe('safeNextPath (?next= after login or signup)', () => {
  it('follows a path on this site, with its query and hash', () => {
    expect(safeNextPath('/checkout/12')).toBe('/checkout/12');
    expect(safeNextPath('/events/3?source=flyer-qr#book')).toBe('/events/3?source=flyer-qr#book');
    expect(safeNextPath('/share?event=31')).toBe('/share?event=31');
  });

  it.each([
    ['a protocol-relative address', '//evil.com'],
    ['a protocol-relative address with a path', '//evil.com/checkout/1'],
    ['an absolute address', 'https://evil.com'],
    ['an absolute address on our path', 'https://evil.com/checkout/1'],
    ['a backslash read as a slash', '/\\evil.com'],
    ['backslashes only', '\\\\evil.com'],
    ['a javascript: address', 'javascript:alert(1)'],
    ['a relative path', 'checkout/1'],
    ['a tab browsers strip', '/\t/evil.com'],
    ['a newline browsers strip', '/\n/evil.com'],
    ['a space', '/ /evil.com'],
    ['nothing', ''],
    ['not text', 42],
    ['null', null],
  ])('refuses %s', (_name, next) => {
    expect(safeNextPath(next)).toBeNull();
  });

  // Dot segments are resolved before the browser goes there: each of these would land on //evil.example.
  it.each([
    '/..//evil.example/x',
    '/.//evil.example/x',
    '/a/..//evil.example/x',
    '/a/b/../..//evil.example/x',
    '/../..//evil.example/x',
    '/././/evil.example/x',
    '/..///evil.example/x',
    '/%2e%2e//evil.example/x',
    '/%2E%2e//evil.example/x',
    '/%2e//evil.example/x',
    '/a/%2e%2e//evil.example/x',
    '/.%2e//evil.example/x',
    '/..//evil.example',
    '/..//evil.example?next=/checkout/1',
    '/..//evil.example#x',
  ])('refuses %s, whose normalised path is protocol-relative', (next) => {
    expect(safeNextPath(next)).toBeNull();
  });

  it('answers only paths that stay on this site, whatever dot segments and slashes are combined', () => {
    const parts = ['', '/', '.', '..', '%2e', '%2E%2e', 'a', '//', 'evil.example', '?', '#', '@'];
    for (const a of parts)
      for (const b of parts)
        for (const c of parts)
          for (const d of parts) {
            const next = `/${a}${b}/${c}${d}`;
            const out = safeNextPath(next);
            if (out === null) continue;
            expect(out.startsWith('/') && !out.startsWith('//'), `${next} -> ${out}`).toBe(true);
            expect(new URL(out, 'https://here.example').host, `${next} -> ${out}`).toBe('here.example');
            // Asking again gives the same answer: what is returned is already normalised.
            expect(safeNextPath(out), `${next} -> ${out}`).toBe(out);
          }
  });

  it('still follows a path with dot segments that stays here, normalised', () => {
    expect(safeNextPath('/events/../checkout/12')).toBe('/checkout/12');
    expect(safeNextPath('/./events/3')).toBe('/events/3');
  });

  it('keeps an encoded backslash as part of a path here', () => {
    // The browser does not turn %5C into a slash: it stays a path on this site.
    expect(safeNextPath('/%5Cevil.com')).toBe('/%5Cevil.com');
  });
});
