import { NoProxyCoverageIndex } from '../../src/core/noproxy/coverage-index';
import { Destination } from '../../src/core/noproxy/destination';
import { ipBounds } from '../../src/core/noproxy/entry-bounds';
import { normalizeNoProxyItems } from '../../src/core/noproxy/list';
import { NoProxyEntryKind, ParsedNoProxyEntry } from '../../src/core/noproxy/types';
import { parseIpNumber } from '../../src/core/primitives/ip';

/**
 * The intended meaning of NO_PROXY entries (Go semantics, the most complete client), as oracles for
 * the property and conformance tests: which destinations an entry covers, and when one entry makes
 * another redundant for every client family.
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

/** True when `outer` makes `inner` redundant for every modelled client family: the index's question for a list of one. */
export function entryCoversEntry(outer: ParsedNoProxyEntry, inner: ParsedNoProxyEntry): boolean {
  return new NoProxyCoverageIndex([outer]).findCover(inner) !== undefined;
}

/** The entries `normalizeNoProxyItems` keeps of a list of bare entries. */
export function normalizeNoProxyEntries(entries: ParsedNoProxyEntry[]): ParsedNoProxyEntry[] {
  return normalizeNoProxyItems(entries, (entry) => entry).kept;
}
