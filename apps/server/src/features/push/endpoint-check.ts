import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a push must never go: this machine, the private networks behind it, link-local
 * addresses (cloud metadata services among them) and the unspecified address. A member names
 * the endpoint, so an endpoint there would let them make the server call into its own network.
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
] as const)
  PRIVATE.addSubnet(network, prefix, 'ipv6');

/** IPv4 written inside IPv6 (`::ffff:10.0.0.1`) is judged as the IPv4 address it is. */
export function isPrivateAddress(address: string) {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return PRIVATE.check(mapped, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const resolveAll = (host: string) => lookup(host, { all: true, verbatim: true });

export type EndpointVerdict = 'public' | 'private' | 'unresolved';

/**
 * Whether an endpoint's host is on the internet: an address written in the URL, or every
 * address its name resolves to (one private address among them is enough to refuse it).
 */
export async function checkEndpointHost(
  endpoint: string,
  resolve: (host: string) => Promise<{ address: string }[]> = resolveAll,
): Promise<EndpointVerdict> {
  const host = new URL(endpoint).hostname.replace(/^\[(.*)\]$/, '$1');
  if (isIP(host)) return isPrivateAddress(host) ? 'private' : 'public';
  if (host === 'localhost' || host.endsWith('.localhost')) return 'private';
  const addresses = await resolve(host).catch(() => null);
  if (!addresses?.length) return 'unresolved';
  return addresses.some(({ address }) => isPrivateAddress(address)) ? 'private' : 'public';
}
