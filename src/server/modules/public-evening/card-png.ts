import { promisify } from 'node:util';
import { crc32, deflate } from 'node:zlib';

const deflateAsync = promisify(deflate);
const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4))) >>> 0);
  return Buffer.concat([head, data, crc]);
}

/** Red, green, blue of a pixel read as a little-endian RGBA word. */
const rgb = (c: number) => [c & 255, (c >>> 8) & 255, (c >>> 16) & 255] as const;

/**
 * An opaque RGBA image as an 8-bit indexed PNG (docs/decisions/0066). The card is a few flat
 * colours and the anti-aliased edges between them: the 256 most used colours are the palette and
 * every other (rare, an edge pixel) takes its nearest. One byte a pixel instead of four makes the
 * card about 35 KB instead of 90 KB, and the compression a third of the work. The pixels are read
 * in runs (a card is mostly long runs of one colour), so the palette costs little; the deflate runs
 * on libuv's threads, not the event loop.
 */
export async function indexedPng(rgba: Uint8ClampedArray | Uint8Array, width: number, height: number): Promise<Buffer> {
  const px = new Uint32Array(rgba.buffer, rgba.byteOffset, width * height);
  const counts = new Map<number, number>();
  for (let i = 0; i < px.length;) {
    const c = px[i]!;
    let j = i + 1;
    while (j < px.length && px[j] === c) j++;
    counts.set(c, (counts.get(c) ?? 0) + j - i);
    i = j;
  }
  const byUse = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c);
  const palette = byUse.slice(0, 256);
  const index = new Map<number, number>(palette.map((c, i) => [c, i]));
  for (const c of byUse.slice(256)) {
    const [r, g, b] = rgb(c);
    let best = 0;
    let bestDistance = Infinity;
    for (let i = 0; i < palette.length; i++) {
      const [pr, pg, pb] = rgb(palette[i]!);
      // Weighted as the eye sees: green most, then blue, then red.
      const d = 2 * (pr - r) ** 2 + 4 * (pg - g) ** 2 + 3 * (pb - b) ** 2;
      if (d < bestDistance) {
        bestDistance = d;
        best = i;
      }
    }
    index.set(c, best);
  }

  // Each row: filter type 0 (none), then one palette index a pixel.
  const raw = Buffer.alloc((width + 1) * height);
  let last = -1;
  let lastIndex = 0;
  for (let y = 0; y < height; y++) {
    const row = y * (width + 1);
    for (let x = 0; x < width; x++) {
      const c = px[y * width + x]!;
      if (c !== last) {
        last = c;
        lastIndex = index.get(c)!;
      }
      raw[row + 1 + x] = lastIndex;
    }
  }

  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per index
  header[9] = 3; // colour type: indexed
  const plte = Buffer.alloc(palette.length * 3);
  palette.forEach((c, i) => plte.set(rgb(c), i * 3));
  const idat = await deflateAsync(raw, { level: 6 });
  return Buffer.concat([SIGNATURE, chunk('IHDR', header), chunk('PLTE', plte), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}
