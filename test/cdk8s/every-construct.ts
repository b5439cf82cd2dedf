/**
 * Every construct of the cdk8s adapter, each built from one proxy: the cases the credential tests
 * run over.
 */
import { ApiObject, Chart } from 'cdk8s';
import * as cdk8s from '../../src/cdk8s';
import { ProxyAwareDeployment } from '../../src/cdk8s/plus';
import { GiantSwarmValuesLayout } from '../../src/core/addons/giantswarm-values-layout';
import { CapiVersion } from '../../src/core/capi/capi-version';
import { ClusterProxyConfig } from '../../src/core/definition/cluster-proxy-config';
import { CompatibilityProfileName } from '../../src/core/node-files/compatibility-profile-name';
import { VariableStyle } from '../../src/core/node-files/options';
import { OsFamily } from '../../src/core/node-files/os-family';
import { Provider } from '../../src/core/primitives/providers';
import { infraRef, demoNetwork } from '../support/fixtures/cluster';
import { classFixture } from '../support/fixtures/cluster-class';

/** Builds one construct (or a few that belong together) into `chart`; `basicAuthPassword` for the forward proxy's own credentials. */
export type ConstructCase = [string, (chart: Chart, proxy: ClusterProxyConfig, basicAuthPassword: string) => void];

/** A Deployment, as a user's manifest. */
export const podManifest = {
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'api', namespace: 'apps' },
  spec: { selector: { matchLabels: { app: 'api' } }, template: { metadata: { labels: { app: 'api' } }, spec: { containers: [{ name: 'main', image: 'app:1' }] } } },
};

/** A KubeadmControlPlane as a user writes it, without the proxy. */
export const kubeadmControlPlaneManifest = {
  apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
  kind: 'KubeadmControlPlane',
  metadata: { name: 'demo-control-plane' },
  spec: { version: 'v1.31.2', machineTemplate: { spec: { infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'DockerMachineTemplate', name: 'cp' } } }, kubeadmConfigSpec: {} },
};

/** A topology Cluster of the fixture class (`proxied`), without the proxy variable. */
export function topologyClusterManifest(name = 'demo') {
  return {
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'Cluster',
    metadata: { name, namespace: 'clusters' },
    spec: {
      clusterNetwork: { pods: { cidrBlocks: ['192.168.0.0/16'] }, services: { cidrBlocks: ['172.20.0.0/16'] } },
      topology: { classRef: { name: 'proxied' }, version: 'v1.31.2' },
    },
  };
}

export const EVERY_CONSTRUCT: ConstructCase[] = [
  ['ProxiedCluster', (chart, proxy) => new cdk8s.ProxiedCluster(chart, 'Demo', {
    proxy,
    name: 'demo',
    namespace: 'clusters',
    version: 'v1.31.2',
    osFamily: OsFamily.UBUNTU,
    infrastructureRef: infraRef('DockerCluster', 'demo'),
    controlPlane: { machineTemplate: infraRef('DockerMachineTemplate', 'cp'), replicas: 3 },
    workerPools: [{ name: 'md-0', machineTemplate: infraRef('DockerMachineTemplate', 'w'), replicas: 2 }],
  })],
  ['ProxiedKubeadmControlPlane and ProxiedKubeadmConfigTemplate', (chart, proxy) => {
    new cdk8s.ProxiedKubeadmControlPlane(chart, 'Cp', { proxy, osFamily: OsFamily.UBUNTU, clusterName: 'demo', version: 'v1.31.2', machineTemplate: infraRef('DockerMachineTemplate', 'cp') });
    new cdk8s.ProxiedKubeadmConfigTemplate(chart, 'Workers', { proxy, osFamily: OsFamily.UBUNTU, clusterName: 'demo', name: 'demo-workers' });
  }],
  ['addProxyToKubeadmObjects', (chart, proxy) => {
    new ApiObject(chart, 'Kcp', structuredClone(kubeadmControlPlaneManifest));
    cdk8s.addProxyToKubeadmObjects(chart, { proxy, clusterName: 'demo', osFamily: OsFamily.UBUNTU });
  }],
  ['ClusterClassProxyPatches and TopologyClusterProxy', (chart, proxy) => {
    const fixture = classFixture(CapiVersion.V1BETA2);
    const patches = new cdk8s.ClusterClassProxyPatches(chart, 'Proxy', {
      settings: proxy.settings, osFamily: OsFamily.UBUNTU, clusterClass: new ApiObject(chart, 'Class', fixture.clusterClass as never), templates: fixture.templates,
    });
    new cdk8s.TopologyClusterProxy(chart, 'Demo', {
      classProxy: patches.classProxy,
      cluster: new ApiObject(chart, 'Cluster', topologyClusterManifest() as never),
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
    proxy: new ClusterProxyConfig(proxy.settings, demoNetwork({ provider: Provider.VSPHERE, providerEndpoints: ['vcenter.lab.example'] })),
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
    apps: [{ name: 'mycluster-cert-manager', appName: 'cert-manager-app', catalog: 'default', version: '3.7.0', targetNamespace: 'kube-system' }],
  } as any)],
  ['GiantSwarmProxyApps (cluster-apps-operator\'s layout)', (chart, proxy) => new cdk8s.GiantSwarmProxyApps(chart, 'Gs', {
    proxy,
    clusterName: 'adopted',
    namespace: 'org-acme',
    valuesLayout: GiantSwarmValuesLayout.OPERATOR,
    files: { profile: CompatibilityProfileName.GIANTSWARM, dropInUnits: ['containerd'], dropInVariables: VariableStyle.PAIRS },
  })],
  ['ProxyEnvSources', (chart, proxy) => new cdk8s.ProxyEnvSources(chart, 'Env', { proxy, namespaces: ['team-a'] })],
  ['InClusterForwardProxy (its own BasicAuth credentials)', (chart, _proxy, basicAuthPassword) => new cdk8s.InClusterForwardProxy(chart, 'Egress', {
    network: { pods: ['fd00:10::/56'], services: ['fd00:20::/108'] },
    image: 'tinyproxy:1.11',
    basicAuth: { username: 'pods', password: basicAuthPassword.replace(/[^-A-Za-z0-9._]/g, '.') },
    credentialsRevision: '7',
  } as any)],
];

