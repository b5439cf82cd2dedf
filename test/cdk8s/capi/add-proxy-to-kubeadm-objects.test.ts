import { ApiObject, Chart, Testing } from 'cdk8s';
import { addProxyToKubeadmObjects } from '../../../src/cdk8s/capi/add-proxy-to-kubeadm-objects';
import { addProxyToObjects } from '../../../src/core/capi/add-proxy-to-objects';
import { KubeObject } from '../../../src/core/primitives/k8s/manifest';
import { credentialForms, demoProxy, nonSecretText } from '../../support/fixtures/cluster';
import { expectValidObjects } from '../../support/schemas';

/** An existing cluster chart written with plain ApiObjects, as many cdk8s users have. */
function existingChart(): Chart {
  const chart = Testing.chart();
  new ApiObject(chart, 'ControlPlane', {
    apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
    kind: 'KubeadmControlPlane',
    metadata: { name: 'demo-control-plane', namespace: 'clusters' },
    spec: {
      version: 'v1.31.2',
      machineTemplate: { spec: { infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'DockerMachineTemplate', name: 'cp' } } },
      kubeadmConfigSpec: { preKubeadmCommands: ['echo control-plane'] },
    },
  });
  new ApiObject(chart, 'Template', {
    apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta2',
    kind: 'KubeadmConfigTemplate',
    metadata: { name: 'demo-md-0', namespace: 'clusters', labels: { team: 'platform' } },
    spec: { template: { spec: {} } },
  });
  new ApiObject(chart, 'Workers', {
    apiVersion: 'cluster.x-k8s.io/v1beta2',
    kind: 'MachineDeployment',
    metadata: { name: 'demo-md-0', namespace: 'clusters' },
    spec: {
      clusterName: 'demo',
      selector: { matchLabels: {} },
      template: {
        spec: {
          clusterName: 'demo',
          version: 'v1.31.2',
          bootstrap: { configRef: { apiGroup: 'bootstrap.cluster.x-k8s.io', kind: 'KubeadmConfigTemplate', name: 'demo-md-0' } },
          infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'DockerMachineTemplate', name: 'md-0' },
        },
      },
    },
  });
  return chart;
}

describe('addProxyToKubeadmObjects', () => {
  test('patches the chart\'s objects into exactly what the core computes, and adds the Secret', () => {
    const chart = existingChart();
    const before = Testing.synth(chart) as KubeObject[];
    const proxy = demoProxy();
    const result = addProxyToKubeadmObjects(chart, { proxy, clusterName: 'demo' });
    const after = Testing.synth(chart);
    expect(after).toEqual(addProxyToObjects(before, proxy, { clusterName: 'demo' }).objects);
    expect(result.patched.map((object) => object.kind)).toEqual(['KubeadmControlPlane', 'KubeadmConfigTemplate', 'MachineDeployment']);
    expect(result.secret!.kind).toBe('Secret');
    expect(after[2].spec.template.spec.bootstrap.configRef.name).toBe(result.renamedTemplates['demo-md-0']);
    expectValidObjects(after);
    for (const form of credentialForms(proxy)) {
      expect(nonSecretText(after)).not.toContain(form);
    }
  });

  test('unknown keys are refused naming them, by the construct and by the core function', () => {
    const chart = existingChart();
    const props = { proxy: demoProxy(), clusterName: 'demo', renameTemplate: false } as unknown as Parameters<typeof addProxyToKubeadmObjects>[1];
    expect(() => addProxyToKubeadmObjects(chart, props)).toThrow(/^renameTemplate: is not an addProxyToKubeadmObjects prop; did you mean renameTemplates\?$/);
    const before = Testing.synth(chart) as KubeObject[];
    const options = { clusterName: 'demo', containerdWait: 5 } as unknown as Parameters<typeof addProxyToObjects>[2];
    expect(() => addProxyToObjects(before, demoProxy(), options)).toThrow(/^options\.containerdWait: is not an option; expected one of delivery, /);
  });

  test('idempotent: a second call patches nothing and synthesizes the same', () => {
    const chart = existingChart();
    addProxyToKubeadmObjects(chart, { proxy: demoProxy(), clusterName: 'demo' });
    const once = Testing.synth(chart);
    const second = addProxyToKubeadmObjects(chart, { proxy: demoProxy(), clusterName: 'demo' });
    expect(second.patched).toEqual([]);
    expect(Testing.synth(chart)).toEqual(once);
  });

  test('a second proxy replaces the first: one Secret, the template renamed from its base name', () => {
    const chart = existingChart();
    const first = addProxyToKubeadmObjects(chart, { proxy: demoProxy(), clusterName: 'demo' });
    const second = addProxyToKubeadmObjects(chart, { proxy: demoProxy({ password: 'rotated', credentialsRevision: '2' }), clusterName: 'demo' });
    const manifests = Testing.synth(chart);
    expect(manifests.filter((manifest) => manifest.kind === 'Secret').map((secret) => secret.metadata.name)).toEqual([second.secret!.name]);
    expect(second.secret!.name).not.toBe(first.secret!.name);
    const template = manifests.find((manifest) => manifest.kind === 'KubeadmConfigTemplate');
    expect(template.metadata.name).toMatch(/^demo-md-0-[0-9a-f]{10}$/);
    expect(template.metadata.name).not.toBe(first.renamedTemplates['demo-md-0']);
    expect(manifests.find((manifest) => manifest.kind === 'MachineDeployment').spec.template.spec.bootstrap.configRef.name).toBe(template.metadata.name);
    expectValidObjects(manifests);
  });

  test('labels added through the ApiObject after the call still apply (metadata is patched field by field)', () => {
    const chart = existingChart();
    addProxyToKubeadmObjects(chart, { proxy: demoProxy(), clusterName: 'demo' });
    const template = chart.node.findChild('Template') as ApiObject;
    template.metadata.addLabel('tier', 'workers');
    const synthesized = Testing.synth(chart).find((manifest) => manifest.kind === 'KubeadmConfigTemplate');
    expect(synthesized.metadata.labels).toEqual({ team: 'platform', tier: 'workers' });
    expect(synthesized.metadata.name).toMatch(/^demo-md-0-[0-9a-f]{10}$/);
  });

  test('a chart without kubeadm objects is refused', () => {
    expect(() => addProxyToKubeadmObjects(Testing.chart(), { proxy: demoProxy(), clusterName: 'demo' }))
      .toThrow('objects: hold no KubeadmControlPlane, KubeadmConfigTemplate or KubeadmConfig to add the proxy to');
  });
});
