import { isIP } from 'node:net';
import { lookup } from 'node:dns/promises';
import { AppError } from '../../core/app-error.js';
import { isPrivateAddress } from '../../core/private-address.js';
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
 * Whether the endpoint's host resolves only to public addresses, asked just before a push is sent: a
 * name that was public when the device subscribed may since point into a private network.
 */
export async function resolvesPublicly(endpoint: string, allowPrivate: boolean): Promise<boolean> {
  const url = new URL(endpoint);
  if (allowPrivate && isTestPeer(url)) return true;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return !isPrivateAddress(host);
  const addresses = await lookup(host, { all: true });
  return addresses.length > 0 && addresses.every(({ address }) => !isPrivateAddress(address));
}
