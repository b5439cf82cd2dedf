import { ProxyConfigError } from '../../../src/core/errors';
import { KubeObject } from '../../../src/core/k8s/manifest';
import { productObject } from '../../../src/core/product/product';
import { SharedObjects, withoutSecretData } from '../../../src/core/product/shared-objects';

function secret(password: string, label = 'a'): KubeObject {
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: 'cluster-proxy-env', namespace: 'apps', labels: { tier: label } },
    stringData: { HTTPS_PROXY: `http://user:${password}@proxy:3128` },
  } as KubeObject;
}

function configMap(pem: string): KubeObject {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cluster-proxy-ca', namespace: 'apps' }, data: { 'ca.crt': pem } } as KubeObject;
}

describe('SharedObjects', () => {
  test('emits an object once per scope: later products with the same content get what the first emitted', () => {
    const scope = {};
    let emitted = 0;
    const emit = () => ({ n: ++emitted });
    const first = SharedObjects.of<{ n: number }>(scope).emit(productObject('a', secret('pw')), emit);
    const second = SharedObjects.of<{ n: number }>(scope).emit(productObject('b', secret('pw')), emit);
    expect(second).toBe(first);
    expect(emitted).toBe(1);
    // another scope has its own registry
    expect(SharedObjects.of<{ n: number }>({}).emit(productObject('a', secret('pw')), emit)).toEqual({ n: 2 });
  });

  test('the same name with other content is an error naming the prop that picks the name', () => {
    const registry = SharedObjects.of<number>({});
    registry.emit(productObject('a', configMap('one')), () => 1);
    expect(() => registry.emit(productObject('b', configMap('two')), () => 2)).toThrow(new ProxyConfigError('trustBundle.configMapName',
      'two different proxy configurations both need the ConfigMap "cluster-proxy-ca" in namespace "apps"; give one of them another name'));
    registry.emit(productObject('c', secret('pw')), () => 3);
    expect(() => registry.emit(productObject('d', secret('other')), () => 4)).toThrow(/^secretName: two different proxy configurations/);
  });

  test('Secret data not known yet (stand-in credentials) is left out of the comparison, the rest is not', () => {
    const registry = SharedObjects.of<number>({});
    registry.emit(productObject('a', secret('real')), () => 1);
    expect(registry.emit(productObject('b', secret('stand-in')), () => 2, { dataKnown: false })).toBe(1);
    expect(() => registry.emit(productObject('c', secret('stand-in', 'b')), () => 3, { dataKnown: false })).toThrow(/^secretName:/);
  });

  test('withoutSecretData drops the data of Secrets only', () => {
    expect(withoutSecretData(secret('pw'))).toEqual({ ...secret('pw'), stringData: undefined, data: undefined });
    expect(JSON.stringify(withoutSecretData(secret('pw')))).not.toContain('pw');
    const map = configMap('pem');
    expect(withoutSecretData(map)).toBe(map);
  });
});
