import { ProxiedClusterOptions, proxiedClusterObjects } from '../../../src/core/capi/proxied-cluster';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { NodeProxyDelivery } from '../../../src/core/node-files/delivery';
import { OsFamily } from '../../../src/core/node-files/os-family';
import { canonicalJson } from '../../../src/core/primitives/k8s/names';
import { CA_1, CA_2, clusterOptions, demoSettings, settingsProps } from '../../support/fixtures/cluster';

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

/** Delivery `inline` is for proxies without credentials (credentials live only in Secrets). */
const credentialsFor = (delivery: NodeProxyDelivery) => (delivery === NodeProxyDelivery.INLINE ? { username: undefined, password: undefined } : {});

const changes = (delivery: NodeProxyDelivery): Array<[string, Partial<ProxiedClusterOptions>]> => [
  ['a new proxy URL', { settings: demoSettings({ httpsProxy: 'http://proxy2.corp.example:3128', ...credentialsFor(delivery) }) }],
  ...(delivery === NodeProxyDelivery.SECRET ? [['a password rotation with a new credentials revision', { settings: demoSettings({ password: 'rotated-secret', credentialsRevision: '2' }) }]] as Array<[string, Partial<ProxiedClusterOptions>]> : []),
  ['a new installation-wide NO_PROXY entry', { settings: demoSettings({ noProxy: ['.corp.example', '10.0.0.0/8', 'registry.corp.example'], ...credentialsFor(delivery) }) }],
  ['a new proxy CA', { settings: demoSettings({ trustedCaPem: CA_2, ...credentialsFor(delivery) }) }],
];

describe.each([NodeProxyDelivery.SECRET, NodeProxyDelivery.INLINE] as NodeProxyDelivery[])('Day 2, delivery %s', (delivery) => {
  const base = () => settingsProps({ trustedCaPem: CA_1, ...credentialsFor(delivery) });
  const before = rolloutInputs(clusterOptions({ delivery, osFamily: OsFamily.UBUNTU, settings: new ProxySettings(base()) }));

  test.each(changes(delivery))('%s rolls the control plane and every worker pool', (_, change) => {
    const after = rolloutInputs(clusterOptions({ delivery, osFamily: OsFamily.UBUNTU, settings: new ProxySettings(base()), ...change }));
    if (delivery === NodeProxyDelivery.SECRET) {
      expect(after.secretName).not.toBe(before.secretName);
    }
    expect(after.controlPlaneSpec).not.toBe(before.controlPlaneSpec);
    after.templateNames.forEach((name, index) => expect(name).not.toBe(before.templateNames[index]));
    after.machineDeploymentTemplates.forEach((template, index) => expect(template).not.toBe(before.machineDeploymentTemplates[index]));
  });

  test('the same proxy changes nothing, and a replica change rolls nothing', () => {
    const settings = base();
    expect(rolloutInputs(clusterOptions({ delivery, osFamily: OsFamily.UBUNTU, settings: new ProxySettings(settings) }))).toEqual(before);
    const scaled = clusterOptions({ delivery, osFamily: OsFamily.UBUNTU, settings: new ProxySettings(settings) });
    const rescaled = { ...scaled, workerPools: scaled.workerPools!.map((pool) => ({ ...pool, replicas: 5 })) };
    expect(rolloutInputs(rescaled)).toEqual(before);
  });
});

describe('Day 2: credentials', () => {
  const withPassword = (password: string, credentialsRevision?: string) =>
    rolloutInputs(clusterOptions({ osFamily: OsFamily.UBUNTU, settings: demoSettings({ trustedCaPem: CA_1, password, credentialsRevision }) }));

  test('a new password alone rolls nothing: no name or spec outside the Secret depends on it', () => {
    expect(withPassword('first-secret', '1')).toEqual(withPassword('rotated-secret', '1'));
  });

  test('a new credentials revision rolls the control plane and every worker pool', () => {
    const before = withPassword('first-secret', '1');
    const after = withPassword('rotated-secret', '2');
    expect(after.secretName).not.toBe(before.secretName);
    expect(after.controlPlaneSpec).not.toBe(before.controlPlaneSpec);
    after.templateNames.forEach((name, index) => expect(name).not.toBe(before.templateNames[index]));
  });

  test('delivery inline is refused with credentials, naming the prop', () => {
    expect(() => proxiedClusterObjects(clusterOptions({ delivery: NodeProxyDelivery.INLINE }))).toThrow(/^delivery: must be "secret" when the proxy URLs carry credentials/);
  });
});
