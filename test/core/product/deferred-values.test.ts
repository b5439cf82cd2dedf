import { ProxyConfigError } from '../../../src/core/errors';
import { KubeObject } from '../../../src/core/k8s/manifest';
import { deferValues, withValues } from '../../../src/core/product/deferred-values';
import { manifestsProduct, Product } from '../../../src/core/product/product';

/** A value known only later, as a Pulumi Output is. */
class Later {
  constructor(readonly value: unknown) {}
}
const isLater = (value: unknown): value is Later => value instanceof Later;

interface Args {
  readonly name: string;
  readonly pools: { readonly name: string; readonly replicas: number }[];
  readonly version?: string;
}

/** A MachineDeployment per pool: the pool name is in the object's name, replicas and version in its spec. */
function render(args: Args): Product {
  return manifestsProduct(args.pools.map((pool) => ({
    apiVersion: 'cluster.x-k8s.io/v1beta1',
    kind: 'MachineDeployment',
    metadata: { name: `${args.name}-${pool.name}` },
    spec: { replicas: pool.replicas, template: { spec: { version: args.version ?? 'v1.31.0' } } },
  } as unknown as KubeObject)));
}

describe('deferValues', () => {
  test('finds each deferred value and the fields of the product it goes to', () => {
    const replicas = new Later(3);
    const version = new Later('v1.32.1');
    const args = { name: 'demo', version, pools: [{ name: 'md', replicas }, { name: 'gpu', replicas: 1 }] } as unknown as Args;
    const deferred = deferValues(args, isLater, 'a later value', render);
    expect(deferred.values.map((item) => [item.field, item.value])).toEqual([['version', version], ['pools[0].replicas', replicas]]);
    expect(deferred.placements).toEqual([
      [{ objectId: 'MachineDeployment-demo-md', path: ['spec', 'template', 'spec', 'version'] },
        { objectId: 'MachineDeployment-demo-gpu', path: ['spec', 'template', 'spec', 'version'] }],
      [{ objectId: 'MachineDeployment-demo-md', path: ['spec', 'replicas'] }],
    ]);
    // the args to render now hold stand-ins the core accepts; the real values replace them later
    expect(render(deferred.args).objects[0].manifest).toMatchObject({ spec: { replicas: 993, template: { spec: { version: 'v1.0.997' } } } });
    expect(render(withValues(args, deferred.values, ['v1.32.1', 3])).objects[0].manifest)
      .toMatchObject({ spec: { replicas: 3, template: { spec: { version: 'v1.32.1' } } } });
  });

  test('values under the same key trace to their own fields', () => {
    const first = new Later(3);
    const second = new Later(5);
    const args = { name: 'demo', pools: [{ name: 'md', replicas: first }, { name: 'gpu', replicas: second }] } as unknown as Args;
    const deferred = deferValues(args, isLater, 'a later value', render);
    expect(deferred.placements).toEqual([
      [{ objectId: 'MachineDeployment-demo-md', path: ['spec', 'replicas'] }],
      [{ objectId: 'MachineDeployment-demo-gpu', path: ['spec', 'replicas'] }],
    ]);
    expect(deferred.values.map((value) => value.standIns)).toEqual([[997, 999], [993, 995]]);
  });

  test('without deferred values the args are returned as they are and nothing is rendered', () => {
    const args: Args = { name: 'demo', pools: [{ name: 'md', replicas: 3 }] };
    const deferred = deferValues(args, isLater, 'a later value', () => {
      throw new Error('rendered');
    });
    expect(deferred).toEqual({ values: [], args, placements: [] });
    expect(deferred.args).toBe(args);
  });

  test('a value that shapes a name is refused, naming its field', () => {
    const args = { name: 'demo', pools: [{ name: new Later('md'), replicas: 3 }] } as unknown as Args;
    expect(() => deferValues(args, isLater, 'a later value', render))
      .toThrow(new ProxyConfigError('pools[0].name', 'cannot be a later value here: it shapes the name or content of MachineDeployment '
        + 'MachineDeployment-demo-<pools[0].name>, which must be known at program time'));
  });

  test('a value under a key that cannot wait is refused, naming its field and the keys that can', () => {
    const args = { name: 'demo', pools: [{ name: 'md', replicas: 3, labels: { tier: new Later('a') } }] } as unknown as Args;
    expect(() => deferValues(args, isLater, 'a later value', render))
      .toThrow(new ProxyConfigError('pools[0].labels.tier', 'cannot be a later value (inputs are accepted for version, replicas, name)'));
  });
});
