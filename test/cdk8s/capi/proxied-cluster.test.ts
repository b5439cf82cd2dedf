import { ApiObject, App, Chart, JsonPatch, Testing } from 'cdk8s';
import { Node } from 'constructs';
import { ProxiedCluster } from '../../../src/cdk8s/capi/proxied-cluster';
import { CapiVersion } from '../../../src/core/capi/capi-version';
import { proxiedClusterObjects } from '../../../src/core/capi/proxied-cluster';
import { BootstrapFormat } from '../../../src/core/node-files/bootstrap-format';
import { OsFamily } from '../../../src/core/node-files/os-family';
import { CA_1, clusterOptions, credentialForms, nonSecretText, demoSettings } from '../../support/fixtures/cluster';
import { expectValidObjects } from '../../support/schemas';

describe('ProxiedCluster', () => {
  test('synthesizes exactly the core objects, in apply order (the adapter adds nothing of its own)', () => {
    const chart = Testing.chart();
    new ProxiedCluster(chart, 'Demo', clusterOptions());
    expect(Testing.synth(chart)).toEqual(proxiedClusterObjects(clusterOptions()).objects);
  });

  test.each([
    [CapiVersion.V1BETA2, BootstrapFormat.CLOUD_CONFIG],
    [CapiVersion.V1BETA1, BootstrapFormat.CLOUD_CONFIG],
    [CapiVersion.V1BETA2, BootstrapFormat.IGNITION],
    [CapiVersion.V1BETA1, BootstrapFormat.IGNITION],
  ] as const)('%s %s: the synthesized manifests validate and hold no credential outside the Secret', (capiVersion, bootstrapFormat) => {
    const chart = Testing.chart();
    const cluster = new ProxiedCluster(chart, 'Demo', clusterOptions({
      capiVersion,
      bootstrapFormat,
      settings: demoSettings({ trustedCaPem: CA_1 }),
      osFamily: bootstrapFormat === BootstrapFormat.IGNITION ? OsFamily.FLATCAR : OsFamily.RHEL,
    }));
    const manifests = Testing.synth(chart);
    expectValidObjects(manifests);
    for (const form of credentialForms(cluster.proxy)) {
      expect(nonSecretText(manifests)).not.toContain(form);
    }
  });

  test('escape hatches: the Cluster is the default child, every ApiObject is reachable and patchable', () => {
    const chart = Testing.chart();
    const cluster = new ProxiedCluster(chart, 'Demo', clusterOptions());
    const defaultChild = Node.of(cluster).defaultChild as ApiObject;
    expect(defaultChild).toBe(cluster.apiObject);
    expect(defaultChild.kind).toBe('Cluster');
    expect(cluster.controlPlane.kind).toBe('KubeadmControlPlane');
    expect(cluster.apiObjects.map((object) => object.kind)).toEqual(['Secret', 'Cluster', 'KubeadmControlPlane', 'KubeadmConfigTemplate', 'MachineDeployment', 'KubeadmConfigTemplate', 'MachineDeployment']);
    expect(cluster.workerPools.map((pool) => [pool.name, pool.machineDeployment.name])).toEqual([['md-0', 'demo-md-0'], ['md-1', 'demo-md-1']]);
    expect(cluster.workerPools[0].configTemplate.kind).toBe('KubeadmConfigTemplate');
    expect(cluster.secret?.kind).toBe('Secret');

    cluster.controlPlane.addJsonPatch(JsonPatch.add('/spec/rollout', { strategy: { rollingUpdate: { maxSurge: 0 } } }));
    const kcp = Testing.synth(chart).find((manifest) => manifest.kind === 'KubeadmControlPlane');
    expect(kcp.spec.rollout).toEqual({ strategy: { rollingUpdate: { maxSurge: 0 } } });
  });

  test('the chart namespace applies when the props give none', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'c', { namespace: 'capi' });
    new ProxiedCluster(chart, 'Demo', clusterOptions({ namespace: undefined }));
    const manifests = Testing.synth(chart);
    expect(manifests.map((manifest) => manifest.metadata.namespace)).toEqual(manifests.map(() => 'capi'));
  });

  test('deterministic: the same definition synthesizes byte-identical YAML', () => {
    const synth = (): string => {
      const app = new App({ outdir: '/tmp/unused-cdk8s-out' });
      new ProxiedCluster(new Chart(app, 'clusters'), 'Demo', clusterOptions({ settings: demoSettings({ trustedCaPem: CA_1 }), osFamily: OsFamily.UBUNTU }));
      return app.synthYaml();
    };
    const first = synth();
    expect(synth()).toBe(first);
    expect(first).toContain('kind: KubeadmControlPlane');
  });

  test('bad input fails at construction with the prop named', () => {
    const chart = Testing.chart();
    expect(() => new ProxiedCluster(chart, 'Bad', clusterOptions({ name: 'Bad_Name' }))).toThrow(/^name: must be a DNS-1123 label/);
    expect(() => new ProxiedCluster(chart, 'Bad2', clusterOptions({ files: { permissions: '0604' } })))
      .toThrow(/^files.permissions: must not be world-readable when the proxy URLs carry credentials/);
  });

  test('two clusters in one chart each get their own Secret', () => {
    const chart = Testing.chart();
    new ProxiedCluster(chart, 'A', clusterOptions({ name: 'a' }));
    new ProxiedCluster(chart, 'B', clusterOptions({ name: 'b' }));
    const secrets = Testing.synth(chart).filter((manifest) => manifest.kind === 'Secret');
    expect(secrets.map((secret) => secret.metadata.name)).toEqual([expect.stringMatching(/^a-systemd-proxy-/), expect.stringMatching(/^b-systemd-proxy-/)]);
  });
});
