import { describe, expect, it } from 'vitest';
import { readWorkDone, withoutWorkDone } from './work-done.js';

describe('readWorkDone', () => {
  it.each([
    ['I already replaced the impeller', [{ item: 'impeller', said: "you've already replaced the impeller", action: 'replaced' }]],
    ['Already did the impeller last spring', [{ item: 'impeller', said: "you've already done the impeller", action: 'all' }]],
    ['we just changed the plugs last week', [{ item: 'plugs', said: "you've just changed the plugs", action: 'replaced' }]],
    ["I've checked the fuses", [{ item: 'fuses', said: "you've checked the fuses", action: 'checked' }]],
    ['the thermostat is brand new', [{ item: 'thermostat', said: 'the thermostat is brand new', action: 'replaced' }]],
    ['I put fresh gas in and new plugs, still nothing', [
      { item: 'gas', said: "you've put in fresh gas", action: 'all' },
      { item: 'plugs', said: "you've put in new plugs", action: 'replaced' },
    ]],
    ['replaced my fuel filter and the water separator', [
      { item: 'fuel filter', said: "you've replaced the fuel filter", action: 'replaced' },
      { item: 'water separator', said: "you've replaced the water separator", action: 'replaced' },
    ]],
  ])("reads what was done in '%s'", (text, work) => {
    expect(readWorkDone(text)).toEqual(work);
  });

  it('reads each clause of a sentence on its own', () => {
    expect(readWorkDone('already restarted it and updated the software. still nothing').map((w) => w.said)).toEqual(["you've updated the software"]);
    expect(readWorkDone('i already did the compass calibration and its still wandering').map((w) => w.item)).toEqual(['compass calibration']);
    expect(readWorkDone('i put a new impeller in and the stream is still weak').map((w) => w.said)).toEqual(["you've put in a new impeller"]);
  });

  it('finds nothing concrete in talk about trying, a new boat, or a question about a new part', () => {
    expect(readWorkDone('I tried everything')).toEqual([]);
    expect(readWorkDone('new boat owner here, engine wont start')).toEqual([]);
    expect(readWorkDone('I restarted it twice')).toEqual([]);
    expect(readWorkDone('how much is a new alternator')).toEqual([]);
    expect(readWorkDone('they still look almost new after a full year')).toEqual([]);
  });
});

describe('withoutWorkDone', () => {
  it('leaves out what is done, so it does not steer the search, and keeps the rest', () => {
    expect(withoutWorkDone('I already replaced the impeller').trim()).toBe('');
    expect(withoutWorkDone('new boat owner here, engine wont start')).toBe('new boat owner here, engine wont start');
    expect(withoutWorkDone('I cleaned the plug and it still happens').trim()).toBe('and it still happens');
  });
});
