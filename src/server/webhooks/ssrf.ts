import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Contract 6 SSRF guard: private, link-local, loopback (and other non-public) destinations are
 * refused unless WEBHOOK_ALLOW_PRIVATE — at endpoint creation and again at send time on the
 * address actually connected to (so a DNS answer that changes after creation cannot slip through).
 */

const blocked = new BlockList();
for (const [net, prefix] of [
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
  blocked.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
  ['2001:db8::', 32],
  ['100::', 64],
] as const)
  blocked.addSubnet(net, prefix, 'ipv6');

/** The IPv4 address inside an IPv4-mapped/compatible or NAT64 IPv6 address, if any. */
function embeddedIpv4(ip: string): string | undefined {
  const lower = ip.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const [hi, lo] = [parseInt(hex[1], 16), parseInt(hex[2], 16)];
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True for an address a webhook must not reach without WEBHOOK_ALLOW_PRIVATE. */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return blocked.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    return v4 !== undefined ? blocked.check(v4, 'ipv4') : blocked.check(bare, 'ipv6');
  }
  return true; // not an IP at all: refuse rather than guess
}

export class BlockedDestinationError extends Error {
  constructor(readonly address: string) {
    super(`destination ${address} is private, loopback or link-local (set WEBHOOK_ALLOW_PRIVATE=1 to allow)`);
  }
}

/** A `lookup` for http.request that refuses private answers — the check runs on the address connected to. */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 4);
      const bad = allowPrivate ? undefined : addresses.find((a) => isPrivateAddress(a.address));
      if (bad) return callback(new BlockedDestinationError(bad.address), '', 4);
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/** The host of a URL without IPv6 brackets. */
export const urlHost = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '');

/**
 * Creation-time check: an IP literal is judged directly; a name is resolved and refused when any
 * answer is private. A name that does not resolve (yet) passes; the send-time check still applies.
 */
export async function checkDestination(rawUrl: string, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const host = urlHost(new URL(rawUrl));
  if (isIP(host)) return isPrivateAddress(host) ? `${host} is a private, loopback or link-local address` : null;
  if (host === 'localhost' || host.endsWith('.localhost')) return `${host} is a loopback name`;
  const addresses = await new Promise<LookupAddress[]>((resolve) => dnsLookup(host, { all: true }, (err, a) => resolve(err ? [] : a)));
  const bad = addresses.find((a) => isPrivateAddress(a.address));
  return bad ? `${host} resolves to ${bad.address}, a private, loopback or link-local address` : null;
}
