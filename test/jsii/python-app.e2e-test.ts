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
 * examples/python/main.py as a Python user runs it: the package this repository builds
 * (dist/python) installed with pip into a virtual environment, next to the real cdk8s,
 * cdk8s-plus-33, constructs and jsii packages of PyPI at the versions requirements.txt pins. It
 * must write the YAML of examples/capi-cluster/main.ts byte for byte, and a bad input must raise
 * the library's message, with its field path, as a Python exception.
 *
 * No network here (scripts/loopback-only.sh): pip installs from dist/python and the wheels
 * `scripts/jsii/python.sh prepare` downloaded beforehand.
 */

const ROOT = join(__dirname, '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'jsii', 'python.sh');
const EXAMPLE = join(ROOT, 'examples', 'python');
/** Each step gets this long at most: tsc over the whole project on a loaded machine is the slowest. */
const STEP_TIMEOUT_MS = 400_000;
/** Hostile in every encoding the password passes through: userinfo, percent-encoding, YAML, JSON, shell. */
const PASSWORD = 'p@ss:w/rd%40 "x"';

/** pip settings of this machine (an index, extra find-links) must not reach the offline install. */
const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PIP_')));

/** Runs a command; its stdout, or an error with all its output when it fails. */
function run(command: string, args: readonly string[], cwd: string, env: Record<string, string> = {}): string {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: STEP_TIMEOUT_MS, env: { ...environment, FORCE_COLOR: '0', ...env } });
  if (result.error || result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed: ${result.error ?? `status ${result.status}`}\n${result.stdout}${result.stderr}`);
  }
  return result.stdout;
}

/** What `prepare` leaves: the package, and the directory of the pinned wheels. */
function prepared(): { readonly wheel: string; readonly wheels: string } {
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const wheel = join(ROOT, 'dist', 'python', `cluster_proxy_constructs-${version}-py3-none-any.whl`);
  const cache = run('bash', [SCRIPT, 'cache-dir'], ROOT).trim();
  const prepare = 'run `bash scripts/jsii/python.sh prepare` first (with network: it builds the package and downloads the wheels the app needs)';
  if (!existsSync(wheel) || !existsSync(join(cache, '.complete'))) {
    throw new Error(`the Python package or the app's wheels are missing (${wheel}, ${cache}): ${prepare}`);
  }
  if (statSync(stagedAssemblyFile()).mtimeMs > statSync(wheel).mtimeMs) {
    throw new Error(`${wheel} is older than the jsii assembly: ${prepare}`);
  }
  return { wheel, wheels: join(cache, 'wheels') };
}

/** Each `*.k8s.yaml` file of a directory, by name. */
function manifests(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).filter((file) => file.endsWith('.k8s.yaml')).sort()
    .map((file) => [file, readFileSync(join(dir, file), 'utf8')]));
}

/** Builds what `cases` in TypeScript builds, and prints the exception of each, as JSON. */
const BAD_INPUTS = `
import json, sys
from cdk8s import App, Chart
from cluster_proxy_constructs import ClusterNetwork, Provider, ProxySettings
from cluster_proxy_constructs.capi import ControlPlaneProps, ObjectReferenceProps, ProxiedCluster, WorkerPoolProps

proxy_url_with_password, password = sys.argv[1:]

def bad_proxy_url():
    ProxySettings(http_proxy=proxy_url_with_password)

def negative_replicas():
    template = ObjectReferenceProps(api_version="x/v1", kind="K", name="n")
    ProxiedCluster(
        Chart(App(), "c"), "C", name="demo", namespace="clusters", version="v1.31.2",
        settings=ProxySettings(http_proxy="http://proxy.corp.example:3128", username="svc-k8s", password=password),
        network=ClusterNetwork(pods=["10.244.0.0/16"], services=["10.96.0.0/12"], provider=Provider.AWS, region="eu-central-1"),
        infrastructure_ref=template, control_plane=ControlPlaneProps(machine_template=template),
        worker_pools=[WorkerPoolProps(name="md-0", replicas=-1, machine_template=template)],
    )

def caught(build):
    try:
        build()
    except Exception as error:
        return {"type": type(error).__name__, "message": str(error), "javascript": str(error.__cause__)}
    return None

print(json.dumps([caught(bad_proxy_url), caught(negative_replicas)]))
`;

describe('examples/python, installed with pip from the package this repository builds', () => {
  let work: string;
  let python: string;
  let typescriptOutput: string;

  beforeAll(() => {
    const { wheel, wheels } = prepared();
    work = mkdtempSync(join(tmpdir(), 'python-app-'));
    // The TypeScript app imports the package through package.json "exports": the compiled and bundled lib/.
    run('npx', ['tsc', '--build'], ROOT);
    run(process.execPath, ['scripts/bundle-entries.js', 'lib'], ROOT);
    typescriptOutput = join(work, 'typescript');
    run('npx', ['cdk8s', 'synth', '--check-upgrade', 'false', '--output', typescriptOutput], join(ROOT, 'examples', 'capi-cluster'), { PROXY_PASSWORD: PASSWORD });
    const venv = join(work, 'venv');
    run('python3', ['-m', 'venv', venv], work);
    python = join(venv, 'bin', 'python');
    run(python, ['-m', 'pip', 'install', '--disable-pip-version-check', '--no-index', '--find-links', wheels,
      '-r', join(EXAMPLE, 'requirements.txt'), wheel], work);
  }, 4 * STEP_TIMEOUT_MS);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('main.py writes the YAML of the TypeScript app, byte for byte: both clusters and both injected workloads', () => {
    const output = join(work, 'python');
    run(python, [join(EXAMPLE, 'main.py')], work, { PROXY_PASSWORD: PASSWORD, CDK8S_OUTDIR: output });
    const expected = manifests(typescriptOutput);
    expect(Object.keys(expected)).toEqual(['apps.k8s.yaml', 'demo.k8s.yaml', 'jobs.k8s.yaml', 'legacy.k8s.yaml']);
    expect(expected['jobs.k8s.yaml']).toContain('kind: CronJob');
    expect(manifests(output)).toEqual(expected);
  }, STEP_TIMEOUT_MS);

  test('a bad input raises RuntimeError with the library\'s message, field path first, and never the password', () => {
    const proxyUrlWithPassword = `ftp://svc-k8s:${encodeURIComponent(PASSWORD)}@proxy.corp.example:3128`;
    const template = { apiVersion: 'x/v1', kind: 'K', name: 'n' };
    const typescript = [
      libraryError(() => new ProxySettings({ httpProxy: proxyUrlWithPassword })),
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
    expect(typescript[0]).toMatch(/^httpProxy: /);
    expect(typescript[1]).toMatch(/^workerPools\[0\]\.replicas: /);

    const text = run(python, ['-c', BAD_INPUTS, proxyUrlWithPassword, PASSWORD], work);
    const raised = JSON.parse(text) as Array<{ type: string; message: string; javascript: string } | null>;
    expect(raised.map((error) => error && { type: error.type, message: error.message }))
      .toEqual(typescript.map((message) => ({ type: 'RuntimeError', message })));
    // The JavaScript error behind it is the library's own.
    for (const [index, error] of raised.entries()) {
      expect(error!.javascript).toContain(`ProxyConfigError: ${typescript[index]}`);
    }
    expect(credentialForms(PASSWORD).filter((form) => text.includes(form))).toEqual([]);
  }, STEP_TIMEOUT_MS);
});
