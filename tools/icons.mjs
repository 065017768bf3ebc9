// @ts-check
// Renders the app's install icons from their SVG sources (tools/icons/*.svg)
// with headless Chromium, into www/icons/*.png (committed: run this after
// changing a source). The manifest names them.
//
//   node tools/icons.mjs
//
// The PNGs are re-encoded with a palette (the drawings use a few flat colours
// plus their anti-aliased edges), which keeps each a few kilobytes: the first
// visit downloads one of them, and it counts against the page-weight budget.

import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { deflateSync } from 'node:zlib';
import { launchChromium } from './browser.mjs';

/**
 * [source, size, output, colours]. The 192 px icon is the one Chromium
 * fetches on the first visit, so it gets the smallest palette that still
 * draws its edges smoothly.
 */
/** @type {[string, number, string, number][]} */
export const ICONS = [
  ['tools/icons/icon.svg', 192, 'www/icons/icon-192.png', 24],
  ['tools/icons/icon.svg', 512, 'www/icons/icon-512.png', 256],
  ['tools/icons/maskable.svg', 512, 'www/icons/icon-maskable-512.png', 256],
];

/**
 * An 8-bit palette PNG: the `colours` commonest colours exactly (the flat fills
 * among them), every other pixel (a rare anti-aliased edge) as the nearest.
 */
function encodePalettePng(rgba, width, height, colours) {
  const pixels = new Uint32Array(width * height);
  const counts = new Map();
  for (let p = 0; p < pixels.length; p++) {
    const i = p * 4;
    const k = rgba[i + 3] === 0 ? 0 : ((rgba[i] << 24) | (rgba[i + 1] << 16) | (rgba[i + 2] << 8) | rgba[i + 3]) >>> 0;
    pixels[p] = k;
    counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  const palette = [...counts.keys()].sort((a, b) => counts.get(b) - counts.get(a)).slice(0, colours);
  const index = new Map(palette.map((k, i) => [k, i]));
  const channels = (k) => [k >>> 24, (k >>> 16) & 255, (k >>> 8) & 255, k & 255];
  const nearest = (k) => {
    const [r, g, b, a] = channels(k);
    let best = 0;
    let bestDistance = Infinity;
    palette.forEach((q, i) => {
      const [qr, qg, qb, qa] = channels(q);
      // Compare premultiplied colours, so a faint edge matches by its alpha.
      const d = ((r * a - qr * qa) / 255) ** 2 + ((g * a - qg * qa) / 255) ** 2 + ((b * a - qb * qa) / 255) ** 2 + 2 * (a - qa) ** 2;
      if (d < bestDistance) [best, bestDistance] = [i, d];
    });
    return best;
  };
  for (const k of counts.keys()) if (!index.has(k)) index.set(k, nearest(k));
  const keys = pixels;
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0; // filter: none (best for palette images)
    for (let x = 0; x < width; x++) raw[y * (width + 1) + 1 + x] = index.get(keys[y * width + x]);
  }
  const plte = Buffer.alloc(palette.length * 3);
  const trns = Buffer.alloc(palette.length);
  palette.forEach((k, i) => {
    plte[i * 3] = k >>> 24;
    plte[i * 3 + 1] = (k >>> 16) & 255;
    plte[i * 3 + 2] = (k >>> 8) & 255;
    trns[i] = k & 255;
  });
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 3, 0, 0, 0], 8); // 8-bit, palette, deflate, no filter method, no interlace
  const chunks = [chunk('IHDR', ihdr), chunk('PLTE', plte)];
  if (trns.some((a) => a !== 255)) chunks.push(chunk('tRNS', trimTrailing(trns)));
  chunks.push(chunk('IDAT', deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), ...chunks]);
}

function trimTrailing(trns) {
  let end = trns.length;
  while (end > 0 && trns[end - 1] === 255) end--;
  return trns.subarray(0, end);
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 255] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

async function main() {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    mkdirSync('www/icons', { recursive: true });
    for (const [source, size, output, colours] of ICONS) {
      const svgText = readFileSync(source, 'utf8');
      const rgba = await page.evaluate(
        async ({ svgText, size }) => {
          const img = new Image(size, size);
          img.src = `data:image/svg+xml;base64,${btoa(svgText)}`;
          await img.decode();
          const canvas = new OffscreenCanvas(size, size);
          const ctx = canvas.getContext('2d');
          ctx.drawImage(img, 0, 0, size, size);
          return Array.from(ctx.getImageData(0, 0, size, size).data);
        },
        { svgText, size },
      );
      const png = encodePalettePng(Uint8Array.from(rgba), size, size, colours);
      writeFileSync(output, png);
      console.log(`${output}: ${size}×${size}, ${png.length} bytes`);
    }
  } finally {
    await browser.close();
  }
}

await main();
