/**
 * The Cluster API components under Pulumi mocks: every registration recorded with its type, name,
 * parent and inputs (in wire form, so a secret nested in a spec is seen exactly where it is).
 */
import * as pulumi from '@pulumi/pulumi';
import { CapiVersion } from '../../src/core/capi/capi-version';
import { nodeProxySecretProduct, proxiedClusterProduct } from '../../src/core/capi/products';
import { proxiedClusterObjects } from '../../src/core/capi/proxied-cluster';
import { addProxyToClusterClass } from '../../src/core/clusterclass/add-proxy-to-cluster-class';
import { ClusterClassProxy } from '../../src/core/clusterclass/cluster-class-proxy';
import { addProxyToTopologyCluster } from '../../src/core/clusterclass/topology-cluster';
import { CredentialSource } from '../../src/core/credentials/credential-source';
import { ClusterProxyConfig } from '../../src/core/definition/cluster-proxy-config';
import { ProxySettings } from '../../src/core/definition/proxy-settings';
import { OsFamily } from '../../src/core/node-files/os-family';
import { Provider } from '../../src/core/primitives/providers';
import { finishProduct } from '../../src/core/product/credentials';
import {
  ClusterClassProxyPatches, ProxiedCluster, ProxiedKubeadmConfigTemplate, ProxiedKubeadmControlPlane, ProxyDefinition, TopologyClusterProxy,
} from '../../src/pulumi';
import { CA_1, clusterOptions, demoNetwork, demoSettings, infraRef, NASTY_PASSWORD, networkProps, settingsProps } from '../support/fixtures/cluster';
import { classFixture } from '../support/fixtures/cluster-class';
import { plainTextLeaks, sortObjects } from '../support/fixtures/credential-leaks';
import {
  childrenOf, descendantsOf, findRecorded, installMocks, kubeObjectOf, outcome, recorded, resetRecorded, secretPaths, settle, stopCallbacks,
} from '../support/pulumi-mocks';

const TOKEN = 'cluster-proxy-constructs:index:';
const CAPI = 'cluster.x-k8s.io/v1beta2';

// A new program run per test: shared objects are registered once per run.
beforeEach(() => installMocks());
beforeEach(resetRecorded);
afterAll(stopCallbacks);

/** Cluster args with the password as a (secret) Output, as `config.requireSecret` gives it. */
function outputPasswordArgs(overrides: object = {}) {
  return { ...clusterOptions(), settings: { ...settingsProps(), password: pulumi.secret(NASTY_PASSWORD) }, ...overrides };
}

describe('ProxiedCluster', () => {
  test('registers the core product as typed and custom resources named <component>-<object id>, children of the component', async () => {
    const cluster = new ProxiedCluster('demo', clusterOptions());
    await settle(cluster);
    const component = findRecorded(`${TOKEN}ProxiedCluster`, 'demo');
    expect(component.custom).toBe(false);
    expect(component.inputs).toEqual({}); // args never reach the component's state
    const product = proxiedClusterProduct(clusterOptions());
    // in product order (registrations reach the engine in any order)
    const children = product.objects.map((object) => childrenOf(component).find((r) => r.name === `demo-${object.id}`)!);
    expect(children.map((r) => r.type)).toEqual([
      'kubernetes:core/v1:Secret', `kubernetes:${CAPI}:Cluster`, 'kubernetes:controlplane.cluster.x-k8s.io/v1beta2:KubeadmControlPlane',
      'kubernetes:bootstrap.cluster.x-k8s.io/v1beta2:KubeadmConfigTemplate', `kubernetes:${CAPI}:MachineDeployment`,
      'kubernetes:bootstrap.cluster.x-k8s.io/v1beta2:KubeadmConfigTemplate', `kubernetes:${CAPI}:MachineDeployment`,
    ]);
    expect(childrenOf(component)).toHaveLength(7);
    // the objects are the core's, field for field (secret values unwrapped)
    expect(children.map(kubeObjectOf)).toEqual(JSON.parse(JSON.stringify(product.objects.map((object) => object.manifest))));
    expect(cluster.resources.length).toBe(7);
    expect(cluster.clusterName).toBe('demo');
    expect(cluster.workerPools.map((pool) => pool.name)).toEqual(['md-0', 'md-1']);
  });

  test('only Secret data is secret: names, references and specs preview in clear', async () => {
    const cluster = new ProxiedCluster('demo', outputPasswordArgs());
    await settle(cluster);
    expect(plainTextLeaks(recorded, NASTY_PASSWORD)).toEqual([]);
    for (const r of descendantsOf(findRecorded(`${TOKEN}ProxiedCluster`, 'demo'))) {
      expect([r.name, secretPaths(r.wire)]).toEqual([r.name, r.type === 'kubernetes:core/v1:Secret' ? ['/stringData'] : []]);
    }
    const template = findRecorded('kubernetes:bootstrap.cluster.x-k8s.io/v1beta2:KubeadmConfigTemplate', 'demo-ConfigTemplate-md-0');
    expect(template.wire.spec.template.spec.files[0].contentFrom.secret.name).toMatch(/^demo-systemd-proxy-[0-9a-f]{10}$/);
  });

  test('a password Output gives the core objects once resolved', async () => {
    const cluster = new ProxiedCluster('demo', outputPasswordArgs());
    await settle(cluster);
    expect(cluster.proxy.hasOutputCredentials).toBe(true);
    const registered = descendantsOf(findRecorded(`${TOKEN}ProxiedCluster`, 'demo')).filter((r) => r.custom).map(kubeObjectOf);
    expect(sortObjects(registered)).toEqual(sortObjects(JSON.parse(JSON.stringify(proxiedClusterObjects(clusterOptions()).objects))));
  });

  test('without credentials nothing is secret', async () => {
    const options = clusterOptions({
      settings: demoSettings({ username: undefined, password: undefined, trustedCaPem: CA_1 }),
      osFamily: OsFamily.UBUNTU,
    });
    const cluster = new ProxiedCluster('anon', options);
    await settle(cluster);
    expect(cluster.secret).toBeUndefined();
    expect(recorded.flatMap((r) => secretPaths(r.wire))).toEqual([]);
    const registered = descendantsOf(findRecorded(`${TOKEN}ProxiedCluster`, 'anon')).filter((r) => r.custom).map(kubeObjectOf);
    expect(sortObjects(registered)).toEqual(sortObjects(JSON.parse(JSON.stringify(proxiedClusterObjects(options).objects))));
  });

  test('invalid args fail at construction with a ResourceError that keeps the core message naming the prop', () => {
    const error = (args: object) => {
      try {
        new ProxiedCluster('bad', { ...clusterOptions(), ...args });
      } catch (e) {
        return e;
      }
      throw new Error('expected an error');
    };
    const duplicate = error({ workerPools: [{ name: 'md-0', machineTemplate: infraRef('M', 'a') }, { name: 'md-0', machineTemplate: infraRef('M', 'b') }] });
    expect(duplicate).toBeInstanceOf(pulumi.ResourceError);
    expect((duplicate as Error).message).toBe('workerPools[1].name: is already the name of workerPools[0] (got "md-0")');
    expect((error({ osFamily: 'windows' }) as Error).message).toMatch(/^osFamily: is not a supported OS family/);
    expect((error({ settings: { ...settingsProps(), httpProxy: 'socks5://p:1080' } }) as Error).message).toMatch(/^settings.httpProxy: has unsupported scheme/);
    expect((error({ proxy: new ProxyDefinition({ settings: demoSettings(), network: networkProps() }) }) as Error).message)
      .toBe('proxy: give either proxy, or settings and network (with proxyOptions), not both');
  });

  test('a computed ClusterProxyConfig works as the proxy, like in cdk8s', async () => {
    const proxy = new ClusterProxyConfig(demoSettings(), demoNetwork());
    const cluster = new ProxiedCluster('cfg', { ...clusterOptions(), settings: undefined, network: undefined, proxy });
    await settle(cluster);
    const registered = descendantsOf(findRecorded(`${TOKEN}ProxiedCluster`, 'cfg')).filter((r) => r.custom).map(kubeObjectOf);
    expect(sortObjects(registered)).toEqual(sortObjects(JSON.parse(JSON.stringify(proxiedClusterObjects(clusterOptions()).objects))));
  });
});

describe('ProxiedKubeadmControlPlane and ProxiedKubeadmConfigTemplate on their own', () => {
  test('share one definition; the first registers the node-proxy Secret, the second reuses it', async () => {
    const proxy = new ProxyDefinition({ settings: { ...settingsProps(), password: pulumi.secret(NASTY_PASSWORD) }, network: networkProps() });
    const controlPlane = new ProxiedKubeadmControlPlane('cp', {
      proxy, clusterName: 'demo', namespace: 'clusters', version: 'v1.31.2', machineTemplate: infraRef('DockerMachineTemplate', 'cp'),
    });
    const template = new ProxiedKubeadmConfigTemplate('workers', { proxy, clusterName: 'demo', namespace: 'clusters', name: 'demo-workers' });
    await settle(template);
    expect(template.secret).toBe(controlPlane.secret);
    expect(recorded.filter((r) => r.type === 'kubernetes:core/v1:Secret').map((r) => r.name)).toEqual(['cp-NodeProxySecret']);
    const kct = kubeObjectOf(findRecorded('kubernetes:bootstrap.cluster.x-k8s.io/v1beta2:KubeadmConfigTemplate', 'workers-ConfigTemplate'));
    expect(kct.spec.template.spec.files[0].contentFrom.secret.name).toBe(await outcome(controlPlane.secret!.metadata.name));
    expect(template.name).toBe(kct.metadata.name);
    expect(controlPlane.name).toBe('demo-control-plane');
    expect(plainTextLeaks(recorded, NASTY_PASSWORD)).toEqual([]);
  });

  test('two different proxies for one cluster are refused: they would need one Secret with two contents', async () => {
    const args = { clusterName: 'demo', namespace: 'clusters', name: 'demo-workers' };
    new ProxiedKubeadmConfigTemplate('a', { ...args, settings: demoSettings(), network: networkProps() });
    expect(() => new ProxiedKubeadmConfigTemplate('b', { ...args, settings: demoSettings({ password: 'other-password' }), network: networkProps() }))
      .toThrow(/^clusterName: two different proxy configurations both need the Secret "demo-systemd-proxy-[0-9a-f]+" in namespace "clusters" with different content/);
    await settle();
  });

  test('capiVersion v1beta1 gives v1beta1 references', async () => {
    const template = new ProxiedKubeadmConfigTemplate('old', { settings: demoSettings(), network: networkProps(), clusterName: 'demo', name: 'demo-md', capiVersion: CapiVersion.V1BETA1 });
    await settle(template);
    expect(template.configRef).toMatchObject({ apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta1', kind: 'KubeadmConfigTemplate', name: template.name });
    expect(recorded.some((r) => r.type === 'kubernetes:bootstrap.cluster.x-k8s.io/v1beta1:KubeadmConfigTemplate')).toBe(true);
  });
});

describe('ClusterClass: ClusterClassProxyPatches and TopologyClusterProxy', () => {
  const classSettings = settingsProps({ trustedCaPem: CA_1 });
  const classProps = { settings: new ProxySettings(classSettings), osFamily: OsFamily.UBUNTU, provider: Provider.VSPHERE, providerEndpoints: ['vcenter.corp.example'] };
  const topologyCluster = (name: string) => ({
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'Cluster',
    metadata: { name, namespace: 'clusters' },
    spec: {
      clusterNetwork: { pods: { cidrBlocks: ['192.168.0.0/16'] }, services: { cidrBlocks: ['172.20.0.0/16'] }, serviceDomain: 'cluster.local' },
      topology: { classRef: { name: 'proxied' }, version: 'v1.31.2' },
    },
  });

  test('the class with the proxy variable and patches, and a Cluster whose variable names its Secret, as secret outputs', async () => {
    const fixture = classFixture(CapiVersion.V1BETA2);
    const patches = new ClusterClassProxyPatches('proxied', {
      ...classProps,
      settings: { ...classSettings, password: pulumi.secret(NASTY_PASSWORD) },
      clusterClass: fixture.clusterClass,
      templates: fixture.templates,
    });
    const demo = new TopologyClusterProxy('demo', { cluster: topologyCluster('demo'), classProxy: patches });
    await settle(patches);
    await settle(demo);
    const core = addProxyToClusterClass(fixture.clusterClass, fixture.templates, classProps);
    const coreCluster = addProxyToTopologyCluster(topologyCluster('demo'), core.classProxy);

    const registeredClass = findRecorded('kubernetes:cluster.x-k8s.io/v1beta2:ClusterClass', 'proxied-ClusterClass');
    expect(registeredClass.parent).toBe(findRecorded(`${TOKEN}ClusterClassProxyPatches`, 'proxied').urn);
    expect(kubeObjectOf(registeredClass)).toEqual(JSON.parse(JSON.stringify(core.clusterClass)));
    expect(secretPaths(registeredClass.wire)).toEqual([]);

    const registeredCluster = findRecorded(`kubernetes:${CAPI}:Cluster`, 'demo-Cluster');
    expect(kubeObjectOf(registeredCluster)).toEqual(JSON.parse(JSON.stringify(coreCluster.cluster)));
    expect(secretPaths(registeredCluster.wire)).toEqual([]);
    expect(kubeObjectOf(findRecorded('kubernetes:core/v1:Secret', 'demo-NodeProxySecret'))).toEqual(coreCluster.secret);
    expect(demo.variable).toEqual(coreCluster.variable);
    expect(plainTextLeaks(recorded, NASTY_PASSWORD)).toEqual([]);
  });

  test('with credentials from External Secrets, the Cluster\'s node-proxy Secret is the ExternalSecret writing it, as in cdk8s', async () => {
    const source = CredentialSource.externalSecret({ storeName: 'vault', username: { key: 'proxy', property: 'username' }, password: { key: 'proxy', property: 'password' } });
    const { username: _username, password: _password, ...anonymous } = classSettings;
    const classProxy = new ClusterClassProxy({ ...classProps, settings: new ProxySettings({ ...anonymous, credentialSource: source }) });
    const demo = new TopologyClusterProxy('demo', { cluster: topologyCluster('demo'), classProxy });
    await settle(demo);
    const core = addProxyToTopologyCluster(topologyCluster('demo'), classProxy);
    const [expected] = finishProduct(nodeProxySecretProduct(core.secret), core.proxy).objects;
    expect(expected.manifest.kind).toBe('ExternalSecret');
    expect(kubeObjectOf(findRecorded('kubernetes:external-secrets.io/v1:ExternalSecret', 'demo-NodeProxySecret'))).toEqual(JSON.parse(JSON.stringify(expected.manifest)));
    expect(recorded.filter((registration) => registration.type === 'kubernetes:core/v1:Secret')).toEqual([]);
  });

  test('a core ClusterClassProxy works as the class proxy; errors name the prop', async () => {
    const classProxy = new ClusterClassProxy(classProps);
    const other = new TopologyClusterProxy('other', { cluster: topologyCluster('other'), classProxy, machineCidrs: ['10.20.0.0/24'] });
    await settle(other);
    expect(kubeObjectOf(findRecorded(`kubernetes:${CAPI}:Cluster`, 'other-Cluster')))
      .toEqual(JSON.parse(JSON.stringify(addProxyToTopologyCluster(topologyCluster('other'), classProxy, { machineCidrs: ['10.20.0.0/24'] }).cluster)));
    expect(() => new TopologyClusterProxy('bad', { cluster: { ...topologyCluster('bad'), spec: {} }, classProxy })).toThrow(/^cluster\.spec\.topology: is missing/);
  });
});
