/**
 * Known-good arguments for the callables of the public surface, so a hostile value in one place
 * reaches the code behind the others. Derived from parameter names wherever a name says what it
 * takes (`proxy`, `scope`, `url`...); the table by callable only gives the props of what takes
 * props. A callable in neither still gets hostile calls: each unknown parameter is `undefined`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { ApiObject, App, Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { CLASS_PROPS, CLUSTER, INJECTION_OPTIONS, NETWORK, proxy, SETTINGS } from './definitions';
import { cloneData } from './hostile-values';
import type { Callable } from './public-surface';
import { ClusterNetwork, Products, ProxySettings } from '../../src';
import { CapiVersion } from '../../src/core/capi/capi-version';
import { ClusterClassProxy } from '../../src/core/clusterclass/cluster-class-proxy';
import { ProxyInjection } from '../../src/core/workloads/proxy-injection';
import { ProxyDefinition } from '../../src/pulumi/proxy-definition';
import { kubeadmControlPlaneManifest, podManifest, topologyClusterManifest } from '../cdk8s/every-construct';
import { classFixture } from '../support/fixtures/cluster-class';
import { sealingKeyPair } from '../support/sealing-certificate';

let certificate: string | undefined;
/** A Sealed Secrets certificate (made once: openssl takes a while). */
function sealingCertificate(): string {
  certificate ??= sealingKeyPair().certificate;
  return certificate;
}

/** How a callable's first arguments are owned. */
export type Framework = 'cdk8s' | 'pulumi' | 'none';

/** cdk8s constructs take (scope, id, props); Pulumi components (name, args, opts). */
export function frameworkOf(callable: Callable): Framework {
  const owner = callable.kind === 'constructor' ? callable.owner : undefined;
  if (owner?.prototype instanceof Construct) {
    return 'cdk8s';
  }
  if (owner?.prototype instanceof pulumi.ComponentResource) {
    return 'pulumi';
  }
  return 'none';
}

/**
 * Arguments the framework reads before the library can (a construct's scope and id go to
 * `Construct`'s constructor, a component's name and options to Pulumi's): kept valid, since what
 * the framework says about them is not the library's to change.
 */
const FRAMEWORK_PARAMETERS: Record<Framework, readonly string[]> = { cdk8s: ['scope', 'id'], pulumi: ['name', 'opts'], none: [] };

let serial = 0;
/** A name no other call used: construct ids and Pulumi names must be unique. */
export function uniqueName(prefix = 'surface'): string {
  serial += 1;
  return `${prefix}-${serial}`;
}

/** A chart in a fresh app. */
export function freshChart(): Chart {
  return new Chart(new App(), 'surface');
}

/** A chart holding a Deployment and a KubeadmControlPlane, for functions that change a chart's objects. */
function chartWithObjects(): Chart {
  const chart = freshChart();
  new ApiObject(chart, 'Workload', cloneData(podManifest));
  new ApiObject(chart, 'Kcp', cloneData(kubeadmControlPlaneManifest));
  return chart;
}

const classProxy = (): ClusterClassProxy => new ClusterClassProxy(cloneData(CLASS_PROPS) as never);
const fixture = () => classFixture(CapiVersion.V1BETA2);
const tkg = { clusterName: 'wl', namespace: 'default', vsphere: { server: 'vc.corp.example', datacenter: '/dc0' } };
const resourceSet = { clusterName: 'wl', namespace: 'default', name: 'app', manifests: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'y' } }] };
const giantSwarm = { clusterName: 'mycluster', namespace: 'org-acme', apps: [{ name: 'mc-cm', appName: 'cert-manager-app', catalog: 'default', version: '3.7.0', targetNamespace: 'kube-system' }] };
const forward = { network: { pods: ['10.0.0.0/16'], services: ['10.96.0.0/12'] }, image: 'tinyproxy:1.11', port: 8888, connectPorts: [443] };
const controlPlane = { clusterName: 'demo', namespace: 'clusters', version: 'v1.31.2', osFamily: 'ubuntu', replicas: 3, machineTemplate: CLUSTER.controlPlane.machineTemplate };
const template = { osFamily: 'ubuntu', clusterName: 'demo', name: 'demo-workers' };
const withProxy = <T extends object>(props: T) => () => ({ proxy: proxy(), ...cloneData(props) });
const data = <T>(value: T) => () => cloneData(value);

/** Known-good values by parameter name, wherever the name appears. */
const BY_PARAMETER: Record<string, () => unknown> = {
  scope: freshChart,
  id: () => uniqueName('Subject'),
  name: () => uniqueName(),
  // each component gets a provider of its own: objects are unique per provider, and every call emits the same names
  opts: () => ({ providers: { kubernetes: new k8s.Provider(uniqueName('k8s'), {}) } }),
  proxy,
  config: proxy,
  settings: () => new ProxySettings(SETTINGS),
  network: () => new ClusterNetwork(NETWORK as never),
  facts: () => new ClusterNetwork(NETWORK as never),
  field: () => 'field',
  value: () => '.corp.example,10.0.0.0/8',
  noProxy: () => '.corp.example,10.0.0.0/8',
  url: () => 'https://api.corp.example',
  raw: () => 'http://proxy.corp.example:3128',
  variables: () => ({ NO_PROXY: '.corp.example', no_proxy: '.corp.example' }),
  environment: () => ({ ...proxy().environment }),
  manifest: data(podManifest),
  manifests: () => [cloneData(podManifest)],
  objects: () => [cloneData(kubeadmControlPlaneManifest)],
  current: () => [cloneData(kubeadmControlPlaneManifest)],
  podSpec: data(podManifest.spec.template.spec),
  specPath: () => ['spec', 'template', 'spec'],
  injection: () => new ProxyInjection(proxy()),
  type: () => 'kubernetes:apps/v1:Deployment',
  username: () => 'svc',
  password: () => 'pw',
  encodedPassword: () => 'pw',
  namespace: () => 'apps',
  clusterName: () => 'demo',
  format: () => 'env',
  clusterClass: () => fixture().clusterClass,
  templates: () => fixture().templates,
  cluster: data(topologyClusterManifest()),
  classProxy,
  fn: () => (value: unknown) => value,
  source: proxy,
  product: () => Products.kyvernoProxyPolicy(proxy()),
  resources: () => [],
};

type Arguments = Record<string, () => unknown>;

/**
 * Known-good props by callable (`Class` for a constructor, `Class.member` for a static,
 * `Class#member` for a method, the name of a function), where the parameter's name alone cannot
 * say; `pulumi:`/`cdk8s:` in front for one adapter's class of a name both have.
 */
const BY_CALLABLE: Record<string, Arguments> = {
  'ProxySettings': { props: data(SETTINGS) },
  'ClusterNetwork': { props: data(NETWORK) },
  'ClusterProxyConfig': { options: data({ additionalNoProxy: ['registry.internal'], noProxyDefaults: { loopback: true } }) },
  'NoProxy': { props: data({ installationWide: ['.corp.example'] }) },
  'NoProxy.forCluster': { props: data({ installationWide: ['.corp.example'] }) },
  'ProxyUrl': { parts: data({ scheme: 'http', host: 'proxy.corp.example', port: 3128 }) },
  'ProxyUrl.parse': { field: () => 'httpProxy' },
  'ProxySettings#redactedUrl': { url: () => new ProxySettings(SETTINGS).httpProxy },
  'CredentialSource.externalSecret': { props: data({ storeName: 'vault', username: { key: 'proxy', property: 'username' }, password: { key: 'proxy', property: 'password' } }) },
  'CredentialSource.sealedSecret': { props: () => ({ certificatePem: sealingCertificate() }) },
  'NoProxyEngine.explainVariables': { variables: data({ upperCase: '.corp.example', lowerCase: '.corp.example' }) },
  'ProxyInjection': { options: data(INJECTION_OPTIONS) },
  'ClusterClassProxy': { props: data(CLASS_PROPS) },
  'Products.proxiedCluster': { options: data({ ...CLUSTER, settings: SETTINGS }) },
  'Products.kubeadmControlPlane': { props: withProxy(controlPlane) },
  'Products.kubeadmConfigTemplate': { props: withProxy(template) },
  'Products.kyvernoProxyPolicy': { options: data({ excludeNamespaces: ['kube-system'], credentialNamespaces: ['apps'] }) },
  'Products.proxyAdmissionPolicy': { options: data({ namespaces: ['apps'], bindingName: 'inject-proxy', failurePolicy: 'Ignore' }) },
  'Products.tkgProxyAddons': { options: data(tkg) },
  'Products.addonResourceSet': { options: data(resourceSet) },
  'Products.giantSwarmProxyApps': { options: data(giantSwarm) },
  'Products.proxyEnvSources': { options: data({ namespaces: ['a', 'b'], name: 'proxy-env', kind: 'Secret' }) },
  'Products.inClusterForwardProxy': { props: data(forward) },
  'Products.addProxyToObjects': { options: data({ clusterName: 'demo', osFamily: 'ubuntu' }) },
  'Products.addProxyToClusterClass': { props: data(CLASS_PROPS) },
  'Products.addProxyToTopologyCluster': { options: data({ machineCidrs: ['10.20.0.0/24'] }) },
  'Migration.importProxy': { source: () => 'tkg', text: () => 'TKG_HTTP_PROXY_ENABLED: true\nTKG_HTTP_PROXY: "http://proxy.corp.example:3128"\nTKG_NO_PROXY: ".corp.example"\n' },
  'Migration.nodeChanges': { options: data({ clusterName: 'demo' }) },
  'Migration.compatibilityProfile': { name: () => 'tkg' },
  'Migration.adoptionFileOptions': { profile: () => 'giantswarm' },
  'AddonValues.helmPreset': { preset: () => 'cert-manager' },
  'AddonValues.helmCustomPreset': { preset: data({ envLists: [['extraEnv']] }) },
  'AddonValues.helmProxyBlock': { options: data({ allowCredentialsInValues: true }) },
  'AddonValues.helmEnv': { path: () => ['env'] },
  'AddonValues.kustomizeComponent': { options: data({ targets: [{ name: 'source-controller', containers: [{ name: 'manager' }] }] }) },
  'AddonValues.kustomizeJson6902Patches': { targets: data([{ name: 'source-controller', containers: [{ name: 'manager', index: 0 }] }]) },
  'FleetApp': { props: () => ({ outdir: mkdtempSync(path.join(tmpdir(), 'cluster-proxy-surface-')) }) },
  'proxyInjectionOf': { proxy: () => ProxyDefinition.of(proxy()), options: data(INJECTION_OPTIONS) },
  'proxyDefinitionOf': { value: proxy },
  'ProductResources#get': { id: () => Products.kyvernoProxyPolicy(proxy()).objects[0].id },
  'ProductResources#find': { id: () => Products.kyvernoProxyPolicy(proxy()).objects[0].id },
  'ProductResources#manifest': { id: () => Products.kyvernoProxyPolicy(proxy()).objects[0].id },
  'injectProxyEnv': { scope: chartWithObjects, options: data(INJECTION_OPTIONS) },
  'attachProxyInjection': { scope: () => new ApiObject(freshChart(), 'Workload', cloneData(podManifest)) },
  'addProxyToKubeadmObjects': { scope: chartWithObjects, props: withProxy({ clusterName: 'demo', osFamily: 'ubuntu' }) },
  'KyvernoProxyPolicy': {
    props: withProxy({ excludeNamespaces: ['kube-system'], credentialNamespaces: ['apps'] }),
    args: withProxy({ excludeNamespaces: ['kube-system'], credentialNamespaces: ['apps'] }),
  },
  'ProxyAdmissionPolicy': {
    props: withProxy({ namespaces: ['apps'], bindingName: 'inject-proxy', failurePolicy: 'Ignore' }),
    args: withProxy({ namespaces: ['apps'], bindingName: 'inject-proxy', failurePolicy: 'Ignore' }),
  },
  'resolveProxySource': { args: data({ settings: SETTINGS, network: NETWORK }) },
  'ProxiedCluster': { props: data({ ...CLUSTER, settings: SETTINGS }), args: data({ ...CLUSTER, settings: SETTINGS }) },
  'ProxiedKubeadmControlPlane': { props: withProxy(controlPlane), args: withProxy(controlPlane) },
  'ProxiedKubeadmConfigTemplate': { props: withProxy(template), args: withProxy(template) },
  'TkgProxyAddons': { props: withProxy(tkg), args: withProxy(tkg) },
  'ProxyAddonResourceSet': { props: withProxy(resourceSet), args: withProxy(resourceSet) },
  'GiantSwarmProxyApps': { props: withProxy(giantSwarm), args: withProxy(giantSwarm) },
  'ProxyEnvSources': { props: withProxy({ namespaces: ['a', 'b'], name: 'proxy-env' }), args: withProxy({ namespaces: ['a'], name: 'proxy-env' }) },
  'InClusterForwardProxy': { props: data(forward), args: data(forward) },
  'cdk8s:ClusterClassProxyPatches': {
    props: () => {
      const { clusterClass, templates } = fixture();
      return { ...cloneData(CLASS_PROPS), clusterClass: new ApiObject(freshChart(), 'Class', clusterClass), templates };
    },
  },
  'pulumi:ClusterClassProxyPatches': { args: () => ({ ...cloneData(CLASS_PROPS), ...fixture() }) },
  'cdk8s:TopologyClusterProxy': {
    props: () => ({ classProxy: classProxy(), cluster: new ApiObject(freshChart(), 'Cluster', topologyClusterManifest()), machineCidrs: ['10.20.0.0/24'] }),
  },
  'pulumi:TopologyClusterProxy': {
    args: () => ({ classProxy: classProxy(), cluster: topologyClusterManifest(), machineCidrs: ['10.20.0.0/24'] }),
  },
  'cdk8s:ProxyAwareDeployment': { props: withProxy({ containers: [{ name: 'main', image: 'app:1' }], proxyOptions: INJECTION_OPTIONS }) },
  'pulumi:ProxyAwareDeployment': { args: withProxy({ metadata: { name: 'api', namespace: 'apps' }, spec: podManifest.spec, proxyOptions: INJECTION_OPTIONS }) },
  'ProxyEnvSupport': { args: withProxy({ namespaces: ['apps'], ...INJECTION_OPTIONS }) },
  'ProxyDefinition': { args: data({ settings: SETTINGS, network: NETWORK, proxyOptions: { additionalNoProxy: ['registry.internal'] } }) },
  'proxyEnvTransform': { options: data(INJECTION_OPTIONS) },
  'registerProxyEnvTransform': { options: data(INJECTION_OPTIONS) },
  'injectProxyEnvIntoProps': { props: data({ metadata: podManifest.metadata, spec: podManifest.spec }) },
  'kindOfType': { type: () => 'kubernetes:apps/v1:Deployment' },
};

/**
 * Props a framework validates, not the library (cdk8s-plus's own DeploymentProps): kept valid, as
 * the framework's arguments are (their nesting depth is still checked, by the suite's reshaping).
 */
const FRAMEWORK_PROPS: Record<string, Record<string, readonly string[]>> = {
  'cdk8s:ProxyAwareDeployment': { props: ['containers'] },
};

/** The table key of a callable, as {@link BY_CALLABLE} spells it. */
function tableKey(callable: Callable): string {
  const owner = callable.owner?.name ?? '';
  switch (callable.kind) {
    case 'constructor':
      return owner;
    case 'static':
      return `${owner}.${callable.name}`;
    case 'method':
    case 'getter':
      return `${owner}#${callable.name}`;
    default:
      return callable.name;
  }
}

function adapterOf(callable: Callable): string {
  return /\/pulumi$/.test(callable.entry) ? 'pulumi' : /\/cdk8s/.test(callable.entry) ? 'cdk8s' : '';
}

/** Base arguments of a callable: a factory per parameter, which parameters the framework owns, and whether the table knows it. */
export interface BaseArguments {
  /** Fresh known-good arguments (the library may change or freeze what it is given). */
  readonly make: () => unknown[];
  /** Positions the framework reads first (kept valid). */
  readonly frameworkOwned: readonly number[];
  /** Whether every parameter has a known-good value (from its name or the table). */
  readonly complete: boolean;
  /** Keys of the props at a position that the framework validates (kept valid). */
  readonly frameworkKeys: ReadonlyMap<number, readonly string[]>;
}

export function baseArguments(callable: Callable): BaseArguments {
  const framework = frameworkOf(callable);
  const key = tableKey(callable);
  const own = { ...BY_CALLABLE[key], ...BY_CALLABLE[`${adapterOf(callable)}:${key}`] };
  const factories = callable.params.map((parameter) => own[parameter] ?? BY_PARAMETER[parameter]);
  const frameworkProps = FRAMEWORK_PROPS[`${adapterOf(callable)}:${key}`] ?? {};
  return {
    frameworkKeys: new Map(callable.params.flatMap((parameter, index) =>
      (frameworkProps[parameter] ? [[index, frameworkProps[parameter]] as const] : []))),
    make: () => factories.map((factory) => factory?.()),
    frameworkOwned: callable.params.flatMap((parameter, index) => (FRAMEWORK_PARAMETERS[framework].includes(parameter) ? [index] : [])),
    complete: factories.every((factory) => factory !== undefined),
  };
}

/** Known-good arguments of the constructor of `owner`, to make an instance whose methods are called. */
export function instanceOf(owner: Function, constructor: Callable): object {
  const args = baseArguments(constructor).make();
  return Reflect.construct(owner, args);
}
