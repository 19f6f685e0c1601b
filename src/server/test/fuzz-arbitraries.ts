/**
 * The generators of fuzz-*.test.ts (fast-check arbitraries): odd strings, numbers and characters, a
 * valid body with one to three fields broken, and path segments that name nothing.
 */
import fc from 'fast-check';
import { idParam } from '@shared/schemas/common';

export const evilStrings = fc.constantFrom(
  'a\u0000b',
  '\u0000',
  '\u0001\u0002\u0003',
  '\u001b[31mred',
  'line\r\nbreak',
  '\u007f',
  '\u0085\u009f',
  '\ud800',
  '\udfff\ud800',
  '\uffff\ufffe',
  '\u202e\u200b\u2028',
  '💥'.repeat(300),
  'é'.repeat(5000),
  'a'.repeat(100_000),
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  '%00',
  '../../etc/passwd',
  '2030-02-30',
  '99999-01-01',
  '+099999-01-01T00:00:00Z',
  '0000-00-00',
  '24:00',
  '23:60',
  '2147483648',
  '-1',
  '1e400',
  'NaN',
  'null',
  '',
  ' ',
  '__proto__',
  'constructor',
);

export const evilNumbers = fc.oneof(
  fc.constantFrom(
    2 ** 31,
    2 ** 31 - 1,
    2 ** 31 + 1,
    -(2 ** 31),
    -(2 ** 31) - 1,
    2 ** 32,
    -1,
    0,
    -0,
    0.5,
    1.5,
    -2.5,
    1e308,
    -1e308,
    5e-324,
    Number.MAX_SAFE_INTEGER,
    2 ** 53 + 2,
    1e21,
    9_999_999_999,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.maxSafeInteger(),
  // Ids of rows that exist here or are missing: foreign keys, someone else's rows.
  fc.integer({ min: 1, max: 40 }),
  fc.integer({ min: 41, max: 100_000 }),
);

export const evilText = fc.oneof(
  { weight: 3, arbitrary: evilStrings },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ maxLength: 3000 }) },
);

export const evilValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: evilText },
  { weight: 4, arbitrary: evilNumbers },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(evilText, evilNumbers), { maxLength: 30 }) },
  { weight: 1, arbitrary: fc.dictionary(evilText, fc.oneof(evilText, evilNumbers), { maxKeys: 5 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

export type Mutation =
  | { op: 'set'; key: string; value: unknown }
  | { op: 'delete'; key: string }
  | { op: 'set-item'; key: string; value: unknown }
  | { op: 'tweak'; key: string; at: number; insert: string; number: number };

/** Characters to slip into otherwise valid text: control characters (but also newline and tab), odd unicode. */
export const oddChars = fc.oneof(
  // NUL is the one PostgreSQL refuses in text: often.
  { weight: 3, arbitrary: fc.constant('\u0000') },
  {
    weight: 4,
    arbitrary: fc.constantFrom(
      '\u0000',
      '\u0001',
      '\u0008',
      '\u000b',
      '\u000c',
      '\r',
      '\u001b',
      '\u001f',
      '\u007f',
      '\u0080',
      '\u0085',
      '\u009f',
      '\n',
      '\t',
      '\ud800',
      '\udc00',
      '\ufeff',
      '\u202e',
      '\u2066',
      '\u200b',
      '\u200f',
      '\u2028',
      '\uffff',
      '💥',
      'é',
    ),
  },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }) },
);

/**
 * Keep the field's type, break its value: text gets an odd character at some place (or grows
 * very long), a number becomes an odd number, a list gets an odd item.
 */
export function tweak(value: unknown, m: Extract<Mutation, { op: 'tweak' }>): unknown {
  if (typeof value === 'string') {
    if (m.insert === 'LONG') return value + 'x'.repeat(20_000);
    const at = value.length ? m.at % (value.length + 1) : 0;
    return value.slice(0, at) + m.insert + value.slice(at);
  }
  if (typeof value === 'number') return m.number;
  if (Array.isArray(value)) return value.length ? [...value, tweak(value[0], m)] : [m.insert];
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [tweak(k, m) as string, tweak(v, m)]));
  return value;
}

/** A body: the sample with one to three fields broken, or any JSON, or text that is not JSON. */
export function bodyArb(sample: Record<string, unknown> | undefined): fc.Arbitrary<{ json?: unknown; raw?: string }> {
  const keys = [...Object.keys(sample ?? {}), 'extra', '__proto__', 'id', 'role', 'roles'];
  const mutation: fc.Arbitrary<Mutation> = fc.oneof(
    { weight: 5, arbitrary: fc.record({ op: fc.constant('set' as const), key: fc.constantFrom(...keys), value: evilValue }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('delete' as const), key: fc.constantFrom(...keys) }) },
    { weight: 1, arbitrary: fc.record({ op: fc.constant('set-item' as const), key: fc.constantFrom(...keys), value: evilValue }) },
    {
      weight: 6,
      arbitrary: fc.record({
        op: fc.constant('tweak' as const),
        key: fc.constantFrom(...(sample && Object.keys(sample).length ? Object.keys(sample) : keys)),
        at: fc.nat(),
        insert: fc.oneof({ weight: 8, arbitrary: oddChars }, { weight: 1, arbitrary: fc.constant('LONG') }),
        number: evilNumbers,
      }),
    },
  );
  const mutated = fc.array(mutation, { minLength: 1, maxLength: 3 }).map((ms) => {
    const body: Record<string, unknown> = JSON.parse(JSON.stringify(sample ?? {}));
    for (const m of ms) {
      if (m.op === 'delete') delete body[m.key];
      else if (m.op === 'tweak') body[m.key] = tweak(body[m.key], m);
      else if (m.op === 'set') Object.defineProperty(body, m.key, { value: m.value, enumerable: true, writable: true, configurable: true });
      else body[m.key] = [m.value];
    }
    return { json: body };
  });
  return fc.oneof(
    { weight: 8, arbitrary: mutated },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((json) => ({ json })) },
    { weight: 1, arbitrary: fc.constantFrom('{"a":', 'not json', '[1,2', '\u0000', '{"email":"\\u0000"}', 'null', '""', '1e99999').map((raw) => ({ raw })) },
  );
}

/** A path segment that is not the id of anything small enough to exist here (so DELETE never hits a real row). */
export const evilSegment = fc
  .oneof(
    evilNumbers.map(String),
    evilText,
    fc.constantFrom('0', '-1', '1.5', '1e3', '0x10', '2147483647', '2147483648', '99999999999999999999', ' 1', '1 ', '%00', '..'),
  )
  .filter((s) => {
    const n = idParam.safeParse(s);
    return !n.success || n.data > 1_000_000;
  });
