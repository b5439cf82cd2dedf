import type { IpFamily } from '../primitives/ip';

/** The kinds of NO_PROXY entry; {@link NoProxyEntry.kind} says which fields an entry has. */
export enum NoProxyEntryKind {
  /** A host name and all its subdomains (`example.com`): `name`, `port`. */
  DOMAIN = 'domain',
  /** Every subdomain of a name, not the name itself (`.example.com`, `*.example.com`): `name`, `port`. */
  SUFFIX = 'suffix',
  /** `*`: nothing goes through the proxy (valid only as the sole entry). */
  WILDCARD = 'wildcard',
  /** One IPv4 or IPv6 address: `family`, `address`, `port`. */
  IP = 'ip',
  /** A CIDR block (`10.96.0.0/12`): `family`, `network`, `prefixLength`. */
  CIDR = 'cidr',
  /** An inclusive address range that is not exactly one CIDR block: `family`, `start`, `end`. */
  RANGE = 'range',
}

/**
 * One parsed, validated and normalized NO_PROXY entry. `kind` says which of the other fields are
 * set. Entries come from the library (`ProxySettings.noProxy`, `NoProxy.entries`...), in canonical
 * form; `formatNoProxyEntry` text turns back into the same entry.
 */
export interface NoProxyEntry {
  /** What the entry names; it decides which of the other fields are set. */
  readonly kind: NoProxyEntryKind;
  /**
   * Domain and suffix: lower-case DNS name without a leading dot. A single trailing dot is kept
   * (`cluster.local.`): Go and most clients compare it literally, so it only covers host names
   * written with the dot.
   *
   * @default - not a domain or suffix entry
   */
  readonly name?: string;
  /**
   * Domain, suffix and IP: only requests to this port bypass the proxy.
   *
   * @default - every port
   */
  readonly port?: number;
  /**
   * IP, CIDR and range: `IPv4` or `IPv6`.
   *
   * @default - not an address entry
   */
  readonly family?: IpFamily;
  /**
   * IP: canonical text, dotted decimal or RFC 5952 IPv6 without brackets (`fd00::10`).
   *
   * @default - not an IP entry
   */
  readonly address?: string;
  /**
   * CIDR: canonical network address (host bits are never set).
   *
   * @default - not a CIDR entry
   */
  readonly network?: string;
  /**
   * CIDR: prefix length, 1 to 31 (IPv4) or 127 (IPv6); longer blocks are single IPs.
   *
   * @default - not a CIDR entry
   */
  readonly prefixLength?: number;
  /**
   * Range: canonical first address.
   *
   * @default - not a range entry
   */
  readonly start?: string;
  /**
   * Range: canonical last address, greater than `start`.
   *
   * @default - not a range entry
   */
  readonly end?: string;
}

// The shape of each kind, for the library's own code: narrowing on `kind` gives the fields that
// kind always has. The public struct above is what every variant is, seen from other languages.

/** The entry of one kind: `kind` narrowed to it, and the fields that kind always has required. */
type KindEntry<K extends NoProxyEntryKind, Fields extends keyof NoProxyEntry = never> =
  NoProxyEntry & { readonly kind: K } & Required<Pick<NoProxyEntry, Fields>>;

/** {@link NoProxyEntryKind.DOMAIN}: the Go (`golang.org/x/net/http/httpproxy`) meaning of an entry without a leading dot. */
export type DomainNoProxyEntry = KindEntry<NoProxyEntryKind.DOMAIN, 'name'>;

/** {@link NoProxyEntryKind.SUFFIX}. */
export type SuffixNoProxyEntry = KindEntry<NoProxyEntryKind.SUFFIX, 'name'>;

/** {@link NoProxyEntryKind.WILDCARD}. */
export type WildcardNoProxyEntry = KindEntry<NoProxyEntryKind.WILDCARD>;

/** {@link NoProxyEntryKind.IP}. */
export type IpNoProxyEntry = KindEntry<NoProxyEntryKind.IP, 'family' | 'address'>;

/** {@link NoProxyEntryKind.CIDR}. */
export type CidrNoProxyEntry = KindEntry<NoProxyEntryKind.CIDR, 'family' | 'network' | 'prefixLength'>;

/**
 * {@link NoProxyEntryKind.RANGE}: a range that is one block is normalized to a CIDR entry, a
 * one-address range to an IP entry.
 */
export type RangeNoProxyEntry = KindEntry<NoProxyEntryKind.RANGE, 'family' | 'start' | 'end'>;

/** A {@link NoProxyEntry} narrowed by its kind. */
export type ParsedNoProxyEntry =
  | DomainNoProxyEntry
  | SuffixNoProxyEntry
  | WildcardNoProxyEntry
  | IpNoProxyEntry
  | CidrNoProxyEntry
  | RangeNoProxyEntry;

/**
 * The entry, narrowed by its kind. Every `NoProxyEntry` the library hands out is one of the
 * variants (the parser makes them all), so this only restores what the public struct leaves out.
 */
export function parsedEntry(entry: NoProxyEntry): ParsedNoProxyEntry {
  return entry as ParsedNoProxyEntry;
}

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

/** An item's entry, narrowed by its kind (every item the library makes holds a parsed entry). */
export function itemEntry(item: NoProxyItem): ParsedNoProxyEntry {
  return parsedEntry(item.entry);
}
