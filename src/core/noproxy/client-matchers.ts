import type { NoProxyClientId } from './clients';
import { Destination, writtenHost } from './destination';
import { networkOf, parseIpNumber } from '../primitives/ip';

/**
 * Executable models of each client family's NO_PROXY matcher: small ports of the real decision
 * functions (named per model), run on a {@link Destination}. They answer "which entry, if any,
 * makes this client go direct", and flag matches that only happen because of a client quirk.
 * The environment-variable choice and the built-in loopback rules live in `explain.ts`.
 */

/**
 * Why a client bypassed the proxy although the entry, read as intended (Go semantics), does not
 * cover the destination.
 */
export type NoProxyQuirk =
  /** Go and Ruby never proxy loopback hosts, whatever NO_PROXY says. */
  | 'builtin-loopback'
  /** `.example.com` also matched `example.com` (curl, urllib, requests, Node 24 http). */
  | 'leading-dot-matches-apex'
  /** The entry matched the end of the host text without a label boundary (`example.com` vs `notexample.com`). */
  | 'suffix-without-label-boundary'
  /** Trailing dots were ignored on the host or the entry (curl). */
  | 'trailing-dot-ignored'
  /** A piece of an IPv6 entry, cut at its colons, matched as a host name (Ruby). */
  | 'ipv6-entry-split-at-colons'
  /** An IP or CIDR entry matched the address the host name resolved to (Ruby). */
  | 'resolved-address'
  /**
   * An IPv6 address entry equal to the text `host:port` of an IPv6 destination (`fd00::1:443`
   * read as `[fd00::1]:443`), because the client glues host and port without brackets.
   */
  | 'ipv6-address-read-as-host-port'
  /** An empty item of the list (`a,,b`) matched every host (LWP's plain suffix match). */
  | 'empty-entry-matches-everything'
  /**
   * An IPv4 CIDR entry matched its network address alone, as a host name (httpx cuts the entry at
   * the `/` and never reads the prefix).
   */
  | 'cidr-read-as-address';

/** The entry that made a client go direct. */
export interface ClientMatch {
  /** The entry text as the client saw it. */
  readonly entry: string;
  /** How the client matched it, in words. */
  readonly rule: string;
  /** Set when the match is a client quirk rather than the entry's intended meaning. */
  readonly quirk?: NoProxyQuirk;
}

/** Extra inputs some models need. */
export interface MatchContext {
  /** The address a host name resolves to (Ruby matches IP and CIDR entries against it). */
  readonly resolve?: (host: string) => string | undefined;
}

/** One client's matcher: the first entry that makes it bypass the proxy, or undefined. */
export type ClientMatcher = (noProxy: string, destination: Destination, context: MatchContext) => ClientMatch | undefined;

/** `host` ends with `token`: on a label boundary (or all of it), or as a quirk without one. */
function textSuffixMatch(host: string, token: string, rule: string): ClientMatch | undefined {
  if (!host.endsWith(token)) {
    return undefined;
  }
  return token === '' || host === token || token.startsWith('.') || host.charAt(host.length - token.length - 1) === '.'
    ? { entry: token, rule }
    : { entry: token, rule: `${rule}, without a label boundary`, quirk: 'suffix-without-label-boundary' };
}

/** `host` within `start`..`end` (CIDR or range), same family. */
function ipWithin(host: string, first: string, prefixOrLast: number | string): boolean {
  const ip = parseIpNumber(host);
  const start = parseIpNumber(first);
  if (!ip || !start || ip.family !== start.family) {
    return false;
  }
  if (typeof prefixOrLast === 'string') {
    const end = parseIpNumber(prefixOrLast);
    return end !== undefined && end.family === ip.family && start.value <= ip.value && ip.value <= end.value;
  }
  return networkOf(ip, prefixOrLast) === networkOf(start, prefixOrLast);
}

/** `a.b.c.d/n` or `v6/n` with a valid prefix, host bits allowed (Go's net.ParseCIDR, Ruby's IPAddr). */
function parseCidrToken(token: string): { address: string; prefix: number } | undefined {
  const match = /^([^/]+)\/([0-9]{1,3})$/.exec(token);
  const ip = match ? parseIpNumber(match[1]) : undefined;
  if (!match || !ip || Number(match[2]) > (ip.family === 'IPv4' ? 32 : 128)) {
    return undefined;
  }
  return { address: match[1], prefix: Number(match[2]) };
}

/** Go's net.SplitHostPort: `[v6]:port` or `host:port` with exactly one colon. */
function goSplitHostPort(token: string): { host: string; port: string } | undefined {
  if (token.startsWith('[')) {
    const close = token.indexOf(']');
    if (close === -1 || token.charAt(close + 1) !== ':') {
      return undefined;
    }
    return { host: token.slice(1, close), port: token.slice(close + 2) };
  }
  const colon = token.lastIndexOf(':');
  if (colon === -1 || token.slice(0, colon).includes(':')) {
    return undefined;
  }
  return { host: token.slice(0, colon), port: token.slice(colon + 1) };
}

/**
 * golang.org/x/net/http/httpproxy `config.useProxy` (also vendored in net/http): `*` anywhere wins,
 * then the address entries (for an IP literal host), then the name entries, each in list order.
 */
const goMatcher: ClientMatcher = (noProxy, destination) => {
  const tokens = noProxy.split(',').map((raw) => raw.trim().toLowerCase()).filter((token) => token !== '');
  if (tokens.includes('*')) {
    return { entry: '*', rule: '"*" bypasses everything' };
  }
  const target = parseIpNumber(destination.host);
  let nameMatch: ClientMatch | undefined;
  for (const token of tokens) {
    const cidr = parseCidrToken(token);
    if (cidr) {
      if (ipWithin(destination.host, cidr.address, cidr.prefix)) {
        return { entry: token, rule: 'address inside the CIDR' };
      }
      continue;
    }
    const split = goSplitHostPort(token);
    const host = split ? split.host : token;
    if (host === '' || (split && split.port !== '' && split.port !== String(destination.port))) {
      continue;
    }
    const ip = parseIpNumber(host);
    if (ip) {
      if (target && target.family === ip.family && target.value === ip.value) {
        return { entry: token, rule: 'same IP address' };
      }
      continue;
    }
    const suffix = host.startsWith('*.') ? host.slice(1) : host;
    if (!suffix.startsWith('.') && destination.host === suffix) {
      nameMatch ??= { entry: token, rule: 'same host' };
    } else if (destination.host.endsWith(suffix.startsWith('.') ? suffix : `.${suffix}`)) {
      nameMatch ??= { entry: token, rule: 'subdomain of the entry' };
    }
  }
  return nameMatch;
};

/** libcurl 7.88.1 `Curl_check_noproxy`. */
const curlMatcher: ClientMatcher = (noProxy, destination) => {
  if (noProxy === '*') {
    return { entry: '*', rule: 'the whole value is "*"' };
  }
  const hostHasDot = destination.hostType === 'name' && destination.host.endsWith('.');
  const name = hostHasDot ? destination.host.slice(0, -1) : destination.host;
  for (const token of noProxy.toLowerCase().split(/[ \t,]+/)) {
    if (token === '') {
      continue;
    }
    if (destination.hostType === 'IPv4') {
      const [address, bitsText] = token.split('/');
      const bits = bitsText === undefined ? 0 : parseInt(bitsText, 10) || 0;
      if (bits > 32 || parseIpNumber(address)?.family !== 'IPv4') {
        continue;
      }
      // curl treats /0 and /32 (and no prefix) as an exact comparison
      const inside = ipWithin(name, address, bits === 0 ? 32 : bits);
      if (inside) {
        return { entry: token, rule: bits === 0 ? 'same IP address' : 'address inside the CIDR' };
      }
      continue;
    }
    // Names, and IPv6 hosts: 7.88.1 hands the bracket-less IPv6 host to the name comparison.
    const tokenHasDot = token.endsWith('.');
    let pattern = tokenHasDot ? token.slice(0, -1) : token;
    const leadingDot = pattern.startsWith('.');
    if (leadingDot) {
      pattern = pattern.slice(1);
    }
    const dotQuirk = tokenHasDot !== hostHasDot ? { quirk: 'trailing-dot-ignored' as const } : {};
    if (pattern === name) {
      return leadingDot
        ? { entry: token, rule: 'leading dot stripped, then same host', quirk: 'leading-dot-matches-apex' }
        : { entry: token, rule: 'same host', ...dotQuirk };
    }
    if (pattern.length < name.length && name.endsWith(pattern) && name.charAt(name.length - pattern.length - 1) === '.') {
      return { entry: token, rule: 'subdomain of the entry', ...dotQuirk };
    }
  }
  return undefined;
};

/** GNU Wget 1.21.3 `sufmatch` over `sepstring(no_proxy)`. */
const wgetMatcher: ClientMatcher = (noProxy, destination) => {
  const host = destination.host;
  // sepstring skips blanks after each comma but keeps those before it
  const tokens = noProxy.split(',').map((token, index) => (index === 0 ? token : token.replace(/^\s+/, '')));
  for (const token of tokens) {
    const pattern = token.toLowerCase();
    if (pattern === '' || pattern.length > host.length || !host.endsWith(pattern)) {
      continue;
    }
    if (host === pattern || host.charAt(host.length - pattern.length - 1) === '.' || pattern.startsWith('.')) {
      return { entry: token, rule: host === pattern ? 'same host' : 'subdomain of the entry' };
    }
  }
  return undefined;
};

/** CPython 3.11 `urllib.request.proxy_bypass_environment(host)`. */
function urllibBypass(noProxy: string, host: string): ClientMatch | undefined {
  if (noProxy === '*') {
    return { entry: '*', rule: 'the whole value is "*"' };
  }
  const portMatch = /^(.*):([0-9]+)$/s.exec(host);
  const hostOnly = portMatch ? portMatch[1] : host;
  for (const raw of noProxy.split(',')) {
    const token = raw.trim();
    if (token === '') {
      continue;
    }
    const name = token.replace(/^\.+/, '').toLowerCase();
    if (hostOnly === name || host === name) {
      return token.startsWith('.')
        ? { entry: token, rule: 'leading dot stripped, then same host', quirk: 'leading-dot-matches-apex' }
        : { entry: token, rule: 'same host' };
    }
    if (hostOnly.endsWith(`.${name}`) || host.endsWith(`.${name}`)) {
      return { entry: token, rule: 'subdomain of the entry' };
    }
  }
  return undefined;
}

/** urllib on the `host` of CPython's `urllib.request.Request`: brackets kept, port only if written. */
const urllibMatcher: ClientMatcher = (noProxy, destination) => {
  const host = destination.hostType === 'IPv6' ? `[${destination.host}]` : destination.host;
  return urllibBypass(noProxy, destination.explicitPort === undefined ? host : `${host}:${destination.explicitPort}`);
};

/** requests 2.28.1 `utils.should_bypass_proxies`, which falls back to urllib's `proxy_bypass`. */
const requestsMatcher: ClientMatcher = (noProxy, destination) => {
  const hostname = destination.host;
  const tokens = noProxy.replace(/ /g, '').split(',').filter((token) => token !== '');
  if (destination.hostType === 'IPv4') {
    for (const token of tokens) {
      const cidr = parseCidrToken(token);
      if (cidr && cidr.prefix >= 1 && parseIpNumber(cidr.address)?.family === 'IPv4') {
        if (ipWithin(hostname, cidr.address, cidr.prefix)) {
          return { entry: token, rule: 'address inside the CIDR' };
        }
      } else if (hostname === token) {
        return { entry: token, rule: 'same IP address' };
      }
    }
  } else {
    const hostWithPort = destination.explicitPort === undefined ? hostname : `${hostname}:${destination.explicitPort}`;
    for (const token of tokens) {
      const lower = token.toLowerCase();
      const hostMatch = textSuffixMatch(hostname, lower, 'host ends with the entry');
      const portMatch = hostMatch ?? textSuffixMatch(hostWithPort, lower, 'host:port ends with the entry');
      if (portMatch && !hostMatch && destination.hostType === 'IPv6') {
        return { entry: token, rule: 'bracket-less host:port ends with the entry', quirk: 'ipv6-address-read-as-host-port' };
      }
      if (portMatch) {
        return { ...portMatch, entry: token };
      }
    }
  }
  return urllibBypass(noProxy, hostname);
};

/**
 * npm proxy-from-env 1.1.0 / 2.1.0 `shouldProxy`, and undici 7.16.0 `EnvHttpProxyAgent#shouldProxy`
 * (Node 24 fetch), which is the same algorithm.
 */
const proxyFromEnvMatcher: ClientMatcher = (noProxy, destination) => {
  if (noProxy === '*') {
    return { entry: '*', rule: 'the whole value is "*"' };
  }
  const hostname = destination.hostType === 'IPv6' ? `[${destination.host}]` : destination.host;
  for (const token of noProxy.toLowerCase().split(/[,\s]/)) {
    if (token === '') {
      continue;
    }
    const withPort = /^(.+):(\d+)$/.exec(token);
    const pattern = withPort ? withPort[1] : token;
    const port = withPort ? parseInt(withPort[2], 10) : 0;
    if (port && port !== destination.port) {
      continue;
    }
    if (!/^[.*]/.test(pattern)) {
      if (hostname === pattern) {
        return { entry: token, rule: 'same host' };
      }
      continue;
    }
    const suffix = pattern.replace(/^\*/, '');
    const match = suffix === ''
      ? { entry: token, rule: '"*" in the list bypasses everything' }
      : textSuffixMatch(hostname, suffix, 'host ends with the entry');
    if (match) {
      return { ...match, entry: token };
    }
  }
  return undefined;
};

/** Node 24.9.0 `ProxyConfig#shouldUseProxy` (lib/internal/http.js). */
const node24HttpMatcher: ClientMatcher = (noProxy, destination) => {
  const host = destination.host;
  const hostWithPort = `${host}:${destination.port}`;
  for (const raw of noProxy.split(',')) {
    const entry = raw.trim().toLowerCase();
    if (entry === '*') {
      return { entry, rule: '"*" bypasses everything' };
    }
    if (entry === host) {
      return { entry, rule: 'same host' };
    }
    if (entry === hostWithPort) {
      return destination.hostType === 'IPv6'
        ? { entry, rule: 'same bracket-less host:port', quirk: 'ipv6-address-read-as-host-port' }
        : { entry, rule: 'same host and port' };
    }
    const suffixMatch = entry.startsWith('.') ? textSuffixMatch(host, entry.slice(1), 'host ends with the entry without its dot') : undefined;
    if (suffixMatch) {
      return host === entry.slice(1)
        ? { entry, rule: 'leading dot stripped, then same host', quirk: 'leading-dot-matches-apex' }
        : { ...suffixMatch, entry };
    }
    if (entry.startsWith('*.') && host.endsWith(entry.slice(1))) {
      return { entry, rule: 'subdomain of the entry' };
    }
    if (entry.includes('-') && destination.hostType === 'IPv4') {
      const [start, end] = entry.split('-').map((part) => part.trim());
      if (parseIpNumber(start)?.family === 'IPv4' && parseIpNumber(end)?.family === 'IPv4' && ipWithin(host, start, end)) {
        return { entry, rule: 'address inside the range' };
      }
    }
  }
  return undefined;
};

/** The comma/whitespace-separated chunk of `value` around `index`. */
function chunkAt(value: string, index: number): string {
  const before = value.slice(0, index).split(/[,\s]/).pop() ?? '';
  const after = value.slice(index).split(/[,\s]/)[0];
  return before + after;
}

/** Ruby 3.1 `URI::Generic.use_proxy?`, run after the loopback check of `find_proxy`. */
const rubyMatcher: ClientMatcher = (noProxy, destination, context) => {
  const hostname = destination.host.toLowerCase();
  const address = destination.hostType === 'name' ? context.resolve?.(destination.host) : destination.host;
  for (const match of noProxy.matchAll(/([^:,\s]+)(?::(\d+))?/g)) {
    const [, pattern, port] = match;
    if (port !== undefined && parseInt(port, 10) !== destination.port) {
      continue;
    }
    const entry = pattern.toLowerCase();
    const chunk = chunkAt(noProxy, match.index ?? 0);
    const split = chunk.split(':').length > 2 || chunk.startsWith('[')
      ? { rule: `piece "${pattern}" of the IPv6 entry "${chunk}", cut at its colons, read as a host name`, quirk: 'ipv6-entry-split-at-colons' as const }
      : undefined;
    const nameMatches = entry.startsWith('.') ? hostname.endsWith(entry) : `.${hostname}`.endsWith(`.${entry}`);
    if (nameMatches) {
      return split ? { entry: pattern, ...split } : { entry: match[0], rule: hostname === entry ? 'same host' : 'subdomain of the entry' };
    }
    const cidr = parseCidrToken(entry);
    const inside = address !== undefined && (cidr ? ipWithin(address, cidr.address, cidr.prefix) : ipWithin(address, entry, entry));
    if (inside) {
      if (split) {
        return { entry: pattern, ...split };
      }
      return destination.hostType === 'name'
        ? { entry: match[0], rule: `resolved address ${address} matches`, quirk: 'resolved-address' }
        : { entry: match[0], rule: cidr ? 'address inside the CIDR' : 'same IP address' };
    }
  }
  return undefined;
};

/**
 * httpx 0.23.3 `get_environment_proxies` + `URLPattern`: every item becomes the mount pattern
 * `all://*<item>`; `*` anywhere turns every proxy off. The pattern's host matches the host and its
 * subdomains (`*.` patterns, from a leading dot, only subdomains); a port in the item must equal
 * the URL's port, which httpx drops when it is the scheme's default. An IPv6 item leaves the
 * pattern without a host, and such a pattern sorts after the scheme's proxy mount, so no IPv6
 * entry ever bypasses the proxy; CIDRs and ranges are compared as host names.
 */
const httpxMatcher: ClientMatcher = (noProxy, destination) => {
  const items = noProxy.split(',').map((item) => item.trim());
  if (items.includes('*')) {
    return { entry: '*', rule: '"*" anywhere in the list turns every proxy off' };
  }
  const defaultPort = destination.scheme === 'https' ? 443 : 80;
  const urlPort = destination.explicitPort === defaultPort ? undefined : destination.explicitPort;
  for (const item of items) {
    const authority = /^([^/?#]*)/.exec(item.toLowerCase())?.[1] ?? '';
    if (authority === '' || authority.includes('[') || authority.split(':').length > 2) {
      continue; // no host in the pattern: shadowed by the proxy mount
    }
    const [host, port] = authority.split(':');
    if (host === '' || (port !== undefined && Number(port) !== urlPort)) {
      continue;
    }
    if (host.startsWith('.')) {
      if (destination.host.endsWith(host) && destination.host.length > host.length) {
        return { entry: item, rule: 'subdomain of the entry' };
      }
    } else if (destination.host === host) {
      const match = { entry: item, rule: port === undefined ? 'same host' : 'same host and port' };
      return item.length > authority.length ? { ...match, rule: `${match.rule}, the entry cut at its "/"`, quirk: 'cidr-read-as-address' } : match;
    } else if (destination.host.endsWith(`.${host}`)) {
      return { entry: item, rule: 'subdomain of the entry' };
    }
  }
  return undefined;
};

/**
 * aiohttp 3.8.4 `helpers.get_env_proxy_for_url`: urllib's `proxy_bypass` on yarl's `URL.host`,
 * which has neither brackets nor the port; so only bare IPv6 entries match, and no `:port` entry.
 */
const aiohttpMatcher: ClientMatcher = (noProxy, destination) => {
  const match = urllibBypass(noProxy, destination.host);
  if (match && destination.hostType === 'IPv6' && match.entry.replace(/^\.+/, '').toLowerCase() !== destination.host) {
    // urllib's _splitport reads the last group of the bare address as a port
    return { entry: match.entry, rule: 'bracket-less address read as host:port', quirk: 'ipv6-address-read-as-host-port' };
  }
  return match;
};

/**
 * LWP::UserAgent 6.68 `env_proxy` + `_need_proxy`: the list is split at commas (spaces around them
 * dropped) and each item is a case-sensitive plain suffix of the host as written in the URL
 * (`URI->host`: case kept, IPv6 without brackets), without label boundaries.
 */
const lwpMatcher: ClientMatcher = (noProxy, destination) => {
  const host = writtenHost(destination);
  const items = noProxy.split(/\s*,\s*/);
  while (items.length > 0 && items[items.length - 1] === '') {
    items.pop(); // Perl's split drops trailing empty fields
  }
  for (const item of items) {
    if (item === '') {
      return { entry: item, rule: 'an empty item is a suffix of every host', quirk: 'empty-entry-matches-everything' };
    }
    const match = textSuffixMatch(host, item, 'host ends with the entry');
    if (match) {
      return host === item ? { entry: item, rule: 'same host' } : match;
    }
  }
  return undefined;
};

/** The matcher model of every client family. */
export const CLIENT_MATCHERS: Readonly<Record<NoProxyClientId, ClientMatcher>> = {
  'go-httpproxy': goMatcher,
  'go-stdlib': goMatcher,
  'curl': curlMatcher,
  'wget': wgetMatcher,
  'python-urllib': urllibMatcher,
  'python-requests': requestsMatcher,
  'node-pfe-v1': proxyFromEnvMatcher,
  'node-pfe-v2': proxyFromEnvMatcher,
  'node24-http': node24HttpMatcher,
  'node24-fetch': proxyFromEnvMatcher,
  'ruby': rubyMatcher,
  'python-httpx': httpxMatcher,
  'python-aiohttp': aiohttpMatcher,
  'perl-lwp': lwpMatcher,
};
