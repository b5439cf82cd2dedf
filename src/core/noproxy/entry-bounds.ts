import { NoProxyEntryKind, ParsedNoProxyEntry } from './types';
import { cidrBounds, IpFamily, parseIpNumber } from '../primitives/ip';

/** Address set of an IP-based entry, as inclusive numeric bounds. */
export interface IpBounds {
  readonly family: IpFamily;
  readonly first: bigint;
  readonly last: bigint;
}

const boundsOf = new WeakMap<ParsedNoProxyEntry, IpBounds | undefined>();

/**
 * `entry`, whose address set is `first`..`last`: the parser has the numbers in hand, and keeping
 * them saves reading the addresses again (IPv6 with BigInt is most of what comparing entries costs).
 */
export function withBounds<T extends ParsedNoProxyEntry>(entry: T, family: IpFamily, first: bigint, last: bigint): T {
  boundsOf.set(entry, { family, first, last });
  return entry;
}

/** The address set of an `ip`, `cidr` or `range` entry (undefined for the others). Computed once per entry object. */
export function ipBounds(entry: ParsedNoProxyEntry): IpBounds | undefined {
  const known = boundsOf.get(entry);
  if (known !== undefined || boundsOf.has(entry)) {
    return known;
  }
  let bounds: IpBounds | undefined;
  if (entry.kind === NoProxyEntryKind.IP) {
    const ip = parseIpNumber(entry.address);
    bounds = ip && { family: ip.family, first: ip.value, last: ip.value };
  } else if (entry.kind === NoProxyEntryKind.CIDR) {
    const ip = parseIpNumber(entry.network);
    const block = ip && cidrBounds(ip, entry.prefixLength);
    bounds = ip && block && { family: ip.family, first: block[0], last: block[1] };
  } else if (entry.kind === NoProxyEntryKind.RANGE) {
    const start = parseIpNumber(entry.start);
    const end = parseIpNumber(entry.end);
    bounds = start && end && { family: start.family, first: start.value, last: end.value };
  }
  boundsOf.set(entry, bounds);
  return bounds;
}
