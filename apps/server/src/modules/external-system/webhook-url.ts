import dns from 'node:dns';
import net from 'node:net';
import { AppError } from '../../app/errors.js';

/**
 * Where a webhook may go (docs/operation-centre.md, "External systems"): an http or https address
 * whose host resolves only to public addresses. A private, loopback, link-local, shared, multicast
 * or reserved address would let a merchant reach the operator's own network through the server, so
 * it is refused at registration and again at every delivery (the address actually connected to is
 * checked, so a name that resolves elsewhere later is caught), unless the server allows them.
 */

const INTERNAL = new net.BlockList();
for (const [address, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  INTERNAL.addSubnet(address, prefix, 'ipv4');
for (const [address, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
] as const)
  INTERNAL.addSubnet(address, prefix, 'ipv6');

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, compatible ::a.b.c.d), if any. */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address is one a partner system may not be reached at. */
export function isInternalAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return INTERNAL.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  if (v4 !== undefined) return INTERNAL.check(v4, 'ipv4');
  return INTERNAL.check(address, 'ipv6');
}

/** The endpoint as a URL: http or https, no user name or password in it (4250). */
export function webhookTarget(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('webhookUrlScheme', undefined, { field: 'url' });
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password || !url.hostname)
    throw new AppError('webhookUrlScheme', undefined, { field: 'url' });
  return url;
}

/** The host of a URL as the resolver takes it (an IPv6 literal without its brackets). */
export function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/** Checks a registered endpoint: its scheme (4250), that its host resolves (4252) and, unless allowed, only to public addresses (4251). */
export async function checkWebhookUrl(raw: string, allowPrivate: boolean): Promise<string> {
  const url = webhookTarget(raw);
  const host = hostOf(url);
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.promises.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);
    } catch {
      throw new AppError('webhookUrlUnresolved', undefined, { field: 'url' });
    }
  }
  if (!allowPrivate && addresses.some(isInternalAddress)) throw new AppError('webhookUrlPrivate', undefined, { field: 'url' });
  return url.toString();
}

/** The error a delivery records when the connected address is internal. */
export class InternalAddressError extends Error {
  constructor(address: string) {
    super(`refused: ${address} is a private, loopback or link-local address`);
  }
}

/**
 * A `lookup` for http.request that connects only to public addresses: the check is on the address
 * the socket will use, so a host name that now resolves to the operator's network is refused.
 */
export const publicLookup: net.LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 4);
    const list = addresses;
    const internal = list.find((entry) => isInternalAddress(entry.address));
    if (internal) return callback(new InternalAddressError(internal.address), '', 4);
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
    const first = list[0]!;
    callback(null, first.address, first.family);
  });
};
