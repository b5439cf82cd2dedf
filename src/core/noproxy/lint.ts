import { NO_PROXY_CLIENT_IDS, NoProxyClientId, noProxyClient } from './clients';
import { LOOPBACK_SERVICE_ADDRESSES } from './cluster-defaults';
import { ipBounds } from './entry-bounds';
import { explainNoProxy } from './explain';
import { formatNoProxyEntry } from './format';
import { matchingTraits } from './matching-traits';
import { parseNoProxyList } from './parse';
import { itemsOf, NoProxySource, renderNoProxyEntry } from './render';
import { NoProxyEntryKind, ParsedNoProxyEntry, parsedEntry } from './types';
import { formatIpNumber, parseIpNumber } from '../primitives/ip';

/**
 * Kinds of lint findings:
 * - `ignored-by-some-clients`: even rendered for every client, some client families cannot honour
 *   the entry (CIDRs in wget, IPv6 in Ruby, `:port` in curl, ...), so they use the proxy there
 * - `over-match`: some client families bypass the proxy for more hosts than the entry names
 * - `glob-rewritten`: a `*.` glob was normalized to a leading dot, because several clients
 *   ignore `*.`
 */
export type NoProxyLintCode = 'ignored-by-some-clients' | 'over-match' | 'glob-rewritten';

/** One lint finding about one entry. */
export interface NoProxyLintWarning {
  /** The input field of the entry, e.g. `noProxy[3]`. */
  readonly field: string;
  /** The entry in canonical form (for `glob-rewritten`, as written). */
  readonly entry: string;
  readonly code: NoProxyLintCode;
  /** The client families concerned. */
  readonly clients: NoProxyClientId[];
  /** Complete message naming the field, the entry and the clients. */
  readonly message: string;
}

/**
 * Lint a valid NO_PROXY list for client-specific pitfalls that remain after rendering. The
 * "ignored" findings come from running the client models (`explain`) on probe URLs the entry
 * covers, so they always agree with the models.
 *
 * @param value raw entries (a comma string or array; parsed, so invalid entries throw), a `NoProxy`
 *   or a list of parsed entries
 * @param field the field named in messages, with `[index]` appended per entry
 */
export function lintNoProxy(value: string | readonly string[] | NoProxySource, field = 'noProxy'): NoProxyLintWarning[] {
  const warnings: NoProxyLintWarning[] = [];
  let entries: ParsedNoProxyEntry[];
  if (typeof value === 'string' || isStringArray(value)) {
    entries = parseNoProxyList(value, field);
    const raw = typeof value === 'string' ? value.split(',') : value;
    raw.forEach((text, index) => {
      if (text.trim().startsWith('*.')) {
        warnings.push(globWarning(`${field}[${index}]`, text.trim()));
      }
    });
  } else {
    entries = itemsOf(value).map((item) => parsedEntry(item.entry));
  }
  entries.forEach((entry, index) => {
    const entryField = `${field}[${index}]`;
    const ignoring = clientsIgnoring(entry);
    if (ignoring.length > 0) {
      warnings.push(warning(entryField, formatNoProxyEntry(entry), 'ignored-by-some-clients', ignoring, ignoredReason(entry, ignoring)));
    }
    const overMatch = overMatchWarning(entryField, entry);
    if (overMatch) {
      warnings.push(overMatch);
    }
  });
  return warnings;
}

function isStringArray(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string') && value.length > 0;
}

/** A finding about `entry` (canonical text, or as written), the message naming the field and the entry. */
function warning(field: string, entry: string, code: NoProxyLintCode, clients: NoProxyClientId[], text: string): NoProxyLintWarning {
  return { field, entry, code, clients, message: `${field}: "${entry}": ${text}` };
}

function names(clients: NoProxyClientId[]): string {
  const list = clients.map((id) => noProxyClient(id).name);
  return list.length === 1 ? list[0] : `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

function globWarning(field: string, text: string): NoProxyLintWarning {
  const clients = NO_PROXY_CLIENT_IDS.filter((id) => !matchingTraits(id).starDotGlob);
  return warning(field, text, 'glob-rewritten', clients,
    `rendered as "${text.slice(1)}" because ${names(clients)} ignore "*." globs; the meaning (subdomains only) is the same`);
}

/** URLs the entry is meant to cover: the apex and a subdomain for names, an inner address for blocks, the port's default scheme. */
export function noProxyProbeUrls(entry: ParsedNoProxyEntry): string[] {
  const port = 'port' in entry && entry.port !== undefined ? entry.port : undefined;
  const hosts = probeHosts(entry);
  const urls = hosts.map((host) => `http://${host}${port === undefined ? '' : `:${port}`}/`);
  if (port === 80 || port === 443) {
    urls.push(...hosts.map((host) => `${port === 80 ? 'http' : 'https'}://${host}/`));
  }
  return urls;
}

function probeHosts(entry: ParsedNoProxyEntry): string[] {
  switch (entry.kind) {
    case NoProxyEntryKind.WILDCARD:
      return ['example.com'];
    case NoProxyEntryKind.DOMAIN:
      return [entry.name, `probe.${entry.name}`];
    case NoProxyEntryKind.SUFFIX:
      return [`probe.${entry.name}`];
    case NoProxyEntryKind.IP:
      return [entry.family === 'IPv6' ? `[${entry.address}]` : entry.address];
    case NoProxyEntryKind.CIDR:
    case NoProxyEntryKind.RANGE: {
      const first = parseIpNumber(entry.kind === NoProxyEntryKind.CIDR ? entry.network : entry.start);
      if (!first) {
        return [];
      }
      // an address inside the block that no other rendered form names exactly
      const inside = formatIpNumber({ family: first.family, value: first.value + 1n });
      return [entry.family === 'IPv6' ? `[${inside}]` : inside];
    }
  }
}

/** Client families that use the proxy for at least one destination the rendered entry is meant to cover. */
function clientsIgnoring(entry: ParsedNoProxyEntry): NoProxyClientId[] {
  const rendered = renderNoProxyEntry(entry).join(',');
  const verdicts = noProxyProbeUrls(entry).flatMap((url) => explainNoProxy(rendered, url));
  return NO_PROXY_CLIENT_IDS.filter((id) => verdicts.some((verdict) => verdict.client === id && !verdict.direct));
}

function ignoredReason(entry: ParsedNoProxyEntry, clients: NoProxyClientId[]): string {
  const who = names(clients);
  if ('port' in entry && entry.port !== undefined) {
    return `":port" entries are not honoured for every request they cover by ${who} (curl and wget ignore them; urllib and requests match only when the URL spells out the port)`;
  }
  switch (entry.kind) {
    case NoProxyEntryKind.CIDR:
    case NoProxyEntryKind.RANGE:
      if (isLoopbackBlock(entry)) {
        const listed = ['127.0.0.1', ...LOOPBACK_SERVICE_ADDRESSES.map((item) => item.address)].join(', ');
        return `CIDR and range entries are ignored by ${who}: of the loopback addresses only those listed singly (the defaults list ${listed}) `
          + 'bypass the proxy there; any other 127.x address goes through it, and no string covers them all';
      }
      return entry.family === 'IPv4'
        ? `CIDR and range entries are ignored by ${who}, which use the proxy for addresses inside; list the addresses they must reach directly as single IPs`
        : `IPv6 CIDR and range entries are ignored by ${who} (only Go reads them), which use the proxy for addresses inside`;
    case NoProxyEntryKind.IP:
      return `no form of an IPv6 entry (bare or bracketed) matches in ${who}, so the proxy is used there`;
    case NoProxyEntryKind.WILDCARD:
      return `"*" is not supported by ${who}, so the proxy is still used there`;
    default:
      return `the entry is ignored by ${who}`;
  }
}

/** An IPv4 block inside 127.0.0.0/8. */
function isLoopbackBlock(entry: ParsedNoProxyEntry): boolean {
  const bounds = ipBounds(entry);
  return bounds?.family === 'IPv4' && bounds.first / 2n ** 24n === 127n && bounds.last / 2n ** 24n === 127n;
}

/** IPv6 address entries: Ruby reads their colon-separated pieces as host names; requests compares text suffixes. */
function overMatchWarning(field: string, entry: ParsedNoProxyEntry): NoProxyLintWarning | undefined {
  if (entry.kind !== NoProxyEntryKind.IP || entry.family !== 'IPv6' || entry.port !== undefined) {
    return undefined;
  }
  const pieces = [...entry.address.matchAll(/([^:,\s]+)(?::(\d+))?/g)].map((match) => match[1]);
  const splitters = NO_PROXY_CLIENT_IDS.filter((id) => matchingTraits(id).splitsIpv6AtColons);
  const suffixers = NO_PROXY_CLIENT_IDS.filter((id) => matchingTraits(id).bareEntry === 'text-suffix' && matchingTraits(id).ipv6Bare);
  const parts: string[] = [];
  if (splitters.length > 0 && pieces.length > 0) {
    const quoted = pieces.map((piece) => `"${piece}"`).join(', ');
    parts.push(`in ${names(splitters)}, IPv6 entries are cut at ":" and the pieces ${quoted} read as host names, so every host ending in `
      + `${pieces.map((piece) => `".${piece}"`).join(' or ')} (IPv4 addresses included) bypasses the proxy`);
  }
  if (suffixers.length > 0) {
    parts.push(`in ${names(suffixers)}, every IPv6 address whose text ends in "${entry.address}" bypasses the proxy`);
  }
  return parts.length === 0 ? undefined : warning(field, formatNoProxyEntry(entry), 'over-match', [...splitters, ...suffixers], `${parts.join('; ')}`);
}
