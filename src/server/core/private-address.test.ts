import { describe, expect, it } from 'vitest';
import { isPrivateAddress } from './private-address.js';

describe('isPrivateAddress', () => {
  it('refuses loopback, private, link-local, shared, multicast and reserved addresses, in both families', () => {
    for (const address of ['127.0.0.1', '10.20.30.40', '172.16.0.1', '172.31.255.255', '192.168.0.10', '169.254.169.254', '100.64.1.1', '0.0.0.0', '224.0.0.1', '255.255.255.255', '::1', '::', 'fe80::1', 'fd12:3456::1', 'ff02::1', '::ffff:10.0.0.1', '::ffff:7f00:1', 'not-an-address']) {
      expect(isPrivateAddress(address), address).toBe(true);
    }
  });

  it('allows public addresses', () => {
    for (const address of ['8.8.8.8', '172.32.0.1', '142.250.72.14', '2607:f8b0:4004:800::200e', '::ffff:8.8.8.8']) {
      expect(isPrivateAddress(address), address).toBe(false);
    }
  });
});
