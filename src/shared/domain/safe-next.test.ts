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

  it('keeps an encoded backslash as part of a path here', () => {
    // The browser does not turn %5C into a slash: it stays a path on this site.
    expect(safeNextPath('/%5Cevil.com')).toBe('/%5Cevil.com');
  });
});
