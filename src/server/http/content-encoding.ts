import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { ExpiringMap } from '../core/expiring-map.js';

export type ContentEncoding = 'br' | 'gzip';

/** The compression a client accepts, brotli first; undefined for none. */
export function preferredEncoding(accept: string | undefined): ContentEncoding | undefined {
  if (!accept) return undefined;
  if (/\bbr\b/.test(accept)) return 'br';
  if (/\bgzip\b/.test(accept)) return 'gzip';
  return undefined;
}

/**
 * Compressed copies of texts the server sends again and again (the pages' HTML: 1.6 KB, 0.6 KB with
 * brotli, most of it the preload links), each made once and kept a minute: the pages are a handful of
 * texts (an expert's profile differs by its data preload), so nearly every request finds its copy made.
 */
export function createTextCompressor({ ttlMs = 60_000, maxBytes = 2 * 1024 * 1024 } = {}) {
  const copies = new ExpiringMap<string, Buffer>(ttlMs, { maxEntries: Infinity, maxBytes });
  return (text: string, encoding: ContentEncoding, now = Date.now()): Buffer => {
    const key = encoding + text;
    let copy = copies.get(key, now);
    if (!copy) {
      copy =
        encoding === 'br'
          ? brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } })
          : gzipSync(text, { level: 6 });
      copies.set(key, copy, now, copy.length + text.length);
    }
    return copy;
  };
}
