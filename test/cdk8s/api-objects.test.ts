import { ApiObject, JsonPatch, Testing } from 'cdk8s';
import { addApiObjects } from '../../src/cdk8s';
import { KubeObject } from '../../src/core/primitives/k8s/manifest';
import { objectIdentity } from '../../src/core/product/product';

const configMap: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'proxy', namespace: 'kube-system' }, data: { a: 'b' } };
const secret: KubeObject = { apiVersion: 'v1', kind: 'Secret', metadata: { name: 'proxy' }, stringData: { k: 'v' } };

describe('addApiObjects', () => {
  test('synthesizes core manifests field for field', () => {
    const chart = Testing.chart();
    addApiObjects(chart, [configMap, secret]);
    expect(Testing.synth(chart)).toEqual([configMap, secret]);
  });

  test('construct ids are stable and distinct per kind, namespace and name', () => {
    expect(objectIdentity(configMap)).toBe('ConfigMap-kube-system-proxy');
    expect(objectIdentity(secret)).toBe('Secret-proxy');
  });

  test('returned ApiObjects are escape hatches and the input is not mutated', () => {
    const chart = Testing.chart();
    const [object] = addApiObjects(chart, [configMap]);
    expect(object).toBeInstanceOf(ApiObject);
    object.addJsonPatch(JsonPatch.add('/data/extra', 'x'));
    expect(Testing.synth(chart)[0].data).toEqual({ a: 'b', extra: 'x' });
    expect(configMap.data).toEqual({ a: 'b' });
  });
});
