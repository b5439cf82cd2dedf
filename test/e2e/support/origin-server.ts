import { readFileSync } from 'node:fs';
import * as http from 'node:http';
import * as https from 'node:https';
import * as net from 'node:net';
import * as tls from 'node:tls';
import { TestPki } from './pki';

/**
 * In-process servers on 127.0.0.1 for the `cluster-proxy check` tests: an origin (http and https,
 * certificate from a {@link TestPki}) and a TLS front for an https:// proxy.
 *
 * Origin paths: `/status/NNN` answers NNN, `/hang` never answers (for time limits), anything else 200.
 */

/** Running origin servers. */
export interface RunningOrigin {
  readonly httpPort: number;
  readonly httpsPort: number;
  close(): Promise<void>;
}

function portOf(server: net.Server): number {
  const address = server.address();
  if (typeof address !== 'object' || address === null) {
    throw new Error('server has no port');
  }
  return address.port;
}

async function listen(server: net.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return portOf(server);
}

/** Close a server and end every connection it still holds (a hanging request included). */
function closer(server: net.Server): () => Promise<void> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return async () => {
    sockets.forEach((socket) => socket.destroy());
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}

function answer(request: http.IncomingMessage, response: http.ServerResponse): void {
  request.resume();
  if (request.url === '/hang') {
    return;
  }
  const status = /^\/status\/([1-5][0-9]{2})$/.exec(request.url ?? '')?.[1];
  response.writeHead(status ? Number(status) : 200, { 'content-type': 'text/plain', 'connection': 'close' });
  response.end('origin\n');
}

/** Start the origin on two free loopback ports. */
export async function startOrigin(pki: TestPki): Promise<RunningOrigin> {
  const plain = http.createServer(answer);
  const secure = https.createServer({ cert: readFileSync(pki.certFile), key: readFileSync(pki.keyFile) }, answer);
  const closePlain = closer(plain);
  const closeSecure = closer(secure);
  const httpPort = await listen(plain);
  const httpsPort = await listen(secure);
  return { httpPort, httpsPort, close: async () => { await Promise.all([closePlain(), closeSecure()]); } };
}

/** A TLS front on a free loopback port that relays each connection to 127.0.0.1:`targetPort`, making an https:// proxy of an http one. */
export async function startTlsFront(pki: TestPki, targetPort: number): Promise<{ port: number; close(): Promise<void> }> {
  const server = tls.createServer({ cert: readFileSync(pki.certFile), key: readFileSync(pki.keyFile) }, (client) => {
    const upstream = net.connect({ host: '127.0.0.1', port: targetPort });
    client.pipe(upstream).pipe(client);
    const end = (): void => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end);
    upstream.on('error', end);
    client.on('close', end);
    upstream.on('close', end);
  });
  const close = closer(server);
  return { port: await listen(server), close };
}
