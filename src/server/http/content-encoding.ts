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

export interface CompressOptions {
  /** 0 to 11; 4 unless told. */
  brotliQuality?: number;
  /** log2 of brotli's window; its default (22, 4 MB) unless told. */
  brotliWindowBits?: number;
}

/**
 * The bytes compressed, in a buffer of their own size. zlib's one-shot calls answer a view of their whole
 * output chunk, so a kept small copy would hold the chunk, many times its size, alive.
 */
export function compressBody(body: string | Buffer, encoding: ContentEncoding, options: CompressOptions = {}): Buffer {
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: options.brotliQuality ?? 4,
            ...(options.brotliWindowBits && { [constants.BROTLI_PARAM_LGWIN]: options.brotliWindowBits }),
          },
        })
      : gzipSync(body, { level: 6 });
  const own = Buffer.allocUnsafeSlow(compressed.length);
  compressed.copy(own);
  return own;
}

/**
 * Compressed copies of texts the server sends again and again (the pages' HTML, most of it the preload
 * links), each made once and kept a minute: the pages are a handful of
 * texts (an expert's profile differs by its data preload), so nearly every request finds its copy made.
 */
export function createTextCompressor({ ttlMs = 60_000, maxBytes = 2 * 1024 * 1024 } = {}) {
  const copies = new ExpiringMap<string, Buffer>(ttlMs, { maxEntries: Infinity, maxBytes });
  return (text: string, encoding: ContentEncoding, now = Date.now()): Buffer => {
    const key = encoding + text;
    let copy = copies.get(key, now);
    if (!copy) {
      copy = compressBody(text, encoding);
      copies.set(key, copy, now, copy.length + text.length);
    }
    return copy;
  };
}
