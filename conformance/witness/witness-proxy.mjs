// Witness proxy: the loopback listener that tells whether a client used the proxy.
//
// Usage: node witness-proxy.mjs PORT LOG_FILE
//
// Every request it receives, absolute-form (`GET http://host/path`) or `CONNECT host:port`, is
// appended to LOG_FILE as one JSON line *before* the answer is sent, so a client that got any
// answer (or an error after the proxy's answer) has already been logged. It never connects
// anywhere: plain requests get a 200 from the witness itself, CONNECT gets 403 and the socket is
// closed, so no tunnel is ever opened. It listens on 127.0.0.1 only and exits by itself after
// MAX_LIFETIME_MS in case its parent dies without killing it.
import { appendFileSync } from 'node:fs';
import { createServer } from 'node:http';

const MAX_LIFETIME_MS = 10 * 60 * 1000;
const [portText, logFile] = process.argv.slice(2);
const port = Number(portText);
if (!Number.isInteger(port) || !logFile) {
  process.stderr.write('usage: witness-proxy.mjs PORT LOG_FILE\n');
  process.exit(64);
}

function record(method, target) {
  appendFileSync(logFile, `${JSON.stringify({ method, target })}\n`);
}

const server = createServer((request, response) => {
  record(request.method, request.url);
  request.resume();
  response.writeHead(200, { 'content-type': 'text/plain', connection: 'close' });
  response.end('witness\n');
});
server.on('connect', (request, socket) => {
  record('CONNECT', request.url);
  socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
});
server.on('clientError', (_error, socket) => socket.destroy());
server.listen(port, '127.0.0.1', () => process.stdout.write(`listening ${port}\n`));
setTimeout(() => process.exit(0), MAX_LIFETIME_MS).unref();
