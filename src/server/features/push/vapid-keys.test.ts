import { createECDH } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveVapidKeys } from './vapid-keys.js';

const config = (dataDir: string) => ({ DATA_DIR: dataDir, MAIL_FROM: 'K&B Marine <hello@example.com>', BASE_URL: 'http://localhost:3000' });

/** A key pair whose private scalar starts with a zero byte, which node gives as 31 bytes. */
function shortKeyPair() {
  for (;;) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    if (ecdh.getPrivateKey().length < 32) return { publicKey: ecdh.getPublicKey('base64url'), privateKey: ecdh.getPrivateKey('base64url') };
  }
}

describe('resolveVapidKeys', () => {
  it('makes and keeps a private key of 32 bytes, whatever its leading bytes', () => {
    for (let i = 0; i < 300; i += 1) {
      const dataDir = mkdtempSync(join(tmpdir(), 'kb-vapid-'));
      try {
        const keys = resolveVapidKeys(config(dataDir));
        expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
        expect(resolveVapidKeys(config(dataDir))).toEqual(keys);
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    }
  });

  it('reads a kept pair whose private key was written without its leading zero at full length', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'kb-vapid-'));
    try {
      const pair = shortKeyPair();
      writeFileSync(join(dataDir, 'vapid-keys.json'), JSON.stringify(pair));
      const keys = resolveVapidKeys(config(dataDir));
      expect(keys.publicKey).toBe(pair.publicKey);
      expect(Buffer.from(keys.privateKey, 'base64url')).toEqual(Buffer.concat([Buffer.alloc(1), Buffer.from(pair.privateKey, 'base64url')]));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
