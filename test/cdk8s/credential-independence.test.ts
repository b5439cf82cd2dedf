/**
 * Credentials have one home: the data of the Secrets that carry them. For every construct, the
 * same definition synthesized with two different passwords and user names (same credentials
 * revision) gives byte-identical non-Secret objects, and Secrets that differ only in their data.
 * A name, hash or annotation computed from a password would be an offline guessing oracle for
 * anyone who can read the Cluster API objects.
 */
import { ApiObject, Chart, Testing, Yaml } from 'cdk8s';
import * as cdk8s from '../../src/cdk8s';
import { ProxyAwareDeployment } from '../../src/cdk8s/plus';
import { ClusterProxyConfig } from '../../src/core/cluster-proxy-config';
import { ClusterNetwork } from '../../src/core/network';
import { ProxySettings } from '../../src/core/proxy-settings';
import { CA_1, infraRef, networkProps } from '../core/capi/fixtures';
import { classFixture } from '../core/clusterclass/class-fixtures';

const CREDENTIALS = [
  { username: 'svc-k8s', password: 'first p@ss:w/rd%41 "q" $(x)' },
  { username: 'CORP\\other', password: 'second-entirely-different-secret' },
] as const;

type Credentials = (typeof CREDENTIALS)[number];

function proxyWith(credentials: Credentials, network = new ClusterNetwork(networkProps())): ClusterProxyConfig {
  return new ClusterProxyConfig(new ProxySettings({
    httpProxy: 'http://proxy.corp.example:3128',
    httpsProxy: 'http://proxy.corp.example:3128',
    noProxy: ['.corp.example'],
    trustedCaPem: CA_1,
    credentialsRevision: '7',
    ...credentials,
  }), network);
}

const podManifest = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'api', namespace: 'apps' },
  spec: { selector: { matchLabels: { app: 'api' } }, template: { metadata: { labels: { app: 'api' } }, spec: { containers: [{ name: 'main', image: 'app:1' }] } } },
};

/** Every construct of the cdk8s adapter, built from one proxy. */
const PRODUCTS: Array<[string, (chart: Chart, proxy: ClusterProxyConfig, credentials: Credentials) => void]> = [
  ['ProxiedCluster', (chart, proxy) => new cdk8s.ProxiedCluster(chart, 'Demo', {
    proxy,
    name: 'demo',
    namespace: 'clusters',
    version: 'v1.31.2',
    osFamily: 'ubuntu',
    infrastructureRef: infraRef('DockerCluster', 'demo'),
    controlPlane: { machineTemplate: infraRef('DockerMachineTemplate', 'cp'), replicas: 3 },
    workerPools: [{ name: 'md-0', machineTemplate: infraRef('DockerMachineTemplate', 'w'), replicas: 2 }],
  })],
  ['ProxiedKubeadmControlPlane and ProxiedKubeadmConfigTemplate', (chart, proxy) => {
    new cdk8s.ProxiedKubeadmControlPlane(chart, 'Cp', { proxy, osFamily: 'ubuntu', clusterName: 'demo', version: 'v1.31.2', machineTemplate: infraRef('DockerMachineTemplate', 'cp') });
    new cdk8s.ProxiedKubeadmConfigTemplate(chart, 'Workers', { proxy, osFamily: 'ubuntu', clusterName: 'demo', name: 'demo-workers' });
  }],
  ['addProxyToKubeadmObjects', (chart, proxy) => {
    new ApiObject(chart, 'Kcp', {
      apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
      kind: 'KubeadmControlPlane',
      metadata: { name: 'demo-control-plane' },
      spec: { version: 'v1.31.2', machineTemplate: { spec: { infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'DockerMachineTemplate', name: 'cp' } } }, kubeadmConfigSpec: {} },
    } as any);
    cdk8s.addProxyToKubeadmObjects(chart, { proxy, clusterName: 'demo', osFamily: 'ubuntu' });
  }],
  ['ClusterClassProxyPatches and TopologyClusterProxy', (chart, proxy) => {
    const fixture = classFixture('v1beta2');
    const patches = new cdk8s.ClusterClassProxyPatches(chart, 'Proxy', {
      settings: proxy.settings, osFamily: 'ubuntu', clusterClass: fixture.clusterClass, templates: fixture.templates,
    } as any);
    new cdk8s.TopologyClusterProxy(chart, 'Demo', {
      classProxy: patches,
      cluster: {
        apiVersion: 'cluster.x-k8s.io/v1beta2',
        kind: 'Cluster',
        metadata: { name: 'demo', namespace: 'clusters' },
        spec: {
          clusterNetwork: { pods: { cidrBlocks: ['192.168.0.0/16'] }, services: { cidrBlocks: ['172.20.0.0/16'] } },
          topology: { classRef: { name: 'proxied' }, version: 'v1.31.2' },
        },
      },
    });
  }],
  ['KyvernoProxyPolicy', (chart, proxy) => new cdk8s.KyvernoProxyPolicy(chart, 'Kyverno', { proxy })],
  ['ProxyAdmissionPolicy', (chart, proxy) => new cdk8s.ProxyAdmissionPolicy(chart, 'Map', { proxy, namespaces: ['apps'] })],
  ['injectProxyEnv', (chart, proxy) => {
    new ApiObject(chart, 'Api', structuredClone(podManifest));
    cdk8s.injectProxyEnv(chart, proxy);
  }],
  ['ProxyAwareDeployment', (chart, proxy) => new ProxyAwareDeployment(chart, 'Cm', {
    proxy,
    metadata: { name: 'cert-manager', namespace: 'apps' },
    containers: [{ name: 'controller', image: 'cert-manager:1' }],
  })],
  ['TkgProxyAddons', (chart, proxy) => new cdk8s.TkgProxyAddons(chart, 'Tkg', {
    proxy: new ClusterProxyConfig(proxy.settings, new ClusterNetwork(networkProps({ provider: 'vsphere', providerEndpoints: ['vcenter.lab.example'] }))),
    clusterName: 'wl',
    namespace: 'default',
    vsphereCpiValues: { server: 'vcenter.lab.example', datacenter: '/dc0' },
  })],
  ['ProxyAddonResourceSet', (chart, proxy) => new cdk8s.ProxyAddonResourceSet(chart, 'Crs', {
    proxy,
    clusterName: 'wl',
    namespace: 'default',
    name: 'addons',
    injectProxyEnv: {},
    manifests: [structuredClone(podManifest)],
  })],
  ['GiantSwarmProxyApps', (chart, proxy) => new cdk8s.GiantSwarmProxyApps(chart, 'Gs', {
    proxy,
    clusterName: 'mycluster',
    namespace: 'org-acme',
    osFamily: 'ubuntu',
    apps: [{ name: 'mycluster-cert-manager', appName: 'cert-manager-app', catalog: 'default', version: '3.7.0', targetNamespace: 'kube-system' }],
  } as any)],
  ['ProxyEnvSources', (chart, proxy) => new cdk8s.ProxyEnvSources(chart, 'Env', { proxy, namespaces: ['team-a'] })],
  ['InClusterForwardProxy (its own BasicAuth credentials)', (chart, _proxy, credentials) => new cdk8s.InClusterForwardProxy(chart, 'Egress', {
    network: { pods: ['fd00:10::/56'], services: ['fd00:20::/108'] },
    image: 'tinyproxy:1.11',
    basicAuth: { username: 'pods', password: credentials.password.replace(/[^-A-Za-z0-9._]/g, '.') },
    credentialsRevision: '7',
  } as any)],
];

/** The synthesized objects split into non-Secret YAML and Secrets without their data. */
function synthesized(build: (chart: Chart, proxy: ClusterProxyConfig, credentials: Credentials) => void, credentials: Credentials) {
  const chart = Testing.chart();
  build(chart, proxyWith(credentials), credentials);
  const manifests = Testing.synth(chart);
  const isSecret = (manifest: any) => manifest.kind === 'Secret' || manifest.kind === 'SealedSecret';
  return {
    nonSecret: Yaml.stringify(...manifests.filter((manifest) => !isSecret(manifest))),
    secretMetadata: manifests.filter(isSecret).map(({ data, stringData, ...rest }) => rest),
    secretData: manifests.filter(isSecret).map(({ data, stringData }) => ({ data, stringData })),
  };
}

describe.each(PRODUCTS)('%s: nothing outside Secret data depends on the credentials', (_, build) => {
  let first: ReturnType<typeof synthesized>;
  let second: ReturnType<typeof synthesized>;
  beforeAll(() => {
    [first, second] = CREDENTIALS.map((credentials) => synthesized(build, credentials));
  });

  test('non-Secret objects are byte-identical for two passwords with the same revision', () => {
    expect(second.nonSecret).toBe(first.nonSecret);
    for (const { password, username } of CREDENTIALS) {
      expect(first.nonSecret).not.toContain(password);
      expect(first.nonSecret).not.toContain(encodeURIComponent(password));
      expect(first.nonSecret).not.toContain(Buffer.from(password).toString('base64'));
      expect(first.nonSecret).not.toContain(encodeURIComponent(username));
    }
  });

  test('Secrets keep their names, labels and annotations; only their data differs', () => {
    expect(second.secretMetadata).toEqual(first.secretMetadata);
  });
});

test('the credentials do reach the Secrets (the test above compares something)', () => {
  const [first, second] = CREDENTIALS.map((credentials) => synthesized(PRODUCTS[0][1], credentials));
  expect(first.secretData).not.toEqual(second.secretData);
});
