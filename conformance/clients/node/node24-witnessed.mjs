// Real requests with Node 24's built-in proxy support (NODE_USE_ENV_PROXY=1), seen by the witness.
//
// Usage (Node 24, inside the loopback-only namespace, proxy variables already in the environment):
//   NODE_USE_ENV_PROXY=1 node24 node24-witnessed.mjs http|fetch WITNESS_LOG BATCH.json
//
// Node reads the proxy variables once at start-up, so the caller starts one process per NO_PROXY
// value; every case must carry the value of the environment (checked). `http` uses http.get and
// https.get, `fetch` the global fetch (undici's EnvHttpProxyAgent). A request that went through the
// proxy reaches the witness on 127.0.0.1; a direct one fails at once inside the namespace (the
// name does not resolve or the network is unreachable), so nothing leaves the machine.
import { readFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { verdictSince, witnessMark } from '../../witness/observe.mjs';

const TIMEOUT_MS = 4000;

function viaHttpModule(url) {
  return new Promise((resolve) => {
    const client = url.startsWith('https:') ? https : http;
    const request = client.get(url, { timeout: TIMEOUT_MS }, (response) => {
      response.resume();
      response.on('end', () => resolve(`HTTP ${response.statusCode}`));
      response.on('error', (error) => resolve(String(error.code ?? error.message)));
    });
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (error) => resolve(String(error.code ?? error.message)));
  });
}

async function viaFetch(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    await response.arrayBuffer();
    return `HTTP ${response.status}`;
  } catch (error) {
    if (error.name === 'TimeoutError') {
      return 'timeout';
    }
    return String(error.cause?.code ?? error.cause?.message ?? error.message);
  }
}

const [mode, logFile, batchFile] = process.argv.slice(2);
if (!['http', 'fetch'].includes(mode) || !logFile || !batchFile) {
  process.stderr.write('usage: node24-witnessed.mjs http|fetch WITNESS_LOG BATCH.json\n');
  process.exit(64);
}
const batch = JSON.parse(readFileSync(batchFile, 'utf8'));
const verdicts = [];
for (const testCase of batch.cases) {
  if (testCase.noProxy !== process.env.NO_PROXY || testCase.noProxy !== process.env.no_proxy) {
    process.stderr.write(`case ${testCase.id}: NO_PROXY of the case differs from the process environment\n`);
    process.exit(65);
  }
  const mark = witnessMark(logFile);
  const outcome = mode === 'http' ? await viaHttpModule(testCase.url) : await viaFetch(testCase.url);
  const verdict = verdictSince(logFile, mark, testCase.url, outcome);
  // a timed-out request proves nothing: inside the namespace every direct attempt fails at once
  verdicts.push(outcome === 'timeout' ? { id: testCase.id, verdict: 'error', detail: outcome } : { id: testCase.id, ...verdict });
}
process.stdout.write(JSON.stringify(verdicts));
