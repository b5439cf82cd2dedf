import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { E2eProxy, E2eResult, E2eResults, E2eRun, runEndToEnd } from './support/e2e-run';
import { createTestPki } from './support/pki';
import { ClusterProxyConfig } from '../../src/core/definition/cluster-proxy-config';
import { ClusterNetwork } from '../../src/core/definition/network';
import { proxyVariables } from '../../src/core/definition/proxy-environment';
import { ProxySettings } from '../../src/core/definition/proxy-settings';
import { renderEnvFile } from '../../src/core/render/shell';
import { renderSystemdDropIn } from '../../src/core/render/systemd';
import { prepareClients } from '../conformance/support/toolchain';
import { createUnitDirectory, parsedEnvironment, verifyUnit } from '../core/render/systemd-harness';

/**
 * End to end through real proxies: the library renders a systemd drop-in and a shell env file for
 * a cluster behind an authenticating proxy; real systemd reads the drop-in back and a real bash
 * sources the env file; with exactly that environment, curl, a Go program and Node 24 (http and
 * fetch) authenticate through the proxy to a loopback origin, and go direct to a destination the
 * NO_PROXY covers. All inside the loopback-only namespace.
 *
 * Two proxies, because tinyproxy 1.11.1 cannot express the password that matters: its BasicAuth
 * line is parsed with the regex `([-a-z0-9._]+)` (case-insensitive) for user and password, so
 * none of `@ : / % # ? " ' \ $ !` nor a space can be configured. squid (basic_ncsa_auth over an
 * htpasswd file, hashed with `openssl passwd -apr1`) takes any character, so it carries the hard
 * password; tinyproxy carries one from its character set.
 */

/** Every character that breaks URLs, systemd or shells, spaces (two in a row too) and non-ASCII. */
const HARD_PASSWORD = 'p@ss: /%#?"\'\\$! w0rd  xü';
const SQUID: E2eProxy = { port: 3128, outgoing: '127.0.0.2', username: 'svc-k8s@corp.example', password: HARD_PASSWORD };
const TINYPROXY: E2eProxy = { port: 8888, outgoing: '127.0.0.3', username: 'svc-k8s', password: 'Tiny-proxy_pass.2026' };
const ORIGIN = { httpPort: 18080, httpsPort: 18443 };
/** Not in NO_PROXY: must go through the proxy. */
const PROXIED_HOST = 'origin.e2e.test';
/** Covered by the cluster's `.cluster.local`: must go direct. */
const DIRECT_HOST = 'web.e2e.svc.cluster.local';
const HOSTS = `127.0.0.1 localhost ${PROXIED_HOST} ${DIRECT_HOST}\n::1 localhost\n`;
const CLIENTS: ReadonlyArray<E2eRun['client']> = ['curl', 'go', 'node24-http', 'node24-fetch'];
const TARGETS = [
  { name: 'proxied-http', url: `http://${PROXIED_HOST}:${ORIGIN.httpPort}/ready`, proxied: true },
  { name: 'proxied-https', url: `https://${PROXIED_HOST}:${ORIGIN.httpsPort}/ready`, proxied: true },
  { name: 'direct-http', url: `http://${DIRECT_HOST}:${ORIGIN.httpPort}/ready`, proxied: false },
  { name: 'direct-https', url: `https://${DIRECT_HOST}:${ORIGIN.httpsPort}/ready`, proxied: false },
] as const;

/** The cluster's configuration; `credentials` null leaves them out. */
function clusterConfig(proxy: E2eProxy, credentials: { username: string; password: string } | null = proxy): ClusterProxyConfig {
  const url = `http://127.0.0.1:${proxy.port}`;
  const settings = new ProxySettings({
    httpProxy: url,
    httpsProxy: url,
    noProxy: ['.corp.example'],
    ...(credentials ? { username: credentials.username, password: credentials.password } : {}),
  });
  const network = new ClusterNetwork({ pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'], controlPlaneEndpoint: 'api.e2e.corp.example' });
  return new ClusterProxyConfig(settings, network);
}

/** The environment real systemd hands to a service with the rendered drop-in, after `systemd-analyze verify` passed. */
function environmentFromSystemd(config: ClusterProxyConfig): Record<string, string> {
  const unit = createUnitDirectory();
  try {
    unit.writeDropIn(renderSystemdDropIn(config.environment));
    const verified = verifyUnit(unit);
    expect(verified).toEqual({ status: 0, output: '' });
    const { environment, warnings } = parsedEnvironment(unit);
    expect(warnings).toEqual([]);
    expect(environment).toEqual(proxyVariables(config.environment).map(({ name, value }) => `${name}=${value}`));
    return Object.fromEntries(environment.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
  } finally {
    unit.remove();
  }
}

interface OriginAnswer {
  readonly remote: string;
  readonly via: string | null;
  readonly path: string;
}

describe('end to end: rendered env files, real proxies with Basic auth, real clients', () => {
  const directory = mkdtempSync(join(tmpdir(), 'proxy-e2e-'));
  const runs: E2eRun[] = [];
  let results: E2eResults;
  const resultOf = (id: string): E2eResult => {
    const result = results.runs.find((run) => run.id === id);
    if (!result) {
      throw new Error(`no result for ${id}`);
    }
    return result;
  };

  beforeAll(() => {
    prepareClients();
    const pki = createTestPki(directory, 'e2e', [PROXIED_HOST, DIRECT_HOST], ['127.0.0.1']);
    for (const [name, proxy] of [['squid', SQUID], ['tinyproxy', TINYPROXY]] as const) {
      const config = clusterConfig(proxy);
      const envFile = join(directory, `${name}.env`);
      writeFileSync(envFile, renderEnvFile(config.environment), { mode: 0o600 });
      const sources = { systemd: { env: environmentFromSystemd(config) }, shell: { envFile } };
      for (const [source, from] of Object.entries(sources)) {
        for (const client of CLIENTS) {
          for (const target of TARGETS) {
            runs.push({ id: `${name}/${source}/${client}/${target.name}`, client, url: target.url, ...from });
          }
        }
      }
      // The proxy must really demand the password: a wrong one and none at all are refused.
      const wrong = proxyVariables(clusterConfig(proxy, { username: proxy.username, password: `${proxy.password}-wrong` }).environment);
      const anonymous = proxyVariables(clusterConfig(proxy, null).environment);
      for (const [label, variables] of [['wrong-password', wrong], ['no-credentials', anonymous]] as const) {
        const env = Object.fromEntries(variables.map(({ name: variable, value }) => [variable, value]));
        runs.push({ id: `${name}/${label}/curl`, client: 'curl', url: TARGETS[0].url, env });
        runs.push({ id: `${name}/${label}/go`, client: 'go', url: TARGETS[1].url, env });
      }
    }
    results = runEndToEnd({
      directory,
      certFile: pki.certFile,
      keyFile: pki.keyFile,
      origin: ORIGIN,
      proxies: { squid: SQUID, tinyproxy: TINYPROXY },
      caEnv: { SSL_CERT_FILE: pki.caFile, CURL_CA_BUNDLE: pki.caFile, NODE_EXTRA_CA_CERTS: pki.caFile },
      runs,
      hosts: HOSTS,
    });
  }, 180_000);

  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  test('tinyproxy cannot take the hard password, which is why squid carries it', () => {
    expect(/^[-A-Za-z0-9._]+$/.test(HARD_PASSWORD)).toBe(false);
    expect(/^[-A-Za-z0-9._]+$/.test(TINYPROXY.password)).toBe(true);
    expect(results.versions).toEqual({ squid: expect.stringContaining('Squid Cache'), tinyproxy: expect.stringContaining('tinyproxy') });
  });

  test.each(
    ['squid', 'tinyproxy'].flatMap((proxy) => ['systemd', 'shell'].flatMap((source) => CLIENTS.flatMap((client) =>
      TARGETS.map((target) => [`${proxy}/${source}/${client}/${target.name}`, proxy, target.proxied] as const)))),
  )('%s', (id, proxy, proxied) => {
    const result = resultOf(id);
    expect({ error: result.error, status: result.status }).toEqual({ error: undefined, status: 200 });
    const answer = JSON.parse(result.body ?? '{}') as OriginAnswer;
    // The origin sees the proxy's own loopback address when the request was relayed, 127.0.0.1 when direct.
    const expected = proxied ? (proxy === 'squid' ? SQUID.outgoing : TINYPROXY.outgoing) : '127.0.0.1';
    expect({ remote: answer.remote, path: answer.path }).toEqual({ remote: expected, path: '/ready' });
  });

  test('the proxies saw authenticated requests and never the direct ones', () => {
    const proxiedLines = results.squidAccessLog.split('\n').filter((line) => line.includes(PROXIED_HOST));
    // 2 sources x 4 clients x (http + https), each logged with the authenticated user
    expect(proxiedLines.filter((line) => / (TCP_MISS|TCP_TUNNEL)\/200 /.test(line)).length).toBe(16);
    expect(proxiedLines.filter((line) => / (TCP_MISS|TCP_TUNNEL)\/200 /.test(line)).every((line) => line.includes('svc-k8s'))).toBe(true);
    expect(results.squidAccessLog).not.toContain(DIRECT_HOST);
    expect(results.tinyproxyLog).toContain(PROXIED_HOST);
    expect(results.tinyproxyLog).not.toContain(DIRECT_HOST);
  });

  // Measured: tinyproxy 1.11.1 answers a wrong password with 401 Unauthorized (not 407), for GET and CONNECT alike.
  test.each([
    ['squid', 'wrong-password', 407, 'Proxy Authentication Required'],
    ['squid', 'no-credentials', 407, 'Proxy Authentication Required'],
    ['tinyproxy', 'wrong-password', 401, 'Unauthorized'],
    ['tinyproxy', 'no-credentials', 407, 'Proxy Authentication Required'],
  ] as const)('%s refuses %s: curl over http gets %d, Go over CONNECT "%s"', (proxy, label, status, goError) => {
    expect(resultOf(`${proxy}/${label}/curl`).status).toBe(status);
    expect(resultOf(`${proxy}/${label}/go`).error).toMatch(new RegExp(`: ${goError}$`));
  });

  test('no password appears in anything the clients or proxies printed', () => {
    const printed = JSON.stringify(results.runs.map(({ stderr, error }) => ({ stderr, error }))) + results.squidAccessLog + results.tinyproxyLog;
    expect(printed).not.toContain('w0rd');
    expect(printed).not.toContain(TINYPROXY.password);
  });
});
