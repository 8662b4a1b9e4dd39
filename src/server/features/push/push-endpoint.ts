import { isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import { AppError } from '../../core/app-error.js';
import { isPrivateAddress, type CheckedAddress } from '../../core/private-address.js';
import { ENDPOINT_NOT_HTTPS, ENDPOINT_NOT_PUBLIC } from '../../../common/push.js';

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
  if (localName || (isIP(host) !== 0 && isPrivateAddress(host))) throw AppError.onField('endpoint', ENDPOINT_NOT_PUBLIC);
}

/**
 * The address a push to the endpoint connects to, resolved just before it is sent, or null when any
 * address the name resolves to is not public: a name that was public when the device subscribed may
 * since point into a private network. The push then connects to this address only (`pinnedLookup`).
 */
export async function publicAddressOf(endpoint: string, allowPrivate: boolean): Promise<CheckedAddress | null> {
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const literal = isIP(host);
  if (literal) return (allowPrivate && isTestPeer(url)) || !isPrivateAddress(host) ? { address: host, family: literal } : null;
  const addresses = await lookup(host, { all: true, verbatim: true });
  return addresses.length > 0 && addresses.every(({ address }) => !isPrivateAddress(address)) ? addresses[0]! : null;
}
