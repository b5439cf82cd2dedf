// End-to-end runner: real proxies with Basic authentication, a loopback origin, and real clients
// using the environment the library rendered. Runs inside the loopback-only namespace only.
//
// Usage: node run-e2e.mjs INPUT.json RESULTS.json
//
// INPUT.json (written by test/e2e/proxy.e2e-test.ts):
//   { dir, cert, key, origin: { httpPort, httpsPort },
//     proxies: { squid: { port, outgoing, username, password }, tinyproxy: { ... } },
//     caEnv: { NAME: value },            // extra CA for each client (SSL_CERT_FILE, CURL_CA_BUNDLE, ...)
//     runs: [{ id, client, url, env?: { NAME: value }, envFile?: path }] }
// A run takes its proxy variables either from `env` (as systemd would pass them) or from
// `envFile`, which a real bash sources with `set -a` before it execs the client.
//
// squid (Debian squid, basic_ncsa_auth over an htpasswd file) accepts any password character;
// tinyproxy 1.11.1 accepts only [-A-Za-z0-9._] in BasicAuth (its config regex), so the test gives it
// such a password. Each proxy connects out from its own loopback address (squid 127.0.0.2,
// tinyproxy 127.0.0.3), so the origin can tell who reached it. Every wait is bounded; the PID
// namespace ends every process when this one exits.
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
const NODE24 = join(ROOT, '.cache', 'npm', 'node_modules', 'node24', 'bin', 'node');
const GO_GET = join(ROOT, '.cache', 'bin', 'go-e2e-get');
const RUN_TIMEOUT_MS = 20_000;
const START_TIMEOUT_MS = 15_000;

const [inputFile, resultsFile] = process.argv.slice(2);
if (!inputFile || !resultsFile) {
  process.stderr.write('usage: run-e2e.mjs INPUT.json RESULTS.json\n');
  process.exit(64);
}
const input = JSON.parse(readFileSync(inputFile, 'utf8'));
const dir = input.dir;
chmodSync(dir, 0o777); // squid and tinyproxy drop root and write their logs here

function squidConfig({ port, outgoing, username, password }) {
  const hash = spawnSync('openssl', ['passwd', '-apr1', '-stdin'], { input: `${password}\n`, encoding: 'utf8' });
  if (hash.status !== 0) {
    throw new Error(`openssl passwd failed: ${hash.stderr}`);
  }
  writeFileSync(join(dir, 'squid.passwd'), `${username}:${hash.stdout.trim()}\n`, { mode: 0o644 });
  const config = [
    `http_port 127.0.0.1:${port}`,
    `tcp_outgoing_address ${outgoing}`,
    `pid_filename ${join(dir, 'squid.pid')}`,
    `cache_log ${join(dir, 'squid-cache.log')}`,
    `access_log stdio:${join(dir, 'squid-access.log')}`,
    'cache deny all',
    'cache_mem 8 MB',
    `coredump_dir ${dir}`,
    `auth_param basic program /usr/lib/squid/basic_ncsa_auth ${join(dir, 'squid.passwd')}`,
    'auth_param basic children 2 startup=1 idle=1',
    'auth_param basic realm e2e',
    'acl authenticated proxy_auth REQUIRED',
    'http_access allow authenticated',
    'http_access deny all',
    'dns_nameservers 127.0.0.1',
    'shutdown_lifetime 0 seconds',
  ];
  writeFileSync(join(dir, 'squid.conf'), `${config.join('\n')}\n`, { mode: 0o644 });
  return ['/usr/sbin/squid', ['-N', '-f', join(dir, 'squid.conf')]];
}

function tinyproxyConfig({ port, outgoing, username, password }) {
  if (!/^[-A-Za-z0-9._]+$/.test(username) || !/^[-A-Za-z0-9._]+$/.test(password)) {
    throw new Error('tinyproxy 1.11 BasicAuth accepts only [-A-Za-z0-9._] in user name and password');
  }
  const config = [
    `Port ${port}`,
    'Listen 127.0.0.1',
    `Bind ${outgoing}`,
    'Timeout 15',
    'MaxClients 20',
    `LogFile "${join(dir, 'tinyproxy.log')}"`,
    'LogLevel Info',
    `PidFile "${join(dir, 'tinyproxy.pid')}"`,
    'Allow 127.0.0.1',
    `BasicAuth ${username} ${password}`,
    'User nobody',
    'Group nogroup',
  ];
  writeFileSync(join(dir, 'tinyproxy.conf'), `${config.join('\n')}\n`, { mode: 0o644 });
  return ['tinyproxy', ['-d', '-c', join(dir, 'tinyproxy.conf')]];
}

/** Resolve when something accepts TCP connections on 127.0.0.1:port; bounded in time. */
async function waitForPort(port, name) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    const open = await new Promise((resolve) => {
      const socket = connect({ host: '127.0.0.1', port }, () => { socket.destroy(); resolve(true); });
      socket.on('error', () => resolve(false));
    });
    if (open) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${name} did not listen on 127.0.0.1:${port} within ${START_TIMEOUT_MS} ms`);
}

function start(name, [command, args]) {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk) => { stderr += chunk; });
  child.on('exit', (code) => { if (code !== null && code !== 0) { process.stderr.write(`${name} exited ${code}: ${stderr}\n`); } });
  return child;
}

const CLIENTS = {
  'curl': (url) => ['curl', ['-q', '--silent', '--show-error', '--max-time', '10', '--write-out', '\n%{http_code}', url]],
  'go': (url) => [GO_GET, [url]],
  'node24-http': (url) => [NODE24, [join(ROOT, 'e2e', 'node-get.mjs'), 'http', url]],
  'node24-fetch': (url) => [NODE24, [join(ROOT, 'e2e', 'node-get.mjs'), 'fetch', url]],
};

/** curl prints the body and then the status on its own line; the others print JSON. */
function parseOutput(client, stdout) {
  if (client === 'curl') {
    const newline = stdout.lastIndexOf('\n');
    return { status: Number(stdout.slice(newline + 1)), body: stdout.slice(0, newline) };
  }
  return JSON.parse(stdout);
}

function runClient(run) {
  const [command, args] = CLIENTS[run.client](run.url);
  const base = { PATH: process.env.PATH, HOME: dir, NODE_USE_ENV_PROXY: '1', ...input.caEnv };
  const spawnArgs = run.envFile
    ? ['bash', ['--norc', '--noprofile', '-c', 'set -a; . "$1"; set +a; shift; exec "$@"', 'bash', run.envFile, command, ...args], base]
    : [command, args, { ...base, ...run.env }];
  const result = spawnSync(spawnArgs[0], spawnArgs[1], {
    env: spawnArgs[2], encoding: 'utf8', timeout: RUN_TIMEOUT_MS, killSignal: 'SIGKILL',
  });
  if (result.error || result.signal) {
    return { id: run.id, error: String(result.error ?? `killed by ${result.signal}`) };
  }
  try {
    const parsed = parseOutput(run.client, result.stdout);
    return { id: run.id, exitCode: result.status, stderr: result.stderr.trim(), ...parsed };
  } catch {
    return { id: run.id, exitCode: result.status, error: `unparsable output: ${result.stdout} ${result.stderr}` };
  }
}

const { squid, tinyproxy } = input.proxies;
const children = [
  start('origin', [process.execPath, [join(ROOT, 'e2e', 'origin.mjs'), input.origin.httpPort, input.origin.httpsPort, input.cert, input.key]]),
  start('squid', squidConfig(squid)),
  start('tinyproxy', tinyproxyConfig(tinyproxy)),
];
try {
  await waitForPort(input.origin.httpsPort, 'origin');
  await waitForPort(squid.port, 'squid');
  await waitForPort(tinyproxy.port, 'tinyproxy');
  const runs = input.runs.map(runClient);
  const read = (file) => { try { return readFileSync(join(dir, file), 'utf8'); } catch { return ''; } };
  writeFileSync(resultsFile, JSON.stringify({
    versions: {
      squid: spawnSync('/usr/sbin/squid', ['-v'], { encoding: 'utf8' }).stdout.split('\n')[0],
      tinyproxy: spawnSync('tinyproxy', ['-v'], { encoding: 'utf8' }).stdout.trim(),
    },
    runs,
    squidAccessLog: read('squid-access.log'),
    tinyproxyLog: read('tinyproxy.log'),
  }));
} finally {
  for (const child of children) {
    child.kill('SIGKILL');
  }
}
