import * as http from 'node:http';
import * as https from 'node:https';
import { Socket } from 'node:net';
import * as tls from 'node:tls';
import { Deadline } from './deadline';
import { ProxyUrl } from '../../core/definition/proxy-url';

/**
 * The wire steps of a readiness check, on Node's own HTTP and TLS clients: a CONNECT tunnel
 * through the proxy, TLS inside it, and plain requests forwarded by the proxy. Every socket is
 * tracked by the check's {@link Deadline}.
 */

/** An HTTP answer's head. */
export interface AnswerHead {
  readonly status: number;
  readonly statusText: string;
  readonly headers: http.IncomingHttpHeaders;
}

/** `Proxy-Authorization: Basic ...` from the proxy URL's decoded credentials, if it has any. */
function proxyAuthorization(proxy: ProxyUrl): Record<string, string> {
  if (proxy.username === undefined) {
    return {};
  }
  const token = Buffer.from(`${proxy.username}:${proxy.password ?? ''}`, 'utf8').toString('base64');
  return { 'proxy-authorization': `Basic ${token}` };
}

/** Request options that reach the proxy itself: TCP, or TLS validated against `ca` for an https:// proxy. */
function proxyOptions(proxy: ProxyUrl, ca: string | undefined): https.RequestOptions {
  const tlsOptions = proxy.scheme === 'https'
    ? { ...(proxy.hostKind === 'dns' ? { servername: proxy.host } : {}), ...(ca === undefined ? {} : { ca }) }
    : {};
  return { host: proxy.host, port: proxy.port, agent: false, ...tlsOptions };
}

function requestFunction(proxy: ProxyUrl): typeof http.request {
  return proxy.scheme === 'https' ? https.request : http.request;
}

/**
 * Ask the proxy for a tunnel to `authority` (`host:port`, IPv6 in brackets). Resolves with the
 * proxy's answer and, for a 2xx answer, the tunnel socket.
 */
export async function openTunnel(
  proxy: ProxyUrl,
  authority: string,
  ca: string | undefined,
  deadline: Deadline,
): Promise<AnswerHead & { socket?: Socket }> {
  const request = requestFunction(proxy)({
    ...proxyOptions(proxy, ca),
    method: 'CONNECT',
    path: authority,
    headers: { host: authority, ...proxyAuthorization(proxy) },
  });
  deadline.track(request);
  const answer = new Promise<AnswerHead & { socket?: Socket }>((resolve, reject) => {
    // Node emits 'connect' for every answer to CONNECT, whatever its status.
    request.once('connect', (response: http.IncomingMessage, socket: Socket) => {
      deadline.track(socket);
      const head = { status: response.statusCode ?? 0, statusText: response.statusMessage ?? '', headers: response.headers };
      if (head.status >= 200 && head.status < 300) {
        resolve({ ...head, socket });
      } else {
        socket.destroy();
        resolve(head);
      }
    });
    request.once('error', reject);
  });
  request.end();
  return deadline.race('tunnel', 'waiting for the proxy to answer CONNECT', answer);
}

/**
 * TLS to `host` over the tunnel, validated against `ca` (or Node's bundled CAs): the chain and the
 * name (`host`, or its IP address). Rejects with the validation error.
 */
export async function startTls(socket: Socket, host: string, isIp: boolean, ca: string | undefined, deadline: Deadline): Promise<tls.TLSSocket> {
  const secure = deadline.track(tls.connect({
    socket,
    // `host` drives the certificate name check; SNI must not carry an IP address (RFC 6066)
    host,
    ...(isIp ? {} : { servername: host }),
    ...(ca === undefined ? {} : { ca }),
    ALPNProtocols: ['http/1.1'],
  }));
  const connected = new Promise<tls.TLSSocket>((resolve, reject) => {
    secure.once('secureConnect', () => resolve(secure));
    secure.once('error', reject);
  });
  return deadline.race('tls', 'negotiating TLS with the endpoint', connected);
}

/** GET `path` over an established (TLS) connection to the endpoint; resolves with the answer's head. */
export async function getOverConnection(connection: tls.TLSSocket, hostHeader: string, path: string, deadline: Deadline): Promise<AnswerHead> {
  const request = http.request({
    createConnection: () => connection,
    method: 'GET',
    path,
    headers: { 'host': hostHeader, 'user-agent': 'cluster-proxy-check', 'connection': 'close' },
  });
  deadline.track(request);
  return deadline.race('response', 'waiting for the endpoint to answer', headOf(request));
}

/** Send `url` (absolute-form) to the proxy, which forwards it; resolves with the answer's head (the proxy's or the endpoint's). */
export async function forwardThroughProxy(proxy: ProxyUrl, url: URL, ca: string | undefined, deadline: Deadline): Promise<AnswerHead> {
  const request = requestFunction(proxy)({
    ...proxyOptions(proxy, ca),
    method: 'GET',
    path: url.href,
    headers: { 'host': url.host, 'user-agent': 'cluster-proxy-check', 'connection': 'close', ...proxyAuthorization(proxy) },
  });
  deadline.track(request);
  return deadline.race('response', 'waiting for the proxy to forward the request', headOf(request));
}

function headOf(request: http.ClientRequest): Promise<AnswerHead> {
  const answer = new Promise<AnswerHead>((resolve, reject) => {
    request.once('response', (response: http.IncomingMessage) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, statusText: response.statusMessage ?? '', headers: response.headers });
    });
    request.once('error', reject);
  });
  request.end();
  return answer;
}
