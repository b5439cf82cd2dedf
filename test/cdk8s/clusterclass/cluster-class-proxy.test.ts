import { ApiObject, Testing } from 'cdk8s';
import { ClusterClassProxyPatches } from '../../../src/cdk8s/clusterclass/cluster-class-proxy-patches';
import { TopologyClusterProxy } from '../../../src/cdk8s/clusterclass/topology-cluster-proxy';
import { CapiVersion } from '../../../src/core/capi/capi-version';
import { addProxyToClusterClass } from '../../../src/core/clusterclass/add-proxy-to-cluster-class';
import { addProxyToTopologyCluster } from '../../../src/core/clusterclass/topology-cluster';
import { ClusterNetwork } from '../../../src/core/definition/network';
import { OsFamily } from '../../../src/core/node-files/os-family';
import { KubeObject } from '../../../src/core/primitives/k8s/manifest';
import { Provider } from '../../../src/core/primitives/providers';
import { CA_1, NASTY_PASSWORD, demoSettings } from '../../support/fixtures/cluster';
import { classFixture } from '../../support/fixtures/cluster-class';
import { expectValidObjects } from '../../support/schemas';

/** The cdk8s adapter emits exactly the core's objects, for ApiObjects in the chart and for plain JSON. */

const CLASS_PROPS = { settings: demoSettings({ trustedCaPem: CA_1 }), osFamily: OsFamily.UBUNTU, provider: Provider.VSPHERE, providerEndpoints: ['vcenter.corp.example'] };

function cluster(name: string): KubeObject {
  return {
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'Cluster',
    metadata: { name, namespace: 'clusters' },
    spec: {
      clusterNetwork: { pods: { cidrBlocks: ['192.168.0.0/16'] }, services: { cidrBlocks: ['172.20.0.0/16'] }, serviceDomain: 'cluster.local' },
      topology: { classRef: { name: 'proxied' }, version: 'v1.31.2', workers: { machineDeployments: [{ class: 'default-worker', name: 'md-0' }] } },
    },
  };
}

describe('ClusterClassProxyPatches and TopologyClusterProxy', () => {
  test('patch ApiObjects in place (templates found in the app) and add one Secret per cluster', () => {
    const fixture = classFixture(CapiVersion.V1BETA2);
    const chart = Testing.chart();
    const classObject = new ApiObject(chart, 'Class', fixture.clusterClass as never);
    fixture.templates.forEach((template, index) => new ApiObject(chart, `Template${index}`, template as never));
    const clusterObject = new ApiObject(chart, 'Cluster', cluster('demo') as never);
    const patches = new ClusterClassProxyPatches(chart, 'Proxy', { ...CLASS_PROPS, clusterClass: classObject });
    const demo = new TopologyClusterProxy(chart, 'DemoProxy', { cluster: clusterObject, classProxy: patches.classProxy });
    const other = new ApiObject(chart, 'Other', cluster('other') as never);
    new TopologyClusterProxy(chart, 'OtherProxy', { cluster: other, classProxy: patches.classProxy, machineCidrs: ['10.20.0.0/24'] });

    const manifests = Testing.synth(chart) as KubeObject[];
    expectValidObjects(manifests);
    const core = addProxyToClusterClass(fixture.clusterClass, fixture.templates, CLASS_PROPS);
    expect(manifests.find((object) => object.kind === 'ClusterClass')).toEqual(core.clusterClass);
    const coreCluster = addProxyToTopologyCluster(cluster('demo'), core.classProxy);
    expect(manifests.find((object) => object.kind === 'Cluster' && object.metadata.name === 'demo')).toEqual(coreCluster.cluster);
    expect(demo.variable).toEqual(coreCluster.variable);
    const secrets = manifests.filter((object) => object.kind === 'Secret');
    expect(secrets.map((secret) => secret.metadata.name)).toEqual([coreCluster.secret!.metadata.name, expect.stringMatching(/^other-systemd-proxy-/)]);
    expect(secrets[0]).toEqual(coreCluster.secret);
    // No credential outside the Secrets.
    expect(JSON.stringify(manifests.filter((object) => object.kind !== 'Secret'))).not.toContain(NASTY_PASSWORD);
    expect(demo.cluster).toBe(clusterObject);
  });

  test('templates given as JSON are read, not added; plain manifests are refused with the way to add them', () => {
    const fixture = classFixture(CapiVersion.V1BETA1);
    const chart = Testing.chart();
    const open = { ...CLASS_PROPS, settings: demoSettings({ username: undefined, password: undefined, trustedCaPem: CA_1 }) };
    const classObject = new ApiObject(chart, 'Class', fixture.clusterClass as never);
    const patches = new ClusterClassProxyPatches(chart, 'Proxy', { ...open, clusterClass: classObject, templates: fixture.templates });
    const v1beta1Cluster = { ...cluster('demo'), apiVersion: 'cluster.x-k8s.io/v1beta1', spec: { ...(cluster('demo') as any).spec, topology: { class: 'proxied', version: 'v1.31.2' } } };
    const demo = new TopologyClusterProxy(chart, 'DemoProxy', {
      cluster: new ApiObject(chart, 'Cluster', v1beta1Cluster as never),
      classProxy: patches.classProxy,
      network: new ClusterNetwork({ pods: ['192.168.0.0/16'], services: ['172.20.0.0/16'], controlPlaneEndpoint: 'api.demo.corp.example' }),
    });
    const manifests = Testing.synth(chart) as KubeObject[];
    expectValidObjects(manifests);
    expect(manifests.map((object) => object.kind).sort()).toEqual(['Cluster', 'ClusterClass']);
    expect(demo.secret).toBeUndefined();
    expect(demo.variable.value).toEqual({ http: 'http://proxy.corp.example:3128', https: 'http://proxy.corp.example:3128', controlPlaneEndpoint: 'api.demo.corp.example' });
    expect(() => new ClusterClassProxyPatches(chart, 'Bad', { ...open, clusterClass: fixture.clusterClass as never, templates: [] }))
      .toThrow(/^clusterClass: .*must be an ApiObject \(put a plain manifest into the app with new ApiObject/);
    expect(() => new TopologyClusterProxy(chart, 'BadCluster', { cluster: v1beta1Cluster as never, classProxy: patches.classProxy }))
      .toThrow(/^cluster: .*must be an ApiObject/);
  });
});
