import jsQR from 'jsqr';
import type { DoorGuest } from '@shared/schemas/door';

/** A frame's pixels: what a canvas's getImageData gives (RGBA, 4 bytes a pixel). */
export interface Frame {
  data: Uint8ClampedArray;
  width: number;
  height: number;
}

/** Frames decoded per second while the camera is on: enough to feel instant, light on a phone. */
export const SCANS_PER_SECOND = 4;

/** The longest side a frame is decoded at (a ticket held up to the camera fills much of it). */
export const MAX_FRAME_SIDE = 640;

/**
 * A ticket read once is quiet while it stays in front of the lens and for this long after it was
 * last seen (issue 22: a ticket still in view turned the welcome amber, "already checked in", 3 s later).
 */
export const SAME_CODE_PAUSE_MS = 5000;

/** The text of the QR code in a frame, or null when there is none (or it cannot be read). */
export function decodeFrame(frame: Frame): string | null {
  // Tickets are dark on white (components/ui/ticket-qr.tsx): no inverted codes to look for, half the work.
  const code = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' });
  const text = code?.data.trim();
  return text ? text : null;
}

/** The size to draw a video frame at: its own, scaled down so the longest side is at most `max`. */
export function frameSize(width: number, height: number, max = MAX_FRAME_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Which reads to act on: a new code at once; the same code again only once it has been out of view
 * for `pauseMs` (every read of it, acted on or not, starts the pause again). A ticket held up to
 * the camera is sent once however long it stays; shown again a while later (a second guest with a
 * photo of it), it is sent again, and the door says whom it already let in.
 */
export function createReadFilter(pauseMs = SAME_CODE_PAUSE_MS) {
  let last: { code: string; at: number } | null = null;
  return {
    /** Whether to act on `code` read at `now` (ms). */
    accept(code: string, now: number): boolean {
      const quiet = !!last && last.code === code && now - last.at < pauseMs;
      last = { code, at: now };
      return !quiet;
    },
    reset() {
      last = null;
    },
  };
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('en-GB').replace(/\s+/g, ' ').trim();
// Ticket codes are capitals and digits (older ones base64url: '-' and '_' too): a search ignores only case and spaces.
const compactCode = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/**
 * The guests matching what the host typed: every word in the name (any order, accents and case
 * ignored), or part of the ticket code (at least 3 characters; case and spaces ignored). Empty search: everyone.
 */
export function searchGuests(guests: readonly DoorGuest[], query: string): DoorGuest[] {
  const q = fold(query);
  if (!q) return [...guests];
  const words = q.split(' ');
  const code = compactCode(query);
  return guests.filter((g) => {
    const name = fold(g.name);
    if (words.every((w) => name.includes(w))) return true;
    return code.length >= 3 && compactCode(g.ticketCode).includes(code);
  });
}

/** Guests by name, as a door list is read. */
export const byName = (a: DoorGuest, b: DoorGuest) => a.name.localeCompare(b.name, 'en-GB', { sensitivity: 'base' });
