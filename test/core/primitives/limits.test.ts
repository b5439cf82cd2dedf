/**
 * The limits table, each limit at its boundary: the library's check accepts the largest allowed
 * size and refuses one more, with the library's error naming the input. The environment limit is
 * also checked against the real kernel: exec accepts a NAME=value of exactly that size and refuses
 * one byte more.
 */
import { spawnSync } from 'node:child_process';
import { ApiObject, App, Chart } from 'cdk8s';
import { stringify } from 'yaml';
import { ClusterProxyConfig } from '../../../src/core/definition/cluster-proxy-config';
import { ClusterNetwork } from '../../../src/core/definition/network';
import { ProxySettings } from '../../../src/core/definition/proxy-settings';
import { checkObjectSize } from '../../../src/core/primitives/k8s/size-limits';
import { LIMITS } from '../../../src/core/primitives/limits';
import { checkJsonData } from '../../../src/core/primitives/validation/json-data';
import { libraryError } from '../../support/library-error';

const network = () => new ClusterNetwork({ pods: ['10.0.0.0/16'], services: ['10.96.0.0/12'] });

/** A proxy whose NO_PROXY has `count` distinct host entries of the given length. */
function configWithHosts(count: number, hostLength: number): ClusterProxyConfig {
  const hosts = Array.from({ length: count }, (_, i) => `h${String(i).padStart(hostLength - 14, '0')}.corp.example`);
  return new ClusterProxyConfig(new ProxySettings({ httpProxy: 'http://proxy.corp.example:3128', noProxy: hosts }), network());
}


describe('environment strings', () => {
  const limit = LIMITS.environmentString.value;

  test('the real kernel: exec takes NAME=value of exactly the limit (with its NUL) and refuses one byte more', () => {
    const valueOf = (size: number) => 'x'.repeat(size - 'NO_PROXY='.length - 1);
    const at = spawnSync('/bin/true', [], { env: { NO_PROXY: valueOf(limit) } });
    expect(at.error).toBeUndefined();
    expect(at.status).toBe(0);
    const over = spawnSync('/bin/true', [], { env: { NO_PROXY: valueOf(limit + 1) } });
    expect((over.error as NodeJS.ErrnoException | undefined)?.code).toBe('E2BIG');
  });

  test('the NO_PROXY that fills the limit is accepted; one more entry is refused, naming noProxy', () => {
    // the largest list that fits, by bisection (each entry takes 31 bytes with its comma)
    let low = 1;
    let high = 10_000;
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      try {
        configWithHosts(mid, 30);
        low = mid;
      } catch {
        high = mid;
      }
    }
    const fits = configWithHosts(low, 30).environment.noProxy;
    const size = Buffer.byteLength(`NO_PROXY=${fits}`) + 1;
    expect(size).toBeLessThanOrEqual(limit);
    const error = libraryError(() => configWithHosts(high, 30));
    expect(error.field).toBe('noProxy');
    // one entry more crosses the limit: the two sizes are one entry's rendering apart
    const refused = Number(/would take (\d+) bytes/.exec(error.message)![1]);
    expect(refused).toBeGreaterThan(limit);
    expect(refused - size).toBeLessThan(100);
    expect(error.message).toMatch(/^noProxy: NO_PROXY \(\d+ entries\) would take \d+ bytes in a process environment, more than Linux allows for one variable \(131072 bytes\): every program started with it would fail with "Argument list too long"/);
  });
});

describe('object sizes', () => {
  const secret = (bytes: number) => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'n' }, stringData: { 'ca.crt': 'x'.repeat(bytes) } });
  const configMap = (bytes: number) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: { 'ca.crt': 'x'.repeat(bytes) } });
  const annotated = (bytes: number) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'a', annotations: { k: 'x'.repeat(bytes - 1) } }, data: {} });

  test.each([
    ['Secret data', LIMITS.secretData.value, secret, /^Secret\/n\/s: data: totals 1048577 bytes.*\(from trustedCaPem\)/],
    ['ConfigMap data', LIMITS.configMapData.value, configMap, /^ConfigMap\/c: data: totals 1048577 bytes/],
    ['annotations', LIMITS.annotations.value, annotated, /^ConfigMap\/a: metadata\.annotations: totals 262145 bytes/],
  ])('%s: %d bytes pass, one more is refused', (_name, limit, make, message) => {
    expect(() => checkObjectSize(make(limit))).not.toThrow();
    expect(libraryError(() => checkObjectSize(make(limit + 1))).message).toMatch(message);
  });
});

describe('nesting depth', () => {
  const limit = LIMITS.nestingDepth.value;
  /** A ConfigMap whose data holds `depth` levels of arrays and objects (`depth` counted from the manifest itself). */
  const configMap = (depth: number) => {
    let data: unknown = 'x';
    for (let level = 0; level < depth - 2; level++) {
      data = level % 2 ? { a: data } : [data];
    }
    return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'deep' }, data: { nested: data } };
  };

  test('the YAML writer cdk8s synthesizes with handles the deepest value accepted, and exhausts the stack at a few times it', () => {
    const app = new App();
    new ApiObject(new Chart(app, 'c'), 'deep', configMap(limit));
    expect(app.synthYaml()).toContain('kind: ConfigMap');
    expect(() => stringify(configMap(4 * limit))).toThrow(RangeError);
  });

  test(`${limit} levels pass, one more is refused, naming the field where it goes too deep`, () => {
    expect(() => checkJsonData('manifests[0]', configMap(limit))).not.toThrow();
    const error = libraryError(() => checkJsonData('manifests[0]', configMap(limit + 1)));
    expect(error.message).toMatch(new RegExp(`^manifests\\[0\\]\\.data\\.nested(\\[0\\]\\.a)+(\\[0\\])?: is nested more than ${limit} levels deep`));
  });

  test('a value that contains itself is refused the same way, and the check ends', () => {
    const loop: Record<string, unknown> = {};
    loop.self = loop;
    expect(libraryError(() => checkJsonData('values', loop)).message).toMatch(/^values(\.self)+: is nested more than/);
  });
});

test('every limit states its reason', () => {
  for (const [name, limit] of Object.entries(LIMITS)) {
    const stated = { name, positive: limit.value > 0, reason: limit.reason.length > 20, unit: limit.unit.length > 0 };
    expect(stated).toEqual({ name, positive: true, reason: true, unit: true });
  }
});
