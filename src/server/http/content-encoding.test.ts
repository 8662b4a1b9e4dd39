import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createTextCompressor, preferredEncoding } from './content-encoding.js';

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
});
