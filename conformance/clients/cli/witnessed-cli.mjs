// Real requests with curl or GNU Wget, seen by the witness proxy.
//
// Usage (inside the loopback-only namespace): node witnessed-cli.mjs curl|wget WITNESS_LOG BATCH.json
//
// Each case is one run of the real program with only the six proxy variables (or NO_PROXY, no_proxy
// and the case's own `environment`, its `null` entries left out), PATH and an empty HOME in its
// environment (so no ~/.curlrc or ~/.wgetrc applies; `-q` and `--no-config` say the same). A request that went through the proxy reaches the witness on 127.0.0.1; a direct one
// fails at once inside the namespace, so nothing leaves the machine. Runs are bounded by a
// per-process timeout.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verdictSince, witnessMark } from '../../witness/observe.mjs';

const PROCESS_TIMEOUT_MS = 10_000;
const COMMANDS = {
  curl: (url) => ['curl', ['-q', '--silent', '--show-error', '--output', '/dev/null', '--max-time', '5', '--connect-timeout', '3', url]],
  wget: (url) => ['wget', ['--no-config', '--tries=1', '--timeout=3', '--quiet', '--output-document=/dev/null', url]],
};

const [tool, logFile, batchFile] = process.argv.slice(2);
if (!COMMANDS[tool] || !logFile || !batchFile) {
  process.stderr.write('usage: witnessed-cli.mjs curl|wget WITNESS_LOG BATCH.json\n');
  process.exit(64);
}
const batch = JSON.parse(readFileSync(batchFile, 'utf8'));
const home = mkdtempSync(join(tmpdir(), 'witnessed-home-'));
const verdicts = batch.cases.map((testCase) => {
  const proxies = testCase.environment !== undefined
    ? Object.fromEntries(Object.entries(testCase.environment).filter(([, value]) => value !== null))
    : { HTTP_PROXY: batch.proxy, http_proxy: batch.proxy, HTTPS_PROXY: batch.proxy, https_proxy: batch.proxy };
  const env = { PATH: process.env.PATH, HOME: home, ...proxies, NO_PROXY: testCase.noProxy, no_proxy: testCase.noProxy };
  const [command, args] = COMMANDS[tool](testCase.url);
  const mark = witnessMark(logFile);
  const run = spawnSync(command, args, { env, encoding: 'utf8', timeout: PROCESS_TIMEOUT_MS, killSignal: 'SIGKILL' });
  if (run.error || run.signal) {
    // a killed run proves nothing: inside the namespace every direct attempt fails at once
    return { id: testCase.id, verdict: 'error', detail: String(run.error ?? `killed by ${run.signal}`) };
  }
  const outcome = `exit ${run.status} ${run.stderr.trim()}`.trim();
  return { id: testCase.id, ...verdictSince(logFile, mark, testCase.url, outcome) };
});
process.stdout.write(JSON.stringify(verdicts));
