import { isIP } from 'node:net';

/**
 * TRUST_PROXY as parsed: false (the socket's peer is the client), true (one proxy in front: the right-most
 * X-Forwarded-For address is the client's), or the proxies' addresses and CIDR ranges.
 */
export type TrustProxy = boolean | string[];

/** `10.0.0.7`, `::1`, `10.0.0.0/8`, `fd00::/8`: an address, or a range with a prefix length its family allows. */
export function isProxyAddress(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/**
 * Fastify's `trustProxy` for the setting. Fastify's `true` trusts every hop, so the left-most
 * X-Forwarded-For address, which the client writes, would be `request.ip`; its hop count fails closed.
 * One proxy is a function trusting only the socket's peer (hop 0): the address that proxy appended, the
 * right-most, is the client's. A list trusts its addresses, and the right-most address not in it is the client's.
 */
export function trustProxyOption(setting: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (setting === true) return (_address, hop) => hop === 0;
  return setting;
}
