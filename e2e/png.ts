import { inflateSync } from 'node:zlib';
import { expect } from '@playwright/test';

/** Reading a downloaded flyer PNG back in the e2e specs (its size, and its pixels for jsQR). */

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Width and height from the IHDR chunk, which follows the signature (bytes 16-23). */
export function pngDimensions(png: Buffer) {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE), 'PNG signature').toBe(true);
  expect(png.toString('latin1', 12, 16)).toBe('IHDR');
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

/** The pixels of an 8-bit RGB or RGBA PNG as RGBA (enough to read the QR code back). */
export function pngPixels(png: Buffer) {
  const { width, height } = pngDimensions(png);
  const bitDepth = png[24];
  const colourType = png[25];
  expect(bitDepth).toBe(8);
  const channels = colourType === 6 ? 4 : colourType === 2 ? 3 : 0;
  expect(channels, `colour type ${colourType}`).toBeGreaterThan(0);
  const idat: Buffer[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    if (type === 'IDAT') idat.push(png.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const out = new Uint8ClampedArray(width * height * 4);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    const cur = new Uint8Array(stride);
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? cur[i - channels]! : 0;
      const b = prev[i]!;
      const c = i >= channels ? prev[i - channels]! : 0;
      const x = line[i]!;
      let value: number;
      if (filter === 0) value = x;
      else if (filter === 1) value = x + a;
      else if (filter === 2) value = x + b;
      else if (filter === 3) value = x + ((a + b) >> 1);
      else {
        const p = a + b - c;
        const pa = Math.abs(p - a);
        const pb = Math.abs(p - b);
        const pc = Math.abs(p - c);
        value = x + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
      }
      cur[i] = value & 0xff;
    }
    for (let px = 0; px < width; px++) {
      for (let k = 0; k < 4; k++) out[(y * width + px) * 4 + k] = k < channels ? cur[px * channels + k]! : 255;
    }
    prev = cur;
  }
  return { width, height, data: out };
}
