import { ipBounds } from './entry-bounds';
import { NoProxyEntryKind, ParsedNoProxyEntry } from './types';
import { formatIpNumber, rangeToCidrs } from '../primitives/ip';

/**
 * IPv4 blocks as JDK `http.nonProxyHosts` patterns. The JDK has no CIDR syntax, but a pattern may
 * end in `*` and is compared with the host's text, so an octet-aligned block is one glob
 * (`10.96.*` is 10.96.0.0/16) and any other block is the exact set of octet-aligned globs (or, past
 * the last octet, the single addresses) that make it up: 10.96.0.0/12 is `10.96.*` to `10.111.*`.
 * Measured with the JDK's own ProxySelector in the conformance suite.
 *
 * A glob like `10.*` also matches a host *name* beginning with `10.`; names whose first label is
 * all digits are rare enough to accept that.
 */

/** The most patterns one entry may expand to; larger blocks are skipped and reported. */
export const MAX_JAVA_PATTERNS_PER_ENTRY = 64;

/**
 * The patterns of an IPv4 CIDR or range entry, or undefined when the entry is not IPv4 or needs
 * more than {@link MAX_JAVA_PATTERNS_PER_ENTRY} patterns.
 */
export function javaIpv4Patterns(entry: ParsedNoProxyEntry): string[] | undefined {
  if ((entry.kind !== NoProxyEntryKind.CIDR && entry.kind !== NoProxyEntryKind.RANGE) || entry.family !== 'IPv4') {
    return undefined;
  }
  const bounds = ipBounds(entry);
  if (bounds === undefined) {
    return undefined;
  }
  const patterns: string[] = [];
  for (const block of rangeToCidrs('IPv4', bounds.first, bounds.last)) {
    const aligned = Math.ceil(block.prefixLength / 8) * 8;
    const count = 2 ** (aligned - block.prefixLength);
    if (patterns.length + count > MAX_JAVA_PATTERNS_PER_ENTRY) {
      return undefined;
    }
    const step = 2n ** BigInt(32 - aligned);
    for (let index = 0; index < count; index++) {
      const octets = formatIpNumber({ family: 'IPv4', value: block.network + BigInt(index) * step }).split('.');
      patterns.push(aligned === 32 ? octets.join('.') : `${octets.slice(0, aligned / 8).join('.')}.*`);
    }
  }
  return patterns;
}
