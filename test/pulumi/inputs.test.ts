/**
 * Cluster API args as Pulumi inputs: the Kubernetes version, replicas and the names of the
 * infrastructure objects referred to may be Outputs. Each lands in the fields a plain value would
 * fill, validated by the core when it resolves; an input that would shape a name is refused.
 */
import * as pulumi from '@pulumi/pulumi';
import { WorkerPoolProps } from '../../src/core/capi/machine-deployment';
import { proxiedClusterProduct } from '../../src/core/capi/products';
import { ProxiedClusterOptions } from '../../src/core/capi/proxied-cluster';
import { ClusterProxyConfig } from '../../src/core/definition/cluster-proxy-config';
import { OsFamily } from '../../src/core/node-files/os-family';
import { ProxyConfigError } from '../../src/core/primitives/errors';
import { isLaterValue, replaceLaterValues } from '../../src/core/primitives/later-value';
import * as adapter from '../../src/pulumi';
import { deferInputs, withWaitingInputs } from '../../src/pulumi/deferred-args';
import { clusterOptions, infraRef, demoSettings, demoNetwork, NASTY_PASSWORD, settingsProps } from '../support/fixtures/cluster';
import { installMocks, kubeObjectOf, outcome, RecordedResource, runComponents, stopCallbacks } from '../support/pulumi-mocks';

afterAll(stopCallbacks);


/** The recorded objects by resource name, with every Output resolved. */
function byName(registrations: readonly RecordedResource[]): Map<string, Record<string, any>> {
  return new Map(registrations.map((r) => [r.name, kubeObjectOf(r)]));
}

const plainArgs = () => clusterOptions({ osFamily: OsFamily.UBUNTU });

/** The same cluster with every deferrable arg an Output of the same value. */
function outputArgs(): adapter.ProxiedClusterArgs {
  const plain = plainArgs();
  const later = <T>(value: T) => pulumi.output(Promise.resolve(value));
  return {
    ...plain,
    version: later(plain.version),
    infrastructureRef: { ...plain.infrastructureRef, name: later(plain.infrastructureRef.name) },
    controlPlane: { ...plain.controlPlane, replicas: later(3), machineTemplate: { ...plain.controlPlane.machineTemplate, name: later('demo-control-plane') } },
    workerPools: plain.workerPools!.map((pool) => ({
      ...pool,
      ...(pool.replicas !== undefined ? { replicas: later(pool.replicas) } : {}),
      ...(pool.version !== undefined ? { version: later(pool.version) } : {}),
      machineTemplate: { ...pool.machineTemplate, name: later(pool.machineTemplate.name) },
    })),
  };
}

test('outputs for version, replicas and reference names give the same objects as plain values', async () => {
  const plain = byName(await runComponents(() => new adapter.ProxiedCluster('demo', plainArgs())));
  const deferred = byName(await runComponents(() => new adapter.ProxiedCluster('demo', outputArgs())));
  expect([...deferred.keys()].sort()).toEqual([...plain.keys()].sort());
  for (const [name, object] of plain) {
    expect([name, deferred.get(name)]).toEqual([name, object]);
  }
  // the values really came from the Outputs: the stand-ins are nowhere
  expect(JSON.stringify([...deferred.values()])).not.toMatch(/stand-in-reference|v1\.\d+\.99[79]|"replicas":9\d\d\b/);
});

test('the standalone control plane takes its version, replicas and machine template name as inputs', async () => {
  const args = (version: pulumi.Input<string>, replicas: pulumi.Input<number>, template: pulumi.Input<string>) => ({
    settings: clusterOptions().settings,
    network: clusterOptions().network,
    clusterName: 'demo',
    namespace: 'clusters',
    osFamily: OsFamily.UBUNTU,
    version,
    replicas,
    machineTemplate: { ...infraRef('DockerMachineTemplate', 'cp'), name: template },
  });
  const plain = byName(await runComponents(() => new adapter.ProxiedKubeadmControlPlane('cp', args('v1.31.2', 3, 'cp'))));
  const deferred = byName(await runComponents(() => new adapter.ProxiedKubeadmControlPlane('cp',
    args(pulumi.output('v1.31.2'), pulumi.output(Promise.resolve(3)), pulumi.output('cp')))));
  expect(deferred.get('cp-ControlPlane')).toEqual(plain.get('cp-ControlPlane'));
  expect(deferred.get('cp-ControlPlane')!.spec).toMatchObject({ version: 'v1.31.2', replicas: 3 });
});

test('an input lands as a later value in the one field it fills, and one that resolves to a bad value fails with the core message naming the field', async () => {
  await installMocks();
  const proxy = new ClusterProxyConfig(demoSettings(), demoNetwork());
  const { settings: _s, network: _n, ...plain } = plainArgs();
  const args = { ...plain, controlPlane: { ...plain.controlPlane, replicas: pulumi.output(4) } } as unknown as Omit<ProxiedClusterOptions, 'settings' | 'network'>;
  const rendered = proxiedClusterProduct({ ...deferInputs(args), proxy });
  const controlPlane = rendered.objects.find((object) => object.id === 'ControlPlane')!.manifest as unknown as { spec: Record<string, unknown> };
  expect(isLaterValue(controlPlane.spec.replicas)).toBe(true);
  const laterValuesIn = (data: unknown) => {
    let count = 0;
    replaceLaterValues(data, () => count++);
    return count;
  };
  expect(rendered.objects.map((object) => [object.id, laterValuesIn(object.manifest)]).filter(([, count]) => count !== 0)).toEqual([['ControlPlane', 1]]);
  const waiting = withWaitingInputs(controlPlane) as { spec: { replicas: pulumi.Output<unknown>; version: unknown } };
  expect(waiting.spec.version).toBe(plain.version);
  const error = await outcome(waiting.spec.replicas).then(() => undefined, (e: Error) => e);
  expect(error).toBeInstanceOf(ProxyConfigError);
  expect(error!.message).toMatch(/^controlPlane\.replicas: must be odd with stacked etcd/);
});

test('beside accepted inputs, the error names only the input that shapes a name', () => {
  const args = plainArgs();
  const pools = args.workerPools!.map((pool, index) => ({
    ...pool,
    replicas: pulumi.output(pool.replicas ?? 1) as unknown as number,
    name: (index === 0 ? pulumi.output(pool.name) : pool.name) as unknown as string,
  }));
  const run = () => new adapter.ProxiedCluster('mixed', {
    ...args,
    version: pulumi.output('v1.31.2') as unknown as string,
    workerPools: pools,
    controlPlane: { ...args.controlPlane, replicas: pulumi.output(3) as unknown as number },
  });
  expect(run).toThrow(/^workerPools\[0\]\.name: cannot be a Pulumi Output or Promise here: it shapes a name or content that must be known at program time$/);
});

test('an input where a name is derived from it is refused at program time, naming the arg', () => {
  const named = (pool: WorkerPoolProps) => ({ ...pool, name: pulumi.output(pool.name) as unknown as string });
  const pools = plainArgs().workerPools!.map((pool, index) => (index === 0 ? named(pool) : pool));
  expect(() => new adapter.ProxiedCluster('named', { ...plainArgs(), workerPools: pools }))
    .toThrow(/workerPools\[0\]\.name: cannot be a Pulumi Output or Promise here: it shapes a name or content/);
  expect(() => new adapter.ProxiedCluster('ns', { ...plainArgs(), namespace: pulumi.output('clusters') as unknown as string }))
    .toThrow(/namespace: cannot be a Pulumi Output or Promise \(inputs are accepted for version, replicas, name\)/);
});

test('inputs beside Output credentials: one rendering, the Secret data from the real credentials, the inputs in their fields', async () => {
  const withPassword = (args: adapter.ProxiedClusterArgs, password: pulumi.Input<string>): adapter.ProxiedClusterArgs => ({
    ...args, settings: { ...settingsProps(), password },
  });
  const plain = byName(await runComponents(() => new adapter.ProxiedCluster('demo', withPassword(plainArgs(), NASTY_PASSWORD))));
  const deferred = byName(await runComponents(() => new adapter.ProxiedCluster('demo', withPassword(outputArgs(), pulumi.secret(NASTY_PASSWORD)))));
  expect([...deferred.keys()].sort()).toEqual([...plain.keys()].sort());
  for (const [name, object] of plain) {
    expect([name, deferred.get(name)]).toEqual([name, object]);
  }
});
