import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { compressBody, createTextCompressor, preferredEncoding } from './content-encoding.js';

describe('compressed answers', () => {
  it('prefers brotli, then gzip, and sends plain text to a client that names neither', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeUndefined();
    expect(preferredEncoding('brotli-ish')).toBeUndefined();
    expect(preferredEncoding(undefined)).toBeUndefined();
  });

  it('compresses a text once while it is kept, and decodes to the same text', () => {
    const compress = createTextCompressor({ ttlMs: 1_000 });
    const page = `<!doctype html><div id="root">${'<p class="mt-1 text-slate-600">Onsite Marine Service</p>'.repeat(200)}</div>`;
    const br = compress(page, 'br', 0);
    expect(brotliDecompressSync(br).toString()).toBe(page);
    expect(gunzipSync(compress(page, 'gzip', 0)).toString()).toBe(page);
    expect(br.length).toBeLessThan(page.length / 10);
    expect(compress(page, 'br', 500)).toBe(br);
    expect(compress(`${page} `, 'br', 500)).not.toBe(br);
    expect(compress(page, 'br', 1_500)).not.toBe(br);
  });

  it('keeps a compressed copy in memory of its own size, not in the 16 KB output chunk of zlib', () => {
    const body = Buffer.from(JSON.stringify(Array.from({ length: 24 }, (_, id) => ({ id, name: `Expert ${id}`, bio: 'Diesel and outboard repair.' }))));
    for (const encoding of ['br', 'gzip'] as const) {
      const copy = compressBody(body, encoding, { brotliQuality: 1, brotliWindowBits: 16 });
      expect(copy.buffer.byteLength).toBe(copy.length);
      expect((encoding === 'br' ? brotliDecompressSync(copy) : gunzipSync(copy)).equals(body)).toBe(true);
    }
  });
});
