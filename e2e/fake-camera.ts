import { writeFileSync } from 'node:fs';
import { chromium, type Browser, type BrowserContextOptions, type Locator, type Page, type Request } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../scripts/chromium';

/** A picture in grey levels (0 black … 255 white), row by row. */
export interface GreyImage {
  width: number;
  height: number;
  grey: number[];
}

/**
 * What a ticket QR on screen looks like, read from the page itself: the QR's SVG (as the guest's
 * phone draws it) painted onto a canvas at `size` pixels, then read back as grey levels.
 */
export async function qrOnScreen(qr: Locator, size = 360): Promise<GreyImage> {
  return qr.evaluate(async (el, px) => {
    const svg = el.querySelector('svg');
    if (!svg) throw new Error('no QR drawn');
    const url = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`;
    const img = new Image(px, px);
    await new Promise((resolve, reject) => {
      img.onload = resolve;
      img.onerror = reject;
      img.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = px;
    canvas.height = px;
    const ctx = canvas.getContext('2d')!;
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, px, px);
    ctx.drawImage(img, 0, 0, px, px);
    const { data } = ctx.getImageData(0, 0, px, px);
    const grey: number[] = [];
    for (let i = 0; i < data.length; i += 4) grey.push(Math.round(0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!));
    return { width: px, height: px, grey };
  }, size);
}

/**
 * A video file Chromium plays as the phone's camera (`--use-file-for-fake-video-capture`): the
 * picture centred on a white 640x480 frame, as a second of Y4M (YUV 4:2:0 with neutral chroma,
 * so grey). Chromium loops it.
 */
export function writeCameraFile(picture: GreyImage, path: string, frames = 10) {
  const W = 640;
  const H = 480;
  const luma = Buffer.alloc(W * H, 255);
  const left = Math.floor((W - picture.width) / 2);
  const top = Math.floor((H - picture.height) / 2);
  for (let y = 0; y < picture.height; y++) {
    for (let x = 0; x < picture.width; x++) luma[(top + y) * W + left + x] = picture.grey[y * picture.width + x]!;
  }
  const chroma = Buffer.alloc((W / 2) * (H / 2), 128);
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`)];
  for (let f = 0; f < frames; f++) parts.push(Buffer.from('FRAME\n'), luma, chroma, chroma);
  writeFileSync(path, Buffer.concat(parts));
}

/**
 * The ticket stays in front of the camera for `ms` of the desk's own clock, without the test waiting
 * that long (docs/decisions/0095-tests-wait-for-events-not-time.md): the page's clock (installed with
 * `page.clock.install()` before the desk opened, so the scanner's interval and its Date.now() are
 * the fake ones) runs on by `ms`, firing every scan of the frames in view on the way. Returns the
 * scans the desk sent meanwhile, read after a request the page makes afterwards: a scan it sent
 * during those reads was asked for first, so it is in the list by the time that request is.
 */
export async function keepInView(page: Page, ms: number): Promise<string[]> {
  const scans: string[] = [];
  const seen = (r: Request) => {
    if (r.method() === 'POST' && /\/door\/scan$/.test(new URL(r.url()).pathname)) scans.push(r.url());
  };
  page.on('request', seen);
  try {
    await page.clock.runFor(ms);
    const after = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/health' && r.url().includes('after-reads'));
    await page.evaluate(() => fetch('/api/health?after-reads=1').then((r) => r.status));
    await after;
  } finally {
    page.off('request', seen);
  }
  return scans;
}

/**
 * A browser of its own whose camera plays `video` (a file from writeCameraFile), camera permission
 * given without asking: the door's phone. Close it at the end.
 */
export function cameraBrowser(video: string): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
}

/**
 * The door's phone in a camera browser, camera allowed, as every journey's phone is set up
 * (playwright.config.ts, docs/decisions/0099): no service worker and reduced motion. A browser the
 * test launches itself does not get the config's `use` options, so without these the desk precached
 * the whole release and ran its animations while the journey checked it. A desk that must work
 * offline (door-offline.spec.ts) opens its own context with the worker.
 */
export function deskContext(door: Browser, options: BrowserContextOptions) {
  return door.newContext({ serviceWorkers: 'block', reducedMotion: 'reduce', permissions: ['camera'], ...options });
}
