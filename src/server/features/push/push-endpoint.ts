import { BlockList, isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import { AppError } from '../../core/app-error.js';
import { ENDPOINT_NOT_HTTPS, ENDPOINT_NOT_PUBLIC } from '../../../common/push.js';

/**
 * Addresses that are not the public internet: a push endpoint there would make our server post to its
 * own network on a stranger's say-so.
 */
const NOT_PUBLIC = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  NOT_PUBLIC.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address (v4 or v6) is outside the public internet. */
export function isNonPublicAddress(address: string): boolean {
  const version = isIP(address);
  if (version === 0) return false;
  return NOT_PUBLIC.check(address, version === 4 ? 'ipv4' : 'ipv6');
}

/** The tests' own push service: http on 127.0.0.1, admitted only with ALLOW_PRIVATE_PUSH_ENDPOINTS. */
const isTestPeer = (url: URL) => url.protocol === 'http:' && url.hostname === '127.0.0.1';

/**
 * Refuses (400) an endpoint that is not an https address of a public host: a host name other than
 * localhost, or a public IP address. Checked when a device subscribes.
 */
export function checkEndpointAddress(endpoint: string, allowPrivate: boolean): void {
  const url = new URL(endpoint);
  if (allowPrivate && isTestPeer(url)) return;
  if (url.protocol !== 'https:' || url.username || url.password) throw AppError.onField('endpoint', ENDPOINT_NOT_HTTPS);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const localName = host === 'localhost' || host.endsWith('.localhost') || !host.includes('.') && isIP(host) === 0;
  if (localName || isNonPublicAddress(host)) throw AppError.onField('endpoint', ENDPOINT_NOT_PUBLIC);
}

/**
 * Whether the endpoint's host resolves only to public addresses, asked just before a push is sent: a
 * name that was public when the device subscribed may since point into a private network.
 */
export async function resolvesPublicly(endpoint: string, allowPrivate: boolean): Promise<boolean> {
  const url = new URL(endpoint);
  if (allowPrivate && isTestPeer(url)) return true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return !isNonPublicAddress(host);
  const addresses = await lookup(host, { all: true });
  return addresses.length > 0 && addresses.every(({ address }) => !isNonPublicAddress(address));
}
