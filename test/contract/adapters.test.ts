/**
 * The adapter contract: for the same definition, what the cdk8s adapter synthesizes
 * (`Testing.synth`) and what the Pulumi adapter registers (rebuilt from the recorded inputs and
 * type tokens under `pulumi.runtime.setMocks`) are the same Kubernetes objects, field for field.
 *
 * Secret values are compared too, after unwrapping Pulumi's secret markers: the Pulumi side is
 * given the password as a secret Output (as from `config.requireSecret`), so equal values prove
 * that what is rendered inside `.apply` is exactly what the core renders at synth time. Each case
 * also checks that no credential reaches the Pulumi engine outside a secret.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { ApiObject, Chart, Include, Testing } from 'cdk8s';
import * as cdk8sPlus from 'cdk8s-plus-28';
import { parseAllDocuments } from 'yaml';
import * as cdk8s from '../../src/cdk8s';
import { ProxyAwareDeployment as PlusProxyAwareDeployment } from '../../src/cdk8s/plus';
import { GiantSwarmValuesLayout } from '../../src/core/addons/giantswarm-values-layout';
import { CapiVersion } from '../../src/core/capi/capi-version';
import { ProxiedClusterOptions } from '../../src/core/capi/proxied-cluster';
import { ClusterProxyConfig } from '../../src/core/definition/cluster-proxy-config';
import { ClusterNetwork } from '../../src/core/definition/network';
import { ProxySettings, ProxySettingsProps } from '../../src/core/definition/proxy-settings';
import { BootstrapFormat } from '../../src/core/node-files/bootstrap-format';
import { NoProxyForm } from '../../src/core/node-files/options';
import { OsFamily } from '../../src/core/node-files/os-family';
import { Provider } from '../../src/core/primitives/providers';
import { MutatingAdmissionPolicyVersion } from '../../src/core/workloads/admission-policy-version';
import * as adapter from '../../src/pulumi';
import { topologyClusterManifest } from '../cdk8s/every-construct';
import { vsphereProxy } from '../support/fixtures/addons';
import { CA_1, clusterOptions, infraRef, NASTY_PASSWORD, demoSettings, settingsProps, demoNetwork } from '../support/fixtures/cluster';
import { classFixture } from '../support/fixtures/cluster-class';
import { plainTextLeaks, sortObjects } from '../support/fixtures/credential-leaks';
import { CORPORATE_CA, NETWORK, PASSWORD, proxyConfig } from '../support/fixtures/workloads';
import { descendantsOf, findRecorded, installMocks, kubeObjectOf, outcome, recorded, resetRecorded, settle, stopCallbacks } from '../support/pulumi-mocks';

const IMPORTED = path.join(__dirname, '..', 'fixtures', 'workloads', 'imported-chart.yaml');
const importedObjects = (): any[] => parseAllDocuments(fs.readFileSync(IMPORTED, 'utf8')).map((d) => d.toJS());

// A new program run per test: shared objects are registered once per run.
beforeEach(() => installMocks({ 'kubernetes:helm:template': () => ({ result: importedObjects() }) }));
beforeEach(resetRecorded);
afterAll(stopCallbacks);

/** The cdk8s side: synthesize a chart built by `build`. */
function synth(build: (chart: Chart) => void): any[] {
  const chart = Testing.chart();
  build(chart);
  return sortObjects(Testing.synth(chart));
}

/** The Pulumi side: every Kubernetes resource registered under the given components, rebuilt (secrets unwrapped). */
async function registered(...components: pulumi.ComponentResource[]): Promise<any[]> {
  const urns = await Promise.all(components.map((component) => outcome(component.urn)));
  await settle();
  return sortObjects(urns.flatMap((urn) => descendantsOf(recorded.find((r) => r.urn === urn)!)).filter((r) => r.custom).map(kubeObjectOf));
}

/** Installation-wide settings as Pulumi args: the same props, the password a secret Output. */
function withOutputPassword(props: ProxySettingsProps): adapter.ProxySettingsArgs {
  return { ...props, password: pulumi.secret(props.password!) };
}

/** A ProxyDefinition equal to a core config built from `props` and `network`, the password a secret Output. */
function outputDefinition(props: ProxySettingsProps, network: ClusterNetwork): adapter.ProxyDefinition {
  return new adapter.ProxyDefinition({ settings: withOutputPassword(props), network });
}

/** Labels and annotations a user adds to every object of a construct or component. */
const METADATA = { labels: { 'example.com/team': 'platform' }, annotations: { 'example.com/owner': 'platform@corp.example' } };

/** The objects carry {@link METADATA}: the comparison is not between two outputs that both left it out. */
function expectLabelled(objects: any[]): void {
  expect(objects.filter((o) => o.metadata.labels?.['example.com/team'] === 'platform' && o.metadata.annotations?.['example.com/owner']).length)
    .toBeGreaterThan(0);
}

const WORKLOAD_SETTINGS: ProxySettingsProps = {
  httpProxy: 'http://proxy.corp.example:3128', httpsProxy: 'http://proxy.corp.example:3129', username: 'svc-k8s', password: PASSWORD, noProxy: ['.corp.example'],
};

describe('ProxiedCluster: cdk8s and Pulumi emit the same objects', () => {
  test.each<[string, Partial<ProxySettingsProps>, Partial<ProxiedClusterOptions>]>([
    ['delivery secret (default with credentials)', {}, {}],
    ['a credentials revision', { credentialsRevision: '2026-11' }, {}],
    ['a proxy CA, Ubuntu nodes, labels and annotations', { trustedCaPem: CA_1 }, { osFamily: OsFamily.UBUNTU, metadata: METADATA }],
    ['v1beta1, Ignition, Flatcar', {}, { capiVersion: CapiVersion.V1BETA1, bootstrapFormat: BootstrapFormat.IGNITION, osFamily: OsFamily.FLATCAR }],
  ])('%s', async (_, settingsOverrides, overrides) => {
    const props = settingsProps(settingsOverrides);
    const options = clusterOptions({ ...overrides, settings: new ProxySettings(props) });
    const expected = synth((chart) => new cdk8s.ProxiedCluster(chart, 'Demo', options));
    const cluster = new adapter.ProxiedCluster('demo', { ...options, settings: withOutputPassword(props) });
    expect(await registered(cluster)).toEqual(expected);
    if (overrides.metadata) {
      expectLabelled(expected);
    }
    expect(plainTextLeaks(recorded, NASTY_PASSWORD)).toEqual([]);
  });

  test('without credentials', async () => {
    const options = clusterOptions({ settings: demoSettings({ username: undefined, password: undefined }) });
    const expected = synth((chart) => new cdk8s.ProxiedCluster(chart, 'Demo', options));
    expect(await registered(new adapter.ProxiedCluster('anon', options))).toEqual(expected);
  });

  test('a standalone control plane and worker template sharing the Secret', async () => {
    const proxy = new ClusterProxyConfig(demoSettings(), demoNetwork());
    const controlPlane = { clusterName: 'demo', namespace: 'clusters', version: 'v1.31.2', machineTemplate: infraRef('DockerMachineTemplate', 'cp'), replicas: 3 };
    const template = { clusterName: 'demo', namespace: 'clusters', name: 'demo-workers', kubeadmConfigSpec: { joinConfiguration: { nodeRegistration: { name: 'x' } } } };
    const expected = synth((chart) => {
      new cdk8s.ProxiedKubeadmControlPlane(chart, 'Cp', { proxy, ...controlPlane });
      new cdk8s.ProxiedKubeadmConfigTemplate(chart, 'Workers', { proxy, ...template });
    });
    const definition = outputDefinition(settingsProps(), demoNetwork());
    const cp = new adapter.ProxiedKubeadmControlPlane('cp', { proxy: definition, ...controlPlane });
    const workers = new adapter.ProxiedKubeadmConfigTemplate('workers', { proxy: definition, ...template });
    expect(await registered(cp, workers)).toEqual(expected);
    expect(plainTextLeaks(recorded, NASTY_PASSWORD)).toEqual([]);
  });
});

describe('ClusterClass: cdk8s and Pulumi emit the same objects', () => {
  test('the class with the proxy patches, two topology Clusters and their Secrets', async () => {
    const fixture = classFixture(CapiVersion.V1BETA2);
    const settings = settingsProps({ trustedCaPem: CA_1 });
    const classProps = { osFamily: OsFamily.UBUNTU, provider: Provider.VSPHERE, providerEndpoints: ['vcenter.corp.example'] };
    const expected = synth((chart) => {
      const clusterClass = new ApiObject(chart, 'Class', fixture.clusterClass as never);
      const { classProxy } = new cdk8s.ClusterClassProxyPatches(chart, 'Proxy', { ...classProps, settings: new ProxySettings(settings), clusterClass, templates: fixture.templates });
      const cluster = (name: string) => new ApiObject(chart, `Cluster-${name}`, topologyClusterManifest(name) as never);
      new cdk8s.TopologyClusterProxy(chart, 'Demo', { cluster: cluster('demo'), classProxy });
      new cdk8s.TopologyClusterProxy(chart, 'Other', { cluster: cluster('other'), classProxy, machineCidrs: ['10.20.0.0/24'] });
    });
    const patches = new adapter.ClusterClassProxyPatches('proxied', {
      ...classProps, settings: withOutputPassword(settings), clusterClass: fixture.clusterClass, templates: fixture.templates,
    });
    const demo = new adapter.TopologyClusterProxy('demo', { cluster: topologyClusterManifest('demo'), classProxy: patches });
    const other = new adapter.TopologyClusterProxy('other', { cluster: topologyClusterManifest('other'), classProxy: patches, machineCidrs: ['10.20.0.0/24'] });
    expect(await registered(patches, demo, other)).toEqual(expected);
    expect(plainTextLeaks(recorded, NASTY_PASSWORD)).toEqual([]);
  });
});

describe('workloads: cdk8s and Pulumi emit the same objects', () => {
  test('KyvernoProxyPolicy with a CA and exclusions', async () => {
    const options = { excludeNamespaces: ['kyverno'], excludeNames: ['capi-*'], excludeContainers: ['istio-proxy'], metadata: METADATA };
    const expected = synth((chart) => new cdk8s.KyvernoProxyPolicy(chart, 'Proxy', { proxy: proxyConfig({ trustedCaPem: CORPORATE_CA }), ...options }));
    const policy = new adapter.KyvernoProxyPolicy('proxy', { proxy: outputDefinition({ ...WORKLOAD_SETTINGS, trustedCaPem: CORPORATE_CA }, NETWORK), ...options });
    expect(await registered(policy)).toEqual(expected);
    expectLabelled(expected);
    expect(plainTextLeaks(recorded, PASSWORD)).toEqual([]);
  });

  test('ProxyAdmissionPolicy', async () => {
    const options = { namespaces: ['apps', 'batch'], apiVersion: MutatingAdmissionPolicyVersion.V1BETA1, metadata: METADATA };
    const expected = synth((chart) => new cdk8s.ProxyAdmissionPolicy(chart, 'Map', { proxy: proxyConfig(), ...options }));
    expect(await registered(new adapter.ProxyAdmissionPolicy('map', { proxy: outputDefinition(WORKLOAD_SETTINGS, NETWORK), ...options }))).toEqual(expected);
    expectLabelled(expected);
    expect(plainTextLeaks(recorded, PASSWORD)).toEqual([]);
  });

  test('a Deployment: cdk8s injectProxyEnv on an ApiObject and the Pulumi ProxyAwareDeployment give the same Deployment and Secret', async () => {
    const manifest = {
      metadata: { name: 'api', namespace: 'apps' },
      spec: {
        selector: { matchLabels: { app: 'api' } },
        template: {
          metadata: { labels: { app: 'api' } },
          spec: { initContainers: [{ name: 'init', image: 'busybox' }], containers: [{ name: 'main', image: 'app:1', env: [{ name: 'no_proxy', value: 'mine' }] }] },
        },
      },
    };
    const expected = synth((chart) => {
      new ApiObject(chart, 'api', { apiVersion: 'apps/v1', kind: 'Deployment', ...structuredClone(manifest) });
      cdk8s.injectProxyEnv(chart, proxyConfig({ trustedCaPem: CORPORATE_CA }));
    });
    const deployment = new adapter.ProxyAwareDeployment('api', { proxy: outputDefinition({ ...WORKLOAD_SETTINGS, trustedCaPem: CORPORATE_CA }, NETWORK), ...manifest });
    expect(await registered(deployment)).toEqual(expected);
    expect(plainTextLeaks(recorded, PASSWORD)).toEqual([]);
  });

  test('a rendered chart: cdk8s Include + injectProxyEnv, and Pulumi helm.v3.Chart with the transform (`transforms`) + ProxyEnvSupport', async () => {
    const expected = synth((chart) => {
      new Include(chart, 'monitoring', { url: IMPORTED });
      cdk8s.injectProxyEnv(chart, proxyConfig(), { excludeContainers: ['config-reloader'] });
    });
    const proxy = outputDefinition(WORKLOAD_SETTINGS, NETWORK);
    const options = { excludeContainers: ['config-reloader'] };
    const support = new adapter.ProxyEnvSupport('monitoring-proxy', { proxy, namespaces: ['monitoring'], ...options });
    const chart = new k8s.helm.v3.Chart('monitoring', { chart: 'monitoring', fetchOpts: { repo: 'https://charts.example' } }, {
      transforms: [adapter.proxyEnvTransform(proxy, { ...options, namespaces: support.namespaces })],
    });
    await outcome(chart.ready);
    await settle();
    const fromChart = recorded.filter((r) => r.custom && r.parent === findRecorded('kubernetes:helm.sh/v3:Chart', 'monitoring').urn).map(kubeObjectOf);
    expect(sortObjects([...fromChart, ...(await registered(support))])).toEqual(expected);
    expect(plainTextLeaks(recorded, PASSWORD)).toEqual([]);
  });

  test('ProxyAwareDeployment: the cdk8s-plus Deployment and the Pulumi one carry the same env, mounts and volumes, and the same Secret/ConfigMap', async () => {
    const config = proxyConfig({ trustedCaPem: CORPORATE_CA });
    const plus = synth((chart) => new PlusProxyAwareDeployment(chart, 'cm', {
      proxy: config,
      metadata: { name: 'cert-manager', namespace: 'kube-system' },
      containers: [{ name: 'controller', image: 'quay.io/jetstack/cert-manager-controller:v1.16.2', envVariables: { HTTPS_PROXY: cdk8sPlus.EnvValue.fromValue('http://mine:1') } }],
    }));
    const deployment = new adapter.ProxyAwareDeployment('cert-manager', {
      proxy: outputDefinition({ ...WORKLOAD_SETTINGS, trustedCaPem: CORPORATE_CA }, NETWORK),
      metadata: { name: 'cert-manager', namespace: 'kube-system' },
      spec: {
        selector: { matchLabels: { app: 'cert-manager' } },
        template: { spec: { containers: [{ name: 'controller', image: 'quay.io/jetstack/cert-manager-controller:v1.16.2', env: [{ name: 'HTTPS_PROXY', value: 'http://mine:1' }] }] } },
      },
    });
    const pulumiSide = await registered(deployment);
    const podSpec = (objects: any[]) => objects.find((o) => o.kind === 'Deployment').spec.template.spec;
    const proxyParts = (spec: any) => ({
      env: spec.containers[0].env,
      mounts: spec.containers[0].volumeMounts.filter((m: any) => m.name === 'cluster-proxy-ca'),
      volumes: spec.volumes.filter((v: any) => v.name === 'cluster-proxy-ca'),
    });
    expect(proxyParts(podSpec(pulumiSide))).toEqual(proxyParts(podSpec(plus)));
    expect(pulumiSide.filter((o) => o.kind !== 'Deployment')).toEqual(plus.filter((o) => o.kind !== 'Deployment'));
  });
});

describe('addons: cdk8s and Pulumi emit the same objects', () => {
  const vsphere = () => vsphereProxy();
  const vsphereDefinition = () => outputDefinition({
    httpProxy: 'http://proxy.corp.example:3128',
    httpsProxy: 'http://proxy.corp.example:3128',
    username: 'svc-k8s',
    password: vsphere().settings.httpProxy!.password!,
    noProxy: ['.corp.example', '10.0.0.0/8'],
  }, vsphere().network);
  const password = () => vsphere().settings.httpProxy!.password!;

  test('TkgProxyAddons', async () => {
    const options = { clusterName: 'wl', namespace: 'default', vsphereCpiValues: { server: 'vcenter.lab.example', datacenter: '/dc0' }, configValuesExtra: { VSPHERE_SERVER: 'vcenter.lab.example' }, metadata: METADATA };
    const expected = synth((chart) => new cdk8s.TkgProxyAddons(chart, 'Tkg', { proxy: vsphere(), ...options }));
    expect(await registered(new adapter.TkgProxyAddons('tkg', { proxy: vsphereDefinition(), ...options }))).toEqual(expected);
    expectLabelled(expected);
    expect(plainTextLeaks(recorded, password())).toEqual([]);
  });

  test('TkgProxyAddons in TKG\'s value forms (NO_PROXY as given, ports as given, compact lists)', async () => {
    const settings = {
      httpProxy: 'http://proxy.corp.example:3128',
      httpsProxy: 'http://proxy.corp.example:3128',
      username: 'svc-k8s',
      password: password(),
      noProxy: ['.corp.example', '10.0.0.0/8', 'vcenter.lab.example'],
    };
    const options = {
      clusterName: 'wl',
      namespace: 'default',
      vsphereCpiValues: { server: 'vcenter.lab.example', datacenter: '/dc0' },
      noProxyForm: NoProxyForm.GIVEN,
      urlPortAsGiven: true,
      compactSequences: true,
      metadata: METADATA,
    };
    const proxy = new ClusterProxyConfig(new ProxySettings(settings), vsphere().network);
    const expected = synth((chart) => new cdk8s.TkgProxyAddons(chart, 'Tkg', { proxy, ...options }));
    expect(await registered(new adapter.TkgProxyAddons('tkg', { proxy: outputDefinition(settings, vsphere().network), ...options }))).toEqual(expected);
    expect(JSON.stringify(expected)).toContain('.corp.example,10.0.0.0/8,vcenter.lab.example');
    expect(plainTextLeaks(recorded, password())).toEqual([]);
  });

  test('ProxyAddonResourceSet with the kapp-controller config and injected env', async () => {
    const options = {
      clusterName: 'wl',
      namespace: 'default',
      name: 'kapp-controller',
      kappControllerNamespace: 'kapp-controller',
      injectProxyEnv: {},
      metadata: METADATA,
      manifests: [{
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: 'kapp-controller', namespace: 'kapp-controller' },
        spec: { selector: {}, template: { spec: { containers: [{ name: 'kapp-controller', image: 'kapp:1' }] } } },
      }],
    };
    const expected = synth((chart) => new cdk8s.ProxyAddonResourceSet(chart, 'Crs', { proxy: vsphere(), ...options }));
    expect(await registered(new adapter.ProxyAddonResourceSet('crs', { proxy: vsphereDefinition(), ...options }))).toEqual(expected);
    expectLabelled(expected);
    expect(plainTextLeaks(recorded, password())).toEqual([]);
  });

  test.each([GiantSwarmValuesLayout.LIBRARY, GiantSwarmValuesLayout.OPERATOR])('GiantSwarmProxyApps, %s values', async (valuesLayout) => {
    const options = {
      clusterName: 'mycluster',
      namespace: 'org-acme',
      apps: [{ name: 'mycluster-cert-manager', appName: 'cert-manager-app', catalog: 'default', version: '3.7.0', targetNamespace: 'kube-system' }],
      metadata: METADATA,
      valuesLayout,
    };
    const expected = synth((chart) => new cdk8s.GiantSwarmProxyApps(chart, 'Gs', { proxy: vsphere(), ...options }));
    expect(await registered(new adapter.GiantSwarmProxyApps('gs', { proxy: vsphereDefinition(), ...options }))).toEqual(expected);
    expectLabelled(expected);
    expect(plainTextLeaks(recorded, password())).toEqual([]);
  });

  test('ProxyEnvSources', async () => {
    const options = { namespaces: ['team-a', 'team-b'], metadata: METADATA };
    const expected = synth((chart) => new cdk8s.ProxyEnvSources(chart, 'Env', { proxy: proxyConfig(), ...options }));
    expect(await registered(new adapter.ProxyEnvSources('env', { proxy: outputDefinition(WORKLOAD_SETTINGS, NETWORK), ...options }))).toEqual(expected);
    expectLabelled(expected);
    expect(plainTextLeaks(recorded, PASSWORD)).toEqual([]);
  });

  test('InClusterForwardProxy with BasicAuth', async () => {
    const network = { pods: ['fd00:10::/56'], services: ['fd00:20::/108'], machineCidrs: ['fd00:1::/64'] };
    const props = { network, image: 'tinyproxy:1.11', connectPorts: [443, 8443], metadata: METADATA };
    const expected = synth((chart) => new cdk8s.InClusterForwardProxy(chart, 'Egress', { ...props, network: new ClusterNetwork(network), basicAuth: { username: 'pods', password: 'egress.pw-1' } }));
    const forward = new adapter.InClusterForwardProxy('egress', { ...props, basicAuth: { username: 'pods', password: pulumi.secret('egress.pw-1') } });
    expect(await registered(forward)).toEqual(expected);
    expectLabelled(expected);
    expect(plainTextLeaks(recorded, 'egress.pw-1')).toEqual([]);
  });
});
