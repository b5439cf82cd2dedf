import { buildPatchEngine, machineDeploymentHolder, PatchItem, runPatchEngine } from './go-patch-engine';
import { CapiVersion } from '../../../src/core/capi/capi-version';
import { addProxyToKubeadmConfigSpec } from '../../../src/core/capi/kubeadm-config-spec';
import { addProxyToClusterClass } from '../../../src/core/clusterclass/add-proxy-to-cluster-class';
import { addProxyToTopologyCluster } from '../../../src/core/clusterclass/topology-cluster';
import { nodeProxyBootstrap } from '../../../src/core/node-files/bootstrap';
import { NodeProxyDelivery } from '../../../src/core/node-files/delivery';
import { KubeObject } from '../../../src/core/primitives/k8s/manifest';
import { canonicalJson } from '../../../src/core/primitives/k8s/names';
import { demoSettings } from '../../support/fixtures/cluster';
import { classFixture, ClassFixture, fixtureItems } from '../../support/fixtures/cluster-class';
import { expectValidObjects } from '../../support/schemas';

/**
 * A class with a Windows worker class whose own patch replaces the whole `files` list of that
 * class only (Windows nodes get their files from a patch of their own). The proxy must be able to
 * patch the other classes, leave the Windows class out, and still refuse a whole-list patch that
 * meets a class it does patch.
 */

type Json = Record<string, any>;

const BOOTSTRAP = 'bootstrap.cluster.x-k8s.io/v1beta2';
const WINDOWS_FILES = [{ path: 'C:/k/proxy-none.txt', content: 'windows' }];

function windowsFixture(selectorNames: string[] = ['windows-worker']): ClassFixture {
  const fixture = classFixture(CapiVersion.V1BETA2);
  const spec = (fixture.clusterClass as Json).spec;
  spec.workers.machineDeployments.push({
    class: 'windows-worker',
    bootstrap: { templateRef: { apiVersion: BOOTSTRAP, kind: 'KubeadmConfigTemplate', name: 'md-windows' } },
    infrastructure: { templateRef: { apiVersion: 'infrastructure.cluster.x-k8s.io/v1beta1', kind: 'DockerMachineTemplate', name: 'workers' } },
  });
  spec.patches.push({
    name: 'windows-files',
    definitions: [{
      selector: { apiVersion: BOOTSTRAP, kind: 'KubeadmConfigTemplate', matchResources: { machineDeploymentClass: { names: selectorNames } } },
      jsonPatches: [{ op: 'replace', path: '/spec/template/spec/files', value: WINDOWS_FILES }],
    }],
  });
  fixture.templates.push({
    apiVersion: BOOTSTRAP,
    kind: 'KubeadmConfigTemplate',
    metadata: { name: 'md-windows', namespace: 'clusters' },
    spec: { template: { spec: { files: [{ path: 'C:/k/placeholder.txt', content: 'x' }] } } },
  });
  return fixture;
}

function windowsItem(fixture: ClassFixture): PatchItem {
  return {
    object: fixture.templates.find((template) => template.metadata.name === 'md-windows'),
    holder: machineDeploymentHolder(),
    variables: { builtin: { machineDeployment: { class: 'windows-worker', name: 'demo-windows', topologyName: 'win', version: 'v1.31.2' } } },
  };
}

const props = { settings: demoSettings({ username: undefined, password: undefined }) };
const network = { pods: { cidrBlocks: ['192.168.0.0/16'] }, services: { cidrBlocks: ['172.20.0.0/16'] } };

function cluster(): KubeObject {
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
        workers: { machineDeployments: [{ class: 'default-worker', name: 'md-0' }, { class: 'windows-worker', name: 'win' }] },
        variables: [{ name: 'imageRepository', value: 'registry.corp.example' }],
      },
    },
  };
}

beforeAll(() => {
  buildPatchEngine();
}, 240_000);

describe('worker class selection and the whole-list check', () => {
  test('a patch replacing files of one worker class blocks only that class, and names the way out', () => {
    const fixture = windowsFixture();
    expect(() => addProxyToClusterClass(fixture.clusterClass, fixture.templates, props))
      .toThrow(/spec.patches\[1\]: \("windows-files"\) sets the whole \/spec\/template\/spec\/files of KubeadmConfigTemplate for worker class "windows-worker".*excludedWorkerClasses/);
    // A wildcard selector that reaches a patched class is refused too, as Cluster API would apply it there.
    const wildcard = windowsFixture(['*-worker']);
    expect(() => addProxyToClusterClass(wildcard.clusterClass, wildcard.templates, { ...props, excludedWorkerClasses: ['windows-worker'] }))
      .toThrow(/for worker class "default-worker"/);
  });

  test('with the Windows class excluded, every other node gets the proxy and the Windows node keeps its own files', () => {
    const fixture = windowsFixture();
    const { clusterClass, classProxy, patches } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, { ...props, excludedWorkerClasses: ['windows-worker'] });
    const selectedNames = (patches as Json[]).flatMap((patch) => patch.definitions)
      .flatMap((definition: Json) => definition.selector.matchResources.machineDeploymentClass?.names ?? []);
    expect(new Set(selectedNames)).toEqual(new Set(['default-worker', 'gpu-worker']));

    const { cluster: topology, proxy } = addProxyToTopologyCluster(cluster(), classProxy);
    const items = [...fixtureItems(fixture), windowsItem(fixture)];
    const variables = {
      builtin: { cluster: { name: 'demo', namespace: 'clusters', network: { pods: network.pods.cidrBlocks, services: network.services.cidrBlocks } } },
      imageRepository: 'registry.corp.example',
      proxy: ((topology as Json).spec.topology.variables as Json[]).find((variable) => variable.name === 'proxy')!.value,
    };
    const [result] = runPatchEngine({ clusters: [{ patches: (clusterClass as Json).spec.patches, variables, items }] }).clusters;
    expect(result.error).toBeUndefined();
    const specs = result.items!.map((object: any) => (object.kind === 'KubeadmControlPlaneTemplate' ? object.spec.template.spec.kubeadmConfigSpec : object.spec.template.spec));

    const bootstrap = nodeProxyBootstrap(proxy, { ...classProxy.nodeOptions('demo', 'clusters'), delivery: NodeProxyDelivery.INLINE });
    const original = items.map((item) => item.object as Json);
    // default-worker (md-0) and gpu-worker (md-1) get exactly ProxiedCluster's spec.
    expect(canonicalJson(specs[1])).toBe(canonicalJson(addProxyToKubeadmConfigSpec(original[1].spec.template.spec, bootstrap)));
    expect(canonicalJson(specs[2])).toBe(canonicalJson(addProxyToKubeadmConfigSpec(original[2].spec.template.spec, bootstrap)));
    // The Windows node: only its own patch, no proxy file or command.
    expect(specs[4]).toEqual({ files: WINDOWS_FILES });
    expectValidObjects([clusterClass, ...fixture.templates]);
  });

  test('workerClasses picks the patched classes; unknown names are refused', () => {
    const fixture = windowsFixture();
    const { patches } = addProxyToClusterClass(fixture.clusterClass, fixture.templates, { ...props, workerClasses: ['gpu-worker'] });
    const selectors = (patches as Json[]).flatMap((patch) => patch.definitions).map((definition: Json) => definition.selector.matchResources);
    expect(selectors).toContainEqual({ controlPlane: true });
    expect(selectors.filter((match: Json) => !match.controlPlane)).toEqual([{ machineDeploymentClass: { names: ['gpu-worker'] } }, { machineDeploymentClass: { names: ['gpu-worker'] } }]);
    expect(() => addProxyToClusterClass(fixture.clusterClass, fixture.templates, { ...props, excludedWorkerClasses: ['windows'] }))
      .toThrow(/excludedWorkerClasses\[0\]: must name a worker class of the ClusterClass \(default-worker, gpu-worker, windows-worker, pool-worker\) \(got "windows"\)/);
    expect(() => addProxyToClusterClass(fixture.clusterClass, fixture.templates, { ...props, workerClasses: 'gpu-worker' as any }))
      .toThrow(/workerClasses: must be an array/);
  });

  test('a patch replacing a parent of the lists is refused like one replacing the list', () => {
    const fixture = classFixture(CapiVersion.V1BETA2);
    const parent = structuredClone(fixture.clusterClass) as Json;
    parent.spec.patches[0].definitions[0].jsonPatches[0] = { op: 'replace', path: '/spec/template/spec/kubeadmConfigSpec', value: {} };
    expect(() => addProxyToClusterClass(parent as KubeObject, fixture.templates, props)).toThrow(/sets the whole \/spec\/template\/spec\/kubeadmConfigSpec of KubeadmControlPlaneTemplate for the control plane/);
  });
});
