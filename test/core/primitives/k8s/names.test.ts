import { assertDnsLabel, assertObjectName, canonicalJson, contentHash, joinName } from '../../../../src/core/primitives/k8s/names';

describe('deterministic names', () => {
  test('canonical JSON ignores key order and undefined values', () => {
    expect(canonicalJson({ b: 1, a: [{ d: 2, c: undefined }] })).toBe('{"a":[{"d":2}],"b":1}');
    expect(contentHash({ a: 1, b: 2 })).toBe(contentHash({ b: 2, a: 1 }));
    expect(contentHash({ a: 1 })).not.toBe(contentHash({ a: 2 }));
    expect(contentHash('x')).toMatch(/^[0-9a-f]{10}$/);
  });

  test('joinName shortens the base, never the suffix, and stays a valid label', () => {
    expect(joinName('demo-systemd-proxy', 'abc123')).toBe('demo-systemd-proxy-abc123');
    const long = joinName(`${'a'.repeat(50)}-${'b'.repeat(20)}`, '0123456789');
    expect(long.length).toBeLessThanOrEqual(63);
    expect(long.endsWith('-0123456789')).toBe(true);
    expect(joinName(`${'a'.repeat(51)}-bbbb`, '0123456789')).toBe(`${'a'.repeat(51)}-0123456789`);
  });

  test('name checks name the field', () => {
    expect(assertDnsLabel('name', 'demo-1')).toBe('demo-1');
    expect(() => assertDnsLabel('name', 'Demo_1')).toThrow('name: must be a DNS-1123 label');
    expect(() => assertDnsLabel('name', 'a'.repeat(64))).toThrow('name: must be a DNS-1123 label');
    expect(assertObjectName('metadata.name', 'demo.md-0')).toBe('demo.md-0');
    expect(() => assertObjectName('metadata.name', '-x')).toThrow('metadata.name: must be a DNS-1123 subdomain');
  });
});
