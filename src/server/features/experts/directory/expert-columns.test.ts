import { describe, expect, it } from 'vitest';
import { ExpertColumns, LIVE, type DirectoryExpert } from './expert-columns.js';

const expert = (id: number, locationText: string, certificationsKey = 'abyc'): DirectoryExpert => ({
  id, nameKey: `expert ${id}`, rating: 450, reviewCount: 1, experience: 3, videoRateCents: 5000, onsiteRateCents: 9000,
  specialty: 'engines', serviceTypes: ['video'], available: true, locationText, certificationsKey, zipCode: '', serviceRadius: 0,
});

describe('ExpertColumns shared texts', () => {
  it('keeps one copy of a text many experts share', () => {
    const columns = new ExpertColumns(3);
    for (const id of [0, 1, 2]) columns.write(id, expert(id, 'annapolis md'), () => null);
    expect(columns.sharedTexts).toBe(2);
  });

  it('lets go of a text once no slot holds it, however often an expert edits their place', () => {
    const columns = new ExpertColumns(2);
    columns.write(0, expert(1, 'miami fl'), () => null);
    columns.write(1, expert(2, 'first place'), () => null);
    for (let edit = 0; edit < 500; edit++) {
      columns.clear(1);
      columns.write(1, expert(2, `edited place ${edit}`, `cert ${edit}`), () => null);
    }
    // Slot 0's two texts and slot 1's latest two: the first place and 499 earlier edits are gone.
    expect(columns.sharedTexts).toBe(4);
    columns.clear(0);
    expect(columns.sharedTexts).toBe(2);
    expect(columns.flags[0]! & LIVE).toBe(0);
    expect([columns.nameKey[0], columns.locationText[0], columns.certificationsKey[0]]).toEqual(['', '', '']);
  });
});
