import { ApiObject, Testing } from 'cdk8s';
import { injectProxyEnv, KyvernoProxyPolicy, ProxyAdmissionPolicy } from '../../../src/cdk8s/workloads';
import { renderKyvernoProxyPolicy } from '../../../src/core/workloads/kyverno-policy';
import { renderProxyAdmissionPolicy } from '../../../src/core/workloads/mutating-admission-policy';
import { expectValid } from '../../core/workloads/validate';
import { CORPORATE_CA, proxyConfig } from '../../support/fixtures/workloads';

describe('policy constructs', () => {
  const config = proxyConfig({ trustedCaPem: CORPORATE_CA });

  test('KyvernoProxyPolicy synthesizes exactly the core objects, and they validate', () => {
    const chart = Testing.chart();
    const construct = new KyvernoProxyPolicy(chart, 'policy', { proxy: config, excludeNamespaces: ['legacy'] });
    const manifests = Testing.synth(chart);
    const byKey = (objects: any[]) => Object.fromEntries(objects.map((o) => [`${o.kind}/${o.metadata.namespace}/${o.metadata.name}`, o]));
    expect(byKey(manifests)).toEqual(byKey(renderKyvernoProxyPolicy(config, { excludeNamespaces: ['legacy'] })));
    expect(manifests).toHaveLength(6);
    expect(ApiObject.of(construct)).toBe(construct.policy);
    expect(construct.policy.kind).toBe('ClusterPolicy');
    expectValid(manifests);
  });

  test('the source Secret is shared with a ProxyAwareDeployment-style injection in the same namespace', () => {
    const chart = Testing.chart();
    new KyvernoProxyPolicy(chart, 'policy', { proxy: proxyConfig() });
    new ApiObject(chart, 'cert-manager', {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'cert-manager', namespace: 'cluster-proxy-system' },
      spec: { selector: { matchLabels: { app: 'cm' } }, template: { metadata: { labels: { app: 'cm' } }, spec: { containers: [{ name: 'c', image: 'c:1' }] } } },
    });
    injectProxyEnv(chart, proxyConfig());
    const secrets = Testing.synth(chart).filter((m) => m.kind === 'Secret');
    expect(secrets.map((s) => `${s.metadata.namespace}/${s.metadata.name}`)).toEqual(['cluster-proxy-system/cluster-proxy-env']);
  });

  test('ProxyAdmissionPolicy synthesizes the policy, the binding and the namespace objects', () => {
    const chart = Testing.chart();
    const construct = new ProxyAdmissionPolicy(chart, 'map', { proxy: config, namespaces: ['apps'] });
    expect(Testing.synth(chart)).toEqual(renderProxyAdmissionPolicy(config, { namespaces: ['apps'] }));
    expect(construct.binding.kind).toBe('MutatingAdmissionPolicyBinding');
    expect(ApiObject.of(construct)).toBe(construct.policy);
  });
});
