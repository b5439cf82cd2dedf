import type { TLSSocket } from 'node:tls';
import { Deadline, DeadlineExceeded } from './deadline';
import type * as Transport from './proxy-transport';
import { ProxyAuthentication, ReadinessResult, ReadinessStage, ReadinessTls } from './types';
import { ProxySettings } from '../../core/definition/proxy-settings';
import { ProxyUrl } from '../../core/definition/proxy-url';
import { parseDestination } from '../../core/noproxy/destination';
import { invalidValue } from '../../core/primitives/errors';

/**
 * The network code (node:http, node:https, node:tls, node:net), loaded when a check connects: the
 * CLI's other commands, and `check --help`, start without it.
 */
type AnswerHead = Transport.AnswerHead;

function transport(): typeof Transport {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require('./proxy-transport') as typeof Transport;
}

/**
 * The readiness check behind `cluster-proxy check`: does a proxy definition work before a cluster
 * is built on it? For each readiness URL it goes through the proxy the URL's scheme selects
 * (HTTPS_PROXY for https://, HTTP_PROXY for http://, like every client): CONNECT and TLS for
 * https://, an absolute-form request for http://. It reports reachability, whether the proxy
 * accepted the credentials (407 versus 2xx), whether TLS validated against the trusted CA, and
 * the endpoint's status. Results never contain the password.
 */

/** Options of {@link checkReadiness}. */
export interface ReadinessOptions {
  /** Time limit per URL, in milliseconds. */
  readonly timeoutMs: number;
  /**
   * Endpoint statuses that count as ready.
   *
   * @default - 200 to 399
   */
  readonly acceptedStatuses?: readonly number[];
}

const DEFAULT_TIMEOUT_MS = 10_000;

function accepted(status: number, options: ReadinessOptions): boolean {
  return options.acceptedStatuses ? options.acceptedStatuses.includes(status) : status >= 200 && status < 400;
}

/** The proxy for a URL: HTTPS_PROXY for https://, HTTP_PROXY for http:// (what clients do). */
function proxyFor(settings: ProxySettings, scheme: 'http' | 'https'): ProxyUrl | undefined {
  return scheme === 'https' ? settings.httpsProxy : settings.httpProxy;
}

/** Authentication as learned from the proxy's status. */
function authentication(proxy: ProxyUrl, status: number | undefined, refusedStatuses: readonly number[]): ProxyAuthentication {
  if (status === undefined) {
    return 'unknown';
  }
  const refused = refusedStatuses.includes(status);
  if (proxy.hasCredentials) {
    return refused ? 'refused' : 'accepted';
  }
  return refused ? 'required' : 'not-required';
}

function authenticationReason(auth: ProxyAuthentication, head: AnswerHead): string {
  const answer = `${head.status} ${head.statusText}`.trim();
  return auth === 'refused'
    ? `the proxy refused the credentials (${answer}); check the user name and password`
    : `the proxy requires credentials (${answer}); give a user name and password`;
}

/** Words for a connection error to the proxy. */
function connectReason(proxy: ProxyUrl, error: NodeJS.ErrnoException): string {
  const where = proxy.authority;
  switch (error.code) {
    case 'ECONNREFUSED':
      return `cannot connect to the proxy ${where}: connection refused`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `cannot resolve the proxy host ${proxy.host}`;
    case 'ECONNRESET':
      return `the proxy ${where} closed the connection before answering`;
    default:
      return `cannot reach the proxy ${where}: ${error.code ?? error.message}`;
  }
}

function tlsReason(error: NodeJS.ErrnoException, against: ReadinessTls['against']): string {
  const source = against === 'trusted-ca' ? 'the trusted CA' : 'Node\'s bundled CAs';
  const trustCodes = ['SELF_SIGNED_CERT_IN_CHAIN', 'DEPTH_ZERO_SELF_SIGNED_CERT', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'];
  if (error.code && trustCodes.includes(error.code)) {
    return `TLS certificate of the endpoint is not trusted by ${source} (${error.code})`;
  }
  if (error.code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return `TLS certificate of the endpoint does not name the host (${error.code})`;
  }
  return `TLS with the endpoint failed: ${error.code ?? error.message}`;
}

/** What a check has learned so far; reported also when it fails or times out midway. */
interface Progress {
  proxy: ProxyUrl;
  method: ReadinessResult['method'];
  authentication: ProxyAuthentication;
  proxyStatus?: number;
  tls?: ReadinessTls;
}

/** How a check ended. */
interface Outcome {
  ok: boolean;
  reason: string;
  status?: number;
  failedAt?: ReadinessStage;
}

function result(url: string, partial: Progress, outcome: Outcome): ReadinessResult {
  return {
    url,
    proxy: partial.proxy.redacted,
    method: partial.method,
    authentication: partial.authentication,
    ...(partial.proxyStatus === undefined ? {} : { proxyStatus: partial.proxyStatus }),
    ...(partial.tls ? { tls: partial.tls } : {}),
    ...outcome,
  };
}

function statusOutcome(head: AnswerHead, options: ReadinessOptions, hint = ''): Outcome {
  const answer = `${head.status} ${head.statusText}`.trim();
  return accepted(head.status, options)
    ? { ok: true, status: head.status, reason: `the endpoint answered ${answer}` }
    : { ok: false, status: head.status, failedAt: 'response', reason: `the endpoint answered ${answer}, which is not an accepted status${hint}` };
}

/** https:// through a CONNECT tunnel, then TLS and a GET inside it. */
async function checkHttps(
  url: URL,
  isIp: boolean,
  partial: Progress,
  ca: string | undefined,
  options: ReadinessOptions,
  deadline: Deadline,
): Promise<ReadinessResult> {
  const proxy = partial.proxy;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const authority = `${url.hostname}:${url.port === '' ? 443 : url.port}`;
  let tunnel: Awaited<ReturnType<typeof Transport.openTunnel>>;
  try {
    tunnel = await transport().openTunnel(proxy, authority, ca, deadline);
  } catch (error) {
    if (error instanceof DeadlineExceeded) {
      throw error;
    }
    return result(url.href, partial, { ok: false, failedAt: 'proxy-connect', reason: connectReason(proxy, error as NodeJS.ErrnoException) });
  }
  // A CONNECT answer always comes from the proxy; tinyproxy 1.11 answers a wrong password with 401.
  partial.authentication = authentication(proxy, tunnel.status, [401, 407]);
  partial.proxyStatus = tunnel.status;
  if (partial.authentication === 'refused' || partial.authentication === 'required') {
    return result(url.href, partial, { ok: false, failedAt: 'proxy-auth', reason: authenticationReason(partial.authentication, tunnel) });
  }
  if (!tunnel.socket) {
    return result(url.href, partial, {
      ok: false, failedAt: 'tunnel', reason: `the proxy refused the tunnel to ${authority} (${tunnel.status} ${tunnel.statusText})`.trim(),
    });
  }
  const against = ca === undefined ? 'bundled-cas' : 'trusted-ca';
  let secure: TLSSocket;
  try {
    secure = await transport().startTls(tunnel.socket, host, isIp, ca, deadline);
  } catch (error) {
    if (error instanceof DeadlineExceeded) {
      throw error;
    }
    const code = (error as NodeJS.ErrnoException).code;
    partial.tls = { verified: false, against, ...(code ? { errorCode: code } : {}) };
    return result(url.href, partial, { ok: false, failedAt: 'tls', reason: tlsReason(error as NodeJS.ErrnoException, against) });
  }
  const protocol = secure.getProtocol();
  partial.tls = { verified: true, against, ...(protocol ? { protocol } : {}) };
  try {
    const head = await transport().getOverConnection(secure, url.host, `${url.pathname}${url.search}`, deadline);
    return result(url.href, partial, statusOutcome(head, options));
  } catch (error) {
    if (error instanceof DeadlineExceeded) {
      throw error;
    }
    return result(url.href, partial, { ok: false, failedAt: 'response', reason: `the endpoint closed the connection: ${(error as Error).message}` });
  }
}

/** http:// forwarded by the proxy (absolute-form request). */
async function checkHttp(
  url: URL,
  partial: Progress,
  ca: string | undefined,
  options: ReadinessOptions,
  deadline: Deadline,
): Promise<ReadinessResult> {
  const proxy = partial.proxy;
  let head: AnswerHead;
  try {
    head = await transport().forwardThroughProxy(proxy, url, ca, deadline);
  } catch (error) {
    if (error instanceof DeadlineExceeded) {
      throw error;
    }
    return result(url.href, partial, { ok: false, failedAt: 'proxy-connect', reason: connectReason(proxy, error as NodeJS.ErrnoException) });
  }
  // Only 407 surely comes from the proxy; a 401 may be the proxy's (tinyproxy) or the endpoint's.
  partial.authentication = head.status === 401 && proxy.hasCredentials ? 'unknown' : authentication(proxy, head.status, [407]);
  if (partial.authentication === 'refused' || partial.authentication === 'required') {
    partial.proxyStatus = head.status;
    return result(url.href, partial, { ok: false, failedAt: 'proxy-auth', reason: authenticationReason(partial.authentication, head) });
  }
  const hint = head.status === 401 && proxy.hasCredentials
    ? ' (some proxies, tinyproxy for one, answer a wrong proxy password with 401; an https:// URL tells the two apart)'
    : '';
  return result(url.href, partial, statusOutcome(head, options, hint));
}

/**
 * Validate a readiness URL: an absolute http(s) URL without credentials (it is reached through
 * the proxy as it is). Returns it parsed, without its fragment.
 *
 * @param field the input field named in errors (the CLI passes `--url`)
 * @throws ProxyConfigError for anything else
 */
export function parseReadinessUrl(url: string, field = 'url'): URL {
  const parsed = URL.canParse(url.trim()) ? new URL(url.trim()) : undefined;
  if (parsed && (parsed.username !== '' || parsed.password !== '')) {
    // The URL as given, masked: the host a URL parser found may be the tail of a password holding "@".
    throw invalidValue(field, url, 'must not contain credentials (readiness URLs are reached through the proxy as they are)');
  }
  // refuses what is no absolute http(s) URL, so `parsed` is defined past it
  parseDestination(url, field);
  parsed!.hash = '';
  return parsed!;
}

/**
 * Check one readiness URL through the proxy `settings` define for its scheme, within
 * `options.timeoutMs`. Never throws for network trouble: every failure is a result with
 * `failedAt` and a reason.
 *
 * @throws ProxyConfigError if `url` is not valid for {@link parseReadinessUrl}
 */
export async function checkReadinessUrl(settings: ProxySettings, url: string, options: ReadinessOptions): Promise<ReadinessResult> {
  const parsed = parseReadinessUrl(url);
  const destination = parseDestination(parsed.href);
  const method = destination.scheme === 'https' ? 'CONNECT' : 'forward';
  const proxy = proxyFor(settings, destination.scheme);
  if (!proxy) {
    const flag = destination.scheme === 'https' ? 'httpsProxy' : 'httpProxy';
    return { url: parsed.href, ok: false, method, authentication: 'unknown', failedAt: 'configuration', reason: `no ${flag} is set for ${destination.scheme}:// URLs` };
  }
  const ca = settings.trustedCa?.pem;
  const deadline = new Deadline(options.timeoutMs > 0 ? options.timeoutMs : DEFAULT_TIMEOUT_MS);
  const progress: Progress = { proxy, method, authentication: 'unknown' };
  try {
    return destination.scheme === 'https'
      ? await checkHttps(parsed, destination.hostType !== 'name', progress, ca, options, deadline)
      : await checkHttp(parsed, progress, ca, options, deadline);
  } catch (error) {
    if (error instanceof DeadlineExceeded) {
      return result(parsed.href, progress, { ok: false, failedAt: error.stage, reason: error.message });
    }
    throw error;
  } finally {
    deadline.finish();
  }
}

/** Check every URL (one after the other, so a slow proxy is not flooded); results in input order. */
export async function checkReadiness(settings: ProxySettings, urls: readonly string[], options: ReadinessOptions): Promise<ReadinessResult[]> {
  const results: ReadinessResult[] = [];
  for (const url of urls) {
    results.push(await checkReadinessUrl(settings, url, options));
  }
  return results;
}
