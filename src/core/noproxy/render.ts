import { IpBounds, ipBounds } from './entry-bounds';
import { formatNoProxyEntry, withPort } from './format';
import { javaIpv4Patterns, MAX_JAVA_PATTERNS_PER_ENTRY } from './java-globs';
import { CidrNoProxyEntry, NoProxyEntry, NoProxyEntryKind, NoProxyItem, ParsedNoProxyEntry, parsedEntry, RangeNoProxyEntry } from './types';
import { formatIpNumber, rangeToCidrs } from '../primitives/ip';

/**
 * Output formats of `renderNoProxy`:
 * - `env`: the value for `NO_PROXY`/`no_proxy` (comma-separated, no spaces)
 * - `list`: the same tokens, one per line (for YAML lists and values files)
 * - `json`: an array of `{ entry, kind, family?, port?, part?, reason?, rendered }` objects
 * - `java`: a `http.nonProxyHosts` value (see `renderJavaNonProxyHosts`)
 */
export enum NoProxyFormat {
  /** The value for `NO_PROXY`/`no_proxy`: comma-separated, no spaces. */
  ENV = 'env',
  /** The same tokens, one per line (YAML lists, values files). */
  LIST = 'list',
  /** A JSON array of the entries with their kind, family, part and reason. */
  JSON = 'json',
  /** A `http.nonProxyHosts` value for the JVM. */
  JAVA = 'java',
}

/** What can be rendered: a `NoProxy` (anything with `entries` items) or a plain entry list. */
export type NoProxySource = { readonly entries: NoProxyItem[] } | readonly ParsedNoProxyEntry[];

/**
 * The NO_PROXY tokens one entry renders to, chosen so that every client family modelled in
 * `clients.ts` that can honour the entry at all does, and none reads a token as something else:
 *
 * - domain `example.com` -> `example.com`, `.example.com`: proxy-from-env and Node 24 read a bare
 *   entry as that host only, and only the dotted form covers subdomains there; the bare form
 *   covers the apex in Go, wget, proxy-from-env, Node 24 fetch and Ruby
 * - suffix -> `.example.com` only; `*.` is ignored by curl, wget, Python and Ruby
 * - IPv4 -> the address; IPv6 -> `fd00::10` and `[fd00::10]`: the bare form works in Go, curl,
 *   wget, requests and Node 24 http, the bracketed one in urllib, proxy-from-env and Node 24 fetch;
 *   with a port only `[fd00::10]:443` (a bare `fd00::10:443` is another valid address)
 * - IPv4 CIDR -> the CIDR and its `a-b` range (Node 24 http reads ranges, not CIDRs; CAREN does
 *   the same); IPv6 CIDR -> the CIDR only (no client reads IPv6 ranges)
 * - range -> for IPv4 the range and its minimal CIDR set; for IPv6 the CIDR set only. One-address
 *   blocks stay `/32` and `/128` CIDRs: as plain IPs, CIDR-blind clients would honour a few edge
 *   addresses of the range and not the rest, and a CIDR covering the range would no longer make
 *   it redundant
 * - `*` -> `*`
 */
export function renderNoProxyEntry(given: NoProxyEntry): string[] {
  const entry = parsedEntry(given);
  const text = formatNoProxyEntry(entry);
  switch (entry.kind) {
    case NoProxyEntryKind.DOMAIN:
      return [text, withPort(`.${entry.name}`, entry.port)];
    case NoProxyEntryKind.IP:
      return entry.family === 'IPv6' && entry.port === undefined ? [text, `[${text}]`] : [text];
    case NoProxyEntryKind.CIDR:
      return entry.family === 'IPv4' ? [text, cidrAsRange(entry)] : [text];
    case NoProxyEntryKind.RANGE:
      return entry.family === 'IPv4' ? [text, ...rangeBlocks(entry)] : rangeBlocks(entry);
    case NoProxyEntryKind.WILDCARD:
    case NoProxyEntryKind.SUFFIX:
      return [text];
  }
}

function cidrAsRange(entry: CidrNoProxyEntry): string {
  return `${entry.network}-${formatIpNumber({ family: entry.family, value: boundsOf(entry).last })}`;
}

/** The minimal CIDR set of a range, one-address blocks included as `/32` or `/128`. */
function rangeBlocks(entry: RangeNoProxyEntry): string[] {
  const { first, last } = boundsOf(entry);
  return rangeToCidrs(entry.family, first, last)
    .map((block) => `${formatIpNumber({ family: block.family, value: block.network })}/${block.prefixLength}`);
}

function boundsOf(entry: ParsedNoProxyEntry): IpBounds {
  const bounds = ipBounds(entry);
  if (!bounds) {
    throw new Error(`invalid address block ${formatNoProxyEntry(entry)}`);
  }
  return bounds;
}

/** The items of a source: a `NoProxy`'s own, or one per entry of a list. */
export function itemsOf(source: NoProxySource): ReadonlyArray<Partial<NoProxyItem> & { entry: NoProxyEntry }> {
  // an array has an `entries` method too, so test for the array first
  return isEntryArray(source) ? source.map((entry) => ({ entry })) : source.entries;
}

function isEntryArray(source: NoProxySource): source is readonly ParsedNoProxyEntry[] {
  return Array.isArray(source);
}

/** The `env` tokens of a whole list (see {@link EnvTokens}). */
function envTokens(source: NoProxySource): string[] {
  return [...EnvTokens.of(itemsOf(source)).tokens];
}

type EntryHolder = { readonly entry: NoProxyEntry };

function holdsWildcard(items: readonly EntryHolder[]): boolean {
  return items.some((item) => item.entry.kind === NoProxyEntryKind.WILDCARD);
}

/** `tokens` with the tokens of `items` that `known` lacks added, in list order (loops: lists run to many thousands). */
function addTokens(tokens: Set<string>, items: readonly EntryHolder[], known?: ReadonlySet<string>): Set<string> {
  for (const item of items) {
    for (const token of renderNoProxyEntry(item.entry)) {
      if (!known?.has(token)) {
        tokens.add(token);
      }
    }
  }
  return tokens;
}

/**
 * The `env` tokens of a list, de-duplicated, in list order; a list holding `*` renders as `*`
 * alone (curl ignores `*` in a list). Rendered once for a part of a list that many lists start
 * with (the installation-wide part every cluster shares), each list adding only its own tokens.
 */
export class EnvTokens {
  /** The tokens of `items`. */
  public static of(items: readonly EntryHolder[]): EnvTokens {
    if (holdsWildcard(items)) {
      return new EnvTokens(new Set(['*']), true);
    }
    return new EnvTokens(addTokens(new Set(), items), false);
  }

  /** The `env` value of these tokens alone. */
  public readonly value: string;

  private constructor(public readonly tokens: ReadonlySet<string>, private readonly wildcard: boolean) {
    this.value = [...tokens].join(',');
  }

  /** The `env` value of the list these tokens start, followed by `items`. */
  public valueWith(items: readonly EntryHolder[]): string {
    if (this.wildcard || holdsWildcard(items)) {
      return '*';
    }
    const added = addTokens(new Set(), items, this.tokens);
    if (added.size === 0) {
      return this.value;
    }
    // concatenated, not joined: the result refers to the shared text instead of copying it
    return this.value === '' ? [...added].join(',') : `${this.value},${[...added].join(',')}`;
  }
}

/**
 * Render a NO_PROXY list in one of the {@link NoProxyFormat}s. Deterministic: the same input gives
 * the same text, entries in list order, each token once.
 */
export function renderNoProxy(source: NoProxySource, format: NoProxyFormat = NoProxyFormat.ENV): string {
  switch (format) {
    case NoProxyFormat.ENV:
      return envTokens(source).join(',');
    case NoProxyFormat.LIST:
      return envTokens(source).join('\n');
    case NoProxyFormat.JSON:
      return JSON.stringify(itemsOf(source).map((item) => ({
        entry: formatNoProxyEntry(item.entry),
        kind: item.entry.kind,
        ...('family' in item.entry ? { family: item.entry.family } : {}),
        ...('port' in item.entry && item.entry.port !== undefined ? { port: item.entry.port } : {}),
        ...(item.part ? { part: item.part } : {}),
        ...(item.reason ? { reason: item.reason } : {}),
        rendered: renderNoProxyEntry(item.entry),
      })), null, 2);
    case NoProxyFormat.JAVA:
      return renderJavaNonProxyHosts(source).value;
  }
}

/** An entry the Java form cannot express. */
export interface SkippedJavaEntry {
  /** Canonical entry text. */
  readonly entry: string;
  readonly reason: string;
}

/** Result of `renderJavaNonProxyHosts`. */
export interface JavaNonProxyHosts {
  /** Value for `-Dhttp.nonProxyHosts` (and `https.`): `|`-separated host patterns. */
  readonly value: string;
  /** Entries left out, because the JDK would proxy those destinations anyway. */
  readonly skipped: SkippedJavaEntry[];
}

/**
 * Render the JDK `http.nonProxyHosts` form: `|`-separated patterns where `*` may lead or end a
 * pattern. A domain becomes `example.com|*.example.com`, a suffix `*.example.com`, an IPv6 address
 * `[fd00::10]` (as in the JDK default `[::1]`), an IPv4 CIDR or range the exact set of its
 * octet-aligned globs (`10.96.*` to `10.111.*` for 10.96.0.0/12; see `javaIpv4Patterns`) when
 * that set is small. The JDK has no port syntax and no glob covers an IPv6 block, so those
 * entries, and IPv4 blocks needing too many globs, are skipped and listed in `skipped`.
 */
export function renderJavaNonProxyHosts(source: NoProxySource): JavaNonProxyHosts {
  const items = itemsOf(source);
  if (holdsWildcard(items)) {
    return { value: '*', skipped: [] };
  }
  const patterns: string[] = [];
  const skipped: SkippedJavaEntry[] = [];
  for (const item of items) {
    const entry = parsedEntry(item.entry);
    const globs = javaIpv4Patterns(entry);
    const reason = globs ? undefined : javaLimitation(entry);
    if (reason) {
      skipped.push({ entry: formatNoProxyEntry(entry), reason });
    } else if (globs) {
      patterns.push(...globs);
    } else if (entry.kind === NoProxyEntryKind.DOMAIN) {
      patterns.push(entry.name, `*.${entry.name}`);
    } else if (entry.kind === NoProxyEntryKind.SUFFIX) {
      patterns.push(`*.${entry.name}`);
    } else if (entry.kind === NoProxyEntryKind.IP) {
      patterns.push(entry.family === 'IPv6' ? `[${entry.address}]` : entry.address);
    }
  }
  return { value: [...new Set(patterns)].join('|'), skipped };
}

function javaLimitation(entry: ParsedNoProxyEntry): string | undefined {
  if (entry.kind === NoProxyEntryKind.CIDR || entry.kind === NoProxyEntryKind.RANGE) {
    const why = entry.family === 'IPv6' ? 'no glob covers an IPv6 block' : `this block needs more than ${MAX_JAVA_PATTERNS_PER_ENTRY} octet globs`;
    return `Java nonProxyHosts has no CIDR or range syntax and ${why}; list the addresses Java clients must reach directly as single IPs`;
  }
  if ('port' in entry && entry.port !== undefined) {
    return 'Java nonProxyHosts has no port syntax';
  }
  return undefined;
}
