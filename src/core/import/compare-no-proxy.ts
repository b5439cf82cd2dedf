import { NoProxyClientId } from '../noproxy/clients';
import { ipBounds } from '../noproxy/entry-bounds';
import { explainNoProxy } from '../noproxy/explain';
import { parseNoProxyEntry } from '../noproxy/parse';
import { NoProxyEntryKind } from '../noproxy/types';
import { formatIpNumber } from '../primitives/ip';

/**
 * Old versus new NO_PROXY, per client: for destinations drawn from both lists (each entry's own
 * host, an address inside each CIDR, a name under each suffix) plus a few every cluster has, the
 * engine's client models decide direct or proxy with each value, and every difference is listed.
 * The models are the documented approximation of the real clients (`noproxy/clients.ts`).
 */

/** One client whose route to one destination changes. */
export interface NoProxyClientChange {
  /** The probed URL. */
  readonly url: string;
  /** Client family. */
  readonly client: NoProxyClientId;
  /** Its human name. */
  readonly clientName: string;
  /** Route with the old value. */
  readonly before: 'direct' | 'proxy';
  /** Route with the new value. */
  readonly after: 'direct' | 'proxy';
  /** Why, with the new value. */
  readonly reason: string;
}

/** The comparison. */
export interface NoProxyComparison {
  /** The old value (as the source system renders it). */
  readonly before: string;
  /** The library's value. */
  readonly after: string;
  /** Entries only in the new value (canonical text). */
  readonly added: string[];
  /** Entries only in the old value. */
  readonly removed: string[];
  /** The destinations probed. */
  readonly probes: string[];
  /** Every client and destination whose route changes. */
  readonly changes: NoProxyClientChange[];
}

/** Destinations every cluster has, besides the entries' own. */
const COMMON_PROBES = ['https://kubernetes.default.svc/', 'http://localhost/', 'http://169.254.169.254/', 'https://registry-1.docker.io/'];
/** At most this many probes (the lists are at most a few hundred entries). */
const MAX_PROBES = 400;

/** Compare two NO_PROXY values (old as a list of entries, new as rendered). */
export function compareNoProxy(before: string[], after: string): NoProxyComparison {
  const beforeValue = before.join(',');
  const afterEntries = after.split(',').filter(Boolean);
  // Text, not meaning: clients read `10.0.0.0/8` and `10.0.0.0-10.255.255.255` differently.
  const canonical = (entry: string): string => entry.trim().toLowerCase();
  const beforeSet = new Set(before.map(canonical));
  const afterSet = new Set(afterEntries.map(canonical));
  const probes = [...new Set([...before, ...afterEntries].flatMap(probeUrls).concat(COMMON_PROBES))].slice(0, MAX_PROBES);
  const changes: NoProxyClientChange[] = [];
  for (const url of probes) {
    const old = explainNoProxy(beforeValue, url);
    const now = explainNoProxy(after, url);
    now.forEach((verdict, index) => {
      if (verdict.direct !== old[index].direct) {
        changes.push({
          url,
          client: verdict.client,
          clientName: verdict.clientName,
          before: old[index].direct ? 'direct' : 'proxy',
          after: verdict.direct ? 'direct' : 'proxy',
          reason: verdict.reason,
        });
      }
    });
  }
  return {
    before: beforeValue,
    after,
    added: [...afterSet].filter((entry) => !beforeSet.has(entry)),
    removed: [...beforeSet].filter((entry) => !afterSet.has(entry)),
    probes,
    changes,
  };
}

/** A URL the entry is meant for (none for `*` and forms the library does not read). */
function probeUrls(text: string): string[] {
  let entry;
  try {
    entry = parseNoProxyEntry(text, 'noProxy');
  } catch {
    return [];
  }
  const port = 'port' in entry && entry.port !== undefined ? `:${entry.port}` : '';
  const ipUrl = (address: string): string => (address.includes(':') ? `http://[${address}]${port}/` : `http://${address}${port}/`);
  switch (entry.kind) {
    case NoProxyEntryKind.DOMAIN:
      return [`https://${entry.name}${port}/`];
    case NoProxyEntryKind.SUFFIX:
      return [`https://probe.${entry.name}${port}/`, `https://${entry.name}${port}/`];
    case NoProxyEntryKind.IP:
      return [ipUrl(entry.address)];
    case NoProxyEntryKind.CIDR:
      // the address after the network (a one-address block is parsed as an IP entry, so it exists)
      return [ipUrl(formatIpNumber({ family: entry.family, value: ipBounds(entry)!.first + 1n }))];
    case NoProxyEntryKind.RANGE:
      return [ipUrl(entry.start)];
    default:
      return [];
  }
}
