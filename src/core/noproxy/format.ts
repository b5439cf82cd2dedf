import { NoProxyEntry, NoProxyEntryKind, parsedEntry } from './types';

/**
 * The canonical text of one entry, as accepted by `parseNoProxyEntry` (which turns it back into an
 * equal entry). This is the entry as the user means it, not what clients are given: a domain
 * prints as `example.com` here but renders as `example.com,.example.com` (see `renderNoProxy`).
 */
export function formatNoProxyEntry(given: NoProxyEntry): string {
  const entry = parsedEntry(given);
  switch (entry.kind) {
    case NoProxyEntryKind.WILDCARD:
      return '*';
    case NoProxyEntryKind.DOMAIN:
      return withPort(entry.name, entry.port);
    case NoProxyEntryKind.SUFFIX:
      return withPort(`.${entry.name}`, entry.port);
    case NoProxyEntryKind.IP: // an IPv6 address takes brackets before a port
      return withPort(entry.family === 'IPv6' && entry.port !== undefined ? `[${entry.address}]` : entry.address, entry.port);
    case NoProxyEntryKind.CIDR:
      return `${entry.network}/${entry.prefixLength}`;
    case NoProxyEntryKind.RANGE:
      return `${entry.start}-${entry.end}`;
  }
}

/** `host:port`, or the host alone without a port. */
export function withPort(host: string, port: number | undefined): string {
  return port === undefined ? host : `${host}:${port}`;
}
