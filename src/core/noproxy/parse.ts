import { withBounds } from './entry-bounds';
import { NoProxyEntryKind, ParsedNoProxyEntry } from './types';
import { dnsNameProblem } from '../primitives/dns-name';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { cidrBounds, IpFamily, exactCidrPrefix, familyBits, formatIpNumber, IpNumber, ipv4Value, readIpNumber } from '../primitives/ip';
import { assertPrintable, hasControlCharacter } from '../primitives/text';

/** Builds the error for the entry being parsed; the message always names the field and quotes the entry. */
type Fail = (reason: string) => ProxyConfigError;

/**
 * Parse and validate one NO_PROXY entry into its normalized form.
 *
 * Accepted (after trimming and lower-casing):
 * - `example.com`: the host and all its subdomains; `cluster.local.` keeps its trailing dot
 * - `.example.com` or `*.example.com`: subdomains only (both normalize to `.example.com`)
 * - `*`: everything (valid only as the sole entry of a list)
 * - `10.0.0.1`, `fd00::1`, `[fd00::1]`: one address (`/32` and `/128` CIDRs normalize to this)
 * - `10.96.0.0/12`, `fd00::/64`: CIDR blocks, without host bits
 * - `10.0.0.1-10.0.0.9`, `fd00::1-fd00::9`: inclusive ranges (one-block ranges become CIDRs)
 * - any of the host forms with a port: `example.com:8443`, `.example.com:443`, `10.0.0.1:80`,
 *   `[fd00::1]:443`
 *
 * @param raw the entry as the user wrote it
 * @param field the input field named in error messages, e.g. `noProxy`
 * @param index the item's index when the entry is item `index` of the list `field`: the item's
 *   field name (`noProxy[2]`) is written only for an error, since lists of many thousands of
 *   entries are parsed in one go
 * @throws ProxyConfigError naming the field and quoting the entry, for anything else
 */
export function parseNoProxyEntry(raw: string, field: string, index?: number): ParsedNoProxyEntry {
  const fieldName = (): string => (index === undefined ? field : `${field}[${index}]`);
  const fail: Fail = (reason) => invalidValue(fieldName(), raw, reason);
  if (typeof raw !== 'string' || hasControlCharacter(raw)) {
    assertPrintable(fieldName(), raw);
  }
  const text = raw.trim().toLowerCase();
  if (text === '') {
    throw fail('a NO_PROXY entry must not be empty');
  }
  if (text.includes(';')) {
    throw fail('";" does not separate NO_PROXY entries in any client; separate entries with ","');
  }
  if (text.includes(',')) {
    throw fail('holds several NO_PROXY entries; give one entry here, or a list');
  }
  if (/\s/.test(text)) {
    throw fail('a NO_PROXY entry must not contain spaces; separate entries with ","');
  }
  if (text.includes('://')) {
    throw fail('a NO_PROXY entry must not contain a scheme; give the host only, e.g. registry.example.com');
  }
  if (text.includes('@')) {
    throw fail('a NO_PROXY entry must not contain user info; give the host only');
  }
  if (text.includes('/')) {
    return parseCidr(text, fail);
  }
  if (text.startsWith('[')) {
    return parseBracketedIpv6(text, fail);
  }
  const colon = text.indexOf(':');
  if (colon !== -1 && text.includes(':', colon + 1)) {
    return parseBareIpv6(text, fail);
  }
  if (colon !== -1) {
    const host = text.slice(0, colon);
    const port = text.slice(colon + 1);
    // host names, suffixes and single addresses can carry a port; blocks and `*` cannot
    const entry = host === '' ? undefined : parseHostOrRange(host, fail);
    if (entry?.kind !== NoProxyEntryKind.DOMAIN && entry?.kind !== NoProxyEntryKind.SUFFIX && entry?.kind !== NoProxyEntryKind.IP) {
      throw fail('only a host name, a subdomain suffix or an IP address can carry a port');
    }
    return { ...entry, port: parsePort(port, fail) };
  }
  return parseHostOrRange(text, fail);
}

/**
 * Parse a whole NO_PROXY value: a comma-separated string (as in the environment variable) or an
 * array with exactly one entry per item (an item containing a comma is an error, so that every
 * error can name the item). An empty or blank string is the empty list.
 *
 * Errors name `field[index]`, the index counting items of the array or of the comma-split string.
 * Empty items (`a,,b`, a trailing comma), `*` combined with other entries, and every error of
 * {@link parseNoProxyEntry} are refused. Entries are returned in input order; duplicates are
 * kept (see `normalizeNoProxyItems`).
 */
export function parseNoProxyList(value: string | readonly string[], field: string): ParsedNoProxyEntry[] {
  const items = listItems(value, field);
  const entries: ParsedNoProxyEntry[] = new Array(items.length);
  for (let index = 0; index < items.length; index++) {
    const text = items[index];
    if (text.trim() === '') {
      throw invalidValue(`${field}[${index}]`, text, 'a NO_PROXY entry must not be empty; remove the extra ","');
    }
    entries[index] = parseNoProxyEntry(text, field, index);
  }
  const wildcardIndex = entries.findIndex((entry) => entry.kind === NoProxyEntryKind.WILDCARD);
  if (wildcardIndex !== -1 && entries.length > 1) {
    throw invalidValue(`${field}[${wildcardIndex}]`, '*',
      '"*" bypasses the proxy for everything and works only as the sole entry (curl, urllib and requests ignore it in a list); remove it or the other entries');
  }
  return entries;
}

/** The items of a list value: the comma-split string, or the array's items, each a string holding no comma. */
function listItems(value: unknown, field: string): readonly string[] {
  if (typeof value === 'string') {
    assertPrintable(field, value);
    return value.trim() === '' ? [] : value.split(',');
  }
  if (Array.isArray(value)) {
    value.forEach((item: unknown, index) => {
      if (typeof item !== 'string') {
        assertPrintable(`${field}[${index}]`, item);
      } else if (item.includes(',')) {
        throw invalidValue(`${field}[${index}]`, item, 'an array item must hold one NO_PROXY entry; give each entry its own item');
      }
    });
    return value as string[];
  }
  throw invalidValue(field, value, 'must be a comma-separated string or an array of NO_PROXY entries');
}

function parsePort(text: string, fail: Fail): number {
  // Go compares ports as strings, so `0443` would never match 443: leading zeros are refused.
  if (!/^[1-9][0-9]{0,4}$/.test(text) || Number(text) > 65535) {
    throw fail('the port of a NO_PROXY entry must be a number from 1 to 65535 without leading zeros');
  }
  return Number(text);
}

/** Domain, suffix, wildcard, IPv4 address or IPv4 range: the forms without `:` or `/`. */
function parseHostOrRange(text: string, fail: Fail): ParsedNoProxyEntry {
  if (text === '*') {
    return { kind: NoProxyEntryKind.WILDCARD };
  }
  if (/^[0-9]+(\.[0-9]+)+-[0-9]+(\.[0-9]+)+$/.test(text)) { // an IPv4 range
    return parseRange(text, fail);
  }
  if (/^[0-9.]*[0-9][0-9.]*$/.test(text)) {
    if (ipv4Value(text) === undefined) {
      throw fail('not a valid IPv4 address (four decimal numbers 0-255, no leading zeros)');
    }
    return { kind: NoProxyEntryKind.IP, family: 'IPv4', address: text }; // an address ipv4Value reads is canonical text
  }
  const suffixMark = text.startsWith('*.') ? 2 : text.startsWith('.') ? 1 : 0; // the length of `*.` or `.`
  const name = text.slice(suffixMark);
  if (name.includes('*')) {
    throw fail('a wildcard works only as a leading "*." or as the whole entry "*"; no client supports globs inside an entry');
  }
  const problem = dnsNameProblem(name);
  if (problem) {
    throw fail(problem);
  }
  return { kind: suffixMark === 0 ? NoProxyEntryKind.DOMAIN : NoProxyEntryKind.SUFFIX, name };
}

function parseBracketedIpv6(text: string, fail: Fail): ParsedNoProxyEntry {
  const match = /^\[([^\]]*)\](?::(.*))?$/.exec(text);
  if (!match) {
    throw fail('a bracketed IPv6 entry must look like [fd00::1] or [fd00::1]:443');
  }
  const ip = readIpNumber(match[1]);
  if (!ip || ip.family !== 'IPv6') {
    throw fail('brackets are only for IPv6 addresses, e.g. [fd00::1]:443');
  }
  const address = formatIpNumber(ip);
  return match[2] === undefined
    ? { kind: NoProxyEntryKind.IP, family: 'IPv6', address }
    : { kind: NoProxyEntryKind.IP, family: 'IPv6', address, port: parsePort(match[2], fail) };
}

function parseBareIpv6(text: string, fail: Fail): ParsedNoProxyEntry {
  if (text.includes('-')) {
    return parseRange(text, fail);
  }
  const ip = readIpNumber(text);
  if (!ip) {
    throw fail('not a valid IPv6 address (zone ids are not supported; an IPv6 address with a port must be bracketed, e.g. [fd00::1]:443)');
  }
  return { kind: NoProxyEntryKind.IP, family: ip.family, address: formatIpNumber(ip) };
}

function parseCidr(text: string, fail: Fail): ParsedNoProxyEntry {
  const slash = text.indexOf('/');
  const addressText = text.slice(0, slash);
  const prefixText = text.slice(slash + 1);
  if (addressText === '' || !/^[0-9]+$/.test(prefixText)) {
    throw fail('a NO_PROXY entry must not contain a path; a CIDR looks like 10.96.0.0/12');
  }
  if (addressText.startsWith('[')) {
    throw fail('write an IPv6 CIDR without brackets, e.g. fd00::/64');
  }
  const v4 = ipv4Value(addressText);
  if (v4 !== undefined) {
    // IPv4 in plain numbers: the common case of long lists, without bigint arithmetic until the bounds
    const prefixLength = prefixLengthOf(prefixText, 'IPv4', fail);
    const size = 2 ** (32 - prefixLength);
    if (v4 % size !== 0) {
      throw hostBitsSet({ family: 'IPv4', value: BigInt(v4 - (v4 % size)) }, prefixLength, fail);
    }
    const entry: ParsedNoProxyEntry = prefixLength === 32
      ? { kind: NoProxyEntryKind.IP, family: 'IPv4', address: addressText }
      : { kind: NoProxyEntryKind.CIDR, family: 'IPv4', network: addressText, prefixLength };
    return withBounds(entry, 'IPv4', BigInt(v4), BigInt(v4 + size - 1));
  }
  const ip = readIpNumber(addressText);
  if (!ip) {
    throw fail('a CIDR must start with a valid IP address, e.g. 10.96.0.0/12 (a path is not allowed)');
  }
  const prefixLength = prefixLengthOf(prefixText, ip.family, fail);
  const [first, last] = cidrBounds(ip, prefixLength);
  if (first !== ip.value) {
    throw hostBitsSet({ family: ip.family, value: first }, prefixLength, fail);
  }
  const address = formatIpNumber(ip);
  return withBounds(prefixLength === familyBits(ip.family)
    ? { kind: NoProxyEntryKind.IP, family: ip.family, address }
    : { kind: NoProxyEntryKind.CIDR, family: ip.family, network: address, prefixLength }, ip.family, first, last);
}

function hostBitsSet(network: IpNumber, prefixLength: number, fail: Fail): ProxyConfigError {
  return fail(`the CIDR has host bits set; did you mean ${formatIpNumber(network)}/${prefixLength}?`);
}

/** A CIDR prefix length of `family`, from 1 to the address width. */
function prefixLengthOf(text: string, family: IpFamily, fail: Fail): number {
  const bits = familyBits(family);
  const prefixLength = Number(text);
  if (!/^(0|[1-9][0-9]*)$/.test(text) || prefixLength > bits) {
    throw fail(`prefix length /${text} is out of range for ${family} (1-${bits})`);
  }
  if (prefixLength === 0) {
    // curl reads /0 as "exact address", the other CIDR-aware clients as "everything".
    throw fail('a /0 CIDR means every address and clients disagree on it; use "*" to bypass the proxy for everything');
  }
  return prefixLength;
}

function parseRange(text: string, fail: Fail): ParsedNoProxyEntry {
  const parts = text.split('-');
  const start = parts.length === 2 ? readIpNumber(parts[0]) : undefined;
  const end = parts.length === 2 ? readIpNumber(parts[1]) : undefined;
  if (!start || !end) {
    throw fail('an IP range must be two valid addresses joined by "-", e.g. 10.0.0.10-10.0.0.20');
  }
  if (start.family !== end.family) {
    throw fail('an IP range must not mix IPv4 and IPv6 addresses');
  }
  if (start.value > end.value) {
    throw fail('the start of an IP range must not be after its end');
  }
  const entry = ipBlockEntry(start.family, start.value, end.value);
  if (entry.kind === NoProxyEntryKind.CIDR && entry.prefixLength === 0) {
    // Its canonical form is the /0 CIDR, refused above: the range must not slip past that rule.
    throw fail('a range of every address is a /0 CIDR, on which clients disagree; use "*" to bypass the proxy for everything');
  }
  return entry;
}

/**
 * The canonical entry for the address set `first`..`last`: one address, one CIDR block, or a
 * range, so that equal sets always get equal entries.
 */
function ipBlockEntry(family: IpFamily, first: bigint, last: bigint): ParsedNoProxyEntry {
  const start = formatIpNumber({ family, value: first });
  if (first === last) {
    return withBounds({ kind: NoProxyEntryKind.IP, family, address: start }, family, first, last);
  }
  const prefixLength = exactCidrPrefix(family, first, last);
  return withBounds(prefixLength === undefined
    ? { kind: NoProxyEntryKind.RANGE, family, start, end: formatIpNumber({ family, value: last }) }
    : { kind: NoProxyEntryKind.CIDR, family, network: start, prefixLength }, family, first, last);
}
