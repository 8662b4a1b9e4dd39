import { describe, expect, it } from 'vitest';
import { parseIceServers } from './ice-servers.js';

describe('ICE_SERVERS', () => {
  it('is empty when unset', () => {
    expect(parseIceServers(undefined)).toEqual([]);
    expect(parseIceServers('  ')).toEqual([]);
  });

  it('reads a comma-separated list of URLs', () => {
    expect(parseIceServers('stun:stun.example.com:3478, turn:turn.example.com:3478?transport=tcp')).toEqual([
      { urls: 'stun:stun.example.com:3478' },
      { urls: 'turn:turn.example.com:3478?transport=tcp' },
    ]);
  });

  it('reads a JSON array with credentials', () => {
    const servers = [{ urls: ['turn:turn.example.com:3478', 'turns:turn.example.com:5349'], username: 'kb', credential: 'secret' }];
    expect(parseIceServers(JSON.stringify(servers))).toEqual(servers);
  });

  it('refuses what a browser would refuse, saying why', () => {
    expect(() => parseIceServers('https://turn.example.com')).toThrow("'https://turn.example.com' is not a stun:");
    expect(() => parseIceServers('[{"urls": 3}]')).toThrow('array of {urls');
    expect(() => parseIceServers('[not json')).toThrow('not valid JSON');
  });
});
