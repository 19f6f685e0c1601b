import { act, screen, within } from '@testing-library/react';
import QRCode from 'qrcode';
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { ConnectionsState } from '@shared/schemas/matching';
import { ApiError } from '@client/lib/api';
import { renderAt } from '@client/test/render';
import { connectPayload } from '../lib/connect-code';
import { LogConnectionCard } from './log-connection-card';

/** A frame the camera sees: `text` as a QR code, dark on white, 6 px a module with a quiet zone. */
function qrFrame(text: string) {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const scale = 6;
  const margin = 4;
  const size = (n + 2 * margin) * scale;
  const data = new Uint8ClampedArray(size * size * 4).fill(255);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const r = Math.floor(y / scale) - margin;
      const c = Math.floor(x / scale) - margin;
      if (r >= 0 && c >= 0 && r < n && c < n && qr.modules.get(r, c)) data.fill(0, (y * size + x) * 4, (y * size + x) * 4 + 3);
    }
  }
  return { size, data };
}

const restore: (() => void)[] = [];
function stubGetter(target: object, key: string, get: () => unknown) {
  const before = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { configurable: true, get });
  restore.push(() => (before ? Object.defineProperty(target, key, before) : delete (target as Record<string, unknown>)[key]));
}

/**
 * The phone's back camera at the edge of the world: getUserMedia gives a stream whose frames
 * reach the page through the <video> and a canvas. `show(text)` holds a QR code up to it.
 */
function fakeCamera({ refuse }: { refuse?: string } = {}) {
  let frame: { size: number; data: Uint8ClampedArray } = { size: 320, data: new Uint8ClampedArray(320 * 320 * 4).fill(255) };
  const track = { stop: vi.fn() };
  const getUserMedia = vi.fn(async () => {
    if (refuse) throw new DOMException('refused', refuse);
    // happy-dom's MediaStream has no tracks: this one has the camera's.
    return Object.assign(new MediaStream(), { getTracks: () => [track] });
  });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  // The video shows the frame (happy-dom plays no media).
  stubGetter(HTMLVideoElement.prototype, 'videoWidth', () => frame.size);
  stubGetter(HTMLVideoElement.prototype, 'videoHeight', () => frame.size);
  stubGetter(HTMLVideoElement.prototype, 'readyState', () => 4);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation((() => ({
    drawImage: () => {},
    getImageData: () => ({ data: frame.data }),
  })) as never);
  return {
    getUserMedia,
    track,
    show(text: string) {
      frame = qrFrame(text);
    },
  };
}

const state: ConnectionsState = { personalCode: 'K9Q2W7', connections: [], attendees: [{ id: 11, name: 'Priya' }] };

function showCard(onLog = vi.fn(async () => {})) {
  const view = renderAt(<LogConnectionCard eventId={5} state={state} canLog blockedReason={null} busy={false} onLog={onLog} />, { path: '/live-event' });
  return { ...view, onLog };
}

/** Let the scanner look at a few frames (it reads one every 250 ms). */
const look = () =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(800);
  });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});

afterEach(() => {
  restore.splice(0).forEach((undo) => undo());
  vi.restoreAllMocks();
  delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  delete (window as { isSecureContext?: unknown }).isSecureContext;
});

describe('scanning a QR code', () => {
  test("a guest's code for tonight logs them, closes the scanner and turns the camera off", async () => {
    const camera = fakeCamera();
    const { user, onLog } = showCard();
    await user.click(screen.getByRole('button', { name: 'Scan their QR code' }));
    const dialog = screen.getByRole('dialog', { name: 'Scan their code' });
    expect(await within(dialog).findByText('Looking for a code…')).toBeInTheDocument();
    expect(camera.getUserMedia).toHaveBeenCalledWith({ video: { facingMode: 'environment' }, audio: false });

    camera.show(connectPayload(5, 'p1r2y3'));
    await look();

    expect(onLog).toHaveBeenCalledWith({ code: 'P1R2Y3', method: 'qr' });
    expect(onLog).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(camera.track.stop).toHaveBeenCalled();
  });

  test('a code for another evening is explained, and scanning goes on', async () => {
    const camera = fakeCamera();
    const { user, onLog } = showCard();
    await user.click(screen.getByRole('button', { name: 'Scan their QR code' }));
    await screen.findByText('Looking for a code…');

    camera.show(connectPayload(6, 'P1R2Y3'));
    await look();
    expect(screen.getByRole('status')).toHaveTextContent("That code is for a different evening. Ask them to open tonight's page.");
    expect(onLog).not.toHaveBeenCalled();

    camera.show('https://example.com/menu');
    await look();
    expect(screen.getByRole('status')).toHaveTextContent("That isn't a Speed Friendship code. Try their code on this page.");

    camera.show(connectPayload(5, 'S4M5X6'));
    await look();
    expect(onLog).toHaveBeenCalledWith({ code: 'S4M5X6', method: 'qr' });
  });

  test('a scanned code the server refuses is shown on the card', async () => {
    const camera = fakeCamera();
    const { user } = showCard(vi.fn(async () => Promise.reject(new ApiError(404, '', { message: 'No guest at this event has that code' }))));
    await user.click(screen.getByRole('button', { name: 'Scan their QR code' }));
    await screen.findByText('Looking for a code…');
    camera.show(connectPayload(5, 'ZZZZZZ'));
    await look();
    expect(await screen.findByRole('alert')).toHaveTextContent('No guest at this event has that code');
  });

  test('Cancel closes the scanner and the camera', async () => {
    const camera = fakeCamera();
    const { user } = showCard();
    await user.click(screen.getByRole('button', { name: 'Scan their QR code' }));
    await screen.findByText('Looking for a code…');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(camera.track.stop).toHaveBeenCalled();
  });
});

describe('when the camera cannot be used', () => {
  test('access refused: say so, and offer the code instead (with the cursor in the field)', async () => {
    fakeCamera({ refuse: 'NotAllowedError' });
    const { user } = showCard();
    await user.click(screen.getByRole('button', { name: 'Scan their QR code' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Camera access denied');
    expect(alert).toHaveTextContent('Camera access was blocked. Allow the camera for this site in your browser settings, or enter their code instead.');

    await user.click(within(alert).getByRole('button', { name: 'Enter their code instead' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Code' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Their personal code')).toHaveFocus();
  });

  test.each([
    ['NotFoundError', 'Camera not available', 'No camera was found on this device.'],
    ['NotReadableError', 'Camera not available', 'Your camera is busy in another app.'],
    ['TypeError', 'Camera not available', "We couldn't start the camera."],
  ])('%s: %s', async (name, title, message) => {
    fakeCamera({ refuse: name });
    const { user } = showCard();
    await user.click(screen.getByRole('button', { name: 'Scan their QR code' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(message);
  });

  test('a browser without camera access, or a page not on https', async () => {
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
    const { user, unmount } = showCard();
    await user.click(screen.getByRole('button', { name: 'Scan their QR code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser cannot use the camera.');
    unmount();

    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: false });
    const again = showCard();
    await again.user.click(screen.getByRole('button', { name: 'Scan their QR code' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The camera needs a secure (https) connection.');
  });
});
