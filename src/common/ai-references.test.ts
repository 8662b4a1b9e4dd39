import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { formatReferences, normalizeReferenceUrl, parseReferences } from './ai-references.js';

describe('parseReferences', () => {
  it("reads '[n] title - url' and '[n] url' lines after the marker", () => {
    const text = [
      'Check the impeller first [1], then the thermostat [2].',
      '',
      '**References:**',
      '[1] Changing the impeller - https://www.yachtingmonthly.com/sailing-skills/things-practise-harbour-changing-impeller-61072',
      '[2] https://www.boatus.com/expert-advice',
    ].join('\n');
    const { body, references } = parseReferences(text);
    expect(body).toBe('Check the impeller first [1], then the thermostat [2].');
    expect(references).toEqual([
      {
        n: 1,
        title: 'Changing the impeller',
        url: 'https://www.yachtingmonthly.com/sailing-skills/things-practise-harbour-changing-impeller-61072',
      },
      { n: 2, title: 'https://www.boatus.com/expert-advice', url: 'https://www.boatus.com/expert-advice' },
    ]);
  });

  it('prefixes a url without a scheme with https', () => {
    const { references } = parseReferences('x\n**References:**\n[1] Yamaha - yamahaoutboards.com/owners\n[2] www.boatus.org');
    expect(references.map((r) => r.url)).toEqual(['https://yamahaoutboards.com/owners', 'https://www.boatus.org/']);
  });

  it('keeps a title with dashes in it', () => {
    const { references } = parseReferences('**References:**\n[1] Top 10 - outboard mistakes - https://boatmaxonline.com/x');
    expect(references[0]).toEqual({ n: 1, title: 'Top 10 - outboard mistakes', url: 'https://boatmaxonline.com/x' });
  });

  it.each(['javascript:alert(1)', 'JavaScript:alert(1)', 'data:text/html,<b>x</b>', 'vbscript:msgbox', 'mailto:a@b.com', 'file:///etc/passwd'])(
    'never turns %s into a link',
    (url) => {
      const { references } = parseReferences(`**References:**\n[1] Bad - ${url}\n[2] ${url}`);
      expect(references.every((r) => r.url === null)).toBe(true);
    },
  );

  it('answers no references without the marker, and skips lines that are not references', () => {
    expect(parseReferences('Just text [1].')).toEqual({ body: 'Just text [1].', references: [] });
    expect(parseReferences('a\n**References:**\nnot a ref\n[3] T - https://x.org').references).toHaveLength(1);
  });

  it('reads the forms models write: their own marker, markdown links, a colon or brackets before the url', () => {
    const text = [
      'Check the impeller [1] and the strainer [2].',
      '',
      '### Sources',
      '1. [Changing the impeller](https://www.yachtingmonthly.com/impeller)',
      '[2]: BoatUS raw-water strainers (https://www.boatus.com/expert-advice)',
      '[3] Mercury Marine: owner resources: www.mercurymarine.com',
    ].join('\n');
    const { body, references } = parseReferences(text);
    expect(body).toBe('Check the impeller [1] and the strainer [2].');
    expect(references).toEqual([
      { n: 1, title: 'Changing the impeller', url: 'https://www.yachtingmonthly.com/impeller' },
      { n: 2, title: 'BoatUS raw-water strainers', url: 'https://www.boatus.com/expert-advice' },
      { n: 3, title: 'Mercury Marine: owner resources', url: 'https://www.mercurymarine.com/' },
    ]);
    expect(parseReferences('Body\n\nReferences:\n[1] https://abycinc.org/').references).toEqual([
      { n: 1, title: 'https://abycinc.org/', url: 'https://abycinc.org/' },
    ]);
  });

  it('does not take the word in a sentence for the marker', () => {
    expect(parseReferences('Your references: the manual [1].').references).toEqual([]);
  });

  it('round-trips what formatReferences writes', () => {
    const refs = [
      { title: 'USCG boating safety', url: 'https://uscgboating.org/' },
      { title: 'ABYC', url: 'https://abycinc.org/' },
    ];
    const { references } = parseReferences(`Body\n\n${formatReferences(refs)}`);
    expect(references.map(({ title, url }) => ({ title, url }))).toEqual(refs);
  });

  it('only ever produces http(s) links, whatever the text', () => {
    fc.assert(
      fc.property(fc.string(), (raw) => {
        const url = normalizeReferenceUrl(raw);
        if (url !== null) expect(url).toMatch(/^https?:\/\//);
      }),
    );
  });
});
