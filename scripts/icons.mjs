/**
 * The installed app's icons (docs/decisions/0051), drawn from the logo in src/client/public/favicon.svg
 * and committed: `node scripts/icons.mjs` after the logo changes. "any" icons are the logo as it is
 * (its rounded square); the maskable one fills the square with the logo's wine colour and keeps the
 * drawing inside the 80% safe circle a launcher may crop to. The logo is two people over a smile (a
 * frown until issue 32: its curve bent up).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createCanvas, loadImage } from '@napi-rs/canvas';

const dir = new URL('../src/client/public/', import.meta.url);
const svg = readFileSync(new URL('favicon.svg', dir));
const WINE = '#7a2e3b';

async function draw(size, { maskable }) {
  const canvas = createCanvas(size, size);
  const ctx = canvas.getContext('2d');
  const logo = await loadImage(svg);
  if (maskable) {
    ctx.fillStyle = WINE;
    ctx.fillRect(0, 0, size, size);
    const inner = Math.round(size * 0.72);
    const at = Math.round((size - inner) / 2);
    ctx.drawImage(logo, at, at, inner, inner);
  } else {
    ctx.drawImage(logo, 0, 0, size, size);
  }
  return canvas.toBuffer('image/png');
}

for (const [name, size, maskable] of [
  ['icon-192.png', 192, false],
  ['icon-512.png', 512, false],
  ['icon-maskable-512.png', 512, true],
  ['apple-touch-icon-180.png', 180, true],
]) {
  writeFileSync(new URL(`icons/${name}`, dir), await draw(size, { maskable }));
  console.log(`src/client/public/icons/${name}`);
}
