/**
 * Credentials as references, for every Pulumi component: the password is in Secret data only.
 *
 * - Two passwords, same definition and revision: byte-identical non-Secret objects and identical
 *   Secret metadata, resource names and types (so a rotation without a new revision changes only
 *   Secret data, and no object outside a Secret can be used to test password guesses).
 * - No credential reaches the engine outside a secret, in any encoding.
 * - A change of replicas or Kubernetes version changes only non-secret inputs; the Secret inputs
 *   stay secret and unchanged.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { inspect } from 'node:util';
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { CapiVersion } from '../../src/core/capi/capi-version';
import { CredentialSource } from '../../src/core/credentials/credential-source';
import { OsFamily } from '../../src/core/node-files/os-family';
import * as adapter from '../../src/pulumi';
import { vsphereProxy } from '../support/fixtures/addons';
import { CA_1, clusterOptions, infraRef, NASTY_PASSWORD, networkProps, settingsProps } from '../support/fixtures/cluster';
import { classFixture } from '../support/fixtures/cluster-class';
import { credentialForms, plainTextLeaks } from '../support/fixtures/credential-leaks';
import { CORPORATE_CA } from '../support/fixtures/workloads';
import { kubeObjectOf, RecordedResource, runComponents, secretPaths, stopCallbacks, unwrapSecrets } from '../support/pulumi-mocks';

afterAll(stopCallbacks);

const SECOND_PASSWORD = 'another:Pa55/word%2F "x" $(y)';
const settings = (password: string) => ({ ...settingsProps({ trustedCaPem: CA_1, credentialsRevision: '2026-11' }), password: pulumi.secret(password) });
const proxy = (password: string) => new adapter.ProxyDefinition({ settings: settings(password), network: networkProps() });
const deploymentSpec = { selector: { matchLabels: { app: 'api' } }, template: { metadata: { labels: { app: 'api' } }, spec: { containers: [{ name: 'api', image: 'api:1' }] } } };
const topologyCluster = (name: string) => ({
  apiVersion: 'cluster.x-k8s.io/v1beta2',
  kind: 'Cluster',
  metadata: { name, namespace: 'clusters' },
  spec: { clusterNetwork: { pods: { cidrBlocks: ['192.168.0.0/16'] }, services: { cidrBlocks: ['172.20.0.0/16'] } }, topology: { classRef: { name: 'proxied' }, version: 'v1.31.2' } },
});

/** Every component, built from one password (`forward` takes a tinyproxy-safe one). */
const COMPONENTS: Record<string, (password: string) => unknown> = {
  'ProxiedCluster': (password) => new adapter.ProxiedCluster('demo', { ...clusterOptions({ osFamily: OsFamily.UBUNTU }), settings: settings(password) }),
  'ProxiedKubeadmControlPlane and ProxiedKubeadmConfigTemplate': (password) => {
    const shared = { proxy: proxy(password), clusterName: 'demo', namespace: 'clusters', osFamily: OsFamily.UBUNTU };
    return [
      new adapter.ProxiedKubeadmControlPlane('cp', { ...shared, version: 'v1.31.2', machineTemplate: infraRef('DockerMachineTemplate', 'cp') }),
      new adapter.ProxiedKubeadmConfigTemplate('workers', { ...shared, name: 'demo-workers' }),
    ];
  },
  'ClusterClassProxyPatches and TopologyClusterProxy': (password) => {
    const fixture = classFixture(CapiVersion.V1BETA2);
    const patches = new adapter.ClusterClassProxyPatches('proxied', { settings: settings(password), osFamily: OsFamily.UBUNTU, clusterClass: fixture.clusterClass, templates: fixture.templates });
    return [patches, new adapter.TopologyClusterProxy('demo', { cluster: topologyCluster('demo'), classProxy: patches })];
  },
  'KyvernoProxyPolicy': (password) => new adapter.KyvernoProxyPolicy('kyverno', { proxy: proxy(password), excludeNamespaces: ['kyverno'] }),
  'ProxyAdmissionPolicy': (password) => new adapter.ProxyAdmissionPolicy('map', { proxy: proxy(password), namespaces: ['apps'] }),
  'ProxyAwareDeployment, ProxyEnvSupport and the transform': (password) => {
    const definition = proxy(password);
    const deployment = new adapter.ProxyAwareDeployment('api', { proxy: definition, metadata: { name: 'api', namespace: 'apps' }, spec: deploymentSpec });
    const support = new adapter.ProxyEnvSupport('support', { proxy: definition, namespaces: ['web'] });
    new k8s.apps.v1.Deployment('web', { metadata: { name: 'web', namespace: 'web' }, spec: deploymentSpec }, {
      transforms: [adapter.proxyEnvTransform(definition, { namespaces: support.namespaces })],
    });
    return [definition, deployment, support];
  },
  'TkgProxyAddons': (password) => new adapter.TkgProxyAddons('tkg', { proxy: vsphereDefinition(password), clusterName: 'wl', namespace: 'default', vsphereCpiValues: { server: 'vc' } }),
  'ProxyAddonResourceSet': (password) => new adapter.ProxyAddonResourceSet('crs', {
    proxy: vsphereDefinition(password),
    clusterName: 'wl',
    namespace: 'default',
    name: 'app',
    injectProxyEnv: {},
    manifests: [{ apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'app', namespace: 'app' }, spec: deploymentSpec }],
  }),
  'GiantSwarmProxyApps': (password) => new adapter.GiantSwarmProxyApps('gs', {
    proxy: vsphereDefinition(password),
    clusterName: 'mycluster',
    namespace: 'org-acme',
    apps: [{ name: 'mycluster-cert-manager', appName: 'cert-manager-app', catalog: 'default', version: '3.7.0', targetNamespace: 'kube-system' }],
  }),
  'ProxyEnvSources': (password) => new adapter.ProxyEnvSources('env', { proxy: proxy(password), namespaces: ['a', 'b'] }),
  'InClusterForwardProxy': (password) => {
    const forward = new adapter.InClusterForwardProxy('egress', {
      network: networkProps(), image: 'tinyproxy:1.11', basicAuth: { username: 'pods', password: pulumi.secret(tinyproxyPassword(password)) },
    });
    return [forward, new adapter.ProxyEnvSupport('egress-env', { proxy: forward.proxy, namespaces: ['apps'] })];
  },
};

function vsphereDefinition(password: string): adapter.ProxyDefinition {
  return new adapter.ProxyDefinition({ settings: { ...settings(password), trustedCaPem: CORPORATE_CA }, network: vsphereProxy().network });
}

/** tinyproxy accepts letters, digits, `-`, `.`, `_` only. */
function tinyproxyPassword(password: string): string {
  return password === NASTY_PASSWORD ? 'first.pw-1' : 'second.pw-2';
}


/** What must not depend on the password: every non-Secret object whole, and the Secrets without their data. */
function public_(registrations: readonly RecordedResource[]): string[] {
  return registrations.map((r) => {
    const object = kubeObjectOf(r);
    const visible = r.type === 'kubernetes:core/v1:Secret' ? { ...object, stringData: undefined, data: undefined } : object;
    return JSON.stringify({ type: r.type, name: r.name, object: visible });
  });
}

describe.each(Object.entries(COMPONENTS))('%s', (_, build) => {
  test('util.inspect of the components, at any depth, shows no password the library rendered', async () => {
    // the components hold the rendered Secrets and the definition: none of it may print the password
    const plain = 'Pl41n-p@ss/w%rd';
    let built: unknown;
    await runComponents(() => {
      built = build(plain);
    });
    const printed = inspect(built, { depth: Infinity, showHidden: true });
    expect(credentialForms(plain).filter((form) => printed.includes(form))).toEqual([]);
    expect(printed.length).toBeGreaterThan(100);
  });

  test('two passwords give byte-identical objects outside Secret data, and no password reaches the engine outside a secret', async () => {
    const first = await runComponents(() => build(NASTY_PASSWORD));
    expect(plainTextLeaks(first, NASTY_PASSWORD)).toEqual([]);
    expect(plainTextLeaks(first, tinyproxyPassword(NASTY_PASSWORD))).toEqual([]);
    const second = await runComponents(() => build(SECOND_PASSWORD));
    expect(plainTextLeaks(second, SECOND_PASSWORD)).toEqual([]);
    expect(public_(second)).toEqual(public_(first));
    // only Secret data is secret, and it differs (the real password was rendered into it)
    for (const r of [...first, ...second]) {
      expect([r.name, secretPaths(r.wire)]).toEqual([r.name, r.type === 'kubernetes:core/v1:Secret' ? ['/stringData'] : []]);
    }
    const secretData = (rs: readonly RecordedResource[]) => rs.filter((r) => r.type === 'kubernetes:core/v1:Secret').map((r) => JSON.stringify(unwrapSecrets(r.wire.stringData)));
    expect(secretData(first).length).toBeGreaterThan(0);
    expect(secretData(second)).not.toEqual(secretData(first));
  });
});

/** JSON pointers where two wire values differ. */
function changedPaths(a: unknown, b: unknown, path = ''): string[] {
  if (a !== null && b !== null && typeof a === 'object' && typeof b === 'object') {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.flatMap((key) => changedPaths((a as any)[key], (b as any)[key], `${path}/${key}`));
  }
  return JSON.stringify(a) === JSON.stringify(b) ? [] : [path];
}

test('a change of replicas and Kubernetes version changes only non-secret inputs; the Secret inputs stay secret and unchanged', async () => {
  const build = (replicas: number, version: string) => () => new adapter.ProxiedCluster('demo', {
    ...clusterOptions({ version, osFamily: OsFamily.UBUNTU }),
    settings: settings(NASTY_PASSWORD),
    controlPlane: { ...clusterOptions().controlPlane, replicas },
  });
  const before = await runComponents(build(3, 'v1.31.2'));
  const after = await runComponents(build(5, 'v1.32.0'));
  const afterByName = new Map(after.map((r) => [r.name, r]));
  expect([...afterByName.keys()].sort()).toEqual(before.map((r) => r.name).sort());
  const changes = before.flatMap((r) => changedPaths(r.wire, afterByName.get(r.name)!.wire).map((path) => `${r.name}${path}`));
  expect(changes.sort()).toEqual([
    'demo-ControlPlane/spec/replicas',
    'demo-ControlPlane/spec/version',
    'demo-MachineDeployment-md-0/spec/template/spec/version',
  ]);
  for (const r of after.filter((x) => x.type === 'kubernetes:core/v1:Secret')) {
    expect(secretPaths(r.wire)).toEqual(['/stringData']);
  }
});

test('sealed credentials need plain strings: Output credentials would seal the stand-ins, so they are refused', () => {
  const certificatePem = readFileSync(join(__dirname, '..', '..', 'examples', 'credential-sources', 'sealed-secrets.pem'), 'utf8');
  const credentialSource = CredentialSource.sealedSecret({ certificatePem });
  expect(() => new adapter.ProxyDefinition({ settings: { ...settings(SECOND_PASSWORD), credentialSource }, network: networkProps() }))
    .toThrow(/^settings.credentialSource: sealedSecret seals at program time and needs username and password as plain strings/);
  const plain = new adapter.ProxyDefinition({ settings: { ...settingsProps({ credentialsRevision: '1' }), credentialSource }, network: networkProps() });
  expect(plain).toBeDefined();
});
