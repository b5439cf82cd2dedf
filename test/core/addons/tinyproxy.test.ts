import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as net from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { inClusterForwardProxy } from '../../../src/core/addons/forward-proxy/forward-proxy';
import { renderTinyproxyConfig, TinyproxyLogLevel } from '../../../src/core/addons/forward-proxy/tinyproxy-config';
import { ClusterNetwork } from '../../../src/core/definition/network';
import { errorOf } from '../../support/fixtures/addons';

/**
 * The rendered tinyproxy.conf run by the real tinyproxy (Debian package `tinyproxy`, 1.11) on
 * 127.0.0.1 only: ports and paths adapted to loopback and a temporary directory, every other
 * directive as rendered. Each wait is bounded.
 */
const TIMEOUT_MS = 5000;

let workdir: string;
let origin: http.Server;
let originPort: number;
const proxies: ChildProcess[] = [];

beforeAll(async () => {
  try {
    execFileSync('tinyproxy', ['-v'], { encoding: 'utf8' });
  } catch {
    throw new Error('tinyproxy is not installed: apt-get install tinyproxy (CI installs it)');
  }
  origin = http.createServer((req, res) => res.end(`origin-ok ${req.url}`));
  await new Promise<void>((resolve) => origin.listen(0, '127.0.0.1', resolve));
  originPort = (origin.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await new Promise((resolve) => origin.close(resolve));
});
beforeEach(() => {
  workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpc-tinyproxy-'));
});
afterEach(() => {
  for (const child of proxies.splice(0)) {
    child.kill('SIGKILL');
  }
  fs.rmSync(workdir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The cluster config with only Port changed and `Listen 127.0.0.1` (plus optional extra lines) added. */
function onLoopback(config: string, port: number, extraLines: string[] = []): string {
  expect(config).toMatch(/^Port \d+$/m);
  return config.replace(/^Port \d+$/m, [`Port ${port}`, 'Listen 127.0.0.1', ...extraLines].join('\n'));
}

/** Start tinyproxy with `configPath`; resolves once it accepts connections. */
async function startTinyproxy(configPath: string, port: number): Promise<void> {
  const child = spawn('tinyproxy', ['-d', '-c', configPath], { stdio: ['ignore', 'pipe', 'pipe'] });
  proxies.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const deadline = Date.now() + TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`tinyproxy exited with ${child.exitCode}: ${output}`);
    }
    if (await canConnect(port)) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`tinyproxy did not listen within ${TIMEOUT_MS} ms: ${output}`);
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/** GET http://127.0.0.1:<origin>/hello through the proxy; the status and body. */
function getThroughProxy(proxyPort: number, authorization?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({
      host: '127.0.0.1',
      port: proxyPort,
      method: 'GET',
      path: `http://127.0.0.1:${originPort}/hello`,
      timeout: TIMEOUT_MS,
      headers: { Host: `127.0.0.1:${originPort}`, ...(authorization ? { 'Proxy-Authorization': authorization } : {}) },
    }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('timeout', () => req.destroy(new Error('proxy request timed out')));
    req.on('error', reject);
    req.end();
  });
}

/** CONNECT 127.0.0.1:<origin> through the proxy; the tunnel's status. */
function connectThroughProxy(proxyPort: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: proxyPort, method: 'CONNECT', path: `127.0.0.1:${originPort}`, timeout: TIMEOUT_MS });
    req.on('connect', (res, socket) => { socket.destroy(); resolve(res.statusCode!); });
    req.on('response', (res) => { res.resume(); resolve(res.statusCode!); });
    req.on('timeout', () => req.destroy(new Error('CONNECT timed out')));
    req.on('error', reject);
    req.end();
  });
}

function basic(username: string, password: string): string {
  return `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`;
}

const NETWORK = { pods: ['fd00:10::/56', '10.244.0.0/16'], services: ['fd00:20::/108', '10.96.0.0/12'], machineCidrs: ['192.168.10.0/24'], serviceDomain: 'k8s.internal' };

describe('the rendered tinyproxy.conf in the real tinyproxy', () => {
  test('forwards a loopback client; the cluster Allow list alone denies it', async () => {
    const deployment = inClusterForwardProxy({ network: new ClusterNetwork(NETWORK), image: 'tinyproxy:test' });
    const allowed = await freePort();
    fs.writeFileSync(path.join(workdir, 'allowed.conf'), onLoopback(deployment.configText as string, allowed, ['Allow 127.0.0.1']));
    await startTinyproxy(path.join(workdir, 'allowed.conf'), allowed);
    expect(await getThroughProxy(allowed)).toEqual({ status: 200, body: 'origin-ok /hello' });

    const clusterOnly = await freePort();
    fs.writeFileSync(path.join(workdir, 'cluster-only.conf'), onLoopback(deployment.configText as string, clusterOnly));
    await startTinyproxy(path.join(workdir, 'cluster-only.conf'), clusterOnly);
    expect((await getThroughProxy(clusterOnly)).status).toBe(403);
  });

  test('BasicAuth from the Secret-mounted file: refused without or with wrong credentials, works with the derived ones', async () => {
    const deployment = inClusterForwardProxy({ network: new ClusterNetwork(NETWORK), image: 'tinyproxy:test', basicAuth: { username: 'pods', password: 'Corr3ct-Horse.Battery_Staple' } });
    expect(deployment.objects[0].kind).toBe('Secret');
    // Lay the file out as the kubelet mounts a Secret volume: tinyproxy.conf -> ..data/tinyproxy.conf -> ..<timestamp>/
    const port = await freePort();
    const mount = path.join(workdir, 'etc-tinyproxy');
    fs.mkdirSync(path.join(mount, '..2026_11_21_00_00_00.000000001'), { recursive: true });
    fs.writeFileSync(path.join(mount, '..2026_11_21_00_00_00.000000001', 'tinyproxy.conf'), onLoopback(deployment.configText as string, port, ['Allow 127.0.0.1']));
    fs.symlinkSync('..2026_11_21_00_00_00.000000001', path.join(mount, '..data'));
    fs.symlinkSync('..data/tinyproxy.conf', path.join(mount, 'tinyproxy.conf'));
    await startTinyproxy(path.join(mount, 'tinyproxy.conf'), port);

    expect((await getThroughProxy(port)).status).toBe(407);
    // tinyproxy 1.11 answers 407 without credentials but 401 for wrong ones: refused either way
    expect((await getThroughProxy(port, basic('pods', 'wrong'))).status).toBe(401);
    // the credentials workloads get: decoded from the derived proxy URL
    const url = new URL(deployment.proxy.environment.httpProxy!);
    expect(url.host).toBe('http-proxy.kube-system.svc.k8s.internal:8888');
    expect(await getThroughProxy(port, basic(decodeURIComponent(url.username), decodeURIComponent(url.password))))
      .toEqual({ status: 200, body: 'origin-ok /hello' });
  });

  test('CONNECT is limited to the ConnectPort list', async () => {
    const render = (connectPorts: number[], port: number) => renderTinyproxyConfig({ port, listen: '127.0.0.1', allow: ['127.0.0.1'], connectPorts });
    const tunnel = await freePort();
    fs.writeFileSync(path.join(workdir, 'tunnel.conf'), render([originPort], tunnel));
    await startTinyproxy(path.join(workdir, 'tunnel.conf'), tunnel);
    expect(await connectThroughProxy(tunnel)).toBe(200);

    const only443 = await freePort();
    fs.writeFileSync(path.join(workdir, 'only443.conf'), render([443], only443));
    await startTinyproxy(path.join(workdir, 'only443.conf'), only443);
    expect(await connectThroughProxy(only443)).toBe(403);
  });

  test('a password tinyproxy cannot parse is refused at synth time (tinyproxy itself would not start)', async () => {
    const port = await freePort();
    fs.writeFileSync(path.join(workdir, 'bad.conf'), `Port ${port}\nListen 127.0.0.1\nBasicAuth user p@ss\n`);
    await expect(startTinyproxy(path.join(workdir, 'bad.conf'), port)).rejects.toThrow(/exited with|Syntax error/);
    expect(errorOf(() => renderTinyproxyConfig({ port: 1, allow: ['127.0.0.1'], basicAuth: { username: 'user', password: 'p@ss' } })))
      .toBe('basicAuth.password: must be 1-256 letters, digits, "-", "." or "_" (tinyproxy\'s config parser accepts nothing else in BasicAuth)');
  });
});

describe('renderTinyproxyConfig', () => {
  test('directives in a fixed order; canonical CIDRs; deduplicated Allow and ConnectPort', () => {
    expect(renderTinyproxyConfig({ port: 8888, allow: ['FD00:10::/56', 'fd00:10::/56', '10.0.0.1'], connectPorts: [443, 443, 563], logLevel: TinyproxyLogLevel.INFO, maxClients: 50, timeoutSeconds: 30 })).toBe([
      '# tinyproxy.conf (tinyproxy 1.11), rendered by cluster-proxy-constructs',
      'Port 8888', 'Timeout 30', 'MaxClients 50', 'LogLevel Info', 'Allow fd00:10::/56', 'Allow 10.0.0.1', 'ConnectPort 443', 'ConnectPort 563', '',
    ].join('\n'));
  });

  test('bad input is refused naming the field', () => {
    expect(errorOf(() => renderTinyproxyConfig({ port: 0, allow: ['10.0.0.1'] }))).toMatch(/^port:/);
    expect(errorOf(() => renderTinyproxyConfig({ port: 1, allow: [] }))).toMatch(/^allow: must list at least one/);
    expect(errorOf(() => renderTinyproxyConfig({ port: 1, allow: ['proxy.corp'] }))).toMatch(/^allow\[0\]: must be an IPv4 or IPv6 address/);
    expect(errorOf(() => renderTinyproxyConfig({ port: 1, allow: ['10.0.0.1/33'] }))).toMatch(/^allow\[0\]:/);
    expect(errorOf(() => renderTinyproxyConfig({ port: 1, allow: ['10.0.0.1'], connectPorts: [] }))).toMatch(/^connectPorts:/);
    expect(errorOf(() => renderTinyproxyConfig({ port: 1, allow: ['10.0.0.1'], logLevel: 'Debug' as never }))).toMatch(/^logLevel:/);
    expect(errorOf(() => renderTinyproxyConfig({ port: 1, allow: ['10.0.0.1'], basicAuth: { username: 'a b', password: 'x' } }))).toMatch(/^basicAuth\.username:/);
  });
});
