/**
 * The Cluster API components under Pulumi mocks: every registration recorded with its type, name,
 * parent and inputs (in wire form, so a secret nested in a spec is seen exactly where it is).
 */
import * as pulumi from '@pulumi/pulumi';
import { plainTextLeaks, sortObjects } from './fixtures';
import { proxiedClusterObjects } from '../../src/core/capi/proxied-cluster';
import { ClusterProxyConfig } from '../../src/core/cluster-proxy-config';
import { addProxyToClusterClass } from '../../src/core/clusterclass/add-proxy-to-cluster-class';
import { ClusterClassProxy } from '../../src/core/clusterclass/cluster-class-proxy';
import { addProxyToTopologyCluster } from '../../src/core/clusterclass/topology-cluster';
import { ClusterNetwork } from '../../src/core/network';
import { ProxySettings } from '../../src/core/proxy-settings';
import {
  ClusterClassProxyPatches, ProxiedCluster, ProxiedKubeadmConfigTemplate, ProxiedKubeadmControlPlane, ProxyDefinition, TopologyClusterProxy,
} from '../../src/pulumi';
import { CA_1, clusterOptions, infraRef, NASTY_PASSWORD, networkProps, settingsProps } from '../core/capi/fixtures';
import { classFixture } from '../core/clusterclass/class-fixtures';
import {
  descendantsOf, findRecorded, installMocks, isSecretOutput, kubeObjectOf, outcome, recorded, resetRecorded, secretPaths, settle, stopCallbacks,
} from '../support/pulumi-mocks';

const TOKEN = 'cluster-proxy-constructs:index:';
const CAPI = 'cluster.x-k8s.io/v1beta2';

beforeAll(installMocks);
beforeEach(resetRecorded);
afterAll(stopCallbacks);

/** Cluster args with the password as a (secret) Output, as `config.requireSecret` gives it. */
function outputPasswordArgs(overrides: object = {}) {
  return { ...clusterOptions(), settings: { ...settingsProps(), password: pulumi.secret(NASTY_PASSWORD) }, ...overrides };
}

describe('ProxiedCluster', () => {
  test('registers the core objects as typed and custom resources, with stable names, under the right parents', async () => {
    const cluster = new ProxiedCluster('demo', clusterOptions());
    await settle(cluster);
    const component = findRecorded(`${TOKEN}ProxiedCluster`, 'demo');
    expect(component.custom).toBe(false);
    expect(component.inputs).toEqual({}); // args never reach the component's state

    const byName = (type: string, name: string) => findRecorded(type, name);
    const secret = byName('kubernetes:core/v1:Secret', 'demo-clusters-demo-systemd-proxy');
    const capiCluster = byName(`kubernetes:${CAPI}:Cluster`, 'demo-clusters-demo');
    const md0 = byName(`kubernetes:${CAPI}:MachineDeployment`, 'demo-clusters-demo-md-0');
    const kcpComponent = byName(`${TOKEN}ProxiedKubeadmControlPlane`, 'demo');
    const kcp = byName('kubernetes:controlplane.cluster.x-k8s.io/v1beta2:KubeadmControlPlane', 'demo-clusters-demo-control-plane');
    const templateComponent = byName(`${TOKEN}ProxiedKubeadmConfigTemplate`, 'demo-md-1');
    const template = byName('kubernetes:bootstrap.cluster.x-k8s.io/v1beta2:KubeadmConfigTemplate', 'demo-clusters-demo-md-1');

    // parents: the Secret, Cluster and MachineDeployments belong to the cluster, the kubeadm objects to their components
    for (const child of [secret, capiCluster, md0, kcpComponent, templateComponent]) {
      expect(child.parent).toBe(component.urn);
    }
    expect(kcp.parent).toBe(kcpComponent.urn);
    expect(template.parent).toBe(templateComponent.urn);
    expect(kcpComponent.urn).toBe(`urn:pulumi:stack::project::${TOKEN}ProxiedCluster$${TOKEN}ProxiedKubeadmControlPlane::demo`);
    expect(kcp.urn).toBe(`urn:pulumi:stack::project::${TOKEN}ProxiedKubeadmControlPlane`
      + '$kubernetes:controlplane.cluster.x-k8s.io/v1beta2:KubeadmControlPlane::demo-clusters-demo-control-plane');

    // the objects are the core's, field for field (secret values unwrapped)
    const registered = descendantsOf(component).filter((r) => r.custom).map(kubeObjectOf);
    expect(sortObjects(registered)).toEqual(sortObjects(JSON.parse(JSON.stringify(proxiedClusterObjects(clusterOptions()).objects))));
    expect(cluster.resources.length).toBe(7);
    expect(cluster.clusterName).toBe('demo');
    expect(cluster.workerPools.map((pool) => pool.name)).toEqual(['md-0', 'md-1']);
  });

  test('credentials only ever reach the engine as secrets: Secret values, and names that hash them', async () => {
    const cluster = new ProxiedCluster('demo', clusterOptions());
    await settle(cluster);
    expect(plainTextLeaks(recorded, NASTY_PASSWORD)).toEqual([]);
    expect(secretPaths(findRecorded('kubernetes:core/v1:Secret', 'demo-clusters-demo-systemd-proxy').wire)).toEqual(['/metadata/name', '/stringData']);
    expect(secretPaths(findRecorded(`kubernetes:${CAPI}:MachineDeployment`, 'demo-clusters-demo-md-0').wire))
      .toEqual(['/spec/template/spec/bootstrap/configRef/name']);
    expect(secretPaths(findRecorded(`kubernetes:${CAPI}:Cluster`, 'demo-clusters-demo').wire)).toEqual([]);
    const template = findRecorded('kubernetes:bootstrap.cluster.x-k8s.io/v1beta2:KubeadmConfigTemplate', 'demo-clusters-demo-md-0');
    expect(secretPaths(template.wire)).toEqual(['/metadata/name', ...[0, 1, 2].map((i) => `/spec/template/spec/files/${i}/contentFrom/secret/name`)]);
    // the rest of the template is plain: paths, owners, commands
    expect(template.wire.spec.template.spec.files[0].path).toBe('/etc/systemd/system/containerd.service.d/http-proxy.conf');
    expect(template.wire.spec.template.spec.preKubeadmCommands[0]).toContain('systemctl daemon-reload');
  });

  test('a password Output gives the same objects once resolved, and never appears in plain text', async () => {
    const cluster = new ProxiedCluster('demo', outputPasswordArgs());
    await settle(cluster);
    expect(cluster.proxy.known).toBeUndefined();
    const component = findRecorded(`${TOKEN}ProxiedCluster`, 'demo');
    const registered = descendantsOf(component).filter((r) => r.custom).map(kubeObjectOf);
    expect(sortObjects(registered)).toEqual(sortObjects(JSON.parse(JSON.stringify(proxiedClusterObjects(clusterOptions()).objects))));
    expect(plainTextLeaks(recorded, NASTY_PASSWORD)).toEqual([]);
    // the template name is an output: secret, and the core's
    const templateName = cluster.workerPools[0].configTemplate.name;
    expect(await isSecretOutput(templateName)).toBe(true);
    expect(await outcome(templateName)).toBe(proxiedClusterObjects(clusterOptions()).workerPools[0].configTemplate.metadata.name);
    expect(await outcome(cluster.workerPools[0].configTemplate.configRef)).toEqual({
      apiGroup: 'bootstrap.cluster.x-k8s.io', kind: 'KubeadmConfigTemplate', name: await outcome(templateName),
    });
    expect(cluster.controlPlane.name).toBe('demo-control-plane');
  });

  test('delivery inline with a password Output: the file contents are secret, the rest of the spec is not', async () => {
    const cluster = new ProxiedCluster('demo', outputPasswordArgs({ delivery: 'inline', workerPools: [] }));
    await settle(cluster);
    expect(cluster.secret).toBeUndefined();
    expect(recorded.filter((r) => r.type === 'kubernetes:core/v1:Secret')).toEqual([]);
    const kcp = findRecorded('kubernetes:controlplane.cluster.x-k8s.io/v1beta2:KubeadmControlPlane', 'demo-clusters-demo-control-plane');
    expect(secretPaths(kcp.wire)).toEqual([0, 1, 2].map((i) => `/spec/kubeadmConfigSpec/files/${i}/content`));
    expect(plainTextLeaks(recorded, NASTY_PASSWORD)).toEqual([]);
    expect(kubeObjectOf(kcp)).toEqual(JSON.parse(JSON.stringify(proxiedClusterObjects({ ...clusterOptions(), delivery: 'inline', workerPools: [] }).controlPlane)));
  });

  test('without credentials nothing is secret and everything is known at program time', async () => {
    const options = clusterOptions({ settings: settingsProps({ username: undefined, password: undefined, trustedCaPem: CA_1 }), osFamily: 'ubuntu' });
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
    expect((error({ settings: { ...settingsProps(), httpProxy: 'socks5://p:1080' } }) as Error).message).toMatch(/^httpProxy: has unsupported scheme/);
    expect((error({ proxy: new ProxyDefinition({ settings: settingsProps(), network: networkProps() }) }) as Error).message)
      .toBe('proxy: give either proxy, or settings and network (with proxyOptions), not both');
  });

  test('a computed ClusterProxyConfig works as the proxy, like in cdk8s', async () => {
    const proxy = new ClusterProxyConfig(new ProxySettings(settingsProps()), new ClusterNetwork(networkProps()));
    const cluster = new ProxiedCluster('cfg', { ...clusterOptions(), settings: undefined, network: undefined, proxy });
    await settle(cluster);
    const registered = descendantsOf(findRecorded(`${TOKEN}ProxiedCluster`, 'cfg')).filter((r) => r.custom).map(kubeObjectOf);
    expect(sortObjects(registered)).toEqual(sortObjects(JSON.parse(JSON.stringify(proxiedClusterObjects(clusterOptions()).objects))));
  });
});

describe('ProxiedKubeadmControlPlane and ProxiedKubeadmConfigTemplate on their own', () => {
  test('share one definition; only one of them registers the node-proxy Secret', async () => {
    const proxy = new ProxyDefinition({ settings: { ...settingsProps(), password: pulumi.secret(NASTY_PASSWORD) }, network: networkProps() });
    const controlPlane = new ProxiedKubeadmControlPlane('cp', {
      proxy, clusterName: 'demo', namespace: 'clusters', version: 'v1.31.2', machineTemplate: infraRef('DockerMachineTemplate', 'cp'),
    });
    const template = new ProxiedKubeadmConfigTemplate('workers', { proxy, clusterName: 'demo', namespace: 'clusters', name: 'demo-workers', nodeProxySecret: false });
    await settle(template);
    expect(controlPlane.secret).toBeDefined();
    expect(template.secret).toBeUndefined();
    expect(recorded.filter((r) => r.type === 'kubernetes:core/v1:Secret').map((r) => r.name)).toEqual(['cp-clusters-demo-systemd-proxy']);
    expect(findRecorded('kubernetes:bootstrap.cluster.x-k8s.io/v1beta2:KubeadmConfigTemplate', 'workers-clusters-demo-workers').parent)
      .toBe(findRecorded(`${TOKEN}ProxiedKubeadmConfigTemplate`, 'workers').urn);
    // both read the same Secret
    const secretName = await outcome(controlPlane.secret!.metadata.name);
    const kcp = kubeObjectOf(findRecorded('kubernetes:controlplane.cluster.x-k8s.io/v1beta2:KubeadmControlPlane', 'cp-clusters-demo-control-plane'));
    const kct = kubeObjectOf(findRecorded('kubernetes:bootstrap.cluster.x-k8s.io/v1beta2:KubeadmConfigTemplate', 'workers-clusters-demo-workers'));
    expect(kcp.spec.kubeadmConfigSpec.files[0].contentFrom.secret.name).toBe(secretName);
    expect(kct.spec.template.spec.files[0].contentFrom.secret.name).toBe(secretName);
    expect(await outcome(template.name)).toBe(kct.metadata.name);
    expect(plainTextLeaks(recorded, NASTY_PASSWORD)).toEqual([]);
  });

  test('capiVersion v1beta1 gives v1beta1 references', async () => {
    const template = new ProxiedKubeadmConfigTemplate('old', { settings: settingsProps(), network: networkProps(), clusterName: 'demo', name: 'demo-md', capiVersion: 'v1beta1' });
    await settle(template);
    expect(await outcome(template.configRef)).toMatchObject({ apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta1', kind: 'KubeadmConfigTemplate' });
    expect(recorded.some((r) => r.type === 'kubernetes:bootstrap.cluster.x-k8s.io/v1beta1:KubeadmConfigTemplate')).toBe(true);
  });
});

describe('ClusterClass: ClusterClassProxyPatches and TopologyClusterProxy', () => {
  const classProps = { settings: settingsProps({ trustedCaPem: CA_1 }), osFamily: 'ubuntu' as const, provider: 'vsphere' as const, providerEndpoints: ['vcenter.corp.example'] };
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
    const fixture = classFixture('v1beta2');
    const patches = new ClusterClassProxyPatches('proxied', {
      ...classProps,
      settings: { ...classProps.settings, password: pulumi.secret(NASTY_PASSWORD) },
      clusterClass: fixture.clusterClass,
      templates: fixture.templates,
    });
    const demo = new TopologyClusterProxy('demo', { cluster: topologyCluster('demo'), classProxy: patches });
    await settle(patches);
    await settle(demo);
    const core = addProxyToClusterClass(fixture.clusterClass, fixture.templates, classProps);
    const coreCluster = addProxyToTopologyCluster(topologyCluster('demo'), core.classProxy);

    const registeredClass = findRecorded('kubernetes:cluster.x-k8s.io/v1beta2:ClusterClass', 'proxied-clusters-proxied');
    expect(registeredClass.parent).toBe(findRecorded(`${TOKEN}ClusterClassProxyPatches`, 'proxied').urn);
    expect(kubeObjectOf(registeredClass)).toEqual(JSON.parse(JSON.stringify(core.clusterClass)));
    expect(secretPaths(registeredClass.wire)).toEqual([]); // the class holds no credential-dependent value

    const registeredCluster = findRecorded(`kubernetes:${CAPI}:Cluster`, 'demo-clusters-demo');
    expect(kubeObjectOf(registeredCluster)).toEqual(JSON.parse(JSON.stringify(coreCluster.cluster)));
    expect(secretPaths(registeredCluster.wire)).toEqual(['/spec/topology/variables/0/value/secretName']);
    expect(kubeObjectOf(findRecorded('kubernetes:core/v1:Secret', 'demo-clusters-demo-systemd-proxy'))).toEqual(coreCluster.secret);
    expect(await outcome(demo.variable)).toEqual(coreCluster.variable);
    expect(plainTextLeaks(recorded, NASTY_PASSWORD)).toEqual([]);
  });

  test('a core ClusterClassProxy works as the class proxy; errors name the prop', async () => {
    const classProxy = new ClusterClassProxy(classProps);
    const other = new TopologyClusterProxy('other', { cluster: topologyCluster('other'), classProxy, machineCidrs: ['10.20.0.0/24'] });
    await settle(other);
    expect(kubeObjectOf(findRecorded(`kubernetes:${CAPI}:Cluster`, 'other-clusters-other')))
      .toEqual(JSON.parse(JSON.stringify(addProxyToTopologyCluster(topologyCluster('other'), classProxy, { machineCidrs: ['10.20.0.0/24'] }).cluster)));
    expect(() => new TopologyClusterProxy('bad', { cluster: { ...topologyCluster('bad'), spec: {} }, classProxy })).toThrow(/^cluster\.spec\.topology: is missing/);
  });
});
