import { describe, expect, it } from 'vitest';
import { publicAddressOf } from './push-endpoint.js';

describe('publicAddressOf', () => {
  it('gives the public address a push connects to', async () => {
    expect(await publicAddressOf('https://8.8.8.8/push/1', false)).toEqual({ address: '8.8.8.8', family: 4 });
    expect(await publicAddressOf('https://[2607:f8b0:4004:800::200e]/push/1', false)).toEqual({ address: '2607:f8b0:4004:800::200e', family: 6 });
  });

  it('gives none for a name or an address in a private or local network', async () => {
    for (const endpoint of ['https://localhost/push/1', 'https://127.0.0.1/push/1', 'https://10.0.0.8/push/1', 'https://[::ffff:10.0.0.1]/push/1']) {
      expect(await publicAddressOf(endpoint, false), endpoint).toBeNull();
    }
  });

  it("admits the tests' push service on 127.0.0.1 over http only with ALLOW_PRIVATE_PUSH_ENDPOINTS", async () => {
    expect(await publicAddressOf('http://127.0.0.1:4100/push/1', true)).toEqual({ address: '127.0.0.1', family: 4 });
    expect(await publicAddressOf('http://127.0.0.1:4100/push/1', false)).toBeNull();
    expect(await publicAddressOf('https://10.0.0.8/push/1', true)).toBeNull();
  });
});
