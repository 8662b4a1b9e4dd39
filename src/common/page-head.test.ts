import { describe, expect, it } from 'vitest';
import { pageHead } from './page-head.js';
import type { Expert } from './experts.js';

const expert: Expert = {
  id: 7,
  name: 'Rae Sails',
  specialty: 'rigging',
  profileImage: '/images/experts/rae-sails.svg',
  bio: '',
  rating: '0.00',
  reviewCount: 0,
  city: 'Newport',
  state: 'RI',
  zipCode: '02840',
  certifications: '',
  experience: 1,
  serviceRadius: 20,
  videoRate: '60.00',
  onsiteRate: '95.00',
  onsiteMinimumHours: 1,
  serviceTypes: ['video'],
  available: true,
  timeZone: 'America/New_York',
  online: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};

describe('pageHead', () => {
  it("describes an expert without reviews by what they offer, and previews a drawn portrait by the expert's card", () => {
    const head = pageHead('/expert/7', new URLSearchParams(), expert);
    expect(head.title).toBe('Rae Sails — Rigging & Sails in Newport, RI | K&B Marine');
    expect(head.description).toBe('Rae Sails, Rigging & Sails in Newport, RI, 1 year experience: video consultations from $60.');
    expect(head.image).toBe('/cards/expert-7.png');
    expect(pageHead('/expert/7', new URLSearchParams(), { ...expert, profileImage: '/api/expert-photos/rae.webp' }).image).toBe('/api/expert-photos/rae.webp');
  });

  it('gives a profile still loading a generic head that is not indexed', () => {
    expect(pageHead('/expert/7', new URLSearchParams())).toMatchObject({ title: 'Marine expert | K&B Marine', index: false, canonical: null });
  });

  it('keeps one specialty of a directory and drops the rest from its canonical address', () => {
    expect(pageHead('/video-consultation', new URLSearchParams('specialty=hull&available=true'))).toMatchObject({
      title: 'Hull & Structure experts | K&B Marine',
      canonical: '/video-consultation?specialty=hull',
      index: false,
    });
    expect(pageHead('/experts', new URLSearchParams('specialty=hull&specialty=engines'))).toMatchObject({ index: false });
  });
});
