import { describe, expect, it } from 'vitest';
import { parseBlocks, parseInline } from './ai-text';

describe('parseBlocks', () => {
  it('splits paragraphs at blank lines and keeps consecutive lines together', () => {
    expect(parseBlocks('First line\nsecond line\n\nNext paragraph')).toEqual([
      { kind: 'paragraph', lines: ['First line', 'second line'] },
      { kind: 'paragraph', lines: ['Next paragraph'] },
    ]);
  });

  it('reads lines starting with "- " as bullets and "1. " as numbered items, keeping the first number', () => {
    expect(parseBlocks('Causes:\n- Stale fuel\n- Fouled plugs\n3. Check the kill switch\n4. Prime the bulb')).toEqual([
      { kind: 'paragraph', lines: ['Causes:'] },
      { kind: 'bullets', items: ['Stale fuel', 'Fouled plugs'] },
      { kind: 'numbered', start: 3, items: ['Check the kill switch', 'Prime the bulb'] },
    ]);
  });

  it('does not take a bold line for a bullet', () => {
    expect(parseBlocks('**Diagnosis:**\nCorroded terminal')).toEqual([
      { kind: 'paragraph', lines: ['**Diagnosis:**', 'Corroded terminal'] },
    ]);
  });

  it('reads markdown headings as headings', () => {
    expect(parseBlocks('## Likely causes\nFuel')).toEqual([
      { kind: 'heading', text: 'Likely causes' },
      { kind: 'paragraph', lines: ['Fuel'] },
    ]);
  });
});

describe('parseInline', () => {
  it('finds bold runs and citation markers', () => {
    expect(parseInline('Check **the filter [2]** first [1].')).toEqual([
      { kind: 'text', text: 'Check ' },
      { kind: 'bold', runs: [{ kind: 'text', text: 'the filter ' }, { kind: 'citation', n: 2 }] },
      { kind: 'text', text: ' first ' },
      { kind: 'citation', n: 1 },
      { kind: 'text', text: '.' },
    ]);
  });

  it('leaves an unmatched ** and markup-looking text as plain text', () => {
    expect(parseInline('2 ** 3 <b>x</b>')).toEqual([{ kind: 'text', text: '2 ** 3 <b>x</b>' }]);
  });
});
