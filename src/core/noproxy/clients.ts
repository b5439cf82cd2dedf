import type { ProxyVariableRules } from './proxy-variables';

/**
 * The HTTP client families whose NO_PROXY handling the renderer designs for, described as data:
 * how each reads NO_PROXY, and which variables give it its proxy.
 *
 * Every NO_PROXY trait comes from the measurements in `shared/reference/noproxy-clients.md`
 * (client versions are listed per row) or, where the table has no row, from the client's source as
 * quoted there. How each client matches the entries is its executable model in
 * `client-matchers.ts`, summed up in `matching-traits.ts`. The proxy variables come from each
 * client's source or manual, cited at each client, and the conformance suite measures them on the
 * real programs. This is a documented approximation of the real programs, to be re-measured
 * against them.
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

/** How one client family picks its NO_PROXY variable and its proxy (its matching is in `matching-traits.ts`). */
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
  /** `localhost`, 127.0.0.0/8 and ::1 never use the proxy, whatever NO_PROXY says. */
  readonly alwaysBypassesLoopback: boolean;
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
  alwaysBypassesLoopback: true,
  // x/net/http/httpproxy FromEnvironment: getEnvAny("HTTP_PROXY", "http_proxy") and
  // getEnvAny("HTTPS_PROXY", "https_proxy"), the first non-empty one; no ALL_PROXY. With
  // REQUEST_METHOD non-empty (CGI) proxyForURL returns "refusing to use HTTP_PROXY value in CGI
  // environment" for http://. net/http.ProxyFromEnvironment calls the same code (vendored).
  proxyVariables: { http: ['HTTP_PROXY', 'http_proxy'], https: ['HTTPS_PROXY', 'https_proxy'], cgi: 'refuses-http-proxy' },
};

/** How most clients read NO_PROXY: both variables, the lower-case one winning, no built-in loopback rule. */
const LOWER_CASE_FIRST: Pick<NoProxyClientTraits, 'readsUpperCase' | 'readsLowerCase' | 'prefers' | 'alwaysBypassesLoopback'> = {
  readsUpperCase: true,
  readsLowerCase: true,
  prefers: 'no_proxy',
  alwaysBypassesLoopback: false,
};

/** The modelled client families, in the column order of the measurement table. */
export const NO_PROXY_CLIENTS: NoProxyClientTraits[] = [
  { id: NoProxyClientId.GO_HTTPPROXY, name: 'Go x/net/http/httpproxy', implementation: 'golang.org/x/net 0.7.0, go1.19.8', ...GO },
  { id: NoProxyClientId.GO_STDLIB, name: 'Go net/http', implementation: 'net/http.ProxyFromEnvironment, go1.19.8', ...GO },
  {
    id: NoProxyClientId.CURL,
    name: 'curl',
    implementation: 'curl/libcurl 7.88.1',
    ...LOWER_CASE_FIRST,
    // curl(1) ENVIRONMENT: "The lower case version has precedence. http_proxy is an exception as
    // it is only available in lower case"; ALL_PROXY applies "if no protocol-specific proxy is
    // set" (libcurl-env(3): all_proxy before ALL_PROXY). No CGI rule: it never reads HTTP_PROXY.
    proxyVariables: { http: ['http_proxy', 'all_proxy', 'ALL_PROXY'], https: ['https_proxy', 'HTTPS_PROXY', 'all_proxy', 'ALL_PROXY'], cgi: 'unchanged' },
  },
  {
    id: NoProxyClientId.WGET,
    name: 'wget',
    implementation: 'GNU Wget 1.21.3',
    ...LOWER_CASE_FIRST,
    readsUpperCase: false,
    // GNU Wget manual, 8.1 Proxies: http_proxy and https_proxy, lower case only, no catch-all
    proxyVariables: { http: ['http_proxy'], https: ['https_proxy'], cgi: 'unchanged' },
  },
  {
    id: NoProxyClientId.PYTHON_URLLIB,
    name: 'Python urllib',
    implementation: 'CPython 3.11.2 urllib.request',
    ...LOWER_CASE_FIRST,
    proxyVariables: PYTHON_GETPROXIES,
  },
  {
    id: NoProxyClientId.PYTHON_REQUESTS,
    name: 'Python requests',
    implementation: 'requests 2.28.1',
    ...LOWER_CASE_FIRST,
    // Session.merge_environment_settings takes getproxies(); utils.select_proxy tries the URL's
    // scheme, then "all"
    proxyVariables: PYTHON_GETPROXIES_WITH_ALL,
  },
  {
    id: NoProxyClientId.NODE_PFE_V1,
    name: 'proxy-from-env 1.1.0',
    implementation: 'npm proxy-from-env 1.1.0',
    ...LOWER_CASE_FIRST,
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
    ...LOWER_CASE_FIRST,
    // getProxyForUrl: getEnv(<scheme>_proxy) || getEnv('all_proxy'), lower case first (2.x dropped npm_config_*)
    proxyVariables: { http: ['http_proxy', 'HTTP_PROXY', 'all_proxy', 'ALL_PROXY'], https: ['https_proxy', 'HTTPS_PROXY', 'all_proxy', 'ALL_PROXY'], cgi: 'unchanged' },
  },
  {
    id: NoProxyClientId.NODE24_HTTP,
    name: 'Node 24 http',
    implementation: 'Node 24.9.0 http/https with NODE_USE_ENV_PROXY=1',
    ...LOWER_CASE_FIRST,
    proxyVariables: NODE24_HTTP_VARIABLES,
  },
  {
    id: NoProxyClientId.NODE24_FETCH,
    name: 'Node 24 fetch',
    implementation: 'Node 24.9.0 fetch (undici 7.16.0 EnvHttpProxyAgent) with NODE_USE_ENV_PROXY=1',
    ...LOWER_CASE_FIRST,
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
    ...LOWER_CASE_FIRST,
    alwaysBypassesLoopback: true,
    // Ruby 3.1 URI::Generic#find_proxy: `env[name] || env[name.upcase]` for https_proxy; for
    // http_proxy the lower case first, then HTTP_PROXY (with a warning); under CGI
    // (env.include?('REQUEST_METHOD')) HTTP_PROXY is not read (CGI_HTTP_PROXY is, not modelled)
    proxyVariables: { http: ['http_proxy', 'HTTP_PROXY'], https: ['https_proxy', 'HTTPS_PROXY'], cgi: 'ignores-upper-case-http-proxy' },
  },
  {
    id: NoProxyClientId.PYTHON_HTTPX,
    name: 'Python httpx',
    implementation: 'httpx 0.23.3',
    ...LOWER_CASE_FIRST,
    // httpx._utils.get_environment_proxies: the "http", "https" and "all" entries of getproxies()
    // become mounts; the scheme's own mount is more specific than "all://"
    proxyVariables: PYTHON_GETPROXIES_WITH_ALL,
  },
  {
    id: NoProxyClientId.PYTHON_AIOHTTP,
    name: 'Python aiohttp',
    implementation: 'aiohttp 3.8.4 (trust_env=True), yarl 1.8.2',
    ...LOWER_CASE_FIRST,
    // aiohttp.helpers.proxies_from_env keeps the "http", "https", "ws" and "wss" entries of
    // getproxies(), so all_proxy is ignored
    proxyVariables: PYTHON_GETPROXIES,
  },
  {
    id: NoProxyClientId.PERL_LWP,
    name: 'Perl LWP',
    implementation: 'libwww-perl 6.68 LWP::UserAgent env_proxy',
    ...LOWER_CASE_FIRST,
    // env_proxy walks the sorted variable names and keeps the first: NO_PROXY sorts before no_proxy
    prefers: 'NO_PROXY',
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
