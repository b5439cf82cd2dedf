// One real GET with Node 24's built-in proxy support (run with NODE_USE_ENV_PROXY=1): `http` uses
// http.get/https.get, `fetch` the global fetch. Proxy, NO_PROXY and credentials come from the
// environment, the extra CA from NODE_EXTRA_CA_CERTS.
//
// Usage: node24 node-get.mjs http|fetch URL   (prints {"status":N,"body":"..."} or {"error":"..."})
//
// Used by the end-to-end suite inside the loopback-only namespace only.
import http from 'node:http';
import https from 'node:https';

const TIMEOUT_MS = 10_000;
const [mode, url] = process.argv.slice(2);

function viaHttpModule() {
  return new Promise((resolve) => {
    const client = url.startsWith('https:') ? https : http;
    const request = client.get(url, { timeout: TIMEOUT_MS }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => { body += chunk; });
      response.on('end', () => resolve({ status: response.statusCode, body }));
      response.on('error', (error) => resolve({ error: String(error.code ?? error.message) }));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve({ error: `${error.code ?? ''} ${error.message}`.trim() }));
  });
}

async function viaFetch() {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    return { status: response.status, body: await response.text() };
  } catch (error) {
    return { error: `${error.message}${error.cause ? `: ${error.cause.code ?? error.cause.message}` : ''}` };
  }
}

if (!['http', 'fetch'].includes(mode) || !url) {
  process.stderr.write('usage: node-get.mjs http|fetch URL\n');
  process.exit(64);
}
process.stdout.write(JSON.stringify(mode === 'http' ? await viaHttpModule() : await viaFetch()));
