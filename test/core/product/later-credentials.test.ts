import { laterValue, whenKnown } from '../../../src/core/primitives/later-value';
import { joinText, userinfoSlots } from '../../../src/core/primitives/secret-text';
import { checkSlotsInSecretDataOnly, filledSecretData, laterCredentialValues } from '../../../src/core/product/later-credentials';
import { manifestsProduct } from '../../../src/core/product/product';

const checked = (later: unknown) => whenKnown(later, (value) => {
  if (typeof value !== 'string' || value.includes('\n')) {
    throw new Error('password: must not contain newlines');
  }
  return value;
});
const password = checked(laterValue('settings.password', 'a Pulumi Output', 'the Output'));
const url = joinText('http://', userinfoSlots({ username: 'svc', password }), '@proxy:3128');
const secret = (data: object, name = 'proxy') => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name }, stringData: data });
const configMap = (data: object) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'demo' }, data });

describe('credentials known only later', () => {
  test('fill the slots of Secret data with the real value, after the checks it carries; a credential given beside it stays as it is', () => {
    const rendered = manifestsProduct([secret({ HTTP_PROXY: url, NO_PROXY: '.corp' }), secret({ again: url }, 'other')]);
    const laters = laterCredentialValues(rendered);
    expect(laters).toHaveLength(1);
    expect(laters[0]).toBe(password);
    const filled = filledSecretData(rendered, new Map([[password, 'p@ss']]));
    expect(filled.get('Secret-proxy')).toEqual({ HTTP_PROXY: 'http://svc:p%40ss@proxy:3128', NO_PROXY: '.corp' });
    expect(() => filledSecretData(rendered, new Map([[password, 'bad\n']]))).toThrow('password: must not contain newlines');
  });

  test('outside Secret data are refused, naming the object', () => {
    expect(() => checkSlotsInSecretDataOnly(manifestsProduct([configMap({ url })])))
      .toThrow(/^ConfigMap demo: would carry the proxy credentials outside a Secret/);
    expect(() => checkSlotsInSecretDataOnly(manifestsProduct([configMap({ url: 'http://proxy:3128' }), secret({ url })]))).not.toThrow();
  });

  test('a Secret holding the slots of a source that keeps the credentials must have become that source\'s object', () => {
    expect(() => checkSlotsInSecretDataOnly(manifestsProduct([secret({ url: joinText('http://', userinfoSlots(), '@proxy:3128') })])))
      .toThrow(/^internal error: Secret "proxy" holds the slots of a credential source/);
  });
});
