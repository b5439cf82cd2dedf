import { NoProxyCoverageIndex } from './coverage-index';
import { Destination } from './destination';
import { ipBounds } from './entry-bounds';
import { NoProxyEntryKind, ParsedNoProxyEntry } from './types';
import { parseIpNumber } from '../primitives/ip';

/**
 * The intended meaning of entries (Go semantics, the most complete client): which destinations an
 * entry covers, and when one entry makes another redundant for every client family.
 */

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
    case NoProxyEntryKind.SUFFIX: // names compared literally, trailing dots included
      return destination.hostType === 'name'
        && (destination.host.endsWith(`.${entry.name}`) || (entry.kind === NoProxyEntryKind.DOMAIN && destination.host === entry.name));
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
  // the index answers it for lists of any length; a list of one is this question
  return new NoProxyCoverageIndex([outer]).findCover(inner) !== undefined;
}
