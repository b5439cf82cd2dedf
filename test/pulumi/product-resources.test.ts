/**
 * The generic mapper from a core product to Pulumi resources, under mocks: typed and custom
 * resources, names, secret Secret data only, shared objects once per provider, and the checks
 * that stop a credential from being deployed outside Secret data.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { KubeObject } from '../../src/core/primitives/k8s/manifest';
import { manifestsProduct, product, productObject } from '../../src/core/product/product';
import { ProxyDefinition } from '../../src/pulumi';
import { registerProduct } from '../../src/pulumi/product-resources';
import { plainTextLeaks } from '../support/fixtures/credential-leaks';
import { NETWORK, PASSWORD } from '../support/fixtures/workloads';
import { childrenOf, findRecorded, installMocks, recorded, resetRecorded, secretPaths, settle, stopCallbacks } from '../support/pulumi-mocks';

class Parent extends pulumi.ComponentResource {
  constructor(name: string, opts: pulumi.ComponentResourceOptions = {}) {
    super('test:index:Parent', name, {}, opts);
  }
}

const secret: KubeObject = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'demo-proxy', namespace: 'default' }, type: 'Opaque', stringData: { url: 'http://u:p%40ss@proxy:3128' } };
const configMap: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'demo', namespace: 'kube-system' }, data: { a: 'b' } };
const cluster: KubeObject = { apiVersion: 'cluster.x-k8s.io/v1beta2', kind: 'Cluster', metadata: { name: 'demo', namespace: 'default' }, spec: { paused: false } };

beforeEach(() => installMocks());
beforeEach(resetRecorded);
afterAll(stopCallbacks);

test('Secrets are typed Secrets with secret data, core kinds typed, CRDs CustomResources, named <component>-<id>', async () => {
  const parent = new Parent('p');
  registerProduct(parent, 'demo', () => ({ now: manifestsProduct([secret, configMap, cluster]) }));
  await settle(parent);
  expect(childrenOf(findRecorded('test:index:Parent', 'p')).map((r) => [r.type, r.name, secretPaths(r.wire)]).sort()).toEqual([
    ['kubernetes:cluster.x-k8s.io/v1beta2:Cluster', 'demo-Cluster-default-demo', []],
    ['kubernetes:core/v1:ConfigMap', 'demo-ConfigMap-kube-system-demo', []],
    ['kubernetes:core/v1:Secret', 'demo-Secret-default-demo-proxy', ['/stringData']],
  ]);
  expect(plainTextLeaks(recorded, 'p@ss')).toEqual([]);
  expect(() => registerProduct(new Parent('q'), 'x', () => ({ now: manifestsProduct([{ apiVersion: 'v1', kind: 'Frobnicator', metadata: { name: 'x' } }]) })))
    .toThrow('no Pulumi resource type known for v1 Frobnicator');
});

test('the leak check used by the component tests sees a credential held in plain text, in any encoding', async () => {
  const password = 'p@ss:w/rd';
  registerProduct(new Parent('p'), 'leak', () => ({
    now: manifestsProduct([{ ...configMap, metadata: { name: 'leaky' }, data: { url: 'http://u:p%40ss%3Aw%2Frd@proxy:3128' } }, { ...secret, stringData: { url: `raw ${password}` } }]),
  }));
  await settle();
  expect(plainTextLeaks(recorded, password)).toEqual(['kubernetes:core/v1:ConfigMap leak-ConfigMap-leaky: p%40ss%3Aw%2Frd']);
});

test('a shared object is registered once per provider: the first component owns it, the others reuse it; other content is refused', async () => {
  const shared = (manifest: KubeObject) => product([productObject('Shared', manifest, { shared: true, namedBy: 'trustBundle.configMapName' })]);
  const first = registerProduct(new Parent('a'), 'a', () => ({ now: shared(configMap) }));
  const second = registerProduct(new Parent('b'), 'b', () => ({ now: shared(configMap) }));
  const provider = new k8s.Provider('other', {});
  const elsewhere = registerProduct(new Parent('c', { provider }), 'c', () => ({ now: shared(configMap) }));
  await settle();
  expect(second.resources[0]).toBe(first.resources[0]);
  expect(elsewhere.resources[0]).not.toBe(first.resources[0]);
  expect(recorded.filter((r) => r.type === 'kubernetes:core/v1:ConfigMap').map((r) => r.name)).toEqual(['a-Shared', 'c-Shared']);
  expect(() => registerProduct(new Parent('d'), 'd', () => ({ now: shared({ ...configMap, data: { a: 'other' } }) })))
    .toThrow('trustBundle.configMapName: two different proxy configurations both need the ConfigMap "demo" in namespace "kube-system" with different content; give one of them another name');
});

test('with an Output password, an object that would carry the stand-in credentials is refused at construction', () => {
  const definition = new ProxyDefinition({ settings: { httpProxy: 'http://proxy:3128', username: 'u', password: pulumi.secret(PASSWORD) }, network: NETWORK });
  const literal = (config: { environment: { httpProxy?: string } }) =>
    manifestsProduct([{ ...configMap, data: { url: config.environment.httpProxy! } }]);
  expect(() => registerProduct(new Parent('e'), 'e', () => definition.render(literal)))
    .toThrow(/^ConfigMap demo: would carry the proxy credentials outside a Secret/);
});

