import type { ProxyVariableRules } from './proxy-variables';

/**
 * The HTTP client families whose NO_PROXY handling the renderer designs for, described as data:
 * how each reads NO_PROXY, and which variables give it its proxy.
 *
 * Every NO_PROXY trait comes from the measurements in `shared/reference/noproxy-clients.md`
 * (client versions are listed per row) or, where the table has no row, from the client's source as
 * quoted there. The executable models in `client-matchers.ts` implement the same rules; a test
 * checks that both agree. The proxy variables come from each client's source or manual, cited at
 * each client, and the conformance suite measures them on the real programs. This is a documented
 * approximation of the real programs, to be re-measured against them.
 */

/** Identifier of a modelled client family (the ids of the measurement table). */
export enum NoProxyClientId {
  GO_HTTPPROXY = 'go-httpproxy',
  GO_STDLIB = 'go-stdlib',
  CURL = 'curl',
  WGET = 'wget',
  PYTHON_URLLIB = 'python-urllib',
  PYTHON_REQUESTS = 'python-requests',
  NODE_PFE_V1 = 'node-pfe-v1',
  NODE_PFE_V2 = 'node-pfe-v2',
  NODE24_HTTP = 'node24-http',
  NODE24_FETCH = 'node24-fetch',
  RUBY = 'ruby',
  PYTHON_HTTPX = 'python-httpx',
  PYTHON_AIOHTTP = 'python-aiohttp',
  PERL_LWP = 'perl-lwp',
}

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
  /** `example.com:8443` matches that host on that port. */
  readonly host: boolean;
  /** `.example.com:8443` matches subdomains on that port. */
  readonly suffix: boolean;
  /** `10.0.0.1:8443`. */
  readonly ipv4: boolean;
  /** `[fd00::1]:8443`. */
  readonly ipv6: boolean;
  /** `example.com:443` also matches `https://example.com/`, where the port is implied. */
  readonly defaultPort: boolean;
  /** `example.com:443` matches `https://example.com:443/` (httpx drops a written default port, then compares). */
  readonly writtenDefaultPort: boolean;
}

/** The NO_PROXY semantics of one client family. */
export interface NoProxyClientTraits {
  /** Identifier, as in the measurement table. */
  readonly id: NoProxyClientId;
  /** Short human name used in messages. */
  readonly name: string;
  /** The implementation and version the traits were measured on. */
  readonly implementation: string;
  /** Reads the upper-case `NO_PROXY` variable. */
  readonly readsUpperCase: boolean;
  /** Reads the lower-case `no_proxy` variable. */
  readonly readsLowerCase: boolean;
  /** The variable used when both are set and differ. */
  readonly prefers: 'NO_PROXY' | 'no_proxy';
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
  /** `localhost`, 127.0.0.0/8 and ::1 never use the proxy, whatever NO_PROXY says. */
  readonly alwaysBypassesLoopback: boolean;
  /**
   * The entry parser cuts IPv6 entries at colons and uses the pieces as host names (Ruby's
   * `scan(/([^:,\s]+)(?::(\d+))?/)`): `fd00::1` becomes the names `fd00` and `1`, so every host
   * ending in `.1` bypasses the proxy. Inferred from the parser, not measured.
   */
  readonly splitsIpv6AtColons: boolean;
  /** IP and CIDR entries also match the address a host name resolves to. */
  readonly matchesResolvedAddress: boolean;
  /**
   * Entries and hosts are compared case-sensitively, the host as written in the URL (LWP). The
   * library writes every entry in lower case, so only URLs written in lower case match there.
   */
  readonly caseSensitive: boolean;
  /** Which variables give it its proxy, per scheme and in precedence order (`proxy-variables.ts`). */
  readonly proxyVariables: ProxyVariableRules;
}

/**
 * urllib.request.getproxies_environment (CPython 3.11), which requests, httpx and aiohttp call too:
 * every `<scheme>_proxy` variable in either case, the lower-case one winning; when REQUEST_METHOD
 * is in the environment the upper-case HTTP_PROXY is dropped ("CVE-2016-1000110"). urllib's
 * ProxyHandler opens only the URL's own scheme, so `all_proxy` is never used there.
 */
const PYTHON_GETPROXIES: ProxyVariableRules = {
  http: ['http_proxy', 'HTTP_PROXY'],
  https: ['https_proxy', 'HTTPS_PROXY'],
  cgi: 'ignores-upper-case-http-proxy',
};

/** getproxies() plus its `all` entry (`all_proxy`, then `ALL_PROXY`) as the fallback of every scheme. */
const PYTHON_GETPROXIES_WITH_ALL: ProxyVariableRules = {
  ...PYTHON_GETPROXIES,
  http: [...PYTHON_GETPROXIES.http, 'all_proxy', 'ALL_PROXY'],
  https: [...PYTHON_GETPROXIES.https, 'all_proxy', 'ALL_PROXY'],
};

/** Node 24's own proxy support is off unless switched on (see `ProxySwitch`). */
const NODE24_HTTP_VARIABLES: ProxyVariableRules = {
  // lib/internal/http.js parseProxyConfigFromEnv: `env.https_proxy || env.HTTPS_PROXY` for https:,
  // `env.http_proxy || env.HTTP_PROXY` for http: ("lower case takes precedence")
  http: ['http_proxy', 'HTTP_PROXY'],
  https: ['https_proxy', 'HTTPS_PROXY'],
  cgi: 'unchanged',
  onlyWith: 'node-use-env-proxy',
};

const GO: Omit<NoProxyClientTraits, 'id' | 'name' | 'implementation'> = {
  readsUpperCase: true,
  readsLowerCase: true,
  prefers: 'NO_PROXY',
  whitespaceSeparates: false,
  trimsSpaceBeforeComma: true,
  bareEntry: 'host-and-subdomains',
  leadingDotEntry: 'subdomains',
  starDotGlob: true,
  starAlone: true,
  starInList: true,
  ignoresTrailingDot: false,
  ipv4Cidr: true,
  ipv6Cidr: true,
  ipv4Range: false,
  ipv6Bare: true,
  ipv6Bracketed: false,
  ports: { host: true, suffix: true, ipv4: true, ipv6: true, defaultPort: true, writtenDefaultPort: true },
  alwaysBypassesLoopback: true,
  splitsIpv6AtColons: false,
  matchesResolvedAddress: false,
  caseSensitive: false,
  // x/net/http/httpproxy FromEnvironment: getEnvAny("HTTP_PROXY", "http_proxy") and
  // getEnvAny("HTTPS_PROXY", "https_proxy"), the first non-empty one; no ALL_PROXY. With
  // REQUEST_METHOD non-empty (CGI) proxyForURL returns "refusing to use HTTP_PROXY value in CGI
  // environment" for http://. net/http.ProxyFromEnvironment calls the same code (vendored).
  proxyVariables: { http: ['HTTP_PROXY', 'http_proxy'], https: ['HTTPS_PROXY', 'https_proxy'], cgi: 'refuses-http-proxy' },
};

/** proxy-from-env (axios) and undici's EnvHttpProxyAgent share one NO_PROXY algorithm (not their proxy variables). */
const PROXY_FROM_ENV: Omit<NoProxyClientTraits, 'id' | 'name' | 'implementation' | 'proxyVariables'> = {
  readsUpperCase: true,
  readsLowerCase: true,
  prefers: 'no_proxy',
  whitespaceSeparates: true,
  trimsSpaceBeforeComma: true,
  bareEntry: 'exact-host',
  leadingDotEntry: 'subdomains',
  starDotGlob: true,
  starAlone: true,
  starInList: true,
  ignoresTrailingDot: false,
  ipv4Cidr: false,
  ipv6Cidr: false,
  ipv4Range: false,
  ipv6Bare: false,
  ipv6Bracketed: true,
  ports: { host: true, suffix: true, ipv4: true, ipv6: true, defaultPort: true, writtenDefaultPort: true },
  alwaysBypassesLoopback: false,
  splitsIpv6AtColons: false,
  matchesResolvedAddress: false,
  caseSensitive: false,
};

/** The modelled client families, in the column order of the measurement table. */
export const NO_PROXY_CLIENTS: NoProxyClientTraits[] = [
  { id: NoProxyClientId.GO_HTTPPROXY, name: 'Go x/net/http/httpproxy', implementation: 'golang.org/x/net 0.7.0, go1.19.8', ...GO },
  { id: NoProxyClientId.GO_STDLIB, name: 'Go net/http', implementation: 'net/http.ProxyFromEnvironment, go1.19.8', ...GO },
  {
    id: NoProxyClientId.CURL,
    name: 'curl',
    implementation: 'curl/libcurl 7.88.1',
    readsUpperCase: true,
    readsLowerCase: true,
    prefers: 'no_proxy',
    whitespaceSeparates: true,
    trimsSpaceBeforeComma: true,
    bareEntry: 'host-and-subdomains',
    leadingDotEntry: 'subdomains-and-apex',
    starDotGlob: false,
    starAlone: true,
    starInList: false,
    ignoresTrailingDot: true,
    ipv4Cidr: true,
    // 7.88.1 string-compares the bracket-less IPv6 host (curl PR #19828)
    ipv6Cidr: false,
    ipv4Range: false,
    ipv6Bare: true,
    ipv6Bracketed: false,
    ports: { host: false, suffix: false, ipv4: false, ipv6: false, defaultPort: false, writtenDefaultPort: false },
    alwaysBypassesLoopback: false,
    splitsIpv6AtColons: false,
    matchesResolvedAddress: false,
    caseSensitive: false,
    // curl(1) ENVIRONMENT: "The lower case version has precedence. http_proxy is an exception as
    // it is only available in lower case"; ALL_PROXY applies "if no protocol-specific proxy is
    // set" (libcurl-env(3): all_proxy before ALL_PROXY). No CGI rule: it never reads HTTP_PROXY.
    proxyVariables: { http: ['http_proxy', 'all_proxy', 'ALL_PROXY'], https: ['https_proxy', 'HTTPS_PROXY', 'all_proxy', 'ALL_PROXY'], cgi: 'unchanged' },
  },
  {
    id: NoProxyClientId.WGET,
    name: 'wget',
    implementation: 'GNU Wget 1.21.3',
    readsUpperCase: false,
    readsLowerCase: true,
    prefers: 'no_proxy',
    whitespaceSeparates: false,
    trimsSpaceBeforeComma: false,
    bareEntry: 'host-and-subdomains',
    leadingDotEntry: 'subdomains',
    starDotGlob: false,
    starAlone: false,
    starInList: false,
    ignoresTrailingDot: false,
    ipv4Cidr: false,
    ipv6Cidr: false,
    ipv4Range: false,
    ipv6Bare: true,
    ipv6Bracketed: false,
    ports: { host: false, suffix: false, ipv4: false, ipv6: false, defaultPort: false, writtenDefaultPort: false },
    alwaysBypassesLoopback: false,
    splitsIpv6AtColons: false,
    matchesResolvedAddress: false,
    caseSensitive: false,
    // GNU Wget manual, 8.1 Proxies: http_proxy and https_proxy, lower case only, no catch-all
    proxyVariables: { http: ['http_proxy'], https: ['https_proxy'], cgi: 'unchanged' },
  },
  {
    id: NoProxyClientId.PYTHON_URLLIB,
    name: 'Python urllib',
    implementation: 'CPython 3.11.2 urllib.request',
    readsUpperCase: true,
    readsLowerCase: true,
    prefers: 'no_proxy',
    whitespaceSeparates: false,
    trimsSpaceBeforeComma: true,
    bareEntry: 'host-and-subdomains',
    leadingDotEntry: 'subdomains-and-apex',
    starDotGlob: false,
    starAlone: true,
    starInList: false,
    ignoresTrailingDot: false,
    ipv4Cidr: false,
    ipv6Cidr: false,
    ipv4Range: false,
    ipv6Bare: false,
    ipv6Bracketed: true,
    // compares the `host:port` text of the URL, so only a port written in the URL matches
    ports: { host: true, suffix: true, ipv4: true, ipv6: true, defaultPort: false, writtenDefaultPort: true },
    alwaysBypassesLoopback: false,
    splitsIpv6AtColons: false,
    matchesResolvedAddress: false,
    caseSensitive: false,
    proxyVariables: PYTHON_GETPROXIES,
  },
  {
    id: NoProxyClientId.PYTHON_REQUESTS,
    name: 'Python requests',
    implementation: 'requests 2.28.1',
    readsUpperCase: true,
    readsLowerCase: true,
    prefers: 'no_proxy',
    whitespaceSeparates: false,
    trimsSpaceBeforeComma: true,
    bareEntry: 'text-suffix',
    leadingDotEntry: 'subdomains-and-apex',
    starDotGlob: false,
    starAlone: true,
    starInList: false,
    ignoresTrailingDot: false,
    ipv4Cidr: true,
    ipv6Cidr: false,
    ipv4Range: false,
    ipv6Bare: true,
    ipv6Bracketed: false,
    // IPv4 hosts take a separate path that compares the address only
    ports: { host: true, suffix: true, ipv4: false, ipv6: false, defaultPort: false, writtenDefaultPort: true },
    alwaysBypassesLoopback: false,
    splitsIpv6AtColons: false,
    matchesResolvedAddress: false,
    caseSensitive: false,
    // Session.merge_environment_settings takes getproxies(); utils.select_proxy tries the URL's
    // scheme, then "all"
    proxyVariables: PYTHON_GETPROXIES_WITH_ALL,
  },
  {
    id: NoProxyClientId.NODE_PFE_V1,
    name: 'proxy-from-env 1.1.0',
    implementation: 'npm proxy-from-env 1.1.0',
    ...PROXY_FROM_ENV,
    // getProxyForUrl: npm_config_<scheme>_proxy, <scheme>_proxy, npm_config_proxy, all_proxy, each
    // through getEnv (`process.env[key.toLowerCase()] || process.env[key.toUpperCase()]`)
    proxyVariables: {
      http: ['npm_config_http_proxy', 'NPM_CONFIG_HTTP_PROXY', 'http_proxy', 'HTTP_PROXY', 'npm_config_proxy', 'NPM_CONFIG_PROXY', 'all_proxy', 'ALL_PROXY'],
      https: ['npm_config_https_proxy', 'NPM_CONFIG_HTTPS_PROXY', 'https_proxy', 'HTTPS_PROXY', 'npm_config_proxy', 'NPM_CONFIG_PROXY', 'all_proxy', 'ALL_PROXY'],
      cgi: 'unchanged',
    },
  },
  {
    id: NoProxyClientId.NODE_PFE_V2,
    name: 'proxy-from-env 2.1.0 (axios)',
    implementation: 'npm proxy-from-env 2.1.0',
    ...PROXY_FROM_ENV,
    // getProxyForUrl: getEnv(<scheme>_proxy) || getEnv('all_proxy'), lower case first (2.x dropped npm_config_*)
    proxyVariables: { http: ['http_proxy', 'HTTP_PROXY', 'all_proxy', 'ALL_PROXY'], https: ['https_proxy', 'HTTPS_PROXY', 'all_proxy', 'ALL_PROXY'], cgi: 'unchanged' },
  },
  {
    id: NoProxyClientId.NODE24_HTTP,
    name: 'Node 24 http',
    implementation: 'Node 24.9.0 http/https with NODE_USE_ENV_PROXY=1',
    readsUpperCase: true,
    readsLowerCase: true,
    prefers: 'no_proxy',
    whitespaceSeparates: false,
    trimsSpaceBeforeComma: true,
    bareEntry: 'exact-host',
    leadingDotEntry: 'text-suffix',
    starDotGlob: true,
    starAlone: true,
    starInList: true,
    ignoresTrailingDot: false,
    ipv4Cidr: false,
    ipv6Cidr: false,
    ipv4Range: true,
    ipv6Bare: true,
    ipv6Bracketed: false,
    // compares `host:port` with the bracket-less host, and strips only the dot of `.x:port`
    ports: { host: true, suffix: false, ipv4: true, ipv6: false, defaultPort: true, writtenDefaultPort: true },
    alwaysBypassesLoopback: false,
    splitsIpv6AtColons: false,
    matchesResolvedAddress: false,
    caseSensitive: false,
    proxyVariables: NODE24_HTTP_VARIABLES,
  },
  {
    id: NoProxyClientId.NODE24_FETCH,
    name: 'Node 24 fetch',
    implementation: 'Node 24.9.0 fetch (undici 7.16.0 EnvHttpProxyAgent) with NODE_USE_ENV_PROXY=1',
    ...PROXY_FROM_ENV,
    // undici EnvHttpProxyAgent: `http_proxy ?? HTTP_PROXY`; `https_proxy ?? HTTPS_PROXY`, and
    // without either the http:// proxy serves https:// too. Node installs it as the global
    // dispatcher only when switched on (lib/internal/process/pre_execution.js setupHttpProxy).
    proxyVariables: {
      http: ['http_proxy', 'HTTP_PROXY'],
      https: ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'],
      cgi: 'unchanged',
      onlyWith: 'node-use-env-proxy',
    },
  },
  {
    id: NoProxyClientId.RUBY,
    name: 'Ruby',
    implementation: 'ruby 3.1.2 URI::Generic#find_proxy',
    readsUpperCase: true,
    readsLowerCase: true,
    prefers: 'no_proxy',
    whitespaceSeparates: true,
    trimsSpaceBeforeComma: true,
    bareEntry: 'host-and-subdomains',
    leadingDotEntry: 'subdomains',
    starDotGlob: false,
    starAlone: false,
    starInList: false,
    ignoresTrailingDot: false,
    ipv4Cidr: true,
    ipv6Cidr: false,
    ipv4Range: false,
    ipv6Bare: false,
    ipv6Bracketed: false,
    ports: { host: true, suffix: true, ipv4: true, ipv6: false, defaultPort: true, writtenDefaultPort: true },
    alwaysBypassesLoopback: true,
    splitsIpv6AtColons: true,
    matchesResolvedAddress: true,
    caseSensitive: false,
    // Ruby 3.1 URI::Generic#find_proxy: `env[name] || env[name.upcase]` for https_proxy; for
    // http_proxy the lower case first, then HTTP_PROXY (with a warning); under CGI
    // (env.include?('REQUEST_METHOD')) HTTP_PROXY is not read (CGI_HTTP_PROXY is, not modelled)
    proxyVariables: { http: ['http_proxy', 'HTTP_PROXY'], https: ['https_proxy', 'HTTPS_PROXY'], cgi: 'ignores-upper-case-http-proxy' },
  },
  {
    id: NoProxyClientId.PYTHON_HTTPX,
    name: 'Python httpx',
    implementation: 'httpx 0.23.3',
    readsUpperCase: true,
    readsLowerCase: true,
    prefers: 'no_proxy',
    whitespaceSeparates: false,
    trimsSpaceBeforeComma: true,
    bareEntry: 'host-and-subdomains',
    leadingDotEntry: 'subdomains',
    starDotGlob: false,
    starAlone: true,
    starInList: true,
    ignoresTrailingDot: false,
    ipv4Cidr: false,
    ipv6Cidr: false,
    ipv4Range: false,
    // an IPv6 item leaves its mount pattern without a host, shadowed by the proxy mount
    ipv6Bare: false,
    ipv6Bracketed: false,
    // the URL's port, dropped when it is the scheme's default, must equal the entry's
    ports: { host: true, suffix: true, ipv4: true, ipv6: false, defaultPort: false, writtenDefaultPort: false },
    alwaysBypassesLoopback: false,
    splitsIpv6AtColons: false,
    matchesResolvedAddress: false,
    caseSensitive: false,
    // httpx._utils.get_environment_proxies: the "http", "https" and "all" entries of getproxies()
    // become mounts; the scheme's own mount is more specific than "all://"
    proxyVariables: PYTHON_GETPROXIES_WITH_ALL,
  },
  {
    id: NoProxyClientId.PYTHON_AIOHTTP,
    name: 'Python aiohttp',
    implementation: 'aiohttp 3.8.4 (trust_env=True), yarl 1.8.2',
    readsUpperCase: true,
    readsLowerCase: true,
    prefers: 'no_proxy',
    whitespaceSeparates: false,
    trimsSpaceBeforeComma: true,
    bareEntry: 'host-and-subdomains',
    leadingDotEntry: 'subdomains-and-apex',
    starDotGlob: false,
    starAlone: true,
    starInList: false,
    ignoresTrailingDot: false,
    ipv4Cidr: false,
    ipv6Cidr: false,
    ipv4Range: false,
    // urllib's proxy_bypass on yarl's host: no brackets, no port
    ipv6Bare: true,
    ipv6Bracketed: false,
    ports: { host: false, suffix: false, ipv4: false, ipv6: false, defaultPort: false, writtenDefaultPort: false },
    alwaysBypassesLoopback: false,
    splitsIpv6AtColons: false,
    matchesResolvedAddress: false,
    caseSensitive: false,
    // aiohttp.helpers.proxies_from_env keeps the "http", "https", "ws" and "wss" entries of
    // getproxies(), so all_proxy is ignored
    proxyVariables: PYTHON_GETPROXIES,
  },
  {
    id: NoProxyClientId.PERL_LWP,
    name: 'Perl LWP',
    implementation: 'libwww-perl 6.68 LWP::UserAgent env_proxy',
    readsUpperCase: true,
    readsLowerCase: true,
    // env_proxy walks the sorted variable names and keeps the first: NO_PROXY sorts before no_proxy
    prefers: 'NO_PROXY',
    whitespaceSeparates: false,
    trimsSpaceBeforeComma: true,
    bareEntry: 'text-suffix',
    leadingDotEntry: 'subdomains',
    starDotGlob: false,
    starAlone: false,
    starInList: false,
    ignoresTrailingDot: false,
    ipv4Cidr: false,
    ipv6Cidr: false,
    ipv4Range: false,
    ipv6Bare: true,
    ipv6Bracketed: false,
    ports: { host: false, suffix: false, ipv4: false, ipv6: false, defaultPort: false, writtenDefaultPort: false },
    alwaysBypassesLoopback: false,
    splitsIpv6AtColons: false,
    matchesResolvedAddress: false,
    caseSensitive: true,
    // env_proxy walks the sorted environment and keeps the first of each lower-cased name:
    // upper case sorts first, so HTTP_PROXY wins over http_proxy. Under CGI (REQUEST_METHOD true)
    // it skips every HTTP_* variable; all_proxy has no protocol implementor and is ignored.
    proxyVariables: { http: ['HTTP_PROXY', 'http_proxy'], https: ['HTTPS_PROXY', 'https_proxy'], cgi: 'ignores-upper-case-http-proxy' },
  },
];

/** Every modelled client id, in table order. */
export const NO_PROXY_CLIENT_IDS: NoProxyClientId[] = NO_PROXY_CLIENTS.map((client) => client.id);

/** The traits of one client family. */
export function noProxyClient(id: NoProxyClientId): NoProxyClientTraits {
  const client = NO_PROXY_CLIENTS.find((candidate) => candidate.id === id);
  if (!client) {
    throw new Error(`unknown NO_PROXY client ${id}`);
  }
  return client;
}
