import { z } from 'zod';

/**
 * Shared input rules (docs/product.md "Bad input": nothing answers 500 to bad input).
 * Every id in a body, param, query or socket message is an `idField`/`idParam`; every string
 * that is stored or sent to the database is a `storedText`.
 */

/** The largest id the database holds (PostgreSQL integer, 2^31 - 1). */
export const ID_MAX = 2_147_483_647;

/** An id in a JSON body or socket message: a whole number from 1 to 2^31 - 1. */
export const idField = (message = 'Expected a numeric id') => z.number({ error: message }).int(message).min(1, message).max(ID_MAX, message);

const ID_MESSAGE = 'Expected a numeric id';

/**
 * Numeric id in a path or query string: decimal digits only (not `0x10`, `1e3`, ` 7` or `+7`,
 * which a plain Number() would read as another id), from 1 to 2^31 - 1.
 */
export const idParam = z
  .string({ error: ID_MESSAGE })
  .regex(/^[0-9]+$/, ID_MESSAGE)
  .transform(Number)
  .pipe(z.number().int(ID_MESSAGE).min(1, ID_MESSAGE).max(ID_MAX, ID_MESSAGE));

export const idParams = z.object({ id: idParam });

/** Control characters (Unicode Cc) other than tab and line breaks (LF, and CR as in CRLF): NUL, ESC, DEL, C1... */
// eslint-disable-next-line no-control-regex -- matching control characters is the point of this rule
export const CONTROL_CHARS_RE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;
export const CONTROL_CHARS_MESSAGE = 'Text must not contain control characters';

/** True when the text holds no control character but line breaks and tab. */
export const isStorableText = (s: string) => !CONTROL_CHARS_RE.test(s);

/** Half of a surrogate pair on its own: not Unicode text (PostgreSQL's JSON refuses it). */
const LONE_SURROGATE_RE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const INVALID_UNICODE_MESSAGE = 'Text must be valid Unicode';

/** True when every surrogate is part of a pair (String.prototype.isWellFormed, for older runtimes). */
export const isWellFormedText = (s: string) => !LONE_SURROGATE_RE.test(s);

/**
 * Invisible characters that change what a text shows without showing themselves
 * (docs/decisions/0064): bidirectional embeddings, overrides and isolates (U+202A-U+202E,
 * U+2066-U+2069: "\u202Elive" shows as "evil"), directional marks (U+200E, U+200F, U+061C), zero-width
 * spaces and joiners (U+200B-U+200D), the word joiner and invisible operators (U+2060-U+2064),
 * deprecated format characters (U+206A-U+206F), the byte order mark (U+FEFF), the Mongolian vowel
 * separator (U+180E), the soft hyphen (U+00AD), the combining grapheme joiner (U+034F),
 * interlinear annotations (U+FFF9-U+FFFB) and tag characters (U+E0000-U+E007F).
 * Kept: a zero-width joiner between two emoji (woman, joiner, cook: one picture of a cook) and
 * tag characters after a black flag (U+1F3F4 then tags: the flag of England or Scotland).
 */
const INVISIBLE_RE =
  /\u034F|[\u00AD\u061C\u180E\u200B\u200C\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB\u{E0000}-\u{E001F}]|(?<!\p{Extended_Pictographic}(?:\uFE0F|[\u{1F3FB}-\u{1F3FF}])?)\u200D|\u200D(?!\p{Extended_Pictographic})|(?<!\u{1F3F4}[\u{E0020}-\u{E007F}]*)[\u{E0020}-\u{E007F}]/gu;

/** The text without the invisible characters that would change what it shows (see INVISIBLE_RE). */
export const withoutInvisible = (s: string) => s.replace(INVISIBLE_RE, '');

/**
 * Text that is stored or sent to the database: a string without control characters but
 * line breaks (LF, CR) and tab (PostgreSQL refuses NUL in text), and well-formed Unicode (no lone surrogate).
 * Invisible characters that would change what the text shows to others (bidirectional overrides,
 * zero-width characters: `withoutInvisible`) are removed before the checks chained after it, so a
 * title of a zero-width space alone is empty. Chain trim/min/max/regex after it.
 */
export const storedText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine(isStorableText, CONTROL_CHARS_MESSAGE).refine(isWellFormedText, INVALID_UNICODE_MESSAGE).overwrite(withoutInvisible);

const DAY_SHAPE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** True for a real calendar day written YYYY-MM-DD (4-digit year): not 2025-02-30, not 0000-01-01. */
export function isCalendarDay(day: string): boolean {
  if (!DAY_SHAPE_RE.test(day)) return false;
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  if (y < 1) return false;
  const dt = new Date(Date.UTC(2000, m - 1, d));
  dt.setUTCFullYear(y);
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** A calendar day, YYYY-MM-DD, that exists. */
export const dayField = (message = 'Expected a day as YYYY-MM-DD') => z.string({ error: message }).regex(DAY_SHAPE_RE, message).refine(isCalendarDay, message);

/** The error body every failing API answer carries. */
export const errorBody = z.object({
  message: z.string(),
  error: z.string(),
  errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});

/** A 204 answer: no body at all. */
export const noContent = z.undefined().describe('No content');

/** What other guests may see of a person: never e-mail or phone. */
export const publicProfile = z.object({
  id: z.number(),
  name: z.string(),
  age: z.number(),
  bio: z.string().nullable(),
  interests: z.array(z.string()),
  profileImage: z.string().nullable(),
});
