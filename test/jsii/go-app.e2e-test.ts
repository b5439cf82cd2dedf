import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Chart } from 'cdk8s';
import { stagedAssemblyFile } from './staged-assembly';
import { ClusterNetwork, Provider, ProxySettings } from '../../src';
import { ProxiedCluster } from '../../src/cdk8s';
import { credentialForms } from '../support/fixtures/credential-leaks';
import { libraryError } from '../support/library-error';

/**
 * examples/go as a Go user builds it: `go build` of a module whose go.mod pins the jsii runtime and
 * constructs (from the Go module proxy, with go.sum), takes cdk8s and cdk8s-plus-33 as the Go
 * modules jsii-pacmak generates from their npm packages, and this library as the module this
 * repository builds (dist/go). It must write the YAML of examples/capi-cluster/main.ts byte for
 * byte, and a bad input must reach Go as a panic with the library's error, field path first.
 *
 * No network here (scripts/loopback-only.sh): the modules come from the cache that
 * `scripts/jsii/go.sh prepare` filled beforehand and linked as examples/go/.cache.
 */

const ROOT = join(__dirname, '..', '..');
const EXAMPLE = join(ROOT, 'examples', 'go');
const CACHE = join(EXAMPLE, '.cache');
const MODULE = join(ROOT, 'dist', 'go', 'clusterproxyconstructs', 'go.mod');
/** Each step gets this long at most: tsc over the whole project, or a Go build, on a loaded machine. */
const STEP_TIMEOUT_MS = 400_000;
/** Hostile in every encoding the password passes through: userinfo, percent-encoding, YAML, JSON, shell. */
const PASSWORD = 'p@ss:w/rd%40 "x"';

/** Go with the cache's modules and build cache only: nothing fetched, go.mod and go.sum as committed. */
const GO_ENVIRONMENT = {
  GOPATH: join(CACHE, 'gopath'),
  GOMODCACHE: join(CACHE, 'gopath', 'pkg', 'mod'),
  GOCACHE: join(CACHE, 'gocache'),
  GOTOOLCHAIN: 'local',
  GOPROXY: 'off',
  GOFLAGS: '-mod=readonly',
};

/** Runs a command; its stdout, or an error with all its output when it fails. */
function run(command: string, args: readonly string[], cwd: string, env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: STEP_TIMEOUT_MS, env: { ...process.env, FORCE_COLOR: '0', ...env } });
  if (result.error || result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed: ${result.error ?? `status ${result.status}`}\n${result.stdout}${result.stderr}`);
  }
  return result.stdout;
}

/** Fails clearly when `prepare` has not run, or ran before the assembly was last built. */
function checkPrepared(): void {
  const prepare = 'run `bash scripts/jsii/go.sh prepare` first (with network: it generates the Go modules and fills the cache the app builds from)';
  if (!existsSync(MODULE) || !existsSync(join(CACHE, '.complete'))) {
    throw new Error(`the Go module or the app's cache is missing (${MODULE}, ${CACHE}): ${prepare}`);
  }
  if (statSync(stagedAssemblyFile()).mtimeMs > statSync(MODULE).mtimeMs) {
    throw new Error(`${MODULE} is older than the jsii assembly: ${prepare}`);
  }
}

/** Each `*.k8s.yaml` file of a directory, by name. */
function manifests(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).filter((file) => file.endsWith('.k8s.yaml')).sort()
    .map((file) => [file, readFileSync(join(dir, file), 'utf8')]));
}

describe('examples/go, built with go build from the module this repository builds', () => {
  let work: string;
  let program: string;
  let typescriptOutput: string;

  beforeAll(() => {
    checkPrepared();
    work = mkdtempSync(join(tmpdir(), 'go-app-'));
    // The TypeScript app imports the package through package.json "exports": the compiled and bundled lib/.
    run('npx', ['tsc', '--build'], ROOT);
    run(process.execPath, ['scripts/bundle-entries.js', 'lib'], ROOT);
    typescriptOutput = join(work, 'typescript');
    run('npx', ['cdk8s', 'synth', '--check-upgrade', 'false', '--output', typescriptOutput], join(ROOT, 'examples', 'capi-cluster'), { PROXY_PASSWORD: PASSWORD });
    program = join(work, 'capi-cluster');
    run('go', ['build', '-o', program, '.'], EXAMPLE, GO_ENVIRONMENT);
  }, 4 * STEP_TIMEOUT_MS);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('the app writes the YAML of the TypeScript app, byte for byte: both clusters and both injected workloads', () => {
    const output = join(work, 'go');
    run(program, [], EXAMPLE, { PROXY_PASSWORD: PASSWORD, CDK8S_OUTDIR: output });
    const expected = manifests(typescriptOutput);
    expect(Object.keys(expected)).toEqual(['apps.k8s.yaml', 'demo.k8s.yaml', 'jobs.k8s.yaml', 'legacy.k8s.yaml']);
    expect(expected['jobs.k8s.yaml']).toContain('kind: CronJob');
    expect(manifests(output)).toEqual(expected);
  }, STEP_TIMEOUT_MS);

  test('a bad input panics with an error holding the library\'s message, field path first, and never the password', () => {
    // The inputs of bad_input_test.go, in the same order.
    const template = { apiVersion: 'x/v1', kind: 'K', name: 'n' };
    const typescript = [
      libraryError(() => new ProxySettings({ httpProxy: `ftp://svc-k8s:${encodeURIComponent(PASSWORD)}@proxy.corp.example:3128` })),
      libraryError(() => new ProxiedCluster(new Chart(new App(), 'c'), 'C', {
        name: 'demo',
        namespace: 'clusters',
        version: 'v1.31.2',
        settings: new ProxySettings({ httpProxy: 'http://proxy.corp.example:3128', username: 'svc-k8s', password: PASSWORD }),
        network: new ClusterNetwork({ pods: ['10.244.0.0/16'], services: ['10.96.0.0/12'], provider: Provider.AWS, region: 'eu-central-1' }),
        infrastructureRef: template,
        controlPlane: { machineTemplate: template },
        workerPools: [{ name: 'md-0', replicas: -1, machineTemplate: template }],
      })),
    ].map((error) => error.message);
    expect(typescript[0]).toMatch(/^httpProxy: .*\(got "ftp:\/\/svc-k8s:\*\*\*@/);
    expect(typescript[1]).toMatch(/^workerPools\[0\]\.replicas: /);

    // The Go test fails unless each input panics with an error; it prints each error's message as a JSON line.
    const result = spawnSync('go', ['test', '-count=1', '-v', '-run', '^TestBadInputPanicsWithTheLibraryError$', '.'],
      { cwd: EXAMPLE, encoding: 'utf8', timeout: STEP_TIMEOUT_MS, env: { ...process.env, ...GO_ENVIRONMENT, PROXY_PASSWORD: PASSWORD } });
    const text = `${result.stdout}${result.stderr}`;
    if (result.error || result.status !== 0) {
      throw new Error(`go test failed: ${result.error ?? `status ${result.status}`}\n${text}`);
    }
    const panicked = result.stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => (JSON.parse(line) as { message: string }).message);
    expect(panicked).toEqual(typescript);
    expect(credentialForms(PASSWORD).filter((form) => text.includes(form))).toEqual([]);
  }, STEP_TIMEOUT_MS);
});
