import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  badInputMessages, cacheDir, checkPrepared, expectTypeScriptManifests, packageVersion, PROXY_URL_WITH_PASSWORD, PASSWORD, ROOT, run,
  STEP_TIMEOUT_MS, synthesizeTypeScriptApp,
} from './app-support';
import { credentialForms } from '../support/fixtures/credential-leaks';

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

const EXAMPLE = join(ROOT, 'examples', 'python');

/** What `prepare` leaves: the package, and the directory of the pinned wheels. */
function prepared(): { readonly wheel: string; readonly wheels: string } {
  const wheel = join(ROOT, 'dist', 'python', `cluster_proxy_constructs-${packageVersion()}-py3-none-any.whl`);
  const cache = cacheDir('python');
  checkPrepared('python', wheel, cache);
  return { wheel, wheels: join(cache, 'wheels') };
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
    typescriptOutput = join(work, 'typescript');
    synthesizeTypeScriptApp(typescriptOutput);
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
    expectTypeScriptManifests(output, typescriptOutput);
  }, STEP_TIMEOUT_MS);

  test('a bad input raises RuntimeError with the library\'s message, field path first, and never the password', () => {
    const typescript = badInputMessages();

    const text = run(python, ['-c', BAD_INPUTS, PROXY_URL_WITH_PASSWORD, PASSWORD], work).stdout;
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
