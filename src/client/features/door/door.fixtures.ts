/**
 * Typed fixtures for the check-in desk's tests, shaped by src/shared/schemas/door.ts, and the
 * fakes at the edge of the world the camera needs (getUserMedia, the video's size, a canvas that
 * hands back a picture of a ticket QR, drawn by the real qrcode library).
 */
import QRCode from 'qrcode';
import { vi } from 'vitest';
import { ticketQrText, type Door, type DoorCheckInResult, type DoorGuest, type DoorUndoResult } from '@shared/schemas/door';
import { Reply } from '@client/test/render';

export { fromNow, MINUTE, HOUR, DAY, anEvent, anEventDetail, hostsTonight } from '@client/test/fixtures';

export const EVENT_ID = 5;

/** A guest at the door; not checked in unless `over` says so. */
export function aGuest(userId: number, name: string, over: Partial<DoorGuest> = {}): DoorGuest {
  return {
    userId,
    name,
    ticketCode: `TK${userId}x-${name.slice(0, 3).toLowerCase()}Q9`,
    checkedIn: false,
    checkedInAt: null,
    method: null,
    accessNeeds: null,
    ...over,
  };
}

/** Checked in at `at` (an ISO instant) by `method`. */
export const arrived = (g: DoorGuest, at: string, method: DoorGuest['method'] = 'scan'): DoorGuest => ({ ...g, checkedIn: true, checkedInAt: at, method });

/** The door as the server answers it: counts from the guests, the 5 latest check-ins first. */
export function aDoor(guests: DoorGuest[], eventId = EVENT_ID): Door {
  const inside = guests.filter((g) => g.checkedIn);
  return {
    eventId,
    counts: { registered: guests.length, checkedIn: inside.length, toCome: guests.length - inside.length },
    recent: [...inside].sort((a, b) => Date.parse(b.checkedInAt!) - Date.parse(a.checkedInAt!)).slice(0, 5),
    guests,
    reminders: { lastSentAt: null, nextAt: null },
  };
}

/** The answer to a scan or a search check-in, with the counts after it. */
export function aCheckIn(door: Door, guest: DoorGuest, outcome: DoorCheckInResult['outcome'] = 'checked_in'): DoorCheckInResult {
  const next = aDoor(
    door.guests.map((g) => (g.userId === guest.userId ? guest : g)),
    door.eventId,
  );
  return { outcome, guest, counts: next.counts };
}

/** The answer to an undo. */
export function anUndo(door: Door, guest: DoorGuest): DoorUndoResult {
  const back = { ...guest, checkedIn: false, checkedInAt: null, method: null };
  const next = aDoor(
    door.guests.map((g) => (g.userId === guest.userId ? back : g)),
    door.eventId,
  );
  return { guest: back, counts: next.counts };
}

/** An error answer as the server's error handler shapes it (src/server/errors.ts). */
export const failure = (status: number, message: string) => new Reply(status, { message, error: message });

/** The RGBA pixels of `text` as a QR code (dark on white, 8 px a module, a quiet zone), as a camera would see a ticket. */
export function qrPicture(text: string, scale = 8): ImageData {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 4;
  const side = (n + quiet * 2) * scale;
  const data = new Uint8ClampedArray(side * side * 4).fill(255);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / scale) - quiet;
      const my = Math.floor(y / scale) - quiet;
      if (mx >= 0 && my >= 0 && mx < n && my < n && qr.modules.get(my, mx)) {
        const i = (y * side + x) * 4;
        data[i] = data[i + 1] = data[i + 2] = 0;
      }
    }
  }
  return { data, width: side, height: side, colorSpace: 'srgb' } as ImageData;
}

/** A white frame: the camera sees no ticket. */
export function blankPicture(side = 200): ImageData {
  return { data: new Uint8ClampedArray(side * side * 4).fill(255), width: side, height: side, colorSpace: 'srgb' } as ImageData;
}

/** The picture of a ticket's QR (`SFTICKET:CODE`). */
export const ticketPicture = (ticketCode: string) => qrPicture(ticketQrText(ticketCode));

/**
 * A fake phone camera: `getUserMedia` answers a stream (or refuses with `refuse`), the video
 * reports a size once it has a stream, and a canvas's 2D context hands back whatever `show()` put in
 * front of the lens. `tracks` records whether the camera was stopped.
 */
export function fakeCamera({ refuse }: { refuse?: 'NotAllowedError' | 'NotFoundError' | 'none' } = {}) {
  let picture: ImageData = blankPicture();
  const track = { kind: 'video', stop: vi.fn() };
  const requests: MediaStreamConstraints[] = [];
  const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
    requests.push(constraints);
    if (refuse && refuse !== 'none') throw new DOMException('Camera refused', refuse);
    const stream = new MediaStream();
    Object.defineProperty(stream, 'getTracks', { value: () => [track] });
    return stream;
  });
  // happy-dom has no camera: the phone's, for this test (removed by restore()).
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: refuse === 'none' ? undefined : { getUserMedia } });
  const hasStream = (v: HTMLVideoElement) => v.srcObject !== null;
  const spies = [
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined),
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      return {
        canvas: this,
        drawImage: vi.fn(),
        // The frame as drawn at the canvas's size (the pictures here are at most 640 px, so never scaled).
        getImageData: () => picture,
      } as unknown as CanvasRenderingContext2D;
    } as unknown as HTMLCanvasElement['getContext']),
  ];
  // happy-dom's video has no picture size: the camera's, once it shows a stream.
  const size = (side: 'width' | 'height') => ({
    configurable: true,
    get(this: HTMLVideoElement) {
      return hasStream(this) ? picture[side] : 0;
    },
  });
  Object.defineProperty(HTMLVideoElement.prototype, 'videoWidth', size('width'));
  Object.defineProperty(HTMLVideoElement.prototype, 'videoHeight', size('height'));
  return {
    getUserMedia,
    requests,
    track,
    /** Put something in front of the lens. */
    show(p: ImageData) {
      picture = p;
    },
    restore() {
      spies.forEach((s) => s.mockRestore());
      delete (navigator as { mediaDevices?: unknown }).mediaDevices;
      delete (HTMLVideoElement.prototype as { videoWidth?: number }).videoWidth;
      delete (HTMLVideoElement.prototype as { videoHeight?: number }).videoHeight;
    },
  };
}
