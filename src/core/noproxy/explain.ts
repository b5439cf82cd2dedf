import { CLIENT_MATCHERS, NoProxyQuirk } from './client-matchers';
import { NO_PROXY_CLIENT_IDS, NO_PROXY_CLIENTS, NoProxyClientId, NoProxyClientTraits } from './clients';
import { Destination, parseDestination, writtenHost } from './destination';
import { matchingTraits } from './matching-traits';
import { parseIpNumber } from '../primitives/ip';

/** The two NO_PROXY environment variables, as a process would see them. */
export interface NoProxyVariables {
  /** Upper-case variable (Go prefers it; wget never reads it). */
  readonly NO_PROXY?: string;
  /** Lower-case variable (every other client prefers it). */
  readonly no_proxy?: string;
}

/** Options of `explainNoProxy`. */
export interface ExplainNoProxyOptions {
  /**
   * Resolve a host name to an address. Ruby matches IP and CIDR entries against the resolved
   * address; without a resolver only `localhost` resolves (to 127.0.0.1).
   *
   * @default - no resolution
   * @jsii ignore TypeScript only (a callback)
   */
  readonly resolve?: (host: string) => string | undefined;
  /**
   * The client families to explain.
   *
   * @default - every modelled family, in table order
   */
  readonly clients?: NoProxyClientId[];
}

/** One client family's decision for one URL. */
export interface NoProxyClientVerdict {
  readonly client: NoProxyClientId;
  /** Human name of the client family. */
  readonly clientName: string;
  /** True when the client connects directly, false when it uses the proxy. */
  readonly direct: boolean;
  /** The variable the client read, if any. */
  readonly variable?: 'NO_PROXY' | 'no_proxy';
  /** The entry (as the client split it) that made it go direct. */
  readonly entry?: string;
  /** Why, in one sentence. */
  readonly reason: string;
  /** Set when the client went direct only because of one of its quirks. */
  readonly quirk?: NoProxyQuirk;
}

/**
 * Explain, for each modelled client family, whether it would bypass the proxy for `url` given a
 * NO_PROXY value, and because of which entry (or why not).
 *
 * A plain string stands for both `NO_PROXY` and `no_proxy` set to it (what this library
 * renders). The models are a documented approximation of the real clients (see `clients.ts`).
 *
 * @param noProxy the value of both variables, or each variable separately
 * @param url an absolute http(s) URL, or an already parsed destination
 * @throws ProxyConfigError if `url` is not an absolute http(s) URL
 */
export function explainNoProxy(
  noProxy: string | NoProxyVariables,
  url: string | Destination,
  options: ExplainNoProxyOptions = {},
): NoProxyClientVerdict[] {
  const variables: NoProxyVariables = typeof noProxy === 'string' ? { NO_PROXY: noProxy, no_proxy: noProxy } : noProxy;
  const destination = typeof url === 'string' ? parseDestination(url) : url;
  const wanted = options.clients ?? NO_PROXY_CLIENT_IDS;
  return NO_PROXY_CLIENTS
    .filter((client) => wanted.includes(client.id))
    .map((client) => explainForClient(client, variables, destination, options));
}

function explainForClient(
  client: NoProxyClientTraits,
  variables: NoProxyVariables,
  destination: Destination,
  options: ExplainNoProxyOptions,
): NoProxyClientVerdict {
  const base = { client: client.id, clientName: client.name };
  const resolve = (host: string): string | undefined => options.resolve?.(host) ?? (host === 'localhost' ? '127.0.0.1' : undefined);
  if (client.alwaysBypassesLoopback && isLoopback(destination, matchingTraits(client.id).matchesResolvedAddress ? resolve : undefined)) {
    return { ...base, direct: true, reason: `${client.name} never uses a proxy for loopback hosts`, quirk: 'builtin-loopback' };
  }
  const selected = selectVariable(client, variables);
  if (!selected) {
    const reason = client.readsUpperCase
      ? 'neither NO_PROXY nor no_proxy is set, so it uses the proxy'
      : `${client.name} reads only no_proxy, which is not set, so it uses the proxy`;
    return { ...base, direct: false, reason };
  }
  const match = CLIENT_MATCHERS[client.id](selected.value, destination, { resolve });
  if (!match) {
    const limit = clientLimit(client, destination);
    const reason = `no entry of ${selected.name} matches ${describe(destination)}${limit ? `; ${limit}` : ''}`;
    return { ...base, direct: false, variable: selected.name, reason };
  }
  return {
    ...base,
    direct: true,
    variable: selected.name,
    entry: match.entry,
    reason: `${selected.name} entry "${match.entry}" matches ${describe(destination)}: ${match.rule}`,
    ...(match.quirk ? { quirk: match.quirk } : {}),
  };
}

/** The variable a client reads: its preferred one if set and non-empty, else the other one it reads. */
function selectVariable(
  client: NoProxyClientTraits,
  variables: NoProxyVariables,
): { name: 'NO_PROXY' | 'no_proxy'; value: string } | undefined {
  const order: Array<'NO_PROXY' | 'no_proxy'> = client.prefers === 'NO_PROXY' ? ['NO_PROXY', 'no_proxy'] : ['no_proxy', 'NO_PROXY'];
  for (const name of order) {
    const reads = name === 'NO_PROXY' ? client.readsUpperCase : client.readsLowerCase;
    const value = variables[name];
    if (reads && value !== undefined && value !== '') {
      return { name, value };
    }
  }
  return undefined;
}

/** What keeps a client on the proxy whatever NO_PROXY says, for this destination (or undefined). */
function clientLimit(client: NoProxyClientTraits, destination: Destination): string | undefined {
  const matching = matchingTraits(client.id);
  if (destination.hostType === 'IPv6' && !matching.ipv6Bare && !matching.ipv6Bracketed && !client.alwaysBypassesLoopback) {
    return `${client.name} honours no IPv6 entry in any form, so no NO_PROXY value can make it bypass the proxy for an IPv6 address`;
  }
  if (matching.caseSensitive && writtenHost(destination) !== destination.host) {
    return `${client.name} compares the host as written (${writtenHost(destination)}) case-sensitively with lower-case entries; write the URL in lower case`;
  }
  return undefined;
}

/** `localhost` or a loopback address (127.0.0.0/8, ::1), literally or after resolution. */
function isLoopback(destination: Destination, resolve?: (host: string) => string | undefined): boolean {
  const address = destination.hostType === 'name' ? resolve?.(destination.host) : destination.host;
  if (destination.host === 'localhost') {
    return true;
  }
  const ip = address === undefined ? undefined : parseIpNumber(address);
  // 127.0.0.0/8 is every address whose first octet is 127
  return ip?.family === 'IPv4' ? ip.value / 2n ** 24n === 127n : ip?.value === 1n;
}

function describe(destination: Destination): string {
  const host = destination.hostType === 'IPv6' ? `[${destination.host}]` : destination.host;
  return `${host}:${destination.port}`;
}
