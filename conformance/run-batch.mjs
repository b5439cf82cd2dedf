// Runs every real client over its cases, inside the loopback-only namespace.
//
// Usage: node run-batch.mjs BATCH.json RESULTS.json
//   BATCH.json:   { "clients": { "<client id>": [{ "id", "noProxy", "url", "environment"? }, ...], ... } }
//                 client ids: the NO_PROXY client families of src/core/noproxy/clients.ts, and
//                 `java`, whose `noProxy` is an http.nonProxyHosts value. `environment`, when
//                 given, replaces the four proxy variables: each name is set (`true`: to the
//                 witness's URL, a string: to that value) or, for `null`, unset.
//   RESULTS.json: { "versions": { "<client id>": "..." }, "verdicts": { "<client id>": [{ "id", "verdict", "detail" }] } }
//
// Started by test/conformance/support/namespace.ts through namespace/inside.sh, never on the host
// network: curl, wget and Node 24 really connect. It starts the witness proxy on 127.0.0.1, gives
// its URL to every client as HTTP(S)_PROXY, runs each client program (one process per batch, or
// per NO_PROXY value for clients that read the environment once), and stops the witness. Every
// child process has a time limit.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = dirname(fileURLToPath(import.meta.url));
const CACHE = join(ROOT, '.cache');
const NODE24 = join(CACHE, 'npm', 'node_modules', 'node24', 'bin', 'node');
const PYTHON = '/usr/bin/python3';
const WITNESS_PORT = 3128;
const PROXY = `http://127.0.0.1:${WITNESS_PORT}`;
const CLIENT_TIMEOUT_MS = 120_000;
const WITNESS_START_MS = 5_000;

const [batchFile, resultsFile] = process.argv.slice(2);
if (!batchFile || !resultsFile) {
  process.stderr.write('usage: run-batch.mjs BATCH.json RESULTS.json\n');
  process.exit(64);
}
const work = mkdtempSync(join(tmpdir(), 'conformance-'));
const witnessLog = join(work, 'witness.log');
writeFileSync(witnessLog, '');

/** Run a client program that prints a JSON array of verdicts for the batch file it is given. */
function runJson(command, args, cases, env = process.env) {
  const file = join(work, `cases-${Math.random().toString(36).slice(2)}.json`);
  writeFileSync(file, JSON.stringify({ proxy: PROXY, cases }));
  const run = spawnSync(command, [...args, file], {
    env, encoding: 'utf8', timeout: CLIENT_TIMEOUT_MS, killSignal: 'SIGKILL', maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error || run.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed (${run.error ?? `exit ${run.status} ${run.signal ?? ''}`}): ${run.stderr}`);
  }
  return JSON.parse(run.stdout);
}

/** A case's `environment` with `true` replaced by the witness's URL (what every client program receives). */
function resolved(testCase) {
  if (testCase.environment === undefined) {
    return testCase;
  }
  const environment = Object.fromEntries(Object.entries(testCase.environment).map(([name, value]) => [name, value === true ? PROXY : value]));
  return { ...testCase, environment };
}

/** Cases grouped by NO_PROXY value and environment, for clients that read the environment once per process. */
function byEnvironment(cases) {
  const groups = new Map();
  for (const testCase of cases) {
    const key = JSON.stringify([testCase.noProxy, testCase.environment ?? null]);
    groups.set(key, [...(groups.get(key) ?? []), testCase]);
  }
  return [...groups.values()];
}

function proxyEnv(testCase, extra = {}) {
  const env = {
    PATH: process.env.PATH,
    HOME: work,
    HTTP_PROXY: PROXY, http_proxy: PROXY, HTTPS_PROXY: PROXY, https_proxy: PROXY,
    NO_PROXY: testCase.noProxy, no_proxy: testCase.noProxy,
    ...extra,
  };
  if (testCase.environment !== undefined) {
    for (const name of ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy']) {
      delete env[name];
    }
    for (const [name, value] of Object.entries(testCase.environment)) {
      if (value === null) {
        delete env[name];
      } else {
        env[name] = value;
      }
    }
  }
  return env;
}

function perEnvironment(cases, run, extra = {}) {
  return byEnvironment(cases).flatMap((group) => run(proxyEnv(group[0], extra), group));
}

function output(command, args) {
  const run = spawnSync(command, args, { encoding: 'utf8', timeout: 10_000 });
  return (run.stdout || run.stderr || '').trim();
}

const pfeDir = (alias) => join(CACHE, 'npm', 'node_modules', alias);
const pfeVersion = (alias) => JSON.parse(readFileSync(join(pfeDir(alias), 'package.json'), 'utf8')).version;
const goVersion = () => output('go', ['env', 'GOVERSION']);
const xnetVersion = () => output('dpkg-query', ['-W', '-f', '${Version}', 'golang-golang-x-net-dev']);

/**
 * The JDK's ProxySelector, in one JVM: the proxy is given with -D flags, each case's
 * `http.nonProxyHosts` value (in its `noProxy` field: the JDK never reads NO_PROXY) is set per case
 * (see NonProxyHosts.java for why that is the same code path as -D).
 */
function runJava(cases) {
  const file = join(work, `java-${Math.random().toString(36).slice(2)}.txt`);
  writeFileSync(file, cases.map((testCase) => `${testCase.noProxy}\t${testCase.url}\n`).join(''));
  const properties = ['http', 'https'].flatMap((scheme) => [`-D${scheme}.proxyHost=127.0.0.1`, `-D${scheme}.proxyPort=${WITNESS_PORT}`]);
  const run = spawnSync('java', ['-XX:TieredStopAtLevel=1', ...properties, '-cp', join(CACHE, 'java'), 'NonProxyHosts', file], {
    encoding: 'utf8', timeout: CLIENT_TIMEOUT_MS, killSignal: 'SIGKILL', env: { PATH: process.env.PATH, HOME: work }, maxBuffer: 64 * 1024 * 1024,
  });
  if (run.error || run.status !== 0) {
    throw new Error(`java failed (${run.error ?? `exit ${run.status}`}): ${run.stderr}`);
  }
  const lines = run.stdout.trim().split('\n').map((line) => line.split('\t'));
  return cases.map((testCase, index) => {
    const [decision, url] = lines[index] ?? [];
    return url === testCase.url
      ? { id: testCase.id, verdict: decision === 'DIRECT' ? 'direct' : 'proxy', detail: decision }
      : { id: testCase.id, verdict: 'error', detail: `java answered for ${url}` };
  });
}

/** How each client is run, and how its version is read. */
const CLIENTS = {
  'go-httpproxy': {
    run: (cases) => runJson(join(CACHE, 'bin', 'go-decide'), ['httpproxy'], cases),
    version: () => `golang.org/x/net ${xnetVersion()} (Debian), ${goVersion()}`,
  },
  'go-stdlib': {
    run: (cases) => perEnvironment(cases, (env, group) => runJson(join(CACHE, 'bin', 'go-decide'), ['stdlib'], group, env)),
    version: () => `net/http ${goVersion()}`,
  },
  'curl': {
    run: (cases) => runJson(process.execPath, [join(ROOT, 'clients', 'cli', 'witnessed-cli.mjs'), 'curl', witnessLog], cases),
    version: () => output('curl', ['--version']).split('\n')[0].split(' ').slice(0, 2).join(' '),
  },
  'wget': {
    run: (cases) => runJson(process.execPath, [join(ROOT, 'clients', 'cli', 'witnessed-cli.mjs'), 'wget', witnessLog], cases),
    version: () => output('wget', ['--version']).split('\n')[0].replace(/ built on.*$/, ''),
  },
  'python-urllib': {
    run: (cases) => runJson(PYTHON, [join(ROOT, 'clients', 'python', 'decide.py'), 'urllib'], cases),
    version: () => `CPython ${output(PYTHON, ['-c', 'import platform; print(platform.python_version())'])} urllib.request`,
  },
  'python-requests': {
    run: (cases) => runJson(PYTHON, [join(ROOT, 'clients', 'python', 'decide.py'), 'requests'], cases),
    version: () => `requests ${output(PYTHON, ['-c', 'import requests; print(requests.__version__)'])} (Debian python3-requests)`,
  },
  'node-pfe-v1': {
    run: (cases) => runJson(process.execPath, [join(ROOT, 'clients', 'node', 'decide-pfe.cjs'), pfeDir('pfe1')], cases),
    version: () => `proxy-from-env ${pfeVersion('pfe1')} on node ${process.versions.node}`,
  },
  'node-pfe-v2': {
    run: (cases) => runJson(process.execPath, [join(ROOT, 'clients', 'node', 'decide-pfe.cjs'), pfeDir('pfe2')], cases),
    version: () => `proxy-from-env ${pfeVersion('pfe2')} on node ${process.versions.node}`,
  },
  'node24-http': {
    run: (cases) => perEnvironment(cases, (env, group) => runJson(NODE24,
      [join(ROOT, 'clients', 'node', 'node24-witnessed.mjs'), 'http', witnessLog], group, env), { NODE_USE_ENV_PROXY: '1' }),
    version: () => `Node ${output(NODE24, ['--version'])} http/https, NODE_USE_ENV_PROXY=1`,
  },
  'node24-fetch': {
    run: (cases) => perEnvironment(cases, (env, group) => runJson(NODE24,
      [join(ROOT, 'clients', 'node', 'node24-witnessed.mjs'), 'fetch', witnessLog], group, env), { NODE_USE_ENV_PROXY: '1' }),
    version: () => `Node ${output(NODE24, ['--version'])} fetch (undici ${output(NODE24, ['-p', 'process.versions.undici'])}), NODE_USE_ENV_PROXY=1`,
  },
  'ruby': {
    run: (cases) => runJson('ruby', [join(ROOT, 'clients', 'ruby', 'decide.rb')], cases),
    version: () => `ruby ${output('ruby', ['-e', 'print RUBY_VERSION'])} URI::Generic#find_proxy`,
  },
  'python-httpx': {
    run: (cases) => runJson(PYTHON, [join(ROOT, 'clients', 'python', 'decide.py'), 'httpx'], cases),
    version: () => `httpx ${output(PYTHON, ['-c', 'import httpx; print(httpx.__version__)'])} (Debian python3-httpx)`,
  },
  'python-aiohttp': {
    run: (cases) => runJson(PYTHON, [join(ROOT, 'clients', 'python', 'decide.py'), 'aiohttp'], cases),
    version: () => `aiohttp ${output(PYTHON, ['-c', 'import aiohttp, yarl; print(aiohttp.__version__, "yarl", yarl.__version__)'])} (Debian python3-aiohttp)`,
  },
  'perl-lwp': {
    // env_proxy warns on stderr when NO_PROXY and no_proxy differ; the suite sets them equal
    run: (cases) => runJson('perl', [join(ROOT, 'clients', 'perl', 'decide.pl')], cases),
    version: () => `libwww-perl ${output('perl', ['-MLWP', '-e', 'print $LWP::VERSION'])} LWP::UserAgent (Debian libwww-perl)`,
  },
  'java': {
    run: runJava,
    version: () => `${output('java', ['-version']).split('\n')[0].replace(/"/g, '')} ProxySelector (http.nonProxyHosts)`,
  },
};

/** Start the witness and wait (bounded) until it listens. */
function startWitness() {
  const witness = spawn(process.execPath, [join(ROOT, 'witness', 'witness-proxy.mjs'), String(WITNESS_PORT), witnessLog], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('witness proxy did not start in time')), WITNESS_START_MS);
    witness.stdout.once('data', () => {
      clearTimeout(timer);
      resolve(witness);
    });
    witness.once('exit', (code) => reject(new Error(`witness proxy exited (${code})`)));
  });
}

const batch = JSON.parse(readFileSync(batchFile, 'utf8'));
const unknown = Object.keys(batch.clients).filter((id) => !CLIENTS[id]);
if (unknown.length > 0) {
  process.stderr.write(`unknown clients: ${unknown.join(', ')}\n`);
  process.exit(64);
}
const witness = await startWitness();
try {
  const results = { versions: {}, verdicts: {} };
  for (const [id, client] of Object.entries(CLIENTS)) {
    const cases = batch.clients[id];
    if (cases === undefined) {
      continue;
    }
    results.versions[id] = client.version();
    results.verdicts[id] = cases.length === 0 ? [] : client.run(cases.map(resolved));
  }
  writeFileSync(resultsFile, JSON.stringify(results));
} finally {
  witness.kill('SIGKILL');
}
