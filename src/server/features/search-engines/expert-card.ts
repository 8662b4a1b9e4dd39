import sharp from 'sharp';
import type { Expert } from '../../../common/experts.js';
import { specialtyLabel } from '../../../common/specialties.js';
import { PRODUCT_NAME } from '../../../common/brand.js';
import { escapeMarkup } from '../../core/markup.js';

/** The size link previews show large (Open Graph's recommended 1.91:1). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

const dollars = (amount: string) => `$${amount.endsWith('.00') ? amount.slice(0, -3) : amount}`;
/** A line cut to fit the card, with an ellipsis. */
const fitted = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

/** The card as SVG: who the expert is, where, how they are rated and what they charge. */
export function expertCardSvg(expert: Expert): string {
  const offers = [
    expert.serviceTypes.includes('video') ? `Video ${dollars(expert.videoRate)} / 30 min` : null,
    expert.serviceTypes.includes('onsite') ? `Onsite from ${dollars(expert.onsiteRate)}/hr` : null,
  ].filter((offer): offer is string => offer !== null);
  const rated = expert.reviewCount > 0 ? `★ ${Number(expert.rating).toFixed(1)} · ${expert.reviewCount} ${expert.reviewCount === 1 ? 'review' : 'reviews'}` : `New on ${PRODUCT_NAME}`;
  const text = (x: number, y: number, size: number, fill: string, value: string, weight = 400) =>
    `<text x="${x}" y="${y}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeMarkup(value)}</text>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}" font-family="DejaVu Sans, Helvetica, Arial, sans-serif">
<defs><linearGradient id="sea" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#081f33"/><stop offset="1" stop-color="#184e77"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#sea)"/>
<path d="M0 560 C200 520 400 600 600 560 S1000 520 1200 560 V630 H0 Z" fill="#123f61"/>
${text(80, 110, 36, '#f4e9d8', PRODUCT_NAME, 700)}
${text(80, 260, 72, '#ffffff', fitted(expert.name, 26), 700)}
${text(80, 340, 40, '#d6e6f3', fitted(`${specialtyLabel(expert.specialty)} · ${expert.city}, ${expert.state}`, 44))}
${text(80, 420, 40, '#fbbf24', rated, 700)}
${text(80, 490, 34, '#ffffff', offers.join('  ·  '))}
</svg>`;
}

/** The card as the PNG link previews read (they do not show SVG). */
export function expertCardPng(expert: Expert): Promise<Buffer> {
  return sharp(Buffer.from(expertCardSvg(expert))).png({ compressionLevel: 9, palette: true }).toBuffer();
}
