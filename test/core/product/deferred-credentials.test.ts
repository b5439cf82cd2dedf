import { ProxyConfigError } from '../../../src/core/primitives/errors';
import { KubeObject } from '../../../src/core/primitives/k8s/manifest';
import {
  checkStandInsInSecretDataOnly, credentialsToRender, sameOutsideSecretData, STAND_IN_CREDENTIALS,
} from '../../../src/core/product/deferred-credentials';
import { manifestsProduct } from '../../../src/core/product/product';

const configMap = (data: Record<string, string>): KubeObject =>
  ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'demo', namespace: 'kube-system' }, data }) as KubeObject;
const secret = (url: string): KubeObject =>
  ({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 'demo-proxy', namespace: 'default' }, type: 'Opaque', stringData: { url } }) as KubeObject;

describe('credentialsToRender', () => {
  test('keeps strings, puts a stand-in in place of a value known later, and leaves absent ones out', () => {
    const later = Promise.resolve('secret');
    const isLater = (value: unknown) => value instanceof Promise;
    expect(credentialsToRender({ username: 'u', password: 'p' }, isLater)).toEqual({ username: 'u', password: 'p' });
    expect(credentialsToRender({ username: 'u', password: later }, isLater)).toEqual({ username: 'u', password: STAND_IN_CREDENTIALS.password });
    expect(credentialsToRender({ username: later, password: later }, isLater)).toEqual(STAND_IN_CREDENTIALS);
    expect(credentialsToRender({ username: 'u' }, isLater)).toStrictEqual({ username: 'u' });
    expect(credentialsToRender({}, isLater)).toStrictEqual({});
  });

  test('the stand-ins are valid userinfo and tinyproxy BasicAuth values', () => {
    for (const value of Object.values(STAND_IN_CREDENTIALS)) {
      expect(value).toMatch(/^[-a-z0-9._]+$/);
      expect(encodeURIComponent(value)).toBe(value);
    }
  });
});

describe('checkStandInsInSecretDataOnly', () => {
  test('accepts stand-ins in Secret data', () => {
    expect(() => checkStandInsInSecretDataOnly(manifestsProduct([configMap({ a: 'b' }), secret(`http://u:${STAND_IN_CREDENTIALS.password}@proxy:3128`)])))
      .not.toThrow();
  });

  test.each(Object.entries(STAND_IN_CREDENTIALS))('refuses the %s stand-in outside a Secret, naming the object', (_key, standIn) => {
    const rendered = manifestsProduct([configMap({ url: `http://${standIn}@proxy:3128` })]);
    expect(() => checkStandInsInSecretDataOnly(rendered)).toThrow(ProxyConfigError);
    expect(() => checkStandInsInSecretDataOnly(rendered)).toThrow(/^ConfigMap demo: would carry the proxy credentials outside a Secret/);
  });
});

describe('sameOutsideSecretData', () => {
  const rendered = (password: string) => manifestsProduct([configMap({ hash: String(password.length) }), secret(password)]);

  test('returns the real rendering when only Secret data differs', () => {
    expect(sameOutsideSecretData(rendered('stand-in'), rendered('other---'))).toEqual(rendered('other---'));
  });

  test('refuses a real rendering that differs outside Secret data (a hash of the password would), naming the object', () => {
    expect(() => sameOutsideSecretData(rendered('stand-in'), rendered('longer password')))
      .toThrow('ConfigMap demo: depends on the proxy credentials outside Secret data, so it cannot be deployed from credentials known only at deployment');
  });

  test('refuses a real rendering with other objects', () => {
    expect(() => sameOutsideSecretData(manifestsProduct([secret('a')]), rendered('a'))).toThrow(/^ConfigMap demo: depends on/);
  });

  test('never quotes the credentials it compares', () => {
    const password = 'p4ssw0rd-that-must-not-leak';
    const withHash = (value: string) => manifestsProduct([configMap({ leaked: value }), secret(value)]);
    try {
      sameOutsideSecretData(withHash('stand-in'), withHash(password));
      throw new Error('no error');
    } catch (error) {
      expect((error as Error).message).not.toContain(password);
    }
  });
});
