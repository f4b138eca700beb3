import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Contract 6 SSRF guard: private, link-local, loopback (and other non-public) destinations are
 * refused unless WEBHOOK_ALLOW_PRIVATE — at endpoint creation and again at send time on the
 * address actually connected to (so a DNS answer that changes after creation cannot slip through).
 */

/** IPv4 from 32 bits taken as two 16-bit IPv6 parts. */
const v4From = (hi: number, lo: number): ipaddr.IPv4 => new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);

/**
 * The IPv4 addresses an IPv6 address leads to: IPv4-mapped and -translated (`::ffff:a.b.c.d`),
 * IPv4-compatible (`::a.b.c.d`), NAT64 (`64:ff9b::a.b.c.d`), 6to4 (`2002:aabb:ccdd::`) and Teredo
 * (server and obfuscated client). Undefined when it embeds none.
 */
function embeddedIpv4(ip: ipaddr.IPv6): ipaddr.IPv4[] | undefined {
  const p = ip.parts;
  switch (ip.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return [v4From(p[6], p[7])];
    case 'rfc6052': // the well-known NAT64 prefix /96; the local-use /48 (RFC 8215) is not public
      return p[2] === 0 ? [v4From(p[6], p[7])] : undefined;
    case '6to4':
      return [v4From(p[1], p[2])];
    case 'teredo':
      return [v4From(p[2], p[3]), v4From(p[6] ^ 0xffff, p[7] ^ 0xffff)];
  }
  if (p.slice(0, 6).every((x) => x === 0) && (p[6] !== 0 || p[7] > 1)) return [v4From(p[6], p[7])]; // IPv4-compatible
  return undefined;
}

/** True for an address a webhook must not reach without WEBHOOK_ALLOW_PRIVATE: anything but public unicast. */
export function isPrivateAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!ipaddr.isValid(bare) || (!bare.includes(':') && !ipaddr.IPv4.isValidFourPartDecimal(bare))) return true; // not an IP literal: refuse rather than guess
  const addr = ipaddr.parse(bare);
  if (addr.kind() === 'ipv4') return addr.range() !== 'unicast';
  const v6 = addr as ipaddr.IPv6;
  const inner = embeddedIpv4(v6);
  if (inner) return inner.some((v4) => v4.range() !== 'unicast');
  return v6.range() !== 'unicast';
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

/** The host of a URL without IPv6 brackets or trailing dots (`localhost.` is `localhost`). */
export const urlHost = (url: URL): string => url.hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '');

/**
 * Creation-time check: an IP literal is judged directly; a name is resolved and refused when any
 * answer is private. A name that does not resolve (yet) passes; the send-time check still applies.
 */
export async function checkDestination(rawUrl: string, allowPrivate: boolean): Promise<string | null> {
  if (allowPrivate) return null;
  const host = urlHost(new URL(rawUrl));
  if (isIP(host)) return isPrivateAddress(host) ? `${host} is a private, loopback or link-local address` : null;
  if (host === '' || host === 'localhost' || host.endsWith('.localhost')) return `${host || 'the host'} is a loopback name`;
  const addresses = await new Promise<LookupAddress[]>((resolve) => dnsLookup(host, { all: true }, (err, a) => resolve(err ? [] : a)));
  const bad = addresses.find((a) => isPrivateAddress(a.address));
  return bad ? `${host} resolves to ${bad.address}, a private, loopback or link-local address` : null;
}
