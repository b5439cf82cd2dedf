import { CLIENT_MATCHERS } from './client-matchers';
import type { NoProxyClientId } from './clients';
import { parseDestination } from './destination';

/**
 * How a client family matches NO_PROXY entries, summed up in a few traits. The traits are read off
 * the executable model in `client-matchers.ts` by probing it with one entry and one URL each, so
 * the summary and the model cannot disagree; the models themselves are checked against the
 * measurements of the real clients.
 */

/** What a bare entry (`example.com`, no leading dot) matches. */
export type BareEntryMatching =
  /** the host and its subdomains, on label boundaries */
  | 'host-and-subdomains'
  /** only that exact host */
  | 'exact-host'
  /** any host whose text ends with the entry, label boundary or not (`notexample.com` too) */
  | 'text-suffix';

/** What a leading-dot entry (`.example.com`) matches. */
export type LeadingDotMatching =
  /** subdomains only */
  | 'subdomains'
  /** subdomains and the apex `example.com` */
  | 'subdomains-and-apex'
  /** any host whose text ends with `example.com`: apex, subdomains and `notexample.com` */
  | 'text-suffix';

/** Which `host:port` entries a client honours. */
export interface PortEntrySupport {
  /** `example.com:8080` matches that host on that port. */
  readonly host: boolean;
  /** `.example.com:8080` matches subdomains on that port. */
  readonly suffix: boolean;
  /** `10.0.0.5:8080`. */
  readonly ipv4: boolean;
  /** `[fd00::10]:8080`. */
  readonly ipv6: boolean;
  /** `example.com:443` also matches `https://example.com/`, where the port is implied. */
  readonly defaultPort: boolean;
  /** `example.com:443` matches `https://example.com:443/` (httpx drops a written default port, then compares). */
  readonly writtenDefaultPort: boolean;
}

/** The NO_PROXY matching of one client family, once it has chosen its variable. */
export interface MatchingTraits {
  /** Whitespace alone separates entries (not only commas). */
  readonly whitespaceSeparates: boolean;
  /** Whitespace between an entry and the following comma is ignored. */
  readonly trimsSpaceBeforeComma: boolean;
  /** What `example.com` matches. */
  readonly bareEntry: BareEntryMatching;
  /** What `.example.com` matches. */
  readonly leadingDotEntry: LeadingDotMatching;
  /** `*.example.com` matches subdomains. */
  readonly starDotGlob: boolean;
  /** The value `*` alone bypasses everything. */
  readonly starAlone: boolean;
  /** `*` inside a list bypasses everything. */
  readonly starInList: boolean;
  /** Trailing dots on hosts and entries are ignored (`example.com.` equals `example.com`). */
  readonly ignoresTrailingDot: boolean;
  /** IPv4 CIDR entries match addresses inside. */
  readonly ipv4Cidr: boolean;
  /** IPv6 CIDR entries match addresses inside. */
  readonly ipv6Cidr: boolean;
  /** IPv4 `start-end` range entries match addresses inside. */
  readonly ipv4Range: boolean;
  /** `fd00::10` (no brackets) matches `http://[fd00::10]/`. */
  readonly ipv6Bare: boolean;
  /** `[fd00::10]` matches `http://[fd00::10]/`. */
  readonly ipv6Bracketed: boolean;
  /** Which `host:port` entries are honoured. */
  readonly ports: PortEntrySupport;
  /**
   * The entry parser cuts IPv6 entries at colons and uses the pieces as host names (Ruby's
   * `scan(/([^:,\s]+)(?::(\d+))?/)`): `fd00::1` becomes the names `fd00` and `1`, so every host
   * ending in `.1` bypasses the proxy.
   */
  readonly splitsIpv6AtColons: boolean;
  /** IP and CIDR entries also match the address a host name resolves to. */
  readonly matchesResolvedAddress: boolean;
  /**
   * Entries and hosts are compared case-sensitively, the host as written in the URL (LWP). The
   * library writes every entry in lower case, so only URLs written in lower case match there.
   */
  readonly caseSensitive: boolean;
}

const derived = new Map<NoProxyClientId, MatchingTraits>();

/** The matching traits of one client family, read off its model (once). */
export function matchingTraits(id: NoProxyClientId): MatchingTraits {
  const known = derived.get(id);
  if (known) {
    return known;
  }
  // `kubernetes` resolves to an address inside 10.96.0.0/12, for the resolved-address probe
  const resolve = (host: string): string | undefined => (host === 'kubernetes' ? '10.96.0.1' : undefined);
  const direct = (noProxy: string, url: string): boolean => CLIENT_MATCHERS[id](noProxy, parseDestination(url), { resolve }) !== undefined;
  const subdomain = direct('example.com', 'http://api.example.com/');
  const apex = direct('.example.com', 'http://example.com/');
  const traits: MatchingTraits = {
    whitespaceSeparates: direct('other.com example.com', 'http://example.com/'),
    trimsSpaceBeforeComma: direct('example.com ,other.com', 'http://example.com/'),
    bareEntry: !subdomain ? 'exact-host' : direct('example.com', 'http://notexample.com/') ? 'text-suffix' : 'host-and-subdomains',
    leadingDotEntry: !apex ? 'subdomains' : direct('.example.com', 'http://notexample.com/') ? 'text-suffix' : 'subdomains-and-apex',
    starDotGlob: direct('*.example.com', 'http://api.example.com/'),
    starAlone: direct('*', 'http://example.com/'),
    starInList: direct('other.com,*', 'http://example.com/'),
    ignoresTrailingDot: direct('example.com.', 'http://example.com/'),
    ipv4Cidr: direct('10.0.0.0/24', 'http://10.0.0.5/'),
    ipv6Cidr: direct('fd00::/64', 'http://[fd00::10]/'),
    ipv4Range: direct('10.0.0.1-10.0.0.9', 'http://10.0.0.5/'),
    ipv6Bare: direct('fd00::10', 'http://[fd00::10]/'),
    ipv6Bracketed: direct('[fd00::10]', 'http://[fd00::10]/'),
    ports: {
      host: direct('example.com:8080', 'http://example.com:8080/'),
      suffix: direct('.example.com:8080', 'http://api.example.com:8080/'),
      ipv4: direct('10.0.0.5:8080', 'http://10.0.0.5:8080/'),
      ipv6: direct('[fd00::10]:8080', 'http://[fd00::10]:8080/'),
      defaultPort: direct('example.com:443', 'https://example.com/'),
      writtenDefaultPort: direct('example.com:443', 'https://example.com:443/'),
    },
    splitsIpv6AtColons: direct('fd00::10', 'http://203.0.113.10/'),
    matchesResolvedAddress: direct('10.96.0.0/12', 'http://kubernetes/'),
    caseSensitive: !direct('example.com', 'http://EXAMPLE.com/'),
  };
  derived.set(id, traits);
  return traits;
}
