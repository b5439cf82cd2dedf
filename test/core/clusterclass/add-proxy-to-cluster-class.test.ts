import { buildPatchEngine, runPatchEngine } from './go-patch-engine';
import { CapiVersion } from '../../../src/core/capi/capi-version';
import { addProxyToKubeadmConfigSpec } from '../../../src/core/capi/kubeadm-config-spec';
import { addProxyToClusterClass, PROXY_PATCH_PREFIX } from '../../../src/core/clusterclass/add-proxy-to-cluster-class';
import { ClusterClassProxy, ClusterClassProxyProps } from '../../../src/core/clusterclass/cluster-class-proxy';
import { MAX_TEMPLATE_LENGTH } from '../../../src/core/clusterclass/go-template';
import { addProxyToTopologyCluster, TopologyClusterProxyOptions } from '../../../src/core/clusterclass/topology-cluster';
import { nodeProxyBootstrap } from '../../../src/core/node-files/bootstrap';
import { BootstrapFormat } from '../../../src/core/node-files/bootstrap-format';
import { CompatibilityProfileName } from '../../../src/core/node-files/compatibility-profile-name';
import { NodeProxyDelivery } from '../../../src/core/node-files/delivery';
import { VariableStyle, NodeFileEncoding, NodeProxyPosition, KubeadmEnvironment } from '../../../src/core/node-files/options';
import { OsFamily } from '../../../src/core/node-files/os-family';
import { ProxyConfigError } from '../../../src/core/primitives/errors';
import { KubeObject } from '../../../src/core/primitives/k8s/manifest';
import { canonicalJson } from '../../../src/core/primitives/k8s/names';
import { Provider } from '../../../src/core/primitives/providers';
import { CA_1, CA_2, NASTY_PASSWORD, demoSettings } from '../../support/fixtures/cluster';
import { classFixture, ClassFixture, fixtureItems } from '../../support/fixtures/cluster-class';
import { expectValidObjects } from '../../support/schemas';

/**
 * End to end: the ClusterClass patches, run over the class's templates by Go with Cluster API's
 * libraries and rules, give every node exactly the KubeadmConfigSpec `ProxiedCluster` gives it
 * (`addProxyToKubeadmConfigSpec` with `nodeProxyBootstrap` of the same definition).
 */

type Json = Record<string, any>;

function topologyCluster(version: 'v1beta1' | 'v1beta2', network?: Json): KubeObject {
  return {
    apiVersion: `cluster.x-k8s.io/${version}`,
    kind: 'Cluster',
    metadata: { name: 'demo', namespace: 'clusters' },
    spec: {
      ...(network ? { clusterNetwork: network } : {}),
      topology: {
        ...(version === 'v1beta1' ? { class: 'proxied' } : { classRef: { name: 'proxied' } }),
        version: 'v1.31.2',
        controlPlane: { replicas: 3 },
        workers: { machineDeployments: [{ class: 'default-worker', name: 'md-0', replicas: 2 }, { class: 'gpu-worker', name: 'md-1' }] },
        variables: [{ name: 'imageRepository', value: 'registry.corp.example' }],
      },
    },
  };
}

/** The spec each item's template ends with, as ProxiedCluster would write it for the same definition. */
function expectedSpecs(
  fixture: ClassFixture, classProxy: ClusterClassProxy, cluster: KubeObject, delivery: NodeProxyDelivery,
  proxyOptions: TopologyClusterProxyOptions,
): Json[] {
  const { proxy } = addProxyToTopologyCluster(cluster, classProxy, { ...proxyOptions, delivery });
  const bootstrap = nodeProxyBootstrap(proxy, { ...classProxy.nodeOptions('demo', 'clusters'), delivery });
  return fixtureItems(fixture).map((item) => {
    const object = item.object as Json;
    const isControlPlane = object.kind === 'KubeadmControlPlaneTemplate';
    const spec = isControlPlane ? object.spec.template.spec.kubeadmConfigSpec : object.spec.template.spec;
    const withProxy = addProxyToKubeadmConfigSpec(spec, bootstrap);
    // The user's own patch (after the proxy's) appends its file.
    return isControlPlane ? { ...withProxy, files: [...(withProxy.files as unknown[]), { path: '/etc/repo', content: 'registry.corp.example' }] } : withProxy;
  });
}

function patchedSpecs(fixture: ClassFixture, clusterClass: KubeObject, cluster: KubeObject): Json[] {
  const topology = (cluster as Json).spec.topology;
  const network = (cluster as Json).spec.clusterNetwork;
  const variables: Json = {
    builtin: {
      cluster: {
        name: 'demo',
        namespace: 'clusters',
        network: {
          pods: network.pods.cidrBlocks,
          services: network.services.cidrBlocks,
          ...(network.serviceDomain ? { serviceDomain: network.serviceDomain } : {}),
        },
      },
    },
  };
  for (const variable of topology.variables) {
    variables[variable.name] = variable.value;
  }
  const [result] = runPatchEngine({ clusters: [{ patches: (clusterClass as Json).spec.patches, variables, items: fixtureItems(fixture) }] }).clusters;
  if (result.error) {
    throw new Error(result.error);
  }
  return result.items!.map((object: any) => (object.kind === 'KubeadmControlPlaneTemplate' ? object.spec.template.spec.kubeadmConfigSpec : object.spec.template.spec));
}

beforeAll(() => {
  buildPatchEngine();
}, 240_000);

describe.each([CapiVersion.V1BETA2, CapiVersion.V1BETA1] as const)('ClusterClass %s', (version) => {
  interface Scenario {
    name: string;
    props: ClusterClassProxyProps;
    delivery: NodeProxyDelivery;
    ignition?: boolean;
    options?: TopologyClusterProxyOptions;
  }
  const scenarios: Scenario[] = [
    {
      name: 'inline (no credentials): files rendered by the templates, NO_PROXY from the builtins',
      props: { settings: demoSettings({ username: undefined, password: undefined, trustedCaPem: CA_1 + CA_2 }), osFamily: OsFamily.UBUNTU, provider: Provider.VSPHERE, providerEndpoints: ['vcenter.corp.example'] },
      delivery: NodeProxyDelivery.INLINE,
      options: { machineCidrs: ['10.20.0.0/24', '172.30.0.0/24'], additionalNoProxy: ['git.example'] },
    },
    {
      name: 'secret (credentials): files contentFrom the per-cluster Secret',
      props: { settings: demoSettings({ trustedCaPem: CA_1 }), osFamily: OsFamily.RHEL, files: { permissions: '0600' } },
      delivery: NodeProxyDelivery.SECRET,
    },
    {
      name: 'layout: extra unit, upper-only drop-ins, upper-then-lower env file, base64, placed last, no owner',
      props: {
        settings: demoSettings({ username: undefined, password: undefined, trustedCaPem: CA_1 }),
        osFamily: OsFamily.UBUNTU,
        files: { dropInUnits: ['containerd', 'kubelet', 'teleport'], dropInVariables: VariableStyle.UPPER_ONLY, exportVariables: VariableStyle.UPPER_THEN_LOWER, encoding: NodeFileEncoding.BASE64, position: NodeProxyPosition.LAST, omitOwner: true },
      },
      delivery: NodeProxyDelivery.INLINE,
    },
    {
      name: 'profile giantswarm with credentials (secret; the class keeps hashed Secret names)',
      props: { settings: demoSettings(), files: { profile: CompatibilityProfileName.GIANTSWARM } },
      delivery: NodeProxyDelivery.SECRET,
    },
    {
      name: 'profile tkg-clusterclass without credentials (the class keeps the env file)',
      props: { settings: demoSettings({ username: undefined, password: undefined }), files: { profile: CompatibilityProfileName.TKG_CLUSTERCLASS } },
      delivery: NodeProxyDelivery.INLINE,
    },
    {
      name: 'Flatcar (Ignition), inline',
      props: {
        settings: demoSettings({ username: undefined, password: undefined }),
        bootstrapFormat: BootstrapFormat.IGNITION,
        containerdWaitSeconds: 30,
      },
      delivery: NodeProxyDelivery.INLINE,
      ignition: true,
    },
  ];

  test.each(scenarios)('$name: nodes get exactly what ProxiedCluster gives them, and everything validates', (scenario) => {
    const fixture = classFixture(version, { ignition: scenario.ignition });
    const { clusterClass, classProxy, patches } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, scenario.props);
    const network = { pods: { cidrBlocks: ['192.168.0.0/16'] }, services: { cidrBlocks: ['172.20.0.0/16'] }, serviceDomain: 'cluster.local' };
    const result = addProxyToTopologyCluster(topologyCluster(version, network), classProxy, { ...scenario.options, delivery: scenario.delivery });
    expect(result.variable.value).toEqual(scenario.delivery === NodeProxyDelivery.SECRET
      ? { secretName: result.secret!.metadata.name }
      : expect.objectContaining({ http: 'http://proxy.corp.example:3128', https: 'http://proxy.corp.example:3128' }));

    const got = patchedSpecs(fixture, clusterClass, result.cluster);
    const expected = expectedSpecs(fixture, classProxy, result.cluster, scenario.delivery, scenario.options ?? {});
    expect(got.map(canonicalJson)).toEqual(expected.map(canonicalJson));

    // The library's patches come first; the user's own patch stays, after them.
    expect(((clusterClass as Json).spec.patches as Json[]).map((patch) => patch.name))
      .toEqual([`${PROXY_PATCH_PREFIX}inline`, `${PROXY_PATCH_PREFIX}secret`, 'image-repository']);
    for (const patch of patches as Json[]) {
      for (const definition of patch.definitions) {
        for (const jsonPatch of definition.jsonPatches) {
          expect((jsonPatch.valueFrom?.template ?? '').length).toBeLessThanOrEqual(MAX_TEMPLATE_LENGTH);
        }
      }
    }
    expectValidObjects([clusterClass, ...fixture.templates, result.cluster, ...(result.secret ? [result.secret] : [])]);
  });

  test('the same class serves both kinds of Cluster; applying twice changes nothing', () => {
    const fixture = classFixture(version);
    const props = { settings: demoSettings({ trustedCaPem: CA_1 }), osFamily: OsFamily.UBUNTU };
    const once = addProxyToClusterClass(fixture.clusterClass, fixture.templates, props);
    const twice = addProxyToClusterClass(once.clusterClass, fixture.templates, once.classProxy);
    expect(canonicalJson(twice.clusterClass)).toBe(canonicalJson(once.clusterClass));
    expect(fixture.clusterClass).toEqual(classFixture(version).clusterClass); // input untouched
    const inlineProps = {
      settings: demoSettings({ username: undefined, password: undefined, trustedCaPem: CA_1 }),
      osFamily: OsFamily.UBUNTU,
    };
    const inlineClass = addProxyToClusterClass(fixture.clusterClass, fixture.templates, inlineProps);
    // A credential-free cluster on the same class definition uses the inline patch.
    const network = { pods: { cidrBlocks: ['192.168.0.0/16'] }, services: { cidrBlocks: ['172.20.0.0/16'] } };
    const inlineCluster = addProxyToTopologyCluster(topologyCluster(version, network), inlineClass.classProxy);
    expect(inlineCluster.secret).toBeUndefined();
    const got = patchedSpecs(fixture, inlineClass.clusterClass, inlineCluster.cluster);
    expect(got.map(canonicalJson)).toEqual(
      expectedSpecs(fixture, inlineClass.classProxy, inlineCluster.cluster, NodeProxyDelivery.INLINE, {}).map(canonicalJson));
  });
});

test('a v1beta1 KubeadmConfigTemplate without template.spec gets the spec created first', () => {
  const fixture = classFixture(CapiVersion.V1BETA1);
  const bare = fixture.templates.find((template) => template.metadata.name === 'md-0') as Json;
  bare.spec = { template: {} };
  const props = { settings: demoSettings({ username: undefined, password: undefined }) };
  const { clusterClass, classProxy } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, props);
  const network = { pods: { cidrBlocks: ['192.168.0.0/16'] }, services: { cidrBlocks: ['172.20.0.0/16'] } };
  const { cluster, proxy } = addProxyToTopologyCluster(topologyCluster('v1beta1', network), classProxy);
  const got = patchedSpecs(fixture, clusterClass, cluster);
  const bootstrap = nodeProxyBootstrap(proxy, { ...classProxy.nodeOptions('demo', 'clusters'), delivery: NodeProxyDelivery.INLINE });
  expect(canonicalJson(got[1])).toBe(canonicalJson(addProxyToKubeadmConfigSpec(undefined, bootstrap)));
  expectValidObjects([clusterClass, ...fixture.templates]);
});

describe('topology Clusters', () => {
  const classProxy = new ClusterClassProxy({ settings: demoSettings({ trustedCaPem: CA_1 }), osFamily: OsFamily.UBUNTU });

  test('the Secret is the one ProxiedCluster renders; no credential reaches the Cluster', () => {
    const result = addProxyToTopologyCluster(topologyCluster('v1beta2'), classProxy, {
      network: { pods: ['192.168.0.0/16'], services: ['172.20.0.0/16'], controlPlaneEndpoint: 'api.demo.corp.example' },
    });
    const expected = nodeProxyBootstrap(result.proxy, { ...classProxy.nodeOptions('demo', 'clusters'), delivery: NodeProxyDelivery.SECRET }).secret;
    expect(result.secret).toEqual(expected);
    expect(JSON.stringify(result.cluster)).not.toContain(NASTY_PASSWORD);
    expect(JSON.stringify(result.cluster)).not.toContain(encodeURIComponent(NASTY_PASSWORD).slice(0, 8));
    expect((result.cluster as Json).spec.clusterNetwork).toEqual({ pods: { cidrBlocks: ['192.168.0.0/16'] }, services: { cidrBlocks: ['172.20.0.0/16'] }, serviceDomain: 'cluster.local' });
    expect((result.cluster as Json).spec.controlPlaneEndpoint).toEqual({ host: 'api.demo.corp.example', port: 6443 });
    expect((result.cluster as Json).spec.topology.variables).toEqual([{ name: 'imageRepository', value: 'registry.corp.example' }, result.variable]);
    expectValidObjects([result.cluster, result.secret!]);
  });

  test('refuses credentials inline, missing or contradicting network facts, and entries the templates cannot read', () => {
    const cluster = topologyCluster('v1beta2', { pods: { cidrBlocks: ['192.168.0.0/16'] }, services: { cidrBlocks: ['172.20.0.0/16'] } });
    expect(() => addProxyToTopologyCluster(cluster, classProxy, { delivery: NodeProxyDelivery.INLINE })).toThrow(/delivery: must be "secret" when the proxy URLs carry credentials/);
    expect(() => addProxyToTopologyCluster(topologyCluster('v1beta2'), classProxy)).toThrow(/cluster.spec.clusterNetwork: is missing/);
    expect(() => addProxyToTopologyCluster(cluster, classProxy, { network: { pods: ['10.244.0.0/16'], services: ['172.20.0.0/16'] } }))
      .toThrow(/network: disagrees with cluster.spec.clusterNetwork/);
    const open = new ClusterClassProxy({ settings: demoSettings({ username: undefined, password: undefined }) });
    expect(() => addProxyToTopologyCluster(cluster, open, { additionalNoProxy: ['example.com:8443'] })).toThrow(/additionalNoProxy\[0\]: is not a form the ClusterClass templates read/);
    expect(() => addProxyToTopologyCluster({ ...cluster, spec: {} }, open)).toThrow(/cluster.spec.topology: is missing/);
    expect(() => addProxyToTopologyCluster(cluster, {} as ClusterClassProxy)).toThrow(ProxyConfigError);
  });
});

describe('refused ClusterClasses', () => {
  const props = { settings: demoSettings() };

  test('a whole-list patch in a class that already has the proxy\'s patches is named by its position in the class', () => {
    const fixture = classFixture(CapiVersion.V1BETA2);
    const applied = structuredClone(addProxyToClusterClass(fixture.clusterClass, fixture.templates, props).clusterClass) as Json;
    const whole = { ...structuredClone(fixture.clusterClass as Json).spec.patches[0], name: 'whole-files' };
    whole.definitions[0].jsonPatches[0].path = '/spec/template/spec/kubeadmConfigSpec/files';
    const position = applied.spec.patches.push(whole) - 1;
    expect(applied.spec.patches.filter((patch: Json) => patch.name.startsWith(PROXY_PATCH_PREFIX)).length).toBeGreaterThan(0);
    expect(() => addProxyToClusterClass(applied as KubeObject, fixture.templates, props))
      .toThrow(new RegExp(`^clusterClass.spec.patches\\[${position}\\]: \\("whole-files"\\) sets the whole`));
  });

  test('a missing template, a non-kubeadm control plane, a foreign variable of the same name, a whole-list patch', () => {
    const fixture = classFixture(CapiVersion.V1BETA2);
    expect(() => addProxyToClusterClass(fixture.clusterClass, fixture.templates.slice(0, 2), props)).toThrow(/templates: hold no KubeadmConfigTemplate named "md-1"/);
    const foreignControlPlane = structuredClone(fixture.clusterClass) as Json;
    foreignControlPlane.spec.controlPlane.templateRef.kind = 'TalosControlPlaneTemplate';
    expect(() => addProxyToClusterClass(foreignControlPlane as KubeObject, fixture.templates, props)).toThrow(/clusterClass.spec.controlPlane.templateRef: must reference a controlplane.cluster.x-k8s.io KubeadmControlPlaneTemplate/);
    const taken = structuredClone(fixture.clusterClass) as Json;
    taken.spec.variables.push({ name: 'proxy', required: false, schema: { openAPIV3Schema: { type: 'object' } } });
    expect(() => addProxyToClusterClass(taken as KubeObject, fixture.templates, props)).toThrow(/variableName: the ClusterClass already defines a variable "proxy"/);
    const whole = structuredClone(fixture.clusterClass) as Json;
    whole.spec.patches[0].definitions[0].jsonPatches[0].path = '/spec/template/spec/kubeadmConfigSpec/files';
    expect(() => addProxyToClusterClass(whole as KubeObject, fixture.templates, props)).toThrow(/spec.patches\[0\]: \("image-repository"\) sets the whole/);
    const mismatch = classFixture(CapiVersion.V1BETA2, { ignition: true });
    expect(() => addProxyToClusterClass(mismatch.clusterClass, mismatch.templates, props)).toThrow(/format: is "ignition" but the proxy was rendered for "cloud-config"/);
    expect(() => addProxyToClusterClass({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x' } }, [], props)).toThrow(/clusterClass: must be a cluster.x-k8s.io\/v1beta1 or v1beta2 ClusterClass/);
    expect(() => new ClusterClassProxy({ ...props, variableName: 'builtin' })).toThrow(/variableName: must be letters and digits/);
    expect(() => new ClusterClassProxy({ ...props, additionalNoProxy: ['10.0.0.0/33'] })).toThrow(/additionalNoProxy\[0\]/);
    const open = { settings: demoSettings({ username: undefined, password: undefined }) };
    expect(() => new ClusterClassProxy({ ...open, files: { kubeadmEnvironment: KubeadmEnvironment.EXPORTS } })).toThrow(/files.kubeadmEnvironment: must not be "exports" in a ClusterClass/);
    expect(() => new ClusterClassProxy({ ...props, files: { fixedSecretName: true } })).toThrow(/files.fixedSecretName: must not be true in a ClusterClass/);
  });

  test('a template over Cluster API\'s 10240-character limit fails at construction, naming the cause', () => {
    const fixture = classFixture(CapiVersion.V1BETA2);
    const many = Array.from({ length: 150 }, (_, i) => `fd00:${i.toString(16)}:abcd:1234::/64`);
    expect(() => addProxyToClusterClass(fixture.clusterClass, fixture.templates, { settings: demoSettings({ noProxy: many }) }))
      .toThrow(/over Cluster API's limit of 10240 for valueFrom.template/);
  });
});
