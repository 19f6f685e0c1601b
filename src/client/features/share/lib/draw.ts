import QRCode from 'qrcode';
import { FLYER_SCALE, layoutFlyer, pngSize, type FlyerContent, type FlyerOp, type FlyerSpec, type FontSpec } from './flyers';

/**
 * Paints a flyer's layout (./flyers.ts) onto a <canvas> and turns it into a PNG: the browser end
 * of /promotions. The fonts are the app's own stacks (src/client/styles.css: --font-display for
 * headings, --font-sans for text; nothing from a CDN), loaded before the first line is drawn.
 */

export interface FontFamilies {
  display: string;
  sans: string;
}

/** The stacks of src/client/styles.css, used when the page's CSS variables are not readable. */
const FALLBACK_FONTS: FontFamilies = {
  display: "ui-serif, Georgia, 'Times New Roman', serif",
  sans: "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
};

/** The app's font stacks, as the page's theme declares them. */
export function appFonts(): FontFamilies {
  const style = getComputedStyle(document.documentElement);
  const read = (name: string) => style.getPropertyValue(name).trim();
  return { display: read('--font-display') || FALLBACK_FONTS.display, sans: read('--font-sans') || FALLBACK_FONTS.sans };
}

export const cssFont = (font: FontSpec, families: FontFamilies) => `${font.weight} ${font.size}px ${families[font.family]}`;

/** Wait until the weights the flyers use are loaded, so the PNG is drawn in them (not a fallback). */
export async function loadFlyerFonts(families: FontFamilies): Promise<void> {
  const fonts = (document as Document & { fonts?: FontFaceSet }).fonts;
  if (!fonts) return;
  const wanted: FontSpec[] = [
    { family: 'display', weight: 700, size: 32 },
    { family: 'sans', weight: 400, size: 16 },
    { family: 'sans', weight: 600, size: 16 },
    { family: 'sans', weight: 700, size: 16 },
  ];
  try {
    await Promise.all(wanted.map((f) => fonts.load(cssFont(f, families))));
    await fonts.ready;
  } catch (err) {
    // A font that fails to load leaves the system's fallback: the flyer is still drawn.
    console.warn('Flyer fonts did not load', err);
  }
}

type Ctx = CanvasRenderingContext2D;

function roundedRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number) {
  const radius = Math.min(r, w / 2, h / 2);
  ctx.beginPath();
  ctx.moveTo(x + radius, y);
  ctx.arcTo(x + w, y, x + w, y + h, radius);
  ctx.arcTo(x + w, y + h, x, y + h, radius);
  ctx.arcTo(x, y + h, x, y, radius);
  ctx.arcTo(x, y, x + w, y, radius);
  ctx.closePath();
}

function setTracking(ctx: Ctx, px: number) {
  if ('letterSpacing' in ctx) (ctx as Ctx & { letterSpacing: string }).letterSpacing = `${px}px`;
}

/** The QR code's modules as filled squares: sharp at any scale, no image to wait for. */
function drawQr(ctx: Ctx, op: Extract<FlyerOp, { kind: 'qr' }>) {
  const { modules } = QRCode.create(op.text, { errorCorrectionLevel: 'M' });
  const cell = op.size / modules.size;
  ctx.fillStyle = op.light;
  ctx.fillRect(op.x, op.y, op.size, op.size);
  ctx.fillStyle = op.dark;
  for (let row = 0; row < modules.size; row++) {
    for (let col = 0; col < modules.size; col++) {
      // Each square overlaps its neighbours by a hair, so no seams show between them.
      if (modules.get(row, col)) ctx.fillRect(op.x + col * cell, op.y + row * cell, cell + 0.35, cell + 0.35);
    }
  }
}

function paint(ctx: Ctx, op: FlyerOp, families: FontFamilies, width: number, height: number) {
  switch (op.kind) {
    case 'gradient': {
      const g = ctx.createLinearGradient(op.x0, op.y0, op.x1, op.y1);
      g.addColorStop(0, op.from);
      g.addColorStop(1, op.to);
      ctx.fillStyle = g;
      ctx.fillRect(0, 0, width, height);
      return;
    }
    case 'circle':
      ctx.beginPath();
      ctx.arc(op.x, op.y, op.r, 0, Math.PI * 2);
      ctx.fillStyle = op.color;
      ctx.fill();
      return;
    case 'rect':
      roundedRect(ctx, op.x, op.y, op.w, op.h, op.radius);
      ctx.fillStyle = op.color;
      ctx.fill();
      return;
    case 'text':
      ctx.font = cssFont(op.font, families);
      ctx.fillStyle = op.color;
      ctx.textAlign = op.align;
      ctx.textBaseline = 'alphabetic';
      setTracking(ctx, op.tracking ?? 0);
      ctx.fillText(op.text, op.x, op.y);
      setTracking(ctx, 0);
      return;
    case 'qr':
      drawQr(ctx, op);
      return;
  }
}

/**
 * A new canvas holding the flyer, `scale` times its spec size (800x800 for the 400x400 post).
 * Throws when the browser gives no 2D canvas.
 */
export function renderFlyer(spec: FlyerSpec, content: FlyerContent, families: FontFamilies, scale = FLYER_SCALE): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  const size = pngSize(spec, scale);
  canvas.width = size.width;
  canvas.height = size.height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw the flyer (no 2D canvas).');
  ctx.scale(scale, scale);
  const measure = (text: string, font: FontSpec) => {
    ctx.font = cssFont(font, families);
    return ctx.measureText(text).width;
  };
  for (const op of layoutFlyer(spec.kind, content, measure)) paint(ctx, op, families, spec.width, spec.height);
  return canvas;
}

/** The canvas as a PNG file's bytes. */
export function canvasToPng(canvas: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('The flyer could not be turned into a PNG.'))), 'image/png');
  });
}

/** Save a file the browser already holds (an object URL) under `fileName`. */
export function saveFile(url: string, fileName: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
}
