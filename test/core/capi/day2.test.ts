import { CA_1, CA_2, clusterOptions, settingsProps } from './fixtures';
import { NodeProxyDelivery } from '../../../src/core/capi/node-proxy';
import { ProxiedClusterOptions, proxiedClusterObjects } from '../../../src/core/capi/proxied-cluster';
import { canonicalJson } from '../../../src/core/k8s/names';

/**
 * Day 2: Cluster API reads a `contentFrom` Secret once per Machine and never watches it, and
 * templates are immutable, so a proxy change must show up as a change of the objects Cluster API
 * does watch: the KubeadmControlPlane's kubeadmConfigSpec (rolls the control plane) and each
 * MachineDeployment's template (rolls the workers).
 */

/** What Cluster API compares to decide on a rollout. */
function rolloutInputs(options: ProxiedClusterOptions) {
  const result = proxiedClusterObjects(options);
  return {
    secretName: result.secret?.metadata.name,
    controlPlaneSpec: canonicalJson((result.controlPlane.spec as any).kubeadmConfigSpec),
    templateNames: result.workerPools.map((pool) => pool.configTemplate.metadata.name),
    machineDeploymentTemplates: result.workerPools.map((pool) => canonicalJson((pool.machineDeployment.spec as any).template)),
  };
}

const changes: Array<[string, Partial<ProxiedClusterOptions>]> = [
  ['a new proxy URL', { settings: settingsProps({ httpsProxy: 'http://proxy2.corp.example:3128' }) }],
  ['a password rotation', { settings: settingsProps({ password: 'rotated-secret' }) }],
  ['a new installation-wide NO_PROXY entry', { settings: settingsProps({ noProxy: ['.corp.example', '10.0.0.0/8', 'registry.corp.example'] }) }],
  ['a new proxy CA', { settings: settingsProps({ trustedCaPem: CA_2 }) }],
];

describe.each(['secret', 'inline'] as NodeProxyDelivery[])('Day 2, delivery %s', (delivery) => {
  const before = rolloutInputs(clusterOptions({ delivery, osFamily: 'ubuntu', settings: settingsProps({ trustedCaPem: CA_1 }) }));

  test.each(changes)('%s rolls the control plane and every worker pool', (_, change) => {
    const after = rolloutInputs(clusterOptions({ delivery, osFamily: 'ubuntu', settings: settingsProps({ trustedCaPem: CA_1 }), ...change }));
    if (delivery === 'secret') {
      expect(after.secretName).not.toBe(before.secretName);
    }
    expect(after.controlPlaneSpec).not.toBe(before.controlPlaneSpec);
    after.templateNames.forEach((name, index) => expect(name).not.toBe(before.templateNames[index]));
    after.machineDeploymentTemplates.forEach((template, index) => expect(template).not.toBe(before.machineDeploymentTemplates[index]));
  });

  test('the same proxy changes nothing, and a replica change rolls nothing', () => {
    const settings = settingsProps({ trustedCaPem: CA_1 });
    expect(rolloutInputs(clusterOptions({ delivery, osFamily: 'ubuntu', settings }))).toEqual(before);
    const scaled = clusterOptions({ delivery, osFamily: 'ubuntu', settings });
    const rescaled = { ...scaled, workerPools: scaled.workerPools!.map((pool) => ({ ...pool, replicas: 5 })) };
    expect(rolloutInputs(rescaled)).toEqual(before);
  });
});
