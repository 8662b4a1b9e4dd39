/**
 * Writes the illustrated demo images shipped with the app:
 *   public/images/experts/<slug>.svg       one portrait per demo expert
 *   public/images/specialties/<value>.svg  one fallback illustration per specialty
 * Output is deterministic: the same data always produces byte-identical files.
 *
 * Run: node --import tsx scripts/generate-demo-images.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SPECIALTY_VALUES, type Specialty } from '../src/common/specialties.js';
import { demoExperts, type DemoExpert } from '../src/server/seed/demo-experts.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const NAVY = '#0c2d48';
const OCEAN = '#1e6091';
const TEAL = '#168aad';
const SAND = '#f4e9d8';
const CORAL = '#e76f51';
const WHITE = '#fffdf8';

function expertSlug(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** FNV-1a, then mulberry32: a tiny seeded PRNG so each slug always gets the same portrait. */
function rng(seed: string): () => number {
  let h = 0x811c9dc5;
  for (const ch of seed) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return () => {
    h = (h + 0x6d2b79f5) | 0;
    let t = Math.imul(h ^ (h >>> 15), 1 | h);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shade(hex: string, factor: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.min(255, Math.round(((n >> shift) & 255) * factor));
  return `#${((channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).padStart(6, '0')}`;
}

function svg(width: number, height: number, body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">${body}</svg>\n`;
}

// ---------------------------------------------------------------- portraits

const SKIN = ['#fbdcc4', '#f3c9a2', '#e8b48a', '#d39a6a', '#b97b4b', '#9a6039', '#7a4a2a', '#5c3920'];
const HAIR = ['#1d1a18', '#2e221b', '#4a3326', '#6e4a30', '#8f4a25', '#c99a55'];
const GREY_HAIR = ['#8e8e8e', '#b5b5b0', '#d6d4cf'];
const BACKGROUNDS = ['#cfe8f3', '#d8f0e6', '#fde3d6', SAND, '#e3e7f7', '#fbe9c4', '#d7eef0'];
const SHIRTS = [NAVY, '#23486e', TEAL, '#11706a', CORAL, '#e08a3c'];

/**
 * The hash alone would hand out beards and hairstyles at random; experts listed here get
 * longer hairstyles and never a beard, so each portrait suits the name next to it.
 */
const LONGER_HAIR = new Set([
  'adriana', 'alicia', 'beatriz', 'caroline', 'claire', 'dana', 'devika', 'gina', 'hannah', 'ingrid', 'keisha',
  'lorena', 'marisol', 'megan', 'mei', 'natalia', 'olivia', 'rachel', 'rosa', 'sofia', 'tamika',
]);

type HairStyle = 'short' | 'buzz' | 'curly' | 'bald' | 'long' | 'bun' | 'ponytail' | 'bob';

const HAIR_BACK: Partial<Record<HairStyle, string>> = {
  long: 'M126 196C116 104 162 82 200 82s84 22 74 114l14 112c-40 22-136 22-176 0z',
  bob: 'M128 200C118 104 162 84 200 84s82 20 72 116l6 52c-30 14-126 14-156 0z',
  bun: 'M200 56a34 34 0 1 1 0 68a34 34 0 1 1 0-68z',
  ponytail: 'M250 118c44 8 52 60 40 120c-6 30-22 44-30 40c8-40 12-90-22-130z',
};

/** Under a cap only the hair below the brim shows. */
const CAPPED_HAIR_BACK: Partial<Record<HairStyle, string>> = {
  long: 'M130 156h140l18 152c-40 22-136 22-176 0z',
  bob: 'M130 156h140l8 96c-30 14-126 14-156 0z',
  ponytail: HAIR_BACK.ponytail,
};

const HAIR_FRONT: Record<HairStyle, string> = {
  short: 'M134 184C126 112 170 92 206 96c44 4 70 34 60 88c-14-34-34-48-66-48c-30 0-54 14-66 48z',
  buzz: 'M138 168C134 116 168 100 200 100s66 16 62 68c-12-30-32-44-62-44s-50 14-62 44z',
  curly: '',
  bald: 'M136 198c-2-24 2-40 12-48v48zM264 198c2-24-2-40-12-48v48z',
  long: 'M134 194C126 116 168 96 204 98c44 2 70 34 62 96c-10-40-30-62-60-70c-12 28-42 52-72 70z',
  bob: 'M132 196C124 114 166 94 204 96c42 2 70 34 64 100c-18-40-44-58-68-60c-26 4-52 22-68 60z',
  bun: 'M136 180C132 122 166 104 200 104s68 18 64 76c-10-32-32-50-64-50s-54 18-64 50z',
  ponytail: 'M136 182C132 120 166 102 202 102s66 18 62 80c-12-32-34-48-62-48c-30 0-54 16-66 48z',
};

function curls(color: string): string {
  let out = `<ellipse cx="200" cy="128" rx="62" ry="34" fill="${color}"/>`;
  for (let i = 0; i <= 8; i++) {
    const a = Math.PI * (1.06 + (i * 0.88) / 8);
    out += `<circle cx="${(200 + 64 * Math.cos(a)).toFixed(0)}" cy="${(170 + 70 * Math.sin(a)).toFixed(0)}" r="23" fill="${color}"/>`;
  }
  return out;
}

function portrait(expert: DemoExpert, slug: string): string {
  const rand = rng(slug);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)]!;

  const longer = LONGER_HAIR.has(slug.split('-')[0]!);
  const skin = pick(SKIN);
  const skinShade = shade(skin, 0.86);
  // Senior experts go grey more often than not; it makes the seniority visible at a glance.
  const hair = expert.experience >= 24 && rand() < 0.75 ? pick(GREY_HAIR) : pick(HAIR);
  const style = pick<HairStyle>(longer ? ['long', 'bob', 'bun', 'ponytail', 'curly'] : ['short', 'buzz', 'curly', 'bald', 'short']);
  const cap = rand() < 0.22;
  const beard = !longer && rand() < 0.4;
  const glasses = rand() < 0.22;
  const shirt = pick(SHIRTS);
  const bg = pick(BACKGROUNDS);
  const round = rand() < 0.5;

  const shape = round ? '<circle cx="200" cy="200" r="200"/>' : '<rect width="400" height="400" rx="56"/>';
  const stroke = (d: string, color: string, width: number) =>
    `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" stroke-linecap="round"/>`;

  let head = '';
  const back = cap ? CAPPED_HAIR_BACK[style] : HAIR_BACK[style];
  if (back) head += `<path d="${back}" fill="${hair}"/>`;
  head +=
    `<path d="M40 400c0-70 60-108 160-108s160 38 160 108z" fill="${shirt}"/>` +
    `<path d="M172 236h56v56l-28 34-28-34z" fill="${skinShade}"/>` +
    `<path d="M168 288l32 38-20 24-30-46zM232 288l-32 38 20 24 30-46z" fill="${shade(shirt, 0.72)}"/>` +
    `<path d="M200 326v74" stroke="${shade(shirt, 0.72)}" stroke-width="4"/>` +
    `<circle cx="200" cy="346" r="4" fill="${SAND}"/><circle cx="200" cy="370" r="4" fill="${SAND}"/>` +
    `<rect x="246" y="342" width="30" height="18" rx="5" fill="${shirt === CORAL || shirt === '#e08a3c' ? NAVY : SAND}" opacity=".85"/>` +
    `<circle cx="136" cy="190" r="15" fill="${skinShade}"/><circle cx="264" cy="190" r="15" fill="${skinShade}"/>` +
    `<ellipse cx="200" cy="180" rx="64" ry="76" fill="${skin}"/>`;

  if (beard) {
    const full = rand() < 0.6;
    head += `<path d="M136 188c0 62 30 86 64 86s64-24 64-86c-6 30-20 46-38 46c-12-8-40-8-52 0c-18 0-32-16-38-46z" fill="${hair}" opacity="${full ? 1 : 0.55}"/>`;
  }

  if (cap) {
    const capColor = pick([NAVY, CORAL, TEAL, '#c9b48f', OCEAN].filter((c) => c !== shirt));
    head +=
      (back ? '' : `<path d="${HAIR_FRONT.bald}" fill="${hair}"/>`) +
      `<path d="M132 162C130 106 166 86 200 86s70 20 68 76z" fill="${capColor}"/>` +
      `<path d="M200 88v74" stroke="${shade(capColor, 0.8)}" stroke-width="3"/>` +
      `<ellipse cx="200" cy="160" rx="78" ry="13" fill="${shade(capColor, 0.78)}"/>` +
      `<circle cx="200" cy="88" r="6" fill="${shade(capColor, 0.8)}"/>`;
  } else {
    head += style === 'curly' ? curls(hair) : `<path d="${HAIR_FRONT[style]}" fill="${hair}"/>`;
  }

  const brow = shade(hair, hair.startsWith('#d') || hair.startsWith('#b') ? 0.7 : 1);
  head +=
    stroke('M164 172q13-9 26 0M210 172q13-9 26 0', brow, 5) +
    `<circle cx="178" cy="192" r="6.5" fill="#2b2522"/><circle cx="222" cy="192" r="6.5" fill="#2b2522"/>` +
    `<circle cx="180" cy="190" r="2" fill="#fff"/><circle cx="224" cy="190" r="2" fill="#fff"/>` +
    stroke('M200 200q-7 16 3 20', skinShade, 4) +
    stroke('M180 234q20 18 40 0', beard ? '#c98a7e' : '#8a3b30', 5) +
    `<circle cx="160" cy="218" r="11" fill="${CORAL}" opacity=".16"/><circle cx="240" cy="218" r="11" fill="${CORAL}" opacity=".16"/>`;

  if (glasses) {
    head += `<g fill="#fff" fill-opacity=".18" stroke="#1f2a33" stroke-width="4"><circle cx="178" cy="192" r="17"/><circle cx="222" cy="192" r="17"/><path d="M195 190h10M161 190l-22-4M239 190l22-4"/></g>`;
  }

  return svg(400, 400, `<clipPath id="c">${shape}</clipPath><g clip-path="url(#c)"><rect width="400" height="400" fill="${bg}"/>${head}</g>`);
}

// ---------------------------------------------------------------- specialty illustrations

const WAVE = (y: number) => `M0 ${y}q50-15 100 0t100 0t100 0t100 0t100 0t100 0t100 0t100 0V500H0z`;

/** Shared 800x500 scene: sand sky and a sun, the illustration, then water (or a boatyard) in front. */
function scene(body: string, options: { ground?: boolean; sky?: string } = {}): string {
  const back = options.ground
    ? `<rect y="420" width="800" height="80" fill="#e4d2b3"/><path d="M0 420h800" stroke="${shade('#e4d2b3', 0.85)}" stroke-width="6"/>`
    : `<path d="${WAVE(392)}" fill="${TEAL}"/>`;
  const front = options.ground
    ? ''
    : `<path d="${WAVE(428)}" fill="${OCEAN}" opacity=".92"/><path d="${WAVE(466)}" fill="${NAVY}"/>`;
  return svg(
    800,
    500,
    `<rect width="800" height="500" fill="${options.sky ?? SAND}"/><circle cx="668" cy="104" r="54" fill="${CORAL}" opacity=".22"/>${back}${body}${front}`,
  );
}

const SPARKLE = 'M0-30C4-4 4-4 30 0C4 4 4 4 0 30C-4 4-4 4-30 0C-4-4-4-4 0-30z';
const SNOWFLAKE = `<g id="f" stroke="${TEAL}" stroke-width="6" stroke-linecap="round" fill="none"><path d="M0-40V40M-35-20L35 20M-35 20L35-20M-10-32L0-22L10-32M-10 32L0 22L10 32M-33-8L-21-11L-24-23M33 8L21 11L24 23M-33 8L-21 11L-24 23M33-8L21-11L24-23"/></g>`;

const SPECIALTY_ART: Record<Specialty, () => string> = {
  engines: () =>
    scene(
      `<path d="M516 196H800V414H566Q526 380 516 196z" fill="${WHITE}"/><path d="M517 222H800v14H518z" fill="${CORAL}"/><path d="M523 320H800V414H566Q532 384 523 320z" fill="${NAVY}"/>` +
        `<rect x="476" y="176" width="48" height="100" rx="8" fill="${NAVY}"/><circle cx="496" cy="204" r="7" fill="${SAND}"/><circle cx="496" cy="248" r="7" fill="${SAND}"/>` +
        `<rect x="300" y="64" width="196" height="150" rx="46" fill="${NAVY}"/>` +
        `<rect x="300" y="150" width="196" height="16" fill="${CORAL}"/>` +
        `<path d="M326 96q40-18 90-14" stroke="#fff" stroke-opacity=".25" stroke-width="10" stroke-linecap="round" fill="none"/>` +
        `<path d="M330 214h140l-14 40h-112z" fill="${OCEAN}"/>` +
        `<rect x="368" y="252" width="62" height="120" fill="#5b7d96"/>` +
        `<rect x="330" y="352" width="140" height="12" rx="6" fill="${NAVY}"/>` +
        `<ellipse cx="392" cy="386" rx="78" ry="20" fill="${NAVY}"/><path d="M386 400h26l-8 44h-12z" fill="${NAVY}"/>` +
        `<ellipse cx="312" cy="356" rx="11" ry="30" fill="${CORAL}"/><ellipse cx="312" cy="416" rx="11" ry="30" fill="${CORAL}"/>` +
        `<circle cx="314" cy="386" r="12" fill="${shade(CORAL, 0.75)}"/>` +
        `<g fill="#fff" opacity=".7"><circle cx="270" cy="370" r="8"/><circle cx="250" cy="392" r="5"/><circle cx="262" cy="410" r="6"/></g>`,
    ),
  electronics: () =>
    scene(
      `<clipPath id="s"><rect x="240" y="104" width="262" height="210" rx="10"/></clipPath>` +
        `<rect x="344" y="330" width="112" height="26" rx="8" fill="${OCEAN}"/><rect x="384" y="318" width="32" height="24" fill="${NAVY}"/>` +
        `<rect x="214" y="80" width="372" height="258" rx="28" fill="${NAVY}"/>` +
        `<g clip-path="url(#s)"><rect x="240" y="104" width="262" height="210" fill="#cdeef5"/>` +
        `<path d="M240 104h140c-6 40-52 44-72 86c-16 34-44 46-68 52z" fill="#e9d8b6"/><path d="M502 236c-40 4-60 30-62 78h62z" fill="#e9d8b6"/>` +
        `<path d="M240 262c40-10 60-40 86-80s56-50 62-78M252 300c60-12 86-50 110-96s54-70 70-100M330 314c40-30 90-40 120-80" stroke="${TEAL}" stroke-opacity=".45" stroke-width="3" fill="none"/>` +
        `<path d="M298 286L356 226L424 198L470 140" stroke="${CORAL}" stroke-width="5" stroke-dasharray="12 9" fill="none"/>` +
        `<circle cx="356" cy="226" r="7" fill="${CORAL}"/><circle cx="424" cy="198" r="7" fill="${CORAL}"/><circle cx="470" cy="140" r="9" fill="none" stroke="${CORAL}" stroke-width="4"/>` +
        `<path d="M298 268l12 30h-24z" fill="${NAVY}" transform="rotate(45 298 286)"/>` +
        `<path d="M240 104h262l-180 210h-82z" fill="#fff" opacity=".18"/></g>` +
        `<circle cx="545" cy="130" r="12" fill="${OCEAN}"/><circle cx="545" cy="170" r="12" fill="${OCEAN}"/>` +
        `<circle cx="545" cy="232" r="24" fill="${TEAL}"/><circle cx="545" cy="232" r="10" fill="${NAVY}"/><circle cx="545" cy="292" r="9" fill="${CORAL}"/>`,
    ),
  winterization: () =>
    scene(
      `<defs>${SNOWFLAKE}</defs>` +
        `<path d="M186 318H628L592 400H262Q218 372 186 318z" fill="${WHITE}"/><path d="M204 346H616l-10 20H228z" fill="${CORAL}"/>` +
        `<path d="M196 322C214 196 322 156 416 156c104 0 186 60 200 166z" fill="${OCEAN}"/>` +
        `<path d="M262 212c40-40 100-52 154-52c60 0 110 22 146 58c-40-20-90-30-146-30c-56 0-110 10-154 24z" fill="#fff"/>` +
        `<path d="M300 190c10 50 12 90 8 132M416 158v164M530 182c-10 50-12 94-8 140" stroke="${NAVY}" stroke-opacity=".35" stroke-width="6" fill="none"/>` +
        `<rect x="450" y="250" width="36" height="18" rx="4" fill="${NAVY}" opacity=".5"/>` +
        `<use href="#f" transform="translate(150 130)"/><use href="#f" transform="translate(690 250) scale(.6)"/>` +
        `<use href="#f" transform="translate(260 70) scale(.45)"/><use href="#f" transform="translate(560 78) scale(.5)"/>`,
      { sky: '#e6f0f3' },
    ),
  rigging: () =>
    scene(
      `<path d="M420 70L244 372M424 70L604 372" stroke="${NAVY}" stroke-width="2.5"/>` +
        `<rect x="416" y="64" width="10" height="312" rx="3" fill="${NAVY}"/><path d="M426 64l22 8-22 8z" fill="${CORAL}"/>` +
        `<path d="M430 82Q488 210 588 344H430z" fill="${WHITE}"/><path d="M446 140l30-8M450 204l52-12M452 272l76-16" stroke="${SAND}" stroke-width="5"/>` +
        `<path d="M412 92V340L262 354z" fill="${CORAL}"/><path d="M412 92L262 354" stroke="${shade(CORAL, 0.8)}" stroke-width="4"/>` +
        `<rect x="424" y="344" width="174" height="9" rx="4" fill="${NAVY}"/>` +
        `<path d="M226 366H614L588 412H302Q258 398 226 366z" fill="${NAVY}"/><path d="M250 380H606l-6 10H270z" fill="${TEAL}"/>`,
    ),
  plumbing: () =>
    scene(
      `<path d="M96 214H330V330H560V176H690" stroke="${OCEAN}" stroke-width="42" stroke-linejoin="round" fill="none"/>` +
        `<path d="M96 206H322V322H552V168H690" stroke="#fff" stroke-opacity=".22" stroke-width="8" stroke-linejoin="round" fill="none"/>` +
        `<g fill="${NAVY}"><rect x="190" y="184" width="22" height="60" rx="4"/><rect x="300" y="260" width="60" height="22" rx="4"/><rect x="600" y="146" width="22" height="60" rx="4"/><rect x="530" y="240" width="60" height="22" rx="4"/><rect x="676" y="144" width="24" height="64" rx="4"/></g>` +
        `<rect x="410" y="300" width="72" height="60" rx="10" fill="${NAVY}"/><rect x="438" y="256" width="16" height="48" fill="${NAVY}"/>` +
        `<circle cx="446" cy="242" r="42" fill="none" stroke="${CORAL}" stroke-width="13"/><path d="M446 200v84M404 242h84" stroke="${CORAL}" stroke-width="9"/><circle cx="446" cy="242" r="12" fill="${shade(CORAL, 0.75)}"/>` +
        `<path d="M200 184v-30" stroke="${NAVY}" stroke-width="12"/><circle cx="200" cy="122" r="36" fill="${WHITE}" stroke="${NAVY}" stroke-width="9"/><path d="M200 122l16-18" stroke="${CORAL}" stroke-width="6" stroke-linecap="round"/>` +
        `<g fill="${TEAL}"><path d="M700 226c8 12 12 19 12 25a12 12 0 0 1-24 0c0-6 4-13 12-25z"/><path d="M700 282c6 9 9 14 9 19a9 9 0 0 1-18 0c0-5 3-10 9-19z"/></g>`,
    ),
  navigation: () =>
    scene(
      `<circle cx="400" cy="236" r="176" fill="${NAVY}"/><circle cx="400" cy="236" r="154" fill="${WHITE}"/>` +
        `<circle cx="400" cy="236" r="140" fill="none" stroke="${NAVY}" stroke-opacity=".5" stroke-width="14" stroke-dasharray="2.2 10"/>` +
        `<g transform="rotate(45 400 236)" fill="${TEAL}"><path d="M400 130L416 236L400 342L384 236z"/><path d="M294 236L400 220L506 236L400 252z"/></g>` +
        `<path d="M400 96L400 236L372 236z" fill="${CORAL}"/><path d="M400 96L428 236L400 236z" fill="${shade(CORAL, 0.78)}"/>` +
        `<path d="M400 376L400 236L428 236z" fill="${OCEAN}"/><path d="M400 376L372 236L400 236z" fill="${NAVY}"/>` +
        `<path d="M260 236L400 236L400 208z" fill="${NAVY}"/><path d="M260 236L400 236L400 264z" fill="${OCEAN}"/>` +
        `<path d="M540 236L400 236L400 264z" fill="${NAVY}"/><path d="M540 236L400 236L400 208z" fill="${OCEAN}"/>` +
        `<circle cx="400" cy="236" r="16" fill="${SAND}" stroke="${NAVY}" stroke-width="5"/>` +
        `<path d="M400 40l16 26h-32z" fill="${CORAL}"/>`,
    ),
  hull: () =>
    scene(
      `<clipPath id="h"><path id="hp" d="M130 186H706C690 258 646 326 566 356C470 390 310 386 170 344z"/></clipPath>` +
        `<path d="M296 186V152Q296 136 316 136H506Q548 142 580 186z" fill="${WHITE}"/><path d="M330 150h60v20h-60zM410 150h60v20h-60z" fill="${OCEAN}" opacity=".8"/>` +
        `<g clip-path="url(#h)"><rect x="100" y="180" width="620" height="220" fill="${NAVY}"/><rect x="100" y="292" width="620" height="120" fill="${CORAL}"/><rect x="100" y="284" width="620" height="10" fill="${SAND}"/></g>` +
        `<rect x="126" y="182" width="584" height="8" rx="4" fill="${WHITE}"/>` +
        `<rect x="410" y="382" width="70" height="40" fill="#b08a5a"/><path d="M410 394h70M410 408h70" stroke="#8c6a42" stroke-width="3"/>` +
        `<path d="M234 420l26-60 26 60M586 420l20-56 20 56" stroke="${OCEAN}" stroke-width="9" fill="none" stroke-linejoin="round"/>` +
        `<rect x="244" y="350" width="32" height="10" rx="3" fill="${NAVY}"/><rect x="590" y="356" width="32" height="10" rx="3" fill="${NAVY}"/>`,
      { ground: true },
    ),
  electrical: () =>
    scene(
      `<path d="M322 118C322 58 214 54 168 128" stroke="${CORAL}" stroke-width="12" fill="none" stroke-linecap="round"/>` +
        `<path d="M478 118C478 58 586 54 632 128" stroke="${NAVY}" stroke-width="12" fill="none" stroke-linecap="round"/>` +
        `<rect x="300" y="112" width="44" height="40" rx="6" fill="${CORAL}"/><rect x="456" y="112" width="44" height="40" rx="6" fill="#c9b48f"/>` +
        `<rect x="244" y="144" width="312" height="228" rx="24" fill="${NAVY}"/><rect x="262" y="164" width="276" height="16" rx="8" fill="${OCEAN}"/>` +
        `<path d="M306 218h32v8h-32zM318 206h8v32h-8zM462 218h32v8h-32z" fill="${SAND}"/>` +
        `<path d="M424 206L362 292H404L382 352L454 262H410L432 206z" fill="${CORAL}" stroke="${SAND}" stroke-width="5" stroke-linejoin="round"/>`,
    ),
  canvas: () =>
    scene(
      `<path d="M312 184L242 336M578 184L628 336" stroke="${NAVY}" stroke-width="3"/>` +
        `<path d="M346 336L372 182M548 336L522 182" stroke="#8fa6b6" stroke-width="7" stroke-linecap="round"/>` +
        `<path d="M300 184Q440 104 592 184L580 204Q440 140 312 204z" fill="${TEAL}"/><path d="M300 184Q440 104 592 184" stroke="${NAVY}" stroke-width="6" fill="none"/>` +
        `<path d="M380 134l8 42M446 124v44M510 132l-6 42" stroke="${NAVY}" stroke-opacity=".3" stroke-width="3"/>` +
        `<rect x="400" y="262" width="92" height="76" rx="10" fill="${WHITE}"/><path d="M404 262L418 232H474L486 262z" fill="${TEAL}" opacity=".55"/>` +
        `<rect x="318" y="300" width="74" height="32" rx="8" fill="${CORAL}"/>` +
        `<path d="M166 330H646L616 404H246Q198 376 166 330z" fill="${WHITE}"/><path d="M184 352H640l-8 20H214z" fill="${NAVY}"/>`,
    ),
  detailing: () =>
    scene(
      `<defs><path id="k" d="${SPARKLE}"/></defs>` +
        `<path d="M262 300V250Q262 232 286 232H520Q572 240 612 300z" fill="${WHITE}"/><path d="M300 252h190v18H300z" fill="${NAVY}" opacity=".85"/>` +
        `<path d="M140 296H676C664 340 632 382 566 398H236Q178 362 140 296z" fill="${NAVY}"/>` +
        `<path d="M186 314H620Q612 328 596 334H212z" fill="#fff" opacity=".3"/><path d="M300 360h200" stroke="#fff" stroke-opacity=".18" stroke-width="8" stroke-linecap="round"/>` +
        `<g fill="#fff"><use href="#k" transform="translate(560 344) scale(.9)"/><use href="#k" transform="translate(330 330) scale(.45)"/></g>` +
        `<g fill="${CORAL}"><use href="#k" transform="translate(620 210) scale(1.2)"/><use href="#k" transform="translate(210 200) scale(.8)"/><use href="#k" transform="translate(700 280) scale(.5)"/></g>` +
        `<use href="#k" fill="${TEAL}" transform="translate(420 150) scale(.7)"/>`,
    ),
  maintenance: () =>
    scene(
      `<circle cx="230" cy="150" r="66" fill="${TEAL}"/><circle cx="230" cy="150" r="80" fill="none" stroke="${TEAL}" stroke-width="26" stroke-dasharray="20 21.9"/><circle cx="230" cy="150" r="26" fill="${SAND}"/>` +
        `<g transform="rotate(-32 430 200)"><rect x="290" y="186" width="280" height="30" rx="15" fill="${CORAL}"/>` +
        `<circle cx="280" cy="201" r="44" fill="${CORAL}"/><circle cx="580" cy="201" r="44" fill="${CORAL}"/>` +
        `<rect x="232" y="186" width="48" height="30" fill="${SAND}"/><rect x="584" y="188" width="42" height="26" fill="${SAND}"/></g>` +
        `<path d="M470 340V304Q470 292 486 292H568Q596 300 612 340z" fill="${WHITE}"/><path d="M494 304h56v16h-56z" fill="${OCEAN}"/>` +
        `<path d="M236 336H660L628 404H318Q266 378 236 336z" fill="${NAVY}"/><path d="M258 352H652l-6 12H276z" fill="${TEAL}"/>`,
    ),
};

function write(relativePath: string, contents: string): number {
  const path = join(root, relativePath);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, contents);
  return Buffer.byteLength(contents);
}

for (const expert of demoExperts) {
  const slug = expertSlug(expert.name);
  const expected = `/images/experts/${slug}.svg`;
  if (expert.profileImage !== expected) {
    throw new Error(`${expert.name}: profileImage should be ${expected}, not ${expert.profileImage}`);
  }
  const bytes = write(`public${expected}`, portrait(expert, slug));
  if (bytes > 4096) throw new Error(`${expected} is ${bytes} bytes; portraits must stay under 4 KB`);
}

for (const value of SPECIALTY_VALUES) {
  const path = `public/images/specialties/${value}.svg`;
  const bytes = write(path, SPECIALTY_ART[value]());
  if (bytes > 6144) throw new Error(`${path} is ${bytes} bytes; illustrations must stay under 6 KB`);
}

console.log(`Wrote ${demoExperts.length} expert portraits and ${SPECIALTY_VALUES.length} specialty illustrations.`);
