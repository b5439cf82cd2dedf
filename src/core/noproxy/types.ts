import type { IpFamily } from '../ip';

/**
 * A host name and all its subdomains (`example.com`), the Go (`golang.org/x/net/http/httpproxy`)
 * meaning of a NO_PROXY entry without a leading dot.
 */
export interface DomainNoProxyEntry {
  readonly kind: 'domain';
  /**
   * Lower-case DNS name without a leading dot. A single trailing dot is kept (`cluster.local.`):
   * Go and most clients compare it literally, so it only covers host names written with the dot.
   */
  readonly name: string;
  /** Only requests to this port bypass the proxy. @default - every port */
  readonly port?: number;
}

/** Every subdomain of a name, but not the name itself (`.example.com`; `*.example.com` means the same). */
export interface SuffixNoProxyEntry {
  readonly kind: 'suffix';
  /** Lower-case DNS name *without* the leading dot; a single trailing dot is kept. */
  readonly name: string;
  /** Only requests to this port bypass the proxy. @default - every port */
  readonly port?: number;
}

/** `*`: nothing goes through the proxy. Valid only as the sole entry. */
export interface WildcardNoProxyEntry {
  readonly kind: 'wildcard';
}

/** One IPv4 or IPv6 address. */
export interface IpNoProxyEntry {
  readonly kind: 'ip';
  /** `IPv4` or `IPv6`. */
  readonly family: IpFamily;
  /** Canonical text: dotted decimal, or RFC 5952 IPv6 without brackets (`fd00::10`). */
  readonly address: string;
  /** Only requests to this port bypass the proxy. @default - every port */
  readonly port?: number;
}

/** A CIDR block (`10.96.0.0/12`). Prefix lengths 1 to 31 (IPv4) or 127 (IPv6); longer ones are single IPs. */
export interface CidrNoProxyEntry {
  readonly kind: 'cidr';
  /** `IPv4` or `IPv6`. */
  readonly family: IpFamily;
  /** Canonical network address (host bits are never set). */
  readonly network: string;
  /** Prefix length, 1 to 31 (IPv4) or 127 (IPv6). */
  readonly prefixLength: number;
}

/**
 * An inclusive address range `start-end` that is not exactly one CIDR block (a range that is one
 * block is normalized to a {@link CidrNoProxyEntry}, a one-address range to an {@link IpNoProxyEntry}).
 */
export interface RangeNoProxyEntry {
  readonly kind: 'range';
  /** `IPv4` or `IPv6`. */
  readonly family: IpFamily;
  /** Canonical first address. */
  readonly start: string;
  /** Canonical last address, greater than `start`. */
  readonly end: string;
}

/**
 * One parsed, validated and normalized NO_PROXY entry. Discriminate on `kind`. Produce it with
 * `parseNoProxyEntry` (not by hand) so the canonical-form invariants hold.
 */
export type NoProxyEntry =
  | DomainNoProxyEntry
  | SuffixNoProxyEntry
  | WildcardNoProxyEntry
  | IpNoProxyEntry
  | CidrNoProxyEntry
  | RangeNoProxyEntry;

/** The `kind` discriminator values of {@link NoProxyEntry}. */
export type NoProxyEntryKind = NoProxyEntry['kind'];

/**
 * Which logical part of the NO_PROXY value an entry belongs to. The installation-wide part
 * (corporate networks, registries) is shared by every cluster; the cluster-specific part is
 * computed from one cluster's network (the split of the Giant Swarm design RFC).
 */
export type NoProxyPart = 'installation-wide' | 'cluster-specific';

/** An entry of a {@link NoProxyPart}, with the reason it is there when known. */
export interface NoProxyItem {
  readonly entry: NoProxyEntry;
  readonly part: NoProxyPart;
  /** Why the entry is needed (set for computed cluster-specific entries). */
  readonly reason?: string;
}
