import { createHash, randomBytes } from 'node:crypto';

/**
 * The secrets the app hands out (session cookies, unlock links, "still coming?", "did you meet
 * again?" and friend's-seat links): random, URL-safe, and kept in the database only as their SHA-256
 * (docs/decisions/0124), so that the tables alone open nothing.
 */

/** `bytes` random bytes, URL-safe (32 bytes: 43 characters). */
export const newSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** What a table keeps of a secret: its SHA-256, in hex. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');
