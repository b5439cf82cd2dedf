import * as pulumi from '@pulumi/pulumi';
import { plainTextLeaks } from './fixtures';
import { KubeObject } from '../../src/core';
import { registerKubeObject, resourceName } from '../../src/pulumi';
import { findRecorded, installMocks, isSecretMarker, recorded, resetRecorded, settle, stopCallbacks } from '../support/pulumi-mocks';

class Parent extends pulumi.ComponentResource {
  constructor(name: string) {
    super('test:index:Parent', name, {}, {});
  }
}

const secret: KubeObject = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'demo-proxy', namespace: 'default' }, type: 'Opaque', stringData: { url: 'http://u:p%40ss@proxy:3128' } };
const configMap: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'demo', namespace: 'kube-system' }, data: { a: 'b' } };
const cluster: KubeObject = { apiVersion: 'cluster.x-k8s.io/v1beta2', kind: 'Cluster', metadata: { name: 'demo', namespace: 'default' }, spec: { paused: false } };

beforeAll(installMocks);
beforeEach(resetRecorded);
afterAll(stopCallbacks);

describe('registerKubeObject', () => {
  test('Secrets are typed Secret resources with every value secret', async () => {
    const parent = new Parent('p');
    const resource = registerKubeObject(secret, { parent, componentName: 'demo' });
    await settle(resource);
    const registered = findRecorded('kubernetes:core/v1:Secret', 'demo-default-demo-proxy');
    expect(registered.inputs.metadata).toEqual(secret.metadata);
    expect(registered.inputs.type).toBe('Opaque');
    // the RPC layer lifts secretness to the whole map: stringData reaches the engine as one secret
    expect(isSecretMarker(registered.inputs.stringData)).toBe(true);
    expect(registered.inputs.stringData.value).toEqual({ url: 'http://u:p%40ss@proxy:3128' });
  });

  test('secret values can be outputs supplied by the program', async () => {
    const parent = new Parent('p2');
    const resource = registerKubeObject(secret, { parent, componentName: 'demo2', secretValues: { url: pulumi.output('from-config') } });
    await settle(resource);
    const stringData = findRecorded('kubernetes:core/v1:Secret', 'demo2-default-demo-proxy').inputs.stringData;
    expect(isSecretMarker(stringData) && stringData.value).toEqual({ url: 'from-config' });
  });

  test('core kinds use typed resources and CRDs use CustomResource type tokens', async () => {
    const parent = new Parent('p3');
    await settle(registerKubeObject(configMap, { parent, componentName: 'demo' }));
    await settle(registerKubeObject(cluster, { parent, componentName: 'demo' }));
    expect(findRecorded('kubernetes:core/v1:ConfigMap', 'demo-kube-system-demo').inputs.data).toEqual({ a: 'b' });
    const registered = findRecorded('kubernetes:cluster.x-k8s.io/v1beta2:Cluster', 'demo-default-demo');
    expect(registered.inputs).toMatchObject({ apiVersion: 'cluster.x-k8s.io/v1beta2', kind: 'Cluster', spec: { paused: false } });
    expect(recorded.every((r) => !r.type.startsWith('kubernetes:yaml'))).toBe(true);
  });

  test('an unknown core kind is refused instead of getting a wrong type token', () => {
    expect(() => registerKubeObject({ apiVersion: 'v1', kind: 'Frobnicator', metadata: { name: 'x' } }, { parent: new Parent('p4'), componentName: 'x' }))
      .toThrow('no Pulumi resource type known for v1 Frobnicator');
  });

  test('the leak check used by the component tests sees a credential held in plain text, in any encoding', async () => {
    const password = 'p@ss:w/rd';
    const parent = new Parent('p5');
    registerKubeObject({ ...configMap, metadata: { name: 'leaky' }, data: { url: 'http://u:p%40ss%3Aw%2Frd@proxy:3128' } }, { parent, componentName: 'leak' });
    registerKubeObject({ ...secret, metadata: { name: 'fine' }, stringData: { url: `raw ${password}` } }, { parent, componentName: 'leak' });
    await settle();
    expect(plainTextLeaks(recorded.filter((r) => r.name === 'leak-leaky'), password)).toEqual(['kubernetes:core/v1:ConfigMap leak-leaky: p%40ss%3Aw%2Frd']);
    expect(plainTextLeaks(recorded.filter((r) => r.name === 'leak-fine'), password)).toEqual([]);
  });

  test('resource names are deterministic and lower case', () => {
    expect(resourceName('Demo', configMap)).toBe('demo-kube-system-demo');
    expect(resourceName('demo', { ...cluster, metadata: { name: 'x' } })).toBe('demo-x');
  });
});
