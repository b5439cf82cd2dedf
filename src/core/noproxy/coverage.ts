import { Destination } from './destination';
import { ipBounds } from './entry-bounds';
import { formatNoProxyEntry } from './format';
import { NoProxyEntryKind, ParsedNoProxyEntry } from './types';
import { parseIpNumber } from '../primitives/ip';

/**
 * The intended meaning of entries (Go semantics, the most complete client): which destinations an
 * entry covers, and when one entry makes another redundant for every client family.
 */

/** `name` is `parent` or one of its subdomains, compared literally (trailing dots included). */
function isSameOrSubdomain(name: string, parent: string): boolean {
  return name === parent || name.endsWith(`.${parent}`);
}

/**
 * True when `entry`, read with its intended meaning, covers the destination: a domain covers the
 * host and its subdomains, a suffix only the subdomains, IP entries the addresses in them (IP
 * literal hosts only), and an entry with a port only that (effective) port.
 */
export function entryCoversDestination(entry: ParsedNoProxyEntry, destination: Destination): boolean {
  if ('port' in entry && entry.port !== undefined && entry.port !== destination.port) {
    return false;
  }
  switch (entry.kind) {
    case NoProxyEntryKind.WILDCARD:
      return true;
    case NoProxyEntryKind.DOMAIN:
      return destination.hostType === 'name' && isSameOrSubdomain(destination.host, entry.name);
    case NoProxyEntryKind.SUFFIX:
      return destination.hostType === 'name' && destination.host.endsWith(`.${entry.name}`);
    default: {
      const bounds = ipBounds(entry);
      const ip = destination.hostType === 'name' ? undefined : parseIpNumber(destination.host);
      return bounds !== undefined && ip !== undefined && ip.family === bounds.family && bounds.first <= ip.value && ip.value <= bounds.last;
    }
  }
}

/**
 * True when `outer` makes `inner` redundant for every modelled client family: whatever `inner`
 * (rendered) lets bypass the proxy in some client, `outer` (rendered) already does in that client.
 *
 * So a suffix covers deeper names, a domain covers its subdomains, a CIDR or range covers smaller
 * blocks of its family, and an entry without a port covers the same entry with a port. An IP is
 * *not* covered by a CIDR containing it: wget, urllib, proxy-from-env and Node 24 fetch ignore
 * CIDRs but honour single IPs. An entry with a port covers only itself.
 */
export function entryCoversEntry(outer: ParsedNoProxyEntry, inner: ParsedNoProxyEntry): boolean {
  if (formatNoProxyEntry(outer) === formatNoProxyEntry(inner) || outer.kind === NoProxyEntryKind.WILDCARD) {
    return true;
  }
  if (inner.kind === NoProxyEntryKind.WILDCARD || ('port' in outer && outer.port !== undefined)) {
    return false;
  }
  const innerPort = 'port' in inner ? inner.port : undefined;
  if (outer.kind === NoProxyEntryKind.DOMAIN || outer.kind === NoProxyEntryKind.SUFFIX) {
    if (inner.kind !== NoProxyEntryKind.DOMAIN && inner.kind !== NoProxyEntryKind.SUFFIX) {
      return false;
    }
    // A domain entry and a suffix entry for the same name cover the same subdomains; only a domain covers the apex.
    if (inner.kind === NoProxyEntryKind.DOMAIN && outer.kind === NoProxyEntryKind.SUFFIX) {
      return inner.name.endsWith(`.${outer.name}`);
    }
    return isSameOrSubdomain(inner.name, outer.name);
  }
  if (outer.kind === NoProxyEntryKind.IP) {
    return inner.kind === NoProxyEntryKind.IP && innerPort !== undefined && inner.address === outer.address;
  }
  if (inner.kind !== NoProxyEntryKind.CIDR && inner.kind !== NoProxyEntryKind.RANGE) {
    return false;
  }
  const outerBounds = ipBounds(outer);
  const innerBounds = ipBounds(inner);
  return outerBounds !== undefined && innerBounds !== undefined && outerBounds.family === innerBounds.family
    && outerBounds.first <= innerBounds.first && innerBounds.last <= outerBounds.last;
}
