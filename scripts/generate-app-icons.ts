/**
 * Writes the installed app's icons (docs/PRODUCT.md#installable-app-and-push) from the anchor of
 * public/favicon.svg, into public/icons:
 *   icon-192.png, icon-512.png   the manifest's icons: the favicon's rounded navy tile
 *   icon-maskable-512.png        full-bleed navy, the anchor inside the central safe zone, for launchers that cut their own shape
 *   apple-touch-icon.png         180 px, full-bleed (iOS rounds the corners itself)
 *   badge-96.png                 the anchor alone, white on transparent: Android's status-bar badge of a notification
 *
 * Run: node --import tsx scripts/generate-app-icons.ts
 */
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'public/icons');

const NAVY = '#0c2d48';
const SAND = '#f4e9d8';
const TEAL = '#168aad';

/** The favicon's anchor, drawn in its 64-unit box. */
const anchor = (stroke: string, ring: string) =>
  `<path d="M32 10v34M22 18h20M32 44c-8 0-14-5-16-11m16 11c8 0 14-5 16-11" stroke="${stroke}" stroke-width="5" fill="none" stroke-linecap="round"/><circle cx="32" cy="12" r="4" fill="${ring}"/>`;

/** The anchor scaled by `scale` about the box's centre (its drawing spans y 8 to 44, so it is lifted to centre it). */
const centred = (scale: number, body: string) => `<g transform="translate(32 32) scale(${scale}) translate(-32 -26)">${body}</g>`;

const svg = (inner: string) => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64">${inner}</svg>`;

const ICONS: { name: string; size: number; svg: string }[] = [
  { name: 'icon-192.png', size: 192, svg: svg(`<rect width="64" height="64" rx="14" fill="${NAVY}"/>${centred(1, anchor(SAND, TEAL))}`) },
  { name: 'icon-512.png', size: 512, svg: svg(`<rect width="64" height="64" rx="14" fill="${NAVY}"/>${centred(1, anchor(SAND, TEAL))}`) },
  // A maskable icon's safe zone is the central circle of 80% of its width: the anchor stays within 60%.
  { name: 'icon-maskable-512.png', size: 512, svg: svg(`<rect width="64" height="64" fill="${NAVY}"/>${centred(0.8, anchor(SAND, TEAL))}`) },
  { name: 'apple-touch-icon.png', size: 180, svg: svg(`<rect width="64" height="64" fill="${NAVY}"/>${centred(0.9, anchor(SAND, TEAL))}`) },
  { name: 'badge-96.png', size: 96, svg: svg(centred(1.3, anchor('#ffffff', '#ffffff'))) },
];

mkdirSync(out, { recursive: true });
for (const icon of ICONS) {
  await sharp(Buffer.from(icon.svg), { density: (72 * icon.size) / 64 })
    .resize(icon.size, icon.size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(join(out, icon.name));
  console.log(`public/icons/${icon.name}`);
}
