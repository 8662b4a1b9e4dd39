import { createECDH } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, type Config } from '../../config.js';

/** Our server's identity toward push services (RFC 8292): the key pair that signs every push, and whom to contact. */
export interface VapidKeys {
  /** base64url, the uncompressed P-256 point browsers subscribe with. */
  publicKey: string;
  /** base64url, the 32-byte private scalar. */
  privateKey: string;
  subject: string;
}

const FILE = 'vapid-keys.json';

/**
 * The private scalar as the 32 bytes VAPID wants: node gives it without its leading zero bytes, so one key
 * in 256 came out 31 bytes long, and web-push refuses such a key for every push.
 */
function fullLength(privateKey: Buffer): string {
  return Buffer.concat([Buffer.alloc(Math.max(0, 32 - privateKey.length)), privateKey]).toString('base64url');
}

function generated(): Pick<VapidKeys, 'publicKey' | 'privateKey'> {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { publicKey: ecdh.getPublicKey('base64url'), privateKey: fullLength(ecdh.getPrivateKey()) };
}

/** Refuses a pair whose private key does not give its public key: every push would be refused. */
function checkedPair(pair: Pick<VapidKeys, 'publicKey' | 'privateKey'>, source: string): Pick<VapidKeys, 'publicKey' | 'privateKey'> {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(pair.privateKey, 'base64url'));
    // A pair kept before keys were written at full length is read at full length too.
    if (ecdh.getPublicKey('base64url') === pair.publicKey.replace(/=+$/, '')) return { publicKey: pair.publicKey, privateKey: fullLength(ecdh.getPrivateKey()) };
  } catch {
    // Not a P-256 private key at all: said below.
  }
  throw new ConfigError(`Invalid configuration: ${source} are not one P-256 key pair (base64url, as web-push generate-vapid-keys prints them).`);
}

/**
 * The VAPID keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when set, else a pair generated on first start and
 * kept under DATA_DIR, as the session secret is (auth/secret.ts). A new pair would orphan every device's
 * subscription, which is bound to the public key, so it is made once and then only read.
 */
export function resolveVapidKeys(config: Pick<Config, 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT' | 'DATA_DIR' | 'MAIL_FROM' | 'BASE_URL'>): VapidKeys {
  const subject = config.VAPID_SUBJECT ?? defaultSubject(config.MAIL_FROM, config.BASE_URL);
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY) {
    return { ...checkedPair({ publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }, 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY'), subject };
  }
  const file = join(config.DATA_DIR, FILE);
  if (!existsSync(file)) {
    mkdirSync(config.DATA_DIR, { recursive: true });
    try {
      writeFileSync(file, JSON.stringify(generated()), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another process made it first: theirs is read below.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Pick<VapidKeys, 'publicKey' | 'privateKey'>;
  return { ...checkedPair(stored, file), subject };
}

/** `mailto:` and MAIL_FROM's address; BASE_URL when that is https and the address is not one. */
export function defaultSubject(mailFrom: string, baseUrl: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom.trim();
  if (/^\S+@\S+$/.test(address)) return `mailto:${address}`;
  return baseUrl.startsWith('https://') ? baseUrl : 'mailto:no-reply@kbmarine.local';
}
