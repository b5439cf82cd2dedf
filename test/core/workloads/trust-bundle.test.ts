import { X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { expectValid } from './validate';
import { parseCaBundle } from '../../../src/core/definition/ca-bundle';
import { LIMITS } from '../../../src/core/primitives/limits';
import { ProxyInjection } from '../../../src/core/workloads/proxy-injection';
import { CA_TRUST_VARIABLES, trustBundleConfigMap, trustBundlePlan, TrustManagerResource, DEFAULT_SYSTEM_ROOTS, SystemRoots } from '../../../src/core/workloads/trust-bundle';
import { caCertificates } from '../../support/ca-certificates';
import { CORPORATE_CA, proxyConfig } from '../../support/fixtures/workloads';
import { libraryError } from '../../support/library-error';
import { expectValidObjects } from '../../support/schemas';

describe('trustBundlePlan', () => {
  const config = proxyConfig({ trustedCaPem: CORPORATE_CA });

  test('no plan without trustedCaPem', () => {
    expect(trustBundlePlan(proxyConfig())).toBeUndefined();
  });

  test('by default (node-mozilla): the corporate CA first, then every Mozilla root of this Node once', () => {
    const plan = trustBundlePlan(config)!;
    expect(plan.data).toEqual(trustBundlePlan(config, { systemRoots: SystemRoots.NODE_MOZILLA })!.data);
    const bundle = parseCaBundle('bundle', plan.data['ca-bundle.crt']);
    const corporate = new X509Certificate(CORPORATE_CA);
    expect(bundle.certificates[0].fingerprint256).toBe(corporate.fingerprint256);
    expect(bundle.certificates).toHaveLength(rootCertificates.length + 1);
    expect(plan.data['corporate-ca.crt']).toBe(config.settings.trustedCa!.pem);
    expect(plan.trustManager).toBeUndefined();
  });

  test('the same input gives byte-identical data on every call', () => {
    expect(JSON.stringify(trustBundlePlan(proxyConfig({ trustedCaPem: CORPORATE_CA }))!.data)).toBe(JSON.stringify(trustBundlePlan(config)!.data));
  });

  test('a corporate CA that is also a public root is listed once', () => {
    const publicRoot = rootCertificates[0];
    const plan = trustBundlePlan(proxyConfig({ trustedCaPem: publicRoot }), { systemRoots: SystemRoots.NODE_MOZILLA })!;
    expect(parseCaBundle('bundle', plan.data['ca-bundle.crt']).certificates).toHaveLength(rootCertificates.length);
  });

  test('systemRoots none (asked for): only the corporate CA', () => {
    const plan = trustBundlePlan(config, { systemRoots: SystemRoots.NONE })!;
    expect(plan.data['ca-bundle.crt']).toBe(config.settings.trustedCa!.pem);
  });

  test('each runtime variable points into the mount; Node gets the corporate file (it extends its store)', () => {
    const plan = trustBundlePlan(config, { mountPath: '/opt/trust' })!;
    const env = plan.envGroups.flatMap((group) => group.variables);
    expect(env).toEqual(CA_TRUST_VARIABLES.map((v) => ({ name: v.name, value: `/opt/trust/${v.key}` })));
    expect(env.find((v) => v.name === 'NODE_EXTRA_CA_CERTS')?.value).toBe('/opt/trust/corporate-ca.crt');
    expect(CA_TRUST_VARIABLES.find((v) => v.name === 'NODE_EXTRA_CA_CERTS')?.semantics).toBe('extends');
  });

  test.each([
    [TrustManagerResource.BUNDLE, 'trust.cert-manager.io/v1alpha1'],
    [TrustManagerResource.CLUSTER_BUNDLE, 'trust-manager.io/v1alpha2'],
  ])('trustManager %s: one cluster-scoped object with the default CAs and the corporate CA; every variable reads its one key', (kind, apiVersion) => {
    const plan = trustBundlePlan(config, { trustManager: kind })!;
    expect(plan.trustManager).toMatchObject({ apiVersion, kind, metadata: { name: 'cluster-proxy-ca' } });
    expect(JSON.stringify(plan.trustManager)).toContain(JSON.stringify(config.settings.trustedCa!.pem).slice(1, -1));
    expectValidObjects([plan.trustManager!]);
    expect(new Set(plan.envGroups.flatMap((group) => group.variables.map((v) => v.value)))).toEqual(new Set(['/etc/cluster-proxy/ca/ca-bundle.crt']));
    const injection = new ProxyInjection(config, { trustBundle: { trustManager: kind } });
    expect(injection.supportObjects('apps').map((o) => o.kind)).toEqual(['Secret', kind]);
  });

  test('the ConfigMap is valid and fits the 1 MiB object limit', () => {
    const configMap = trustBundleConfigMap(trustBundlePlan(config)!, 'apps');
    expectValid([configMap]);
    expect(Buffer.byteLength(JSON.stringify(configMap))).toBeLessThan(1024 * 1024);
  });

  test('a corporate bundle that no longer fits beside the public roots is refused naming settings.trustedCaPem and the API server\'s limit', () => {
    // 16 certificates of some 27 KB: twice that fits a ConfigMap, twice that plus the public roots does not
    const large = proxyConfig({ trustedCaPem: caCertificates(16, 20000).join('') });
    const corporateBytes = Buffer.byteLength(large.settings.trustedCa!.pem);
    expect(2 * corporateBytes).toBeLessThanOrEqual(LIMITS.configMapData.value);
    expect(() => trustBundlePlan(large, { systemRoots: SystemRoots.NONE })).not.toThrow();
    expect(() => trustBundlePlan(large, { trustManager: TrustManagerResource.BUNDLE })).not.toThrow();
    const error = libraryError(() => trustBundlePlan(large));
    expect(error.field).toBe('settings.trustedCaPem');
    expect(error.message).toMatch(new RegExp(`^settings\\.trustedCaPem: makes the CA ConfigMap cluster-proxy-ca \\d+ bytes \\(the corporate CA, ${corporateBytes} bytes, in both keys, `
      + 'and \\d+ bytes of public roots from trustBundle.systemRoots "node-mozilla"\\), more than the API server accepts \\(1048576 bytes of data'));
  });

  test('bad options name the option', () => {
    expect(() => trustBundlePlan(config, { systemRoots: 'debian' as never })).toThrow('trustBundle.systemRoots: must be "node-mozilla" or "none"');
    expect(() => trustBundlePlan(config, { mountPath: 'relative/dir' })).toThrow('trustBundle.mountPath: must be an absolute directory');
    expect(() => trustBundlePlan(config, { mountPath: '/etc/../root' })).toThrow('trustBundle.mountPath');
    expect(() => trustBundlePlan(config, { mountPath: '/etc/ssl/certs' })).toThrow("would hide the image's own trust store");
    for (const path of ['/etc', '/usr', '/var/run', '/tmp']) {
      expect(() => trustBundlePlan(config, { mountPath: path })).toThrow(`trustBundle.mountPath: "${path}" would hide a system directory`);
    }
    for (const path of ['/var/run/secrets', '/var/run/secrets/kubernetes.io/serviceaccount', '/var/run/secrets/kubernetes.io/serviceaccount/ca']) {
      expect(() => trustBundlePlan(config, { mountPath: path })).toThrow('would hide or sit inside the ServiceAccount token mount');
    }
    expect(trustBundlePlan(config, { mountPath: '/etc/corp-ca' })!.mountPath).toBe('/etc/corp-ca');
    expect(() => trustBundlePlan(config, { configMapName: 'Bad Name' })).toThrow('trustBundle.configMapName');
    expect(() => trustBundlePlan(config, { trustManager: 'CABundle' as never })).toThrow('trustBundle.trustManager: must be one of "Bundle", "ClusterBundle"');
  });

  test('the extra kubernetes-models validators do reject bad objects', () => {
    expect(() => expectValid([{ apiVersion: 'v1', kind: 'PodTemplate', metadata: { name: 'x' }, template: { spec: { containers: [{ name: 'a', ports: [{ containerPort: 'eighty' }] }] } } }])).toThrow();
    expect(() => expectValid([{ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: 'x' }, rules: [{ verbs: 'get' }] }])).toThrow();
  });
});

describe('the docs state the default the code applies', () => {
  const root = join(__dirname, '..', '..', '..');
  const member = Object.entries(SystemRoots).find(([, value]) => value === DEFAULT_SYSTEM_ROOTS)![0];

  test('the systemRoots prop names the default of trustBundlePlan', () => {
    const source = readFileSync(join(root, 'src', 'core', 'workloads', 'trust-bundle.ts'), 'utf8');
    const doc = /\/\*\*((?:(?!\*\/)[\s\S])*)\*\/\s*readonly systemRoots\?/.exec(source)![1];
    expect(/@default (\S+)/.exec(doc)![1]).toBe(`SystemRoots.${member}`);
    expect(trustBundlePlan(proxyConfig({ trustedCaPem: CORPORATE_CA }))!.data).toEqual(
      trustBundlePlan(proxyConfig({ trustedCaPem: CORPORATE_CA }), { systemRoots: DEFAULT_SYSTEM_ROOTS })!.data);
  });

  test('the workloads guide names that default, and each variable\'s file and semantics as CA_TRUST_VARIABLES has them', () => {
    const guide = readFileSync(join(root, 'docs', 'workloads.md'), 'utf8');
    expect(guide).toContain(`| (default) \`systemRoots: SystemRoots.${member}\` |`);
    for (const variable of CA_TRUST_VARIABLES) {
      const row = guide.split('\n').find((line) => line.startsWith(`| \`${variable.name}\` |`));
      expect({ name: variable.name, row: row?.split('|').slice(2, 4).map((cell) => cell.trim()) })
        .toEqual({ name: variable.name, row: [`\`${variable.key}\``, expect.stringContaining(variable.semantics === 'extends' ? '**extends**' : 'replaces')] });
    }
  });
});
