import { describe, expect, it } from 'vitest';
import { splitFullName } from './auth.js';

describe('splitFullName', () => {
  it('splits on the first run of whitespace', () => {
    expect(splitFullName('Ada Lovelace King')).toEqual({ firstName: 'Ada', lastName: 'Lovelace King' });
    expect(splitFullName('  Ada \t  Lovelace ')).toEqual({ firstName: 'Ada', lastName: 'Lovelace' });
  });

  it('leaves the last name unknown for a one-word name', () => {
    expect(splitFullName('Cher')).toEqual({ firstName: 'Cher', lastName: null });
  });

  it('gives an empty first name for a blank name, for the name rules to refuse', () => {
    expect(splitFullName('   ')).toEqual({ firstName: '', lastName: null });
  });
});
