import { describe, expect, it } from 'vitest';
import { escapeMarkup } from './markup.js';

describe('escapeMarkup', () => {
  it('escapes the five characters that end text or an attribute', () => {
    expect(escapeMarkup(`<a href="x">Tom & Jerry's</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;');
  });

  it('leaves other text alone', () => {
    expect(escapeMarkup('Annapolis, MD — 5★')).toBe('Annapolis, MD — 5★');
  });
});
