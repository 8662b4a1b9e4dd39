import sharp from 'sharp';

/** A drawn scene with hard edges, fine lines and small print, like a close-up of an engine part. */
function sceneSvg(width: number, height: number): Buffer {
  const bolts = Array.from({ length: 12 }, (_, i) => {
    const x = 120 + (i % 6) * 170;
    const y = 200 + Math.floor(i / 6) * 420;
    return `<circle cx="${x}" cy="${y}" r="34" fill="#8a9399" stroke="#2b3033" stroke-width="6"/><path d="M${x - 20} ${y}h40M${x} ${y - 20}v40" stroke="#2b3033" stroke-width="5"/>`;
  }).join('');
  const hoses = Array.from({ length: 9 }, (_, i) => `<path d="M0 ${300 + i * 40} C 300 ${200 + i * 50}, 700 ${500 - i * 20}, 1200 ${330 + i * 35}" stroke="${i % 2 ? '#1b1b1b' : '#c0392b'}" stroke-width="9" fill="none"/>`).join('');
  const label = Array.from({ length: 6 }, (_, i) => `<text x="430" y="${380 + i * 26}" font-size="20" font-family="sans-serif" fill="#111">SERIAL 6AW-${1000 + i * 37} MAX 5800 RPM</text>`).join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 1200 900">
      <rect width="1200" height="900" fill="#5f7480"/>
      <rect x="80" y="120" width="1040" height="660" rx="40" fill="#d9dde0" stroke="#222" stroke-width="8"/>
      ${hoses}${bolts}
      <rect x="400" y="340" width="420" height="190" fill="#f4f1e8" stroke="#333" stroke-width="4"/>${label}
    </svg>`,
  );
}

/** Photos made for tests: a clear, well-lit scene, and the same scene dark, blurred or tiny. */
export async function goodPhoto(width = 1200, height = 900): Promise<Buffer> {
  return sharp(sceneSvg(width, height)).jpeg({ quality: 90 }).toBuffer();
}

export async function darkPhoto(): Promise<Buffer> {
  return sharp(await goodPhoto()).linear(0.15, 0).jpeg().toBuffer();
}

export async function blurredPhoto(): Promise<Buffer> {
  return sharp(await goodPhoto()).blur(6).jpeg().toBuffer();
}

export async function smallPhoto(): Promise<Buffer> {
  return sharp(await goodPhoto()).resize(320, 240).jpeg().toBuffer();
}
