/**
 * User objects the library copies into its output (a topology Cluster, a ClusterClass, addon
 * manifests, labels...) are checked once, deeply, for what cdk8s and Pulumi cannot emit.
 */
import { ClusterClassProxy } from '../../../../src/core/clusterclass/cluster-class-proxy';
import { addProxyToTopologyCluster } from '../../../../src/core/clusterclass/topology-cluster';
import { ProxyConfigError } from '../../../../src/core/primitives/errors';
import { checkJsonData } from '../../../../src/core/primitives/validation/json-data';

/** `{ [key]: value }` with `key` an own, enumerable data property (as JSON.parse makes `__proto__`). */
function withOwnKey(key: string, value: unknown): Record<string, unknown> {
  const object: Record<string, unknown> = {};
  Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  return object;
}

describe('checkJsonData', () => {
  test('JSON data passes, also objects without a prototype and class instances it leaves to the adapters', () => {
    expect(() => checkJsonData('x', { a: [1, 'b', true, null, { c: undefined }] })).not.toThrow();
    expect(() => checkJsonData('x', Object.assign(Object.create(null), { a: 1 }))).not.toThrow();
    expect(() => checkJsonData('x', { when: new Date(0), later: Promise.resolve(1) })).not.toThrow();
  });

  test.each(['__proto__', 'constructor', 'toString', 'valueOf', 'hasOwnProperty'])('an own key %s is refused, naming its path', (key) => {
    const value = { spec: { items: [withOwnKey(key, 'x')] } };
    expect(() => checkJsonData('cluster', value)).toThrow(new ProxyConfigError(`cluster.spec.items[0].${key}`,
      'is a name every JavaScript object inherits: cdk8s and Pulumi cannot emit it as a field'));
  });

  test('JSON.parse output with a __proto__ key is refused', () => {
    expect(() => checkJsonData('values', JSON.parse('{"a": {"__proto__": {"polluted": true}}}'))).toThrow(/^values\.a\.__proto__: /);
  });

  test.each([
    [NaN, /^x\.n: must be a finite number/],
    [Infinity, /^x\.n: must be a finite number/],
    [() => 1, /^x\.n: must be JSON data .* \(got a function\)$/],
    [Symbol('s'), /^x\.n: must be JSON data/],
    [BigInt(1), /^x\.n: must be JSON data/],
  ])('a value %p that JSON cannot carry is refused', (value, message) => {
    expect(() => checkJsonData('x', { n: value })).toThrow(message);
  });

  test('keys that are not identifiers are quoted in the path', () => {
    expect(() => checkJsonData('labels', { 'example.com/a': withOwnKey('constructor', 1) })).toThrow(/^labels\["example\.com\/a"\]\.constructor: /);
  });

  test('a topology Cluster is checked before anything is copied from it', () => {
    const cluster = {
      apiVersion: 'cluster.x-k8s.io/v1beta2',
      kind: 'Cluster',
      metadata: { name: 'demo' },
      spec: { topology: withOwnKey('constructor', '') },
    };
    const classProxy = new ClusterClassProxy({ settings: { httpProxy: 'http://proxy.corp.example:3128' }, osFamily: 'ubuntu' } as never);
    expect(() => addProxyToTopologyCluster(cluster as never, classProxy)).toThrow(/^cluster\.spec\.topology\.constructor: /);
  });
});
