import { X509Certificate } from 'node:crypto';
import { rootCertificates } from 'node:tls';
import { CORPORATE_CA, proxyConfig } from './fixtures';
import { expectValid } from './validate';
import { parseCaBundle } from '../../../src/core';
import { CA_TRUST_VARIABLES, ProxyInjection, trustBundleConfigMap, trustBundlePlan, TrustManagerResource } from '../../../src/core/workloads';
import { SystemRoots } from '../../../src/core/workloads/trust-bundle';
import { expectValidObjects } from '../../support/schemas';

describe('trustBundlePlan', () => {
  const config = proxyConfig({ trustedCaPem: CORPORATE_CA });

  test('no plan without trustedCaPem', () => {
    expect(trustBundlePlan(proxyConfig())).toBeUndefined();
  });

  test('by default the bundle is the corporate CA alone: the synth machine\'s root store never ships', () => {
    const plan = trustBundlePlan(config)!;
    expect(plan.data['ca-bundle.crt']).toBe(config.settings.trustedCa!.pem);
    expect(plan.trustManager).toBeUndefined();
  });

  test('systemRoots node-mozilla (opt-in): the corporate CA first, then every Mozilla root of this Node once', () => {
    const plan = trustBundlePlan(config, { systemRoots: SystemRoots.NODE_MOZILLA })!;
    const bundle = parseCaBundle('bundle', plan.data['ca-bundle.crt']);
    const corporate = new X509Certificate(CORPORATE_CA);
    expect(bundle.certificates[0].fingerprint256).toBe(corporate.fingerprint256);
    expect(bundle.certificates).toHaveLength(rootCertificates.length + 1);
    expect(plan.data['corporate-ca.crt']).toBe(config.settings.trustedCa!.pem);
  });

  test('a corporate CA that is also a public root is listed once', () => {
    const publicRoot = rootCertificates[0];
    const plan = trustBundlePlan(proxyConfig({ trustedCaPem: publicRoot }), { systemRoots: SystemRoots.NODE_MOZILLA })!;
    expect(parseCaBundle('bundle', plan.data['ca-bundle.crt']).certificates).toHaveLength(rootCertificates.length);
  });

  test('systemRoots none: only the corporate CA', () => {
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
    const configMap = trustBundleConfigMap(trustBundlePlan(config, { systemRoots: SystemRoots.NODE_MOZILLA })!, 'apps');
    expectValid([configMap]);
    expect(Buffer.byteLength(JSON.stringify(configMap))).toBeLessThan(1024 * 1024);
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
