import { ProxyConfigError } from '../../../src/core/primitives/errors';
import { KubeObject } from '../../../src/core/primitives/k8s/manifest';
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

/** A shared object, named by `namedBy`. */
const shared = (id: string, manifest: KubeObject, namedBy = manifest.kind === 'Secret' ? 'secretName' : 'trustBundle.configMapName') =>
  productObject(id, manifest, { shared: true, namedBy });

describe('SharedObjects', () => {
  test('emits an object once per scope: later products with the same content get what the first emitted', () => {
    const scope = {};
    let emitted = 0;
    const emit = () => ({ n: ++emitted });
    const first = SharedObjects.of<{ n: number }>(scope).emit(shared('a', secret('pw')), emit);
    const second = SharedObjects.of<{ n: number }>(scope).emit(shared('b', secret('pw')), emit);
    expect(second).toBe(first);
    expect(emitted).toBe(1);
    // another scope has its own registry
    expect(SharedObjects.of<{ n: number }>({}).emit(shared('a', secret('pw')), emit)).toEqual({ n: 2 });
  });

  test('the same name with other content is an error naming the prop that picks the name', () => {
    const registry = SharedObjects.of<number>({});
    registry.emit(shared('a', configMap('one')), () => 1);
    expect(() => registry.emit(shared('b', configMap('two')), () => 2)).toThrow(new ProxyConfigError('trustBundle.configMapName',
      'two different proxy configurations both need the ConfigMap "cluster-proxy-ca" in namespace "apps" with different content; give one of them another name'));
    registry.emit(shared('c', secret('pw')), () => 3);
    expect(() => registry.emit(shared('d', secret('other')), () => 4)).toThrow(/^secretName: two different proxy configurations/);
  });

  test('a stand-in for a Secret (a SealedSecret) is compared as the Secret it stands for', () => {
    const registry = SharedObjects.of<number>({});
    // two sealings of one Secret: the ciphertexts differ, the Secret does not
    const sealed = (ciphertext: string, password: string) => productObject('s', {
      apiVersion: 'bitnami.com/v1alpha1', kind: 'SealedSecret', metadata: { name: 'cluster-proxy-env', namespace: 'apps' }, spec: { encryptedData: { HTTPS_PROXY: ciphertext } },
    } as KubeObject, { shared: true, namedBy: 'secretName', comparedAs: secret(password) });
    expect(registry.emit(sealed('c1', 'pw'), () => 1)).toBe(1);
    expect(registry.emit(sealed('c2', 'pw'), () => 2)).toBe(1);
    expect(() => registry.emit(sealed('c3', 'other'), () => 3)).toThrow(/^secretName: two different proxy configurations both need the SealedSecret "cluster-proxy-env" in namespace "apps" with different content/);
  });

  test('an object that is not shared is emitted once: another product emitting it is refused, even with the same content', () => {
    const registry = SharedObjects.of<number>({});
    expect(registry.emit(productObject('a', configMap('one')), () => 1)).toBe(1);
    expect(() => registry.emit(productObject('b', configMap('one')), () => 2)).toThrow(new ProxyConfigError('name',
      'another construct or component in this scope already emits the ConfigMap "cluster-proxy-ca" in namespace "apps"; give one of them another name'));
    // nor may a shared object take the identity of one that is not
    expect(() => registry.emit(shared('c', configMap('one')), () => 3)).toThrow(/^trustBundle\.configMapName: another construct or component/);
  });

  test('Secret data not known yet (stand-in credentials) is left out of the comparison, the rest is not', () => {
    const registry = SharedObjects.of<number>({});
    registry.emit(shared('a', secret('real')), () => 1);
    expect(registry.emit(shared('b', secret('stand-in')), () => 2, { dataKnown: false })).toBe(1);
    expect(() => registry.emit(shared('c', secret('stand-in', 'b')), () => 3, { dataKnown: false })).toThrow(/^secretName:/);
  });

  test('withoutSecretData drops the data of Secrets only', () => {
    expect(withoutSecretData(secret('pw'))).toEqual({ ...secret('pw'), stringData: undefined, data: undefined });
    expect(JSON.stringify(withoutSecretData(secret('pw')))).not.toContain('pw');
    const map = configMap('pem');
    expect(withoutSecretData(map)).toBe(map);
  });
});
