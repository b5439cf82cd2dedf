import { mkdtempSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCheckCommand } from '../../src/cli/check';
import { ReadinessResult } from '../../src/cli/readiness';
import { RunningOrigin, startOrigin, startTlsFront } from '../e2e/support/origin-server';
import { createTestPki, TestPki } from '../e2e/support/pki';
import { RunningTinyproxy, startTinyproxy } from '../e2e/support/tinyproxy';
import { credentialForms } from '../support/fixtures/credential-leaks';
import { freePort } from '../support/free-port';

/**
 * `cluster-proxy check` against a real tinyproxy with Basic authentication and an in-process
 * origin whose certificate a generated CA signs; everything on 127.0.0.1 (see
 * test/e2e/support/tinyproxy.ts for why these run outside the namespace).
 */

const USER = 'svc-check';
const PASSWORD = 'Check-proxy_pass.42';
const PASSWORD_VAR = 'CHECK_TEST_PROXY_PASSWORD';
const ENV = { [PASSWORD_VAR]: PASSWORD, WRONG_PASSWORD: 'not-the-password' };

describe('cluster-proxy check', () => {
  const directory = mkdtempSync(join(tmpdir(), 'proxy-check-'));
  let pki: TestPki;
  let otherPki: TestPki;
  let proxy: RunningTinyproxy;
  let origin: RunningOrigin;
  let proxyFlags: string[];
  let https: (path: string) => string;
  let http: (path: string) => string;

  beforeAll(async () => {
    pki = createTestPki(directory, 'origin', ['localhost'], ['127.0.0.1']);
    otherPki = createTestPki(directory, 'other', ['localhost'], ['127.0.0.1']);
    proxy = await startTinyproxy(directory, USER, PASSWORD);
    origin = await startOrigin(pki);
    const proxyUrl = `http://127.0.0.1:${proxy.port}`;
    proxyFlags = ['--http-proxy', proxyUrl, '--https-proxy', proxyUrl, '--username', USER, '--password-env', PASSWORD_VAR];
    https = (path) => `https://127.0.0.1:${origin.httpsPort}${path}`;
    http = (path) => `http://127.0.0.1:${origin.httpPort}${path}`;
  });

  afterAll(async () => {
    proxy?.stop();
    await origin?.close();
    rmSync(directory, { recursive: true, force: true });
  });

  const check = async (...argv: string[]): ReturnType<typeof runCheckCommand> => runCheckCommand(argv, ENV);

  test('https: CONNECT with the right password, TLS verified against the trusted CA, endpoint 200', async () => {
    const result = await check(...proxyFlags, '--trusted-ca', pki.caFile, '--url', https('/ready'));
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^PASS ${https('/ready').replace(/[.]/g, '\\.')} via http://svc-check:\\*\\*\\*@127\\.0\\.0\\.1:${proxy.port}`
      + ' \\(CONNECT\\): proxy authentication accepted, TLS verified against the trusted CA \\(TLSv1\\.3\\), HTTP 200\n'));
    expect(result.stdout).toContain('check: all 1 URL(s) reachable through the proxy');
    expect(proxy.log()).toContain(`CONNECT 127.0.0.1:${origin.httpsPort}`);
  });

  test('http: the proxy forwards the request with the right password', async () => {
    const result = await check(...proxyFlags, '--url', http('/ready'));
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^PASS http:\/\/127\.0\.0\.1:\d+\/ready via http:\/\/svc-check:\*\*\*@127\.0\.0\.1:\d+ \(forward\): proxy authentication accepted, HTTP 200$/m);
  });

  test('a wrong password fails with the proxy\'s refusal (tinyproxy answers 401) and exit status 1', async () => {
    const flags = proxyFlags.map((flag) => (flag === PASSWORD_VAR ? 'WRONG_PASSWORD' : flag));
    const result = await check(...flags, '--trusted-ca', pki.caFile, '--url', https('/ready'), '--url', http('/ready'));
    expect(result.exitCode).toBe(1);
    const [tunnel, forward, summary] = result.stdout.trim().split('\n');
    expect(tunnel).toMatch(/^FAIL https:.*\(CONNECT\): the proxy refused the credentials \(401 Unauthorized\); check the user name and password$/);
    expect(forward).toMatch(/^FAIL http:.*\(forward\): the endpoint answered 401 Unauthorized, which is not an accepted status \(some proxies, tinyproxy for one,/);
    expect(summary).toBe('check: 2 of 2 URL(s) failed');
  });

  test('no credentials: the proxy demands them with 407', async () => {
    const url = `http://127.0.0.1:${proxy.port}`;
    const result = await check('--https-proxy', url, '--url', https('/ready'));
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/\(CONNECT\): the proxy requires credentials \(407 Proxy Authentication Required\); give a user name and password\n/);
  });

  test('a wrong CA fails at TLS, after the proxy accepted the credentials', async () => {
    const result = await check(...proxyFlags, '--trusted-ca', otherPki.caFile, '--url', https('/ready'), '--format', 'json');
    expect(result.exitCode).toBe(1);
    const [outcome] = JSON.parse(result.stdout) as ReadinessResult[];
    expect(outcome).toMatchObject({
      ok: false,
      method: 'CONNECT',
      authentication: 'accepted',
      proxyStatus: 200,
      failedAt: 'tls',
      tls: { verified: false, against: 'trusted-ca', errorCode: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE' },
      reason: 'TLS certificate of the endpoint is not trusted by the trusted CA (UNABLE_TO_VERIFY_LEAF_SIGNATURE)',
    });
  });

  test('without --trusted-ca the endpoint is validated against Node\'s bundled CAs (and a private CA fails there)', async () => {
    const result = await check(...proxyFlags, '--url', https('/ready'));
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('TLS certificate of the endpoint is not trusted by Node\'s bundled CAs (UNABLE_TO_VERIFY_LEAF_SIGNATURE)');
  });

  test('an https:// proxy is reached over TLS validated against the trusted CA', async () => {
    const front = await startTlsFront(pki, proxy.port);
    try {
      const url = `https://127.0.0.1:${front.port}`;
      const result = await check('--https-proxy', url, '--username', USER, '--password-env', PASSWORD_VAR, '--trusted-ca', pki.caFile, '--url', https('/ready'));
      expect(result.stdout).toMatch(/^PASS .* via https:\/\/svc-check:\*\*\*@127\.0\.0\.1:\d+ \(CONNECT\): proxy authentication accepted, TLS verified/);
      expect(result.exitCode).toBe(0);
      const untrusted = await check('--https-proxy', url, '--username', USER, '--password-env', PASSWORD_VAR, '--trusted-ca', otherPki.caFile, '--url', https('/ready'));
      expect(untrusted.stdout).toMatch(/: cannot reach the proxy 127\.0\.0\.1:\d+: UNABLE_TO_VERIFY_LEAF_SIGNATURE\n/);
    } finally {
      await front.close();
    }
  });

  test('a proxy that refuses the tunnel (tinyproxy allowing CONNECT to port 443 only) fails at the tunnel', async () => {
    const strictDirectory = mkdtempSync(join(tmpdir(), 'proxy-check-strict-'));
    const strict = await startTinyproxy(strictDirectory, USER, PASSWORD, ['ConnectPort 443']);
    try {
      const url = `http://127.0.0.1:${strict.port}`;
      const result = await check('--https-proxy', url, '--username', USER, '--password-env', PASSWORD_VAR, '--url', https('/ready'));
      expect(result.exitCode).toBe(1);
      expect(result.stdout).toMatch(new RegExp(`: proxy authentication accepted, the proxy refused the tunnel to 127\\.0\\.0\\.1:${origin.httpsPort} \\(403 [^)]*\\)\n`));
    } finally {
      strict.stop();
      rmSync(strictDirectory, { recursive: true, force: true });
    }
  });

  test('an endpoint the proxy cannot reach: the proxy\'s 5xx answer fails the check', async () => {
    const closed = await freePort();
    const result = await check(...proxyFlags, '--url', `http://127.0.0.1:${closed}/ready`);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/\(forward\): proxy authentication accepted, the endpoint answered 5\d\d [^,]*, which is not an accepted status\n/);
  });

  test('a closed proxy port: connection refused', async () => {
    const closed = await freePort();
    const result = await check('--http-proxy', `http://127.0.0.1:${closed}`, '--url', http('/ready'));
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(`cannot connect to the proxy 127.0.0.1:${closed}: connection refused`);
  });

  test('an endpoint that never answers is cut off at --timeout', async () => {
    const started = Date.now();
    const result = await check(...proxyFlags, '--trusted-ca', pki.caFile, '--timeout', '1', '--url', https('/hang'));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(/: proxy authentication accepted, TLS verified against the trusted CA \(TLSv1\.3\), timed out after 1 s waiting for the endpoint to answer\n/);
  });

  test('--accept-status decides which endpoint statuses count as ready', async () => {
    const notFound = https('/status/404');
    expect((await check(...proxyFlags, '--trusted-ca', pki.caFile, '--url', notFound)).stdout)
      .toContain('the endpoint answered 404 Not Found, which is not an accepted status');
    const accepted = await check(...proxyFlags, '--trusted-ca', pki.caFile, '--accept-status', '404', '--url', notFound);
    expect(accepted.exitCode).toBe(0);
    expect(accepted.stdout).toContain(', HTTP 404\n');
  });

  test('no output ever holds the password', async () => {
    const outputs = await Promise.all([
      check(...proxyFlags, '--trusted-ca', pki.caFile, '--url', https('/ready'), '--format', 'json'),
      check(...proxyFlags, '--url', https('/ready')),
      check(...proxyFlags, '--url', http('/status/500')),
      check(...proxyFlags, '--timeout', 'x', '--url', http('/ready')),
    ]);
    for (const output of outputs) {
      expect(`${output.stdout}${output.stderr}`).not.toContain(PASSWORD);
    }
  });

  test.each<[string, string[], string]>([
    ['a password on the command line', ['--password', 'secret', '--url', 'http://127.0.0.1:1/'], '--password is not accepted: a password on the command line'],
    ['credentials inside a proxy URL', ['--http-proxy', 'http://u:secret@127.0.0.1:1', '--url', 'http://127.0.0.1:1/'],
      '--http-proxy: must not contain credentials; use --username and --password-env'],
    ['an unset password variable', ['--http-proxy', 'http://127.0.0.1:1', '--username', 'u', '--password-env', 'NOT_SET', '--url', 'http://127.0.0.1:1/'],
      '--password-env: the environment variable NOT_SET is not set or empty'],
    ['--password-env without --username', ['--http-proxy', 'http://127.0.0.1:1', '--password-env', PASSWORD_VAR, '--url', 'http://127.0.0.1:1/'],
      '--password-env needs --username'],
    ['no URL', ['--http-proxy', 'http://127.0.0.1:1'], '--url is required'],
    ['no proxy', ['--url', 'http://127.0.0.1:1/'], 'give --http-proxy, --https-proxy or both'],
    ['a URL with credentials', ['--http-proxy', 'http://127.0.0.1:1', '--url', 'https://u:secret@127.0.0.1/'],
      '--url: must not contain credentials (readiness URLs are reached through the proxy as they are) (got "https://u:***")'],
    ['a non-http URL', ['--http-proxy', 'http://127.0.0.1:1', '--url', 'ftp://127.0.0.1/'], '--url: must be an http:// or https:// URL'],
    ['a bad proxy URL', ['--http-proxy', 'socks5://127.0.0.1:1', '--url', 'http://127.0.0.1:1/'], '--http-proxy: has unsupported scheme "socks5"'],
    ['a bad timeout', ['--http-proxy', 'http://127.0.0.1:1', '--timeout', '0', '--url', 'http://127.0.0.1:1/'], '--timeout: must be a number of seconds from 1 to 300'],
    ['a bad status', ['--http-proxy', 'http://127.0.0.1:1', '--accept-status', '99', '--url', 'http://127.0.0.1:1/'], '--accept-status: must be an HTTP status code'],
    ['a bad format', ['--http-proxy', 'http://127.0.0.1:1', '--format', 'yaml', '--url', 'http://127.0.0.1:1/'], '--format: must be text or json'],
    ['an unreadable CA file', ['--http-proxy', 'http://127.0.0.1:1', '--trusted-ca', '/nonexistent/ca.pem', '--url', 'http://127.0.0.1:1/'],
      '--trusted-ca: cannot read /nonexistent/ca.pem: ENOENT'],
    ['an unknown flag', ['--bogus'], 'unknown option --bogus (see --help)'],
  ])('usage error: %s exits 2 with one line', async (_name, argv, message) => {
    const result = await check(...argv);
    expect(result).toMatchObject({ exitCode: 2, stdout: '' });
    expect(result.stderr).toContain(`cluster-proxy check: ${message}`);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).not.toContain('secret');
  });

  test('--help prints the usage', async () => {
    expect(await check('--help')).toMatchObject({ exitCode: 0, stdout: expect.stringContaining('cluster-proxy check --url URL') });
  });
});

describe('cluster-proxy check: a password holding "@" in a URL whose host is missing', () => {
  const PASSWORD_WITH_AT = 'Sec@ret-Canary7';
  /** The password, its encodings, and its tail after the "@" (which a parser may take for the host). */
  const fragments = [...credentialForms(PASSWORD_WITH_AT), 'ret-Canary7', 'ret-canary7', 'Canary7', 'canary7'];
  const proxyHost = '${PROXY_HOST}';
  let connect: jest.SpyInstance;

  beforeEach(() => {
    connect = jest.spyOn(Socket.prototype, 'connect');
  });
  afterEach(() => connect.mockRestore());

  test.each<[string, string[], string]>([
    ['--http-proxy with the host missing', ['--http-proxy', `http://svc:${PASSWORD_WITH_AT}@`], '--http-proxy: has more than one "@"'],
    ['--http-proxy with an unset host variable', ['--http-proxy', `http://svc:${PASSWORD_WITH_AT}@${proxyHost}:3128`], '--http-proxy: has more than one "@"'],
    ['--http-proxy with no host and no port', ['--http-proxy', `http://svc:${PASSWORD_WITH_AT}`], '--http-proxy: has a password but no port'],
    ['--url with no host', ['--http-proxy', 'http://127.0.0.1:1', '--url', `http://svc:${PASSWORD_WITH_AT}`],
      '--url: must not contain credentials (readiness URLs are reached through the proxy as they are) (got "http://svc:***")'],
    ['--url with an unset host variable', ['--http-proxy', 'http://127.0.0.1:1', '--url', `http://svc:${PASSWORD_WITH_AT}@${proxyHost}:3128`], '--url: '],
    ['a stray argument', ['--http-proxy', 'http://127.0.0.1:1', `http://svc:${PASSWORD_WITH_AT}`], 'Unexpected argument \'http://svc:***'],
  ])('%s: a usage error without any part of the password, and nothing sent', async (_name, argv, message) => {
    const result = await runCheckCommand(['--url', 'http://127.0.0.1:1/', ...argv], {});
    expect(result).toMatchObject({ exitCode: 2, stdout: '' });
    expect(result.stderr).toMatch(/^cluster-proxy check: /);
    expect(result.stderr).toContain(message);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(fragments.filter((fragment) => result.stderr.includes(fragment))).toEqual([]);
    expect(connect).not.toHaveBeenCalled();
  });
});
