import { parseKubernetesVersion, parseReplicas } from '../../../src/core/capi/kubernetes-version';
import { invalidValue, ProxyConfigError } from '../../../src/core/primitives/errors';
import { contentHash, joinName } from '../../../src/core/primitives/k8s/names';
import {
  isLaterValue, laterValue, laterValueSource, replaceLaterValues, resolveLaterValue, whenKnown,
} from '../../../src/core/primitives/later-value';

/** The adapter's object for a value known later, as a Pulumi Output is. */
const source = { output: 'replicas' };
const later = () => laterValue('pools[0].replicas', 'a later value', source);
const shaping = new ProxyConfigError('pools[0].replicas', 'cannot be a later value here: it shapes a name or content that must be known at program time');

describe('later values', () => {
  test('a value known now is checked now; a later one carries the check for its real value', () => {
    const double = (value: unknown) => (value as number) * 2;
    expect(whenKnown(3, double)).toBe(6);
    const checked = whenKnown(later(), double);
    expect(isLaterValue(checked)).toBe(true);
    expect(laterValueSource(checked)).toBe(source);
    expect(resolveLaterValue(checked, 5)).toBe(10);
    expect(resolveLaterValue(whenKnown(checked, (value) => `${value as number}!`), 5)).toBe('10!');
  });

  test('the core validators check the real value with their own field-naming errors', () => {
    const replicas = parseReplicas('controlPlane.replicas', later(), 1);
    expect(resolveLaterValue(replicas, 3)).toBe(3);
    expect(() => resolveLaterValue(replicas, 0)).toThrow(new ProxyConfigError('controlPlane.replicas', 'must be a whole number from 1 to 1000 (got 0)'));
    const version = parseKubernetesVersion('version', laterValue('version', 'a later value', source));
    expect(resolveLaterValue(version, 'v1.31.2')).toBe('v1.31.2');
    expect(() => resolveLaterValue(version, '1.31.2')).toThrow(/^version: must be a Kubernetes version/);
  });

  test('any use but being placed is refused, naming the field: text, hashes, JSON, properties, keys, error quotes', () => {
    const value = later();
    expect(() => `${value as string}-md`).toThrow(shaping);
    expect(() => joinName(value as string, 'abc')).toThrow(shaping);
    expect(() => (value as number) % 2).toThrow(shaping);
    expect(() => contentHash({ replicas: value })).toThrow(shaping);
    expect(() => JSON.stringify({ replicas: value })).toThrow(shaping);
    expect(() => (value as string).toLowerCase()).toThrow(shaping);
    expect(() => Object.keys(value as object)).toThrow(shaping);
    expect(() => ({ ...(value as object) })).toThrow(shaping);
    expect(() => invalidValue('pools[0].replicas', value, 'must be a number')).toThrow(shaping);
  });

  test('placed in data, later values are found where they sit, by what they are and not by their text', () => {
    const value = later();
    const data = { spec: { replicas: value, template: ['a', { version: value }] }, note: 'pools[0].replicas' };
    expect(replaceLaterValues(data, () => 7)).toEqual({ spec: { replicas: 7, template: ['a', { version: 7 }] }, note: 'pools[0].replicas' });
    expect(isLaterValue({ replicas: 3 })).toBe(false);
    expect(isLaterValue(null)).toBe(false);
    expect(() => resolveLaterValue(3, 3)).toThrow(/internal error/);
  });
});
