/**
 * Where a client takes its proxy from: which environment variables it reads for http:// and
 * https:// URLs, in which case and order, what a CGI environment changes, and the switch some
 * clients need before they read any. Each client's rules are part of its profile in `clients.ts`;
 * this module holds their vocabulary and the one function that applies them.
 *
 * An empty variable counts as unset, as in Go, curl, wget, proxy-from-env and LWP. Not modelled:
 * urllib, Ruby and undici treat an empty lower-case variable as "no proxy" even when the
 * upper-case one is set, and the proxy URL's own scheme (Node ignores a proxy value without
 * `http://` or `https://`, aiohttp one with `https://`).
 */

/**
 * Every variable a modelled client reads a proxy URL from, with the URLs it is meant for: its
 * scheme's, or `any` for the catch-alls (curl's `ALL_PROXY`, npm's `npm_config_proxy`).
 */
const SCOPES = {
  HTTP_PROXY: 'http',
  http_proxy: 'http',
  HTTPS_PROXY: 'https',
  https_proxy: 'https',
  ALL_PROXY: 'any',
  all_proxy: 'any',
  // proxy-from-env 1.x reads what npm passes to the scripts it runs, in either case
  npm_config_http_proxy: 'http',
  NPM_CONFIG_HTTP_PROXY: 'http',
  npm_config_https_proxy: 'https',
  NPM_CONFIG_HTTPS_PROXY: 'https',
  npm_config_proxy: 'any',
  NPM_CONFIG_PROXY: 'any',
} as const;

/** A variable some client reads a proxy URL from. */
export type ProxyUrlVariable = keyof typeof SCOPES;

/** Every {@link ProxyUrlVariable}, the standard ones first. */
export const PROXY_URL_VARIABLES = Object.keys(SCOPES) as ProxyUrlVariable[];

/** The URL schemes of the destinations clients proxy. */
export type DestinationScheme = 'http' | 'https';

/** Both schemes, in report order. */
export const DESTINATION_SCHEMES: readonly DestinationScheme[] = ['http', 'https'];

/** Whether setting `variable` says "use a proxy for `scheme`" (its own scheme's variables and the catch-alls). */
export function isMeantFor(variable: ProxyUrlVariable, scheme: DestinationScheme): boolean {
  return SCOPES[variable] === scheme || SCOPES[variable] === 'any';
}

/** The variables of one scheme every client reads one of: `https_proxy` and `HTTPS_PROXY`. */
export function standardVariables(scheme: DestinationScheme): ProxyUrlVariable[] {
  return [`${scheme}_proxy`, `${scheme.toUpperCase()}_PROXY`] as ProxyUrlVariable[];
}

/**
 * What a CGI environment changes. A CGI server passes a request's `Proxy:` header as the variable
 * `HTTP_PROXY` ("httpoxy", CVE-2016-5385), so some clients distrust it when `REQUEST_METHOD` says
 * they run under CGI.
 *
 * - `unchanged`: the client reads its variables as always
 * - `ignores-upper-case-http-proxy`: `HTTP_PROXY` is skipped, `http_proxy` still read
 * - `refuses-http-proxy`: a request to an http:// URL fails when a proxy is set for it
 */
export type CgiProxyRule = 'unchanged' | 'ignores-upper-case-http-proxy' | 'refuses-http-proxy';

/** The variables that tell a client it runs under CGI or switch its proxy support on. */
export const PROXY_SWITCH_VARIABLES = ['REQUEST_METHOD', 'NODE_USE_ENV_PROXY', 'NODE_OPTIONS'] as const;

/**
 * A switch without which a client reads no proxy variable at all.
 *
 * - `node-use-env-proxy`: Node's built-in proxy support (24.5 and later for http/https, 24.0 for
 *   fetch) is on only with `NODE_USE_ENV_PROXY=1` (exactly `1`) or `--use-env-proxy`, which may
 *   come in `NODE_OPTIONS` and wins over the variable (`--no-use-env-proxy` too). Measured on
 *   Node 24.9.0 with `getOptionValue('--use-env-proxy')`.
 */
export type ProxySwitch = 'node-use-env-proxy';

/** How one client finds its proxy in the environment. */
export interface ProxyVariableRules {
  /** Variables read for http:// URLs, in precedence order: the first one set wins. */
  readonly http: readonly ProxyUrlVariable[];
  /** Variables read for https:// URLs, in precedence order. */
  readonly https: readonly ProxyUrlVariable[];
  /** What `REQUEST_METHOD` in the environment changes. */
  readonly cgi: CgiProxyRule;
  /** The switch the client needs before it reads any variable. */
  readonly onlyWith?: ProxySwitch;
}

/** A client as the rules need it (a client profile is one; kept structural so the profiles can import this file). */
export interface ProxyVariableReader {
  readonly proxyVariables: ProxyVariableRules;
}

/** A process environment, as far as proxies go. */
export type ProcessEnvironment = Readonly<Record<string, string | undefined>>;

/** Whether one client uses a proxy for one scheme in an environment, and why. */
export interface ProxyChoice {
  /**
   * - `proxy`: it sends the request to the proxy in `variable`
   * - `direct`: it connects directly (no variable it reads is set, or it is switched off)
   * - `fails`: it refuses the request (Go under CGI, with a proxy set for http://)
   */
  readonly outcome: 'proxy' | 'direct' | 'fails';
  /** The variable the proxy comes from (`proxy`, `fails`). */
  readonly variable?: ProxyUrlVariable;
  /** Why, as a clause that follows the client's name. */
  readonly reason: string;
}

const isSet = (environment: ProcessEnvironment, name: string): boolean => (environment[name] ?? '') !== '';

/** Whether a switch is on in the environment. */
export function switchedOn(proxySwitch: ProxySwitch, environment: ProcessEnvironment): boolean {
  switch (proxySwitch) {
    case 'node-use-env-proxy': {
      // the last of the two flags in NODE_OPTIONS decides; without either, the variable does
      const flags = (environment.NODE_OPTIONS ?? '').split(/\s+/).filter((word) => /^--(no-)?use-env-proxy$/.test(word));
      const last = flags[flags.length - 1];
      return last !== undefined ? last === '--use-env-proxy' : environment.NODE_USE_ENV_PROXY === '1';
    }
  }
}

/** What a switch needs, as a clause. */
export function switchRequirement(proxySwitch: ProxySwitch): string {
  switch (proxySwitch) {
    case 'node-use-env-proxy':
      return 'reads the proxy variables only with NODE_USE_ENV_PROXY=1 or --use-env-proxy (in NODE_OPTIONS or on the command line)';
  }
}

/** The variables `client` reads for `scheme` in this environment, in precedence order. */
export function variablesRead(client: ProxyVariableReader, scheme: DestinationScheme, environment: ProcessEnvironment = {}): ProxyUrlVariable[] {
  const list = client.proxyVariables[scheme];
  const cgi = isSet(environment, 'REQUEST_METHOD') && client.proxyVariables.cgi === 'ignores-upper-case-http-proxy';
  return list.filter((name) => !(cgi && name === 'HTTP_PROXY'));
}

/**
 * Whether `client` uses a proxy for `scheme` URLs in `environment`, and from which variable.
 * NO_PROXY is not considered here (see `explainNoProxy`).
 */
export function proxyChoice(client: ProxyVariableReader, scheme: DestinationScheme, environment: ProcessEnvironment): ProxyChoice {
  const rules = client.proxyVariables;
  if (rules.onlyWith !== undefined && !switchedOn(rules.onlyWith, environment)) {
    return { outcome: 'direct', reason: switchRequirement(rules.onlyWith) };
  }
  const read = variablesRead(client, scheme, environment);
  const variable = read.find((name) => isSet(environment, name));
  if (variable === undefined) {
    return { outcome: 'direct', reason: `reads only ${read.join(', ')} for ${scheme}` };
  }
  if (scheme === 'http' && rules.cgi === 'refuses-http-proxy' && isSet(environment, 'REQUEST_METHOD')) {
    return { outcome: 'fails', variable, reason: 'refuses a proxy for http:// URLs when REQUEST_METHOD is set (CGI), so the request fails' };
  }
  return { outcome: 'proxy', variable, reason: `reads ${variable} for ${scheme}` };
}
