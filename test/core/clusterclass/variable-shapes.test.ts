import { buildPatchEngine, runPatchEngine } from './go-patch-engine';
import { CapiVersion } from '../../../src/core/capi/capi-version';
import { addProxyToKubeadmConfigSpec } from '../../../src/core/capi/kubeadm-config-spec';
import { addProxyToClusterClass } from '../../../src/core/clusterclass/add-proxy-to-cluster-class';
import { addProxyToTopologyCluster } from '../../../src/core/clusterclass/topology-cluster';
import { ClassVariableShape } from '../../../src/core/clusterclass/variable-shapes';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { nodeProxyBootstrap } from '../../../src/core/node-files/bootstrap';
import { NodeProxyDelivery } from '../../../src/core/node-files/delivery';
import { KubeObject } from '../../../src/core/primitives/k8s/manifest';
import { canonicalJson } from '../../../src/core/primitives/k8s/names';
import { demoSettings, settingsProps } from '../../support/fixtures/cluster';
import { classFixture, fixtureItems } from '../../support/fixtures/cluster-class';
import { expectValidObjects } from '../../support/schemas';

/**
 * ClusterClasses whose Clusters already set a proxy variable in another system's shape: the
 * patches read that variable, existing Clusters keep it, and every node gets exactly what
 * ProxiedCluster gives it for the same proxy.
 */

type Json = Record<string, any>;

const settingsValues = settingsProps({ username: undefined, password: undefined, noProxy: ['.corp.example'] });
const settings = new ProxySettings(settingsValues);
const network = { pods: { cidrBlocks: ['192.168.0.0/16'] }, services: { cidrBlocks: ['172.20.0.0/16'] } };

/** The variable each system documents, as an existing Cluster sets it. */
const existingVariables: Record<Exclude<ClassVariableShape, 'library'>, Json> = {
  'cluster-api-book': { name: 'httpProxy', value: { url: 'http://proxy.corp.example:3128', noProxy: 'git.corp.example, registry.corp.example' } },
  'tkg': { name: 'proxy', value: { httpProxy: 'http://proxy.corp.example:3128', httpsProxy: 'http://proxy.corp.example:3128', noProxy: ['git.corp.example', 'registry.corp.example'] } },
  'caren': { name: 'clusterConfig', value: { controlPlane: { nutanix: { machineDetails: { vcpus: 4 } } }, proxy: { http: 'http://proxy.corp.example:3128', https: 'http://proxy.corp.example:3128', additionalNo: ['git.corp.example', 'registry.corp.example'] } } },
};

/** The class as the system defined it: its own variable already there. */
function classWithVariable(shape: Exclude<ClassVariableShape, 'library'>): ReturnType<typeof classFixture> {
  const fixture = classFixture(CapiVersion.V1BETA2);
  const schema = { 'type': 'object', 'x-kubernetes-preserve-unknown-fields': true };
  (fixture.clusterClass as Json).spec.variables.push({ name: existingVariables[shape].name, required: false, schema: { openAPIV3Schema: schema } });
  return fixture;
}

function cluster(variable: Json): KubeObject {
  return {
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'Cluster',
    metadata: { name: 'demo', namespace: 'clusters' },
    spec: {
      clusterNetwork: network,
      topology: {
        classRef: { name: 'proxied' },
        version: 'v1.31.2',
        controlPlane: { replicas: 1 },
        variables: [{ name: 'imageRepository', value: 'registry.corp.example' }, variable],
      },
    },
  };
}

function patched(clusterClass: KubeObject, fixture: ReturnType<typeof classFixture>, variables: Json[]): { error?: string; specs?: Json[] } {
  const values: Json = { builtin: { cluster: { name: 'demo', namespace: 'clusters', network: { pods: network.pods.cidrBlocks, services: network.services.cidrBlocks } } } };
  for (const variable of variables) {
    values[variable.name] = variable.value;
  }
  const run = { patches: (clusterClass as Json).spec.patches, variables: values, items: fixtureItems(fixture) };
  const [result] = runPatchEngine({ clusters: [run] }).clusters;
  const specOf = (object: any): Json => (object.kind === 'KubeadmControlPlaneTemplate' ? object.spec.template.spec.kubeadmConfigSpec : object.spec.template.spec);
  return result.error ? { error: result.error } : { specs: result.items!.map(specOf) };
}

beforeAll(() => {
  buildPatchEngine();
}, 240_000);

describe.each([ClassVariableShape.CLUSTER_API_BOOK, ClassVariableShape.TKG, ClassVariableShape.CAREN] as const)('variable shape %s', (shape) => {
  test('an existing Cluster\'s variable drives the patches; nodes get what ProxiedCluster gives them', () => {
    const fixture = classWithVariable(shape);
    const { clusterClass, classProxy, patches } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, { settings, variableShape: shape });
    // The class keeps its own variable definition; only the inline patch exists.
    expect(((clusterClass as Json).spec.variables as Json[]).filter((variable) => variable.name === existingVariables[shape].name))
      .toEqual([(fixture.clusterClass as Json).spec.variables.at(-1)]);
    expect(patches.map((patch) => patch.name)).toEqual(['cluster-proxy-constructs-inline']);

    const existing = existingVariables[shape];
    const result = addProxyToTopologyCluster(cluster(existing), classProxy, { additionalNoProxy: ['git.corp.example', 'registry.corp.example'] });
    // The library writes the same shape back (CAREN's other clusterConfig fields kept).
    const written = ((result.cluster as Json).spec.topology.variables as Json[]).find((variable) => variable.name === existing.name)!;
    if (shape === ClassVariableShape.CAREN) {
      expect(written.value.controlPlane).toEqual(existing.value.controlPlane);
    }
    const got = patched(clusterClass, fixture, [{ name: 'imageRepository', value: 'registry.corp.example' }, existing]);
    expect(got.error).toBeUndefined();
    const again = patched(clusterClass, fixture, [{ name: 'imageRepository', value: 'registry.corp.example' }, written]);
    expect(again.specs!.map(canonicalJson)).toEqual(got.specs!.map(canonicalJson));

    const bootstrap = nodeProxyBootstrap(result.proxy, { ...classProxy.nodeOptions('demo', 'clusters'), delivery: NodeProxyDelivery.INLINE });
    fixtureItems(fixture).forEach((item, index) => {
      const object = item.object as Json;
      const isControlPlane = object.kind === 'KubeadmControlPlaneTemplate';
      const spec = isControlPlane ? object.spec.template.spec.kubeadmConfigSpec : object.spec.template.spec;
      const withProxy = addProxyToKubeadmConfigSpec(spec, bootstrap) as Json;
      const expected = isControlPlane ? { ...withProxy, files: [...withProxy.files, { path: '/etc/repo', content: 'registry.corp.example' }] } : withProxy;
      expect(canonicalJson(got.specs![index])).toBe(canonicalJson(expected));
    });
    expectValidObjects([clusterClass, result.cluster]);
  });

  test('the Cluster\'s own NO_PROXY entries and every other field of its variable are kept, and reach the nodes', () => {
    const fixture = classWithVariable(shape);
    const { classProxy } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, { settings, variableShape: shape });
    const existing = structuredClone(existingVariables[shape]);
    const proxyOf = (value: Json) => (shape === ClassVariableShape.CAREN ? value.proxy : value);
    // a field the library does not know (TKG's systemWide), and a network of the Cluster's own
    const field = shape === ClassVariableShape.CAREN ? 'additionalNo' : 'noProxy';
    const source = proxyOf(existing.value);
    source.systemWide = true;
    source[field] = typeof source[field] === 'string' ? `${source[field]},10.20.0.0/16` : [...source[field], '10.20.0.0/16'];
    // one entry given again, one new
    const result = addProxyToTopologyCluster(cluster(existing), classProxy, { additionalNoProxy: ['registry.corp.example', '10.30.0.0/16'] });
    const written = ((result.cluster as Json).spec.topology.variables as Json[]).find((variable) => variable.name === existing.name)!;
    expect(proxyOf(written.value).systemWide).toBe(true);
    const noProxy = proxyOf(written.value)[field];
    const entries = typeof noProxy === 'string' ? noProxy.split(',') : noProxy;
    expect(entries).toEqual(['git.corp.example', 'registry.corp.example', '10.20.0.0/16', '10.30.0.0/16']);
    // the NO_PROXY the library computes for this Cluster (the one the templates render) has them
    expect(result.proxy.environment.noProxy.split(',')).toEqual(expect.arrayContaining(['10.20.0.0/16', '10.30.0.0/16']));
  });

  test('an entry of the Cluster\'s variable that the templates cannot read is refused, naming where it is', () => {
    const fixture = classWithVariable(shape);
    const { classProxy } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, { settings, variableShape: shape });
    const existing = structuredClone(existingVariables[shape]);
    const field = { 'cluster-api-book': 'noProxy', 'tkg': 'noProxy', 'caren': 'proxy.additionalNo' }[shape];
    if (shape === ClassVariableShape.CAREN) {
      existing.value.proxy.additionalNo = ['git.corp.example', 'registry.corp.example:5000'];
    } else if (shape === ClassVariableShape.TKG) {
      existing.value.noProxy = ['git.corp.example', 'registry.corp.example:5000'];
    } else {
      existing.value.noProxy = 'git.corp.example,registry.corp.example:5000';
    }
    expect(() => addProxyToTopologyCluster(cluster(existing), classProxy))
      .toThrow(`cluster.spec.topology.variables[name=${existing.name}].value.${field}[1]: is not a form the ClusterClass templates read`);
  });

  test('for the system\'s own class (systemClass), the variable carries the whole definition, in place among the Cluster\'s variables', () => {
    const fixture = classWithVariable(shape);
    const { classProxy } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, {
      settings: new ProxySettings({ ...settingsValues, noProxy: ['.corp.example', '10.0.0.0/8'] }), variableShape: shape,
    });
    const existing = structuredClone(existingVariables[shape]);
    const own = cluster(existing) as Json;
    own.spec.topology.variables.push({ name: 'ntpServers', value: ['ntp.corp.example'] });
    const result = addProxyToTopologyCluster(own as KubeObject, classProxy, { systemClass: true, additionalNoProxy: ['git.corp.example'] });
    const variables = (result.cluster as Json).spec.topology.variables as Json[];
    expect(variables.map((variable) => variable.name)).toEqual(['imageRepository', existing.name, 'ntpServers']);
    const written = shape === ClassVariableShape.CAREN ? variables[1].value.proxy : variables[1].value;
    const field = { 'cluster-api-book': 'noProxy', 'tkg': 'noProxy', 'caren': 'additionalNo' }[shape];
    // the definition's entries, then the Cluster's additional ones; the Cluster's previous list is replaced
    const entries = ['.corp.example', '10.0.0.0/8', 'git.corp.example'];
    expect(written[field]).toEqual(shape === ClassVariableShape.CLUSTER_API_BOOK ? entries.join(',') : entries);
    expect(Object.values(written)).toContain('http://proxy.corp.example:3128');
    expect(result.secret).toBeUndefined();
    if (shape === ClassVariableShape.CAREN) {
      expect(variables[1].value.controlPlane).toEqual(existing.value.controlPlane);
    }
  });

  test('a URL with credentials in the Cluster fails the patch instead of reaching a node file', () => {
    const fixture = classWithVariable(shape);
    const { clusterClass } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, { settings, variableShape: shape });
    const leaky = structuredClone(existingVariables[shape]);
    const proxy = shape === ClassVariableShape.CAREN ? leaky.value.proxy : leaky.value;
    proxy[shape === ClassVariableShape.CLUSTER_API_BOOK ? 'url' : shape === ClassVariableShape.TKG ? 'httpProxy' : 'http'] = 'http://user:secret@proxy.corp.example:3128';
    expect(patched(clusterClass, fixture, [{ name: 'imageRepository', value: 'x' }, leaky]).error).toMatch(/carries proxy credentials/);
  });
});

test('a class without the variable gets the shape\'s definition; credentials and per-cluster facts are refused', () => {
  const fixture = classFixture(CapiVersion.V1BETA2);
  const { clusterClass } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, { settings, variableShape: ClassVariableShape.TKG });
  expect(((clusterClass as Json).spec.variables as Json[]).at(-1)).toEqual({
    name: 'proxy',
    required: false,
    schema: { openAPIV3Schema: { type: 'object', properties: { httpProxy: { type: 'string' }, httpsProxy: { type: 'string' }, noProxy: { type: 'array', items: { type: 'string' } } } } },
  });
  expectValidObjects([clusterClass]);
  expect(() => addProxyToClusterClass(fixture.clusterClass, fixture.templates, { settings: demoSettings(), variableShape: ClassVariableShape.TKG }))
    .toThrow(/variableShape: must be "library" when the proxy URLs carry credentials/);
  expect(() => addProxyToClusterClass(fixture.clusterClass, fixture.templates, { settings, variableShape: ClassVariableShape.TKG, variableName: 'other' }))
    .toThrow(/variableName: must be unset or "proxy" with variableShape "tkg"/);
  expect(() => addProxyToClusterClass(fixture.clusterClass, fixture.templates, { settings, variableShape: 'rancher' as never }))
    .toThrow(/variableShape: must be one of "library", "cluster-api-book", "tkg", "caren"/);
  const { classProxy } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, { settings: new ProxySettings({ ...settingsValues, httpsProxy: 'http://other.corp.example:3128' }), variableShape: ClassVariableShape.CLUSTER_API_BOOK });
  expect(() => addProxyToTopologyCluster(cluster({ name: 'x', value: {} }), classProxy)).toThrow(/settings: must use one proxy for both schemes/);
  const { classProxy: tkg } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, { settings, variableShape: ClassVariableShape.TKG });
  expect(() => addProxyToTopologyCluster(cluster({ name: 'x', value: {} }), tkg, { machineCidrs: ['10.0.0.0/24'] })).toThrow(/machineCidrs: cannot be set per cluster with variableShape "tkg"/);
  expect(() => addProxyToTopologyCluster(cluster({ name: 'x', value: {} }), tkg, { systemClass: true, delivery: NodeProxyDelivery.INLINE }))
    .toThrow(/^delivery: cannot be set with systemClass/);
  expect(() => addProxyToTopologyCluster(cluster({ name: 'x', value: {} }), tkg, { systemClass: 'yes' as never })).toThrow(/^systemClass: .*must be true or false/);
  const { classProxy: library } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, { settings });
  expect(() => addProxyToTopologyCluster(cluster({ name: 'x', value: {} }), library, { systemClass: true })).toThrow(/^systemClass: needs the variable shape of the system/);
});
