/**
 * The API server's size limits, checked on every product at synth time: an object that would be
 * refused on apply is a ProxyConfigError naming the object, the field and its largest entry.
 */
import { checkObjectSize, MAX_ANNOTATION_BYTES, MAX_CONFIGMAP_BYTES, MAX_SECRET_BYTES } from '../../../../src/core/primitives/k8s/size-limits';
import { kyvernoProxyPolicyProduct } from '../../../../src/core/workloads/products';
import { proxyConfig } from '../../../support/fixtures/workloads';

const secret = (stringData: Record<string, string>, data: Record<string, string> = {}) =>
  ({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'ns' }, stringData, data });

describe('checkObjectSize', () => {
  test('a Secret of exactly 1 MiB passes; one byte more is refused, naming the largest key', () => {
    expect(() => checkObjectSize(secret({ a: 'x'.repeat(MAX_SECRET_BYTES - 1), b: 'y' }))).not.toThrow();
    expect(() => checkObjectSize(secret({ a: 'x'.repeat(MAX_SECRET_BYTES - 1), b: 'yy' })))
      .toThrow(/^Secret\/ns\/s: data: totals 1048577 bytes, more than the API server accepts \(1024 KiB\); the largest entry is a with 1048575 bytes/);
  });

  test('base64 data counts decoded; multi-byte text counts in UTF-8 bytes', () => {
    // 4 base64 characters are 3 bytes
    expect(() => checkObjectSize(secret({}, { a: 'QUFB'.repeat(MAX_SECRET_BYTES / 3 + 1) }))).toThrow(/^Secret\/ns\/s: data: totals 1048578 bytes/);
    expect(() => checkObjectSize(secret({ a: 'ü'.repeat(MAX_SECRET_BYTES / 2 + 1) }))).toThrow(/totals 1048578 bytes/);
  });

  test('a ConfigMap of CA certificates too large names trustedCaPem', () => {
    const configMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'cluster-proxy-ca' }, data: { 'ca.crt': 'x'.repeat(MAX_CONFIGMAP_BYTES + 1) } };
    expect(() => checkObjectSize(configMap)).toThrow(/^ConfigMap\/cluster-proxy-ca: data: .* the largest entry is ca\.crt \(from trustedCaPem\)/);
  });

  test('annotations count keys and values, on any kind', () => {
    const big = { apiVersion: 'x.example/v1', kind: 'Thing', metadata: { name: 't', annotations: { k: 'v'.repeat(MAX_ANNOTATION_BYTES - 1) } } };
    expect(() => checkObjectSize(big)).not.toThrow();
    big.metadata.annotations.k += 'v';
    expect(() => checkObjectSize(big)).toThrow(/^Thing\/t: metadata\.annotations: totals 262145 bytes, more than the API server accepts \(256 KiB\)/);
  });
});

test('every product is checked: user annotations that fit alone but not with the library\'s own are refused at synth', () => {
  const annotations = { 'corp.example/notes': 'n'.repeat(MAX_ANNOTATION_BYTES - 100) };
  expect(() => kyvernoProxyPolicyProduct(proxyConfig(), {}, { annotations }))
    .toThrow(/^ClusterPolicy\/inject-cluster-proxy: metadata\.annotations: totals \d+ bytes, more than the API server accepts \(256 KiB\); the largest entry is corp\.example\/notes/);
});
