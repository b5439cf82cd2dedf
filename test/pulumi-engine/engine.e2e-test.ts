/**
 * The Pulumi engine deploys the example programs to a real control plane: `up`, `preview --diff`,
 * `refresh` and `destroy` by the Pulumi CLI with the Kubernetes provider, and what the engine's
 * state holds. The objects are compared with what the cdk8s adapter synthesizes for the same
 * definition, applied to a second control plane.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EngineStack, exampleProgram, EngineProgram } from './engine';
import { changedResources, credentialsIn, credentialsInValue, documentedPreview, withoutSecretValues } from './engine-output';
import { cdk8sTwin, DEMO, DemoValues, identities, kubernetesResources, stored } from './twin';
import { PREVIOUS_RELEASE, previousReleaseRoot } from '../control-plane/lifecycle-fixtures';
import { liveObjects, serverSideApply } from '../support/control-plane/apply';
import { ControlPlane, startControlPlane } from '../support/control-plane/control-plane';
import { REPO_ROOT } from '../support/module-loading';

const PASSWORD = 'p@ss:w/rd "x" $(HOME)';
const NEW_PASSWORD = 'n3w:p@ss/w%rd';
const NAMESPACES = ['clusters', 'kube-system', 'monitoring', 'apps'];

let controlPlane: ControlPlane;
let twinPlane: ControlPlane;
let directory: string;

beforeAll(async () => {
  [controlPlane, twinPlane] = await Promise.all([startControlPlane(), startControlPlane()]);
  controlPlane.ensureNamespaces(NAMESPACES);
  twinPlane.ensureNamespaces(NAMESPACES);
  directory = mkdtempSync(join(controlPlane.directory, 'pulumi-'));
}, 180_000);
afterAll(async () => {
  await controlPlane?.stop();
  await twinPlane?.stop();
});

/** The example's stack config, as `pulumi config set [--secret]` would set it. */
function exampleConfig(password: string) {
  return {
    proxyPassword: { value: password, secret: true },
    workloadKubeconfig: { value: readFileSync(controlPlane.kubeconfig, 'utf8'), secret: true },
    monitoringChart: { value: join(__dirname, 'monitoring-chart') },
  };
}

/** The example with one literal changed (a value a user edits). */
function edited(program: EngineProgram, from: string, to: string): EngineProgram {
  expect(program.text).toContain(from);
  return { ...program, text: program.text.replace(from, to) };
}

/** examples/pulumi with the day-2 values edited. */
function demoProgram(values: DemoValues): EngineProgram {
  let program = exampleProgram('pulumi');
  program = edited(program, `credentialsRevision: '${DEMO.credentialsRevision}'`, `credentialsRevision: '${values.credentialsRevision}'`);
  program = edited(program, `version: '${DEMO.version}'`, `version: '${values.version}'`);
  return edited(program, `name: 'md-0', replicas: ${DEMO.workerReplicas}`, `name: 'md-0', replicas: ${values.workerReplicas}`);
}

/** The stack deployed exactly what cdk8s synthesizes for the definition: the same objects, field for field, and no other. */
function expectTwinDeployedIn(stack: EngineStack, password: string, values: DemoValues): void {
  const twin = cdk8sTwin(password, values);
  serverSideApply(twinPlane, twin);
  const deployed = kubernetesResources(stack.run('export', exampleProgram('pulumi'), exampleConfig(password)).deployment);
  expect(identities(deployed)).toEqual(identities(twin));
  expect(liveObjects(controlPlane, twin).map(stored)).toEqual(liveObjects(twinPlane, twin).map(stored));
}


describe('examples/pulumi: a stack through its life', () => {
  let stack: EngineStack;
  const program = exampleProgram('pulumi');
  beforeAll(() => {
    stack = new EngineStack(controlPlane, join(directory, 'example'), 'cluster-proxy-example');
  });

  test('up creates exactly the objects cdk8s synthesizes for the same definition', () => {
    const up = stack.run('up', program, exampleConfig(PASSWORD));
    expect(up.changes).toEqual({ create: 15 });
    expect(credentialsIn(up.stdout + up.stderr, PASSWORD)).toEqual([]);
    expectTwinDeployedIn(stack, PASSWORD, DEMO);
  }, 300_000);

  test('refresh right after up finds no drift', () => {
    expect(stack.run('refresh', program, exampleConfig(PASSWORD)).changes).toEqual({ same: 15 });
  }, 300_000);

  test('the state holds the password only as a secret: encrypted nowhere readable, in plain form only inside secret values', () => {
    expect(credentialsInValue(JSON.parse(stack.stateFile()), PASSWORD)).toEqual([]);
    expect(credentialsInValue(stack.run('export', program, exampleConfig(PASSWORD)).deployment, PASSWORD)).toEqual([]);
    const plain = stack.run('export', program, exampleConfig(PASSWORD), { showSecrets: true }).deployment;
    expect(credentialsInValue(withoutSecretValues(plain), PASSWORD)).toEqual([]);
    // the check can fail: the plain form carries the password (base64 in Secret data), inside secret values
    expect(credentialsInValue(plain, PASSWORD).length).toBeGreaterThan(0);
  }, 300_000);

  test('a password change: preview --diff shows only Secret data changing and prints no credential; up replaces the three Secrets under their names', () => {
    const preview = stack.run('preview', program, exampleConfig(NEW_PASSWORD));
    expect(credentialsIn(preview.stdout + preview.stderr, PASSWORD, NEW_PASSWORD)).toEqual([]);
    const secrets = {
      'demo-NodeProxySecret': 'replace, deleting first',
      'cert-manager-Secret-kube-system-cluster-proxy-env': 'replace, deleting first',
      'monitoring-proxy-Secret-monitoring-cluster-proxy-env': 'replace, deleting first',
    };
    expect(changedResources(preview.steps)).toEqual(secrets);
    // the properties the diff names: `data` and its keys, nothing else
    const named = [...preview.stdout.matchAll(/^\s*[~+-]\s+([\w.-]+)\s*:/gm)].map((match) => match[1]);
    expect(new Set(named)).toEqual(new Set(['data', 'containerdProxy', 'kubeletProxy', 'HTTP_PROXY', 'HTTPS_PROXY', 'http_proxy', 'https_proxy']));
    const shown = documentedPreview(preview.stdout);
    if (!readFileSync(join(REPO_ROOT, 'docs', 'pulumi.md'), 'utf8').includes(shown)) {
      throw new Error(`docs/pulumi.md ("Pulumi, on the engine") must show this preview of a password change, as the engine printed it:\n${shown}`);
    }

    const up = stack.run('up', program, exampleConfig(NEW_PASSWORD));
    expect(changedResources(up.steps)).toEqual(secrets);
    expect(credentialsIn(up.stdout + up.stderr, PASSWORD, NEW_PASSWORD)).toEqual([]);
    expectTwinDeployedIn(stack, NEW_PASSWORD, DEMO);
  }, 300_000);

  test('a credentialsRevision bump replaces the node-proxy Secret and the worker template (new names), and updates what refers to them', () => {
    const values = { ...DEMO, credentialsRevision: '2026-12' };
    const up = stack.run('up', demoProgram(values), exampleConfig(NEW_PASSWORD));
    expect(changedResources(up.steps)).toEqual({
      'demo-NodeProxySecret': 'replace, deleting first',
      'demo-ConfigTemplate-md-0': 'replace, creating first',
      'demo-ControlPlane': 'update',
      'demo-MachineDeployment-md-0': 'update',
      'cert-manager': 'update',
      'monitoring:monitoring/monitoring-prometheus': 'update',
    });
    expectTwinDeployedIn(stack, NEW_PASSWORD, values);
  }, 300_000);

  test('replicas and Kubernetes version changes update the control plane and the MachineDeployment in place', () => {
    const values = { credentialsRevision: '2026-12', version: 'v1.32.0', workerReplicas: 5 };
    const up = stack.run('up', demoProgram(values), exampleConfig(NEW_PASSWORD));
    expect(changedResources(up.steps)).toEqual({ 'demo-ControlPlane': 'update', 'demo-MachineDeployment-md-0': 'update' });
    expectTwinDeployedIn(stack, NEW_PASSWORD, values);
  }, 300_000);

  test('destroy leaves nothing the program created', () => {
    const values = { credentialsRevision: '2026-12', version: 'v1.32.0', workerReplicas: 5 };
    const twin = cdk8sTwin(NEW_PASSWORD, values);
    expect(liveObjects(controlPlane, twin).filter(Boolean)).toHaveLength(twin.length);
    expect(stack.run('destroy', program, exampleConfig(NEW_PASSWORD)).changes).toEqual({ delete: 15 });
    expect(liveObjects(controlPlane, [...twin, ...cdk8sTwin(PASSWORD, DEMO)]).filter(Boolean).map((o) => o.metadata.name)).toEqual([]);
  }, 300_000);
});


describe('an upgrade of the library under a live stack', () => {
  test(`a stack deployed with the previous release (${PREVIOUS_RELEASE}) upgrades without a resource created or deleted under another name`, () => {
    const stack = new EngineStack(controlPlane, join(directory, 'upgrade'), 'cluster-proxy-upgrade');
    // the previous example's chart came from its public registry only; this release reads it from config
    const previous = edited(exampleProgram('pulumi', previousReleaseRoot()),
      "chart: 'oci://ghcr.io/prometheus-community/charts/kube-prometheus-stack'",
      "chart: config.get('monitoringChart') ?? 'oci://ghcr.io/prometheus-community/charts/kube-prometheus-stack'");
    expect(stack.run('up', previous, exampleConfig(PASSWORD)).changes).toEqual({ create: 15 });

    // this release renames the node-proxy Secret once (its form is part of the name's hash), so
    // the machines roll once: the lifecycle suite's step g, as the migration notes (docs/definition.md) say
    const rollOnce = {
      'demo-NodeProxySecret': 'replace, deleting first',
      'demo-ConfigTemplate-md-0': 'replace, creating first',
      'demo-ControlPlane': 'update',
      'demo-MachineDeployment-md-0': 'update',
    };
    expect(changedResources(stack.run('preview', exampleProgram('pulumi'), exampleConfig(PASSWORD)).steps)).toEqual(rollOnce);
    const up = stack.run('up', exampleProgram('pulumi'), exampleConfig(PASSWORD));
    expect(changedResources(up.steps)).toEqual(rollOnce);
    expect(up.changes).toEqual({ replace: 2, update: 2, same: 11 });
    expectTwinDeployedIn(stack, PASSWORD, DEMO);
    stack.run('destroy', exampleProgram('pulumi'), exampleConfig(PASSWORD));
  }, 600_000);
});

describe('examples/pulumi-credential-sources', () => {
  test('up, refresh and destroy: no credential in the state in any form (the sealed cluster holds it sealed), nothing left behind', () => {
    const stack = new EngineStack(controlPlane, join(directory, 'credential-sources'), 'cluster-proxy-credential-sources');
    const program = exampleProgram('pulumi-credential-sources');
    const options = { programEnvironment: { PROXY_PASSWORD: PASSWORD } };
    const up = stack.run('up', program, {}, options);
    expect(up.changes).toEqual({ create: 25 });
    expect(credentialsIn(up.stdout + up.stderr, PASSWORD)).toEqual([]);
    const deployed = kubernetesResources(stack.run('export', program, {}, options).deployment);
    expect(liveObjects(controlPlane, deployed).filter(Boolean)).toHaveLength(deployed.length);
    expect(stack.run('refresh', program, {}, options).changes).toEqual({ same: 25 });
    expect(credentialsInValue(stack.run('export', program, {}, { ...options, showSecrets: true }).deployment, PASSWORD)).toEqual([]);
    expect(stack.run('destroy', program, {}, options).changes).toEqual({ delete: 25 });
    expect(liveObjects(controlPlane, deployed).filter(Boolean)).toEqual([]);
  }, 600_000);
});
