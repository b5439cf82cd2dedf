import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { runCheckCommand } from '../../src/cli/check';
import { runCli } from '../../src/cli/cli';
import { ClusterNetwork } from '../../src/core/definition/network';
import { NoProxy } from '../../src/core/noproxy/no-proxy';
import { NoProxyFormat } from '../../src/core/noproxy/render';

const cluster = ['--pod-cidr', '192.168.0.0/16', '--service-cidr', '10.96.0.0/12'];

describe('cluster-proxy noproxy', () => {
  test('prints the same NO_PROXY the library computes', () => {
    const result = runCli(['noproxy', ...cluster, '--no-proxy', '.corp.example', '--control-plane-endpoint', 'api.demo.example']);
    expect(result).toMatchObject({ exitCode: 0, stderr: '' });
    const expected = NoProxy.forCluster(
      new ClusterNetwork({ pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'], controlPlaneEndpoint: 'api.demo.example' }),
      { installationWide: ['.corp.example'] },
    ).render(NoProxyFormat.ENV);
    expect(result.stdout).toBe(`${expected}\n`);
    expect(result.stdout.startsWith('.corp.example,')).toBe(true);
    expect(result.stdout).toContain('api.demo.example,.api.demo.example');
  });

  test('repeated --no-proxy flags and commas inside them form one list', () => {
    const a = runCli(['noproxy', ...cluster, '--no-proxy', 'a.example,b.example', '--no-proxy', '10.0.0.0/8']).stdout;
    const b = runCli(['noproxy', ...cluster, '--no-proxy', 'a.example,b.example,10.0.0.0/8']).stdout;
    expect(a).toBe(b);
    expect(a.startsWith('a.example,.a.example,b.example,.b.example,10.0.0.0/8,10.0.0.0-10.255.255.255,')).toBe(true);
  });

  test('formats: list, json and java', () => {
    expect(runCli(['noproxy', ...cluster, '--format', 'list']).stdout.split('\n')).toContain('.svc');
    const json = JSON.parse(runCli(['noproxy', ...cluster, '--format', 'json']).stdout);
    expect(JSON.stringify(json)).toContain('10.96.0.1');
    const java = runCli(['noproxy', ...cluster, '--format', 'java']).stdout;
    expect(java).toContain('|');
    expect(java).not.toContain(',');
    // what the JDK form cannot express is reported on stderr, one line per entry; stdout stays the bare value
    const dualStack = runCli(['noproxy', '--pod-cidr', '10.244.0.0/16', '--pod-cidr', 'fd00:10:244::/56', '--service-cidr', '10.96.0.0/12',
      '--service-cidr', 'fd00:10:96::/112', '--no-proxy', 'registry.corp.example:5000', '--format', 'java']);
    expect(dualStack.exitCode).toBe(0);
    expect(dualStack.stdout).toMatch(/\|10\.96\.\*\|10\.97\.\*\|/);
    expect(dualStack.stderr.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^cluster-proxy: java: skipped registry\.corp\.example:5000: Java nonProxyHosts has no port syntax$/),
      expect.stringMatching(/^cluster-proxy: java: skipped fd00:10:244::\/56: .*no glob covers an IPv6 block/),
      expect.stringMatching(/^cluster-proxy: java: skipped fd00:10:96::\/112: .*no glob covers an IPv6 block/),
    ]);
  });

  test('--without drops a default category and provider presets apply', () => {
    const withDefaults = runCli(['noproxy', ...cluster, '--provider', 'gcp']).stdout;
    expect(withDefaults).toContain('metadata.google.internal');
    const without = runCli(['noproxy', ...cluster, '--provider', 'gcp', '--without', 'providerEntries', '--without', 'loopback']).stdout;
    expect(without).not.toContain('metadata.google.internal');
    expect(without).not.toContain('localhost');
  });

  test.each<[string, string[], string]>([
    ['a bad CIDR names the flag', ['noproxy', '--pod-cidr', '10.0.0.0/33', '--service-cidr', '10.96.0.0/12'],
      'cluster-proxy: --pod-cidr: prefix length must be at most 32 for IPv4 (got "10.0.0.0/33")\n'],
    ['a scheme in --no-proxy', ['noproxy', ...cluster, '--no-proxy', 'http://registry.example'],
      'cluster-proxy: --no-proxy: a NO_PROXY entry must not contain a scheme'],
    ['a missing pod CIDR', ['noproxy', '--service-cidr', '10.96.0.0/12'], 'cluster-proxy: --pod-cidr is required'],
    ['an unknown provider', ['noproxy', ...cluster, '--provider', 'hetzner'], 'cluster-proxy: --provider: is not a supported provider'],
    ['an unknown category', ['noproxy', ...cluster, '--without', 'dns'], 'cluster-proxy: --without: must be one of loopback,'],
    ['an unknown format', ['noproxy', ...cluster, '--format', 'yaml'], 'cluster-proxy: --format: must be one of env, list, json, java (got "yaml")'],
    ['an unknown flag', ['noproxy', '--bogus'], 'cluster-proxy: unknown option --bogus (see --help)\n'],
    ['an unknown command', ['frobnicate'], 'cluster-proxy: unknown command "frobnicate"; use noproxy, explain, check, audit, import or render-secret'],
    ['explain without URL', ['explain', ...cluster], 'cluster-proxy: explain takes exactly one URL'],
    ['explain with two URLs, one with credentials', ['explain', 'http://a/', 'http://admin:s3cret@b/', ...cluster],
      'cluster-proxy: explain takes exactly one URL (got 2 arguments)'],
    ['--region without a provider that has regions', ['noproxy', ...cluster, '--provider', 'gcp', '--region', 'europe-west1'],
      'cluster-proxy: --region has no effect without --provider aws (got --provider gcp)\n'],
    ['--region without any provider', ['noproxy', ...cluster, '--region', 'eu-central-1'],
      'cluster-proxy: --region has no effect without --provider aws (no --provider given)\n'],
    ['help for an unknown command', ['help', 'frobnicate'], 'cluster-proxy: unknown command "frobnicate"'],
    ['a provider endpoint with credentials', ['noproxy', ...cluster, '--provider-endpoint', 'https://admin:s3cret@vc.corp'],
      '--provider-endpoint: must not contain credentials (got "https://admin:***")'],
  ])('bad input: %s gives one line and exit code 2', (_name, argv, message) => {
    const result = runCli(argv);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(message);
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(result.stderr).not.toContain('s3cret');
  });
});

test.each(['text', 'json'])('explain refuses a URL with a password, masked, and shows a user name (%s)', (format) => {
  const flags = ['--pod-cidr', '10.0.0.0/16', '--service-cidr', '10.96.0.0/12', '--format', format];
  const refused = runCli(['explain', 'http://admin:s3cret@registry.corp.example/v2/', ...flags]);
  // without a port, "registry.corp.example/v2/" could be the tail of a password holding "@": masked too
  expect(refused).toEqual({ exitCode: 2, stdout: '', stderr: 'cluster-proxy: url: must not contain a password (NO_PROXY matching never reads it: give the URL without it) (got "http://admin:***")\n' });
  // curl reads the host after the first "@", every other client after the last: no verdict fits both
  expect(runCli(['explain', 'http://admin@s3cret@registry.corp.example/v2/', ...flags]).stderr).toContain('url: must not hold more than one "@" before its host');
  const shown = runCli(['explain', 'http://admin@registry.corp.example/v2/', ...flags]);
  expect(shown.exitCode).toBe(0);
  expect(shown.stdout).toContain(format === 'json' ? '"url": "http://admin@registry.corp.example/v2/"' : 'URL:      http://admin@registry.corp.example/v2/\n');
});

describe('help, version and flags without effect', () => {
  test('each command has its own help, by --help or help COMMAND', () => {
    const noproxy = runCli(['noproxy', '--help']);
    expect(noproxy).toMatchObject({ exitCode: 0, stderr: '' });
    expect(noproxy.stdout).toMatch(/^Usage: cluster-proxy noproxy /);
    expect(noproxy.stdout).toContain('--format F');
    expect(noproxy.stdout).not.toContain('cluster-proxy explain');
    expect(runCli(['help', 'noproxy'])).toEqual(noproxy);
    const explain = runCli(['explain', '-h']).stdout;
    expect(explain).toMatch(/^Usage: cluster-proxy explain URL /);
    expect(runCli(['help', 'check']).stdout).toContain('--password-env VAR');
    expect(runCli(['--help']).stdout).toContain('cluster-proxy COMMAND --help');
    expect(runCli([]).stdout).toBe(runCli(['--help']).stdout);
  });

  test('--version prints the package version', () => {
    const { version } = JSON.parse(readFileSync(path.join(__dirname, '..', '..', 'package.json'), 'utf8'));
    expect(runCli(['--version'])).toEqual({ exitCode: 0, stdout: `${version}\n`, stderr: '' });
  });

  test('check names the flag a URL needs, not the setting behind it', async () => {
    // refused before any connection
    expect(await runCheckCommand(['--http-proxy', 'http://proxy:3128', '--url', 'https://example.com/healthz'])).toEqual({
      exitCode: 2, stdout: '', stderr: 'cluster-proxy check: --url https://example.com/healthz: a https:// URL goes through --https-proxy, which is not given\n',
    });
    expect((await runCheckCommand(['--https-proxy', 'http://proxy:3128', '--url', 'http://example.com/'])).stderr)
      .toBe('cluster-proxy check: --url http://example.com/: a http:// URL goes through --http-proxy, which is not given\n');
  });

  test('--region with aws adds the regional entry', () => {
    expect(runCli(['noproxy', ...cluster, '--provider', 'aws', '--region', 'eu-central-1']).stdout).toContain('.eu-central-1.compute.internal');
  });
});

describe('cluster-proxy explain', () => {
  test('reports per client, including the CIDR-blind ones for a pod IP', () => {
    const result = runCli(['explain', 'http://192.168.3.4:8080/metrics', ...cluster]);
    expect(result.exitCode).toBe(0);
    const lines = result.stdout.split('\n');
    expect(lines.find((l) => l.startsWith('Go x/net/http/httpproxy'))).toContain('DIRECT');
    expect(lines.find((l) => l.startsWith('Python urllib'))).toContain('PROXY');
    expect(result.stdout).toContain('Warnings:');
  });

  test('json output carries every client verdict', () => {
    const json = JSON.parse(runCli(['explain', 'https://kubernetes.default.svc/', ...cluster, '--format', 'json']).stdout);
    expect(json.clients.length).toBeGreaterThanOrEqual(11);
    expect(json.clients.every((c: { direct: boolean }) => c.direct)).toBe(true);
  });

  test('an external destination goes through the proxy in every client', () => {
    const json = JSON.parse(runCli(['explain', 'https://registry-1.docker.io/v2/', ...cluster, '--format', 'json']).stdout);
    expect(json.clients.filter((c: { direct: boolean }) => c.direct)).toEqual([]);
  });
});

describe('the installed binary', () => {
  const main = path.join(__dirname, '..', '..', 'src', 'cli', 'main.ts');
  const tsNode = require.resolve('ts-node/dist/bin.js');

  test('exits non-zero with a one-line error and prints help', () => {
    const bad = spawnSync(process.execPath, [tsNode, '--transpile-only', main, 'noproxy', '--pod-cidr', 'nope', '--service-cidr', '10.96.0.0/12'], { encoding: 'utf8' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toBe('cluster-proxy: --pod-cidr: must be a CIDR such as 10.96.0.0/12 or fd00:10:96::/112 (got "nope")\n');
    const help = execFileSync(process.execPath, [tsNode, '--transpile-only', main, '--help'], { encoding: 'utf8' });
    expect(help).toContain('cluster-proxy noproxy');
    // the asynchronous check command is dispatched by main, with its own usage errors
    const check = spawnSync(process.execPath, [tsNode, '--transpile-only', main, 'check', '--http-proxy', 'http://proxy:3128'], { encoding: 'utf8' });
    expect(check.status).toBe(2);
    expect(check.stderr).toBe('cluster-proxy check: --url is required (repeat it for several URLs)\n');
  });
});
