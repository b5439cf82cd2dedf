// Loopback origin server for the end-to-end suite.
//
// Usage: node origin.mjs HTTP_PORT HTTPS_PORT CERT.pem KEY.pem
//
// Listens on 127.0.0.1 only (inside the loopback-only namespace) and answers every request with
// JSON naming the peer address, so the test can tell a direct request (peer 127.0.0.1) from one
// relayed by a proxy that connects from its own loopback address (squid 127.0.0.2, tinyproxy
// 127.0.0.3): that works for CONNECT tunnels too, where the proxy cannot add a Via header.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';

const MAX_LIFETIME_MS = 5 * 60 * 1000;
const [httpPort, httpsPort, certFile, keyFile] = process.argv.slice(2);
if (!httpPort || !httpsPort || !certFile || !keyFile) {
  process.stderr.write('usage: origin.mjs HTTP_PORT HTTPS_PORT CERT.pem KEY.pem\n');
  process.exit(64);
}

function answer(request, response) {
  request.resume();
  const body = JSON.stringify({
    remote: request.socket.remoteAddress,
    via: request.headers.via ?? null,
    host: request.headers.host,
    path: request.url,
    proxyAuthorizationSeen: request.headers['proxy-authorization'] !== undefined,
  });
  response.writeHead(200, { 'content-type': 'application/json', connection: 'close' });
  response.end(body);
}

let listening = 0;
const ready = () => {
  listening += 1;
  if (listening === 2) {
    process.stdout.write('listening\n');
  }
};
createHttpServer(answer).listen(Number(httpPort), '127.0.0.1', ready);
createHttpsServer({ cert: readFileSync(certFile), key: readFileSync(keyFile) }, answer).listen(Number(httpsPort), '127.0.0.1', ready);
setTimeout(() => process.exit(0), MAX_LIFETIME_MS).unref();
