import { describe, expect, it } from 'vitest';
import { expertAdvised } from './expert-advice.js';

describe('expertAdvised', () => {
  it('advises an expert for a serious problem the owner describes', () => {
    expect(expertAdvised('My Yamaha F150 is overheating and the alarm keeps going off', 'engine')).toBe(true);
    expect(expertAdvised('I smell gas in the cabin', 'general')).toBe(true);
    expect(expertAdvised('The bilge pump runs and water keeps coming in, we are taking on water', 'plumbing')).toBe(true);
  });

  it('advises an expert when the owner asks about a professional, and for safety subjects', () => {
    expect(expertAdvised('Should I get a mechanic for this or do it myself?', 'engine')).toBe(true);
    expect(expertAdvised('Which fire extinguisher do I need?', 'safety')).toBe(true);
  });

  it('advises one after a photo judged high or critical', () => {
    expect(expertAdvised('[Image uploaded] Please analyze this image', 'hull', 'High')).toBe(true);
    expect(expertAdvised('[Image uploaded] Please analyze this image', 'hull', 'Low')).toBe(false);
  });

  it('does not push an expert on routine questions or thanks', () => {
    expect(expertAdvised('How often should I change the lower unit oil?', 'maintenance')).toBe(false);
    expect(expertAdvised('My gelcoat looks chalky and faded', 'hull')).toBe(false);
    expect(expertAdvised('thanks!', 'engine')).toBe(false);
  });
});
