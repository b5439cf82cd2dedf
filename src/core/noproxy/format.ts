import { NoProxyEntry } from './types';

/**
 * The canonical text of one entry, as accepted by `parseNoProxyEntry` (which turns it back into an
 * equal entry). This is the entry as the user means it, not what clients are given: a domain
 * prints as `example.com` here but renders as `example.com,.example.com` (see `renderNoProxy`).
 */
export function formatNoProxyEntry(entry: NoProxyEntry): string {
  switch (entry.kind) {
    case 'wildcard':
      return '*';
    case 'domain':
      return withPort(entry.name, entry.port);
    case 'suffix':
      return withPort(`.${entry.name}`, entry.port);
    case 'ip':
      if (entry.port === undefined) {
        return entry.address;
      }
      return withPort(entry.family === 'IPv6' ? `[${entry.address}]` : entry.address, entry.port);
    case 'cidr':
      return `${entry.network}/${entry.prefixLength}`;
    case 'range':
      return `${entry.start}-${entry.end}`;
  }
}

function withPort(host: string, port: number | undefined): string {
  return port === undefined ? host : `${host}:${port}`;
}
