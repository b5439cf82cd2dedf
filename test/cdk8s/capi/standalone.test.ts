import { ApiObject, Testing } from 'cdk8s';
import { Node } from 'constructs';
import { ProxiedKubeadmConfigTemplate } from '../../../src/cdk8s/capi/proxied-kubeadm-config-template';
import { ProxiedKubeadmControlPlane } from '../../../src/cdk8s/capi/proxied-kubeadm-control-plane';
import { CapiVersion } from '../../../src/core/capi/capi-version';
import { demoProxy, infraRef, demoSettings, demoNetwork } from '../../support/fixtures/cluster';
import { expectValidObjects } from '../../support/schemas';

// The control plane and worker template on their own, for users who write their own Cluster and
// MachineDeployments.
describe('ProxiedKubeadmControlPlane and ProxiedKubeadmConfigTemplate', () => {
  test.each([CapiVersion.V1BETA2, CapiVersion.V1BETA1] as const)('%s: one shared Secret, a hand-written MachineDeployment using configRef, all valid', (capiVersion) => {
    const chart = Testing.chart();
    const proxy = demoProxy();
    const controlPlane = new ProxiedKubeadmControlPlane(chart, 'ControlPlane', {
      proxy,
      clusterName: 'demo',
      namespace: 'clusters',
      version: 'v1.31.2',
      capiVersion,
      machineTemplate: infraRef('DockerMachineTemplate', 'demo-cp'),
      replicas: 1,
    });
    const workers = new ProxiedKubeadmConfigTemplate(chart, 'Workers', {
      settings: demoSettings(),
      network: demoNetwork(),
      clusterName: 'demo',
      namespace: 'clusters',
      name: 'demo-workers',
      capiVersion,
      kubeadmConfigSpec: { joinConfiguration: { nodeRegistration: { taints: [] } } },
    });
    new ApiObject(chart, 'MachineDeployment', {
      apiVersion: `cluster.x-k8s.io/${capiVersion}`,
      kind: 'MachineDeployment',
      metadata: { name: 'demo-workers', namespace: 'clusters' },
      spec: {
        clusterName: 'demo',
        selector: { matchLabels: {} },
        template: {
          spec: {
            clusterName: 'demo',
            version: 'v1.31.2',
            bootstrap: { configRef: workers.configRef },
            infrastructureRef: capiVersion === CapiVersion.V1BETA2
              ? { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'DockerMachineTemplate', name: 'demo-workers' }
              : infraRef('DockerMachineTemplate', 'demo-workers'),
          },
        },
      },
    });

    const manifests = Testing.synth(chart);
    expect(manifests.map((manifest) => manifest.kind)).toEqual(['Secret', 'KubeadmControlPlane', 'KubeadmConfigTemplate', 'MachineDeployment']);
    expectValidObjects(manifests);
    expect(workers.secret).toBe(controlPlane.secret);
    expect(workers.name).toMatch(/^demo-workers-[0-9a-f]{10}$/);
    expect(manifests[3].spec.template.spec.bootstrap.configRef.name).toBe(workers.name);
    expect(workers.configRef).toEqual(capiVersion === CapiVersion.V1BETA2
      ? { apiGroup: 'bootstrap.cluster.x-k8s.io', kind: 'KubeadmConfigTemplate', name: workers.name }
      : { apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta1', kind: 'KubeadmConfigTemplate', name: workers.name });
    expect(controlPlane.name).toBe('demo-control-plane');
    expect(Node.of(controlPlane).defaultChild).toBe(controlPlane.apiObject);
    expect(Node.of(workers).defaultChild).toBe(workers.apiObject);
    expect(workers.apiObjects).toEqual([controlPlane.secret, workers.apiObject]);
  });

  test('errors name the props as the standalone construct spells them', () => {
    const chart = Testing.chart();
    const base = { proxy: demoProxy(), clusterName: 'demo', version: 'v1.31.2', machineTemplate: infraRef('DockerMachineTemplate', 'cp') };
    expect(() => new ProxiedKubeadmControlPlane(chart, 'A', { ...base, replicas: 4 })).toThrow(/^replicas: must be odd with stacked etcd/);
    expect(() => new ProxiedKubeadmControlPlane(chart, 'B', { ...base, machineTemplate: infraRef('Bad Kind', 'cp') }))
      .toThrow(/^machineTemplate.kind: must be a Kubernetes kind/);
    expect(() => new ProxiedKubeadmConfigTemplate(chart, 'C', { proxy: demoProxy(), clusterName: 'demo', name: 'Workers' }))
      .toThrow(/^name: must be a DNS-1123 subdomain/);
    expect(() => new ProxiedKubeadmConfigTemplate(chart, 'D', { clusterName: 'demo', name: 'w', settings: demoSettings() }))
      .toThrow('network: is required: give proxy (a ClusterProxyConfig), or both settings and network');
  });
});
