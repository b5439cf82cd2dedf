import { celStructureErrors } from './cel-syntax';
import { expectValid } from './validate';
import { KubeObject } from '../../../src/core/primitives/k8s/manifest';
import { canonicalJson } from '../../../src/core/primitives/k8s/names';
import { DEFAULT_KYVERNO_RULE_NAMES, KyvernoProxyPolicyOptions, renderKyvernoProxyPolicy } from '../../../src/core/workloads/kyverno-policy';
import { renderProxyAdmissionPolicy } from '../../../src/core/workloads/mutating-admission-policy';
import { ProxyInjection } from '../../../src/core/workloads/proxy-injection';
import { CORPORATE_CA, proxyConfig } from '../../support/fixtures/workloads';

/**
 * The names and the opt-out of the pod policies are options, with today's values as defaults, so
 * a team replacing another policy (Giant Swarm's kyverno-policies-connectivity: ClusterPolicy
 * `inject-proxy-env`, rule `inject-proxy-env-to-containers`, pods annotated
 * `policies.kyverno.io/inject-proxy-env: exclude` left alone, `capi-*` and `dex-k8s-*` excluded)
 * keeps every opt-out it already has.
 */

type Json = Record<string, any>;

const config = proxyConfig({ trustedCaPem: CORPORATE_CA });

const giantSwarm: KyvernoProxyPolicyOptions = {
  name: 'inject-proxy-env',
  ruleNames: { injectEnv: 'inject-proxy-env-to-containers', injectEnvEphemeral: 'inject-proxy-env-to-ephemeral-containers' },
  optOutAnnotation: 'policies.kyverno.io/inject-proxy-env',
  optOutValue: 'exclude',
  excludeNames: ['capi-*', 'dex-k8s-*'],
  excludeNamespaces: ['giantswarm'],
};

function pod(annotations: Record<string, string>, name = 'web-1'): KubeObject {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: 'default', annotations }, spec: { containers: [{ name: 'app', image: 'app' }] } };
}

describe('Kyverno ClusterPolicy', () => {
  test('today\'s names and opt-out are the defaults: spelling them out changes nothing', () => {
    const spelled = renderKyvernoProxyPolicy(config, { name: 'inject-cluster-proxy', ruleNames: DEFAULT_KYVERNO_RULE_NAMES, optOutAnnotation: 'cluster-proxy-constructs/inject', optOutValue: 'false' });
    expect(canonicalJson(spelled)).toBe(canonicalJson(renderKyvernoProxyPolicy(config)));
  });

  test('another policy\'s names, opt-out annotation and exclusions', () => {
    const objects = renderKyvernoProxyPolicy(config, giantSwarm);
    const policy = objects[0] as Json;
    expect(policy.metadata.name).toBe('inject-proxy-env');
    expect(policy.spec.rules.map((rule: Json) => rule.name)).toEqual([
      'clone-proxy-secret', 'clone-proxy-ca', 'add-proxy-ca-volume', 'inject-proxy-env-to-containers', 'inject-proxy-env-to-ephemeral-containers',
    ]);
    for (const rule of policy.spec.rules.filter((candidate: Json) => candidate.match.any[0].resources.kinds[0].startsWith('Pod'))) {
      expect(rule.exclude.any).toEqual([
        { resources: { kinds: ['Pod'], namespaces: ['kube-system', 'giantswarm'] } },
        { resources: { kinds: ['Pod'], names: ['capi-*', 'dex-k8s-*'] } },
        { resources: { kinds: ['Pod'], annotations: { 'policies.kyverno.io/inject-proxy-env': 'exclude' } } },
      ]);
    }
    expectValid(objects);
  });

  test('bad names are refused, naming the option', () => {
    expect(() => renderKyvernoProxyPolicy(config, { ruleNames: { injectEnv: 'clone-proxy-secret' } })).toThrow(/^ruleNames: must give every rule a different name/);
    expect(() => renderKyvernoProxyPolicy(config, { ruleNames: { inject: 'x' } as never })).toThrow(/^ruleNames.inject: is not a rule/);
    expect(() => renderKyvernoProxyPolicy(config, { ruleNames: { injectEnv: '-bad' } })).toThrow(/^ruleNames.injectEnv: must be 1-63 letters/);
    expect(() => renderKyvernoProxyPolicy(config, { optOutValue: 'no way' })).toThrow(/^optOutValue: must be a non-empty annotation value/);
    expect(() => renderKyvernoProxyPolicy(config, { optOutValue: '' })).toThrow(/^optOutValue/);
  });
});

describe('synth-time injection honours the same opt-out', () => {
  test('a pod annotated with the other policy\'s key and value is left alone; another value is not', () => {
    const { name: _name, ruleNames: _ruleNames, ...injectionOptions } = giantSwarm;
    const injection = new ProxyInjection(config, injectionOptions);
    const optedOut = pod({ 'policies.kyverno.io/inject-proxy-env': 'exclude' });
    expect(injection.isExcluded(optedOut)).toBe(true);
    expect(injection.apply(optedOut)).toEqual(optedOut);
    expect(injection.isExcluded(pod({ 'policies.kyverno.io/inject-proxy-env': 'false' }))).toBe(false);
    // today's annotation no longer opts out once another one is chosen
    expect(injection.isExcluded(pod({ 'cluster-proxy-constructs/inject': 'false' }))).toBe(false);
    expect(injection.isExcluded(pod({}, 'capi-controller-manager-7d9f'))).toBe(true);
  });
});

describe('MutatingAdmissionPolicy', () => {
  const { ruleNames: _ruleNames, ...admission } = giantSwarm;
  const options = { ...admission, namespaces: ['apps'], bindingName: 'inject-proxy-env-binding' };

  test('the opt-out value and the binding name', () => {
    const [policy, binding] = renderProxyAdmissionPolicy(config, options) as Json[];
    const notOptedOut = policy.spec.matchConditions.find((condition: Json) => condition.name === 'not-opted-out').expression;
    expect(notOptedOut).toBe('!has(object.metadata.annotations) || !("policies.kyverno.io/inject-proxy-env" in object.metadata.annotations) '
      + '|| object.metadata.annotations["policies.kyverno.io/inject-proxy-env"] != "exclude"');
    expect(celStructureErrors(notOptedOut)).toEqual([]);
    expect(policy.metadata.name).toBe('inject-proxy-env');
    expect(binding.metadata.name).toBe('inject-proxy-env-binding');
    expect(binding.spec.policyName).toBe('inject-proxy-env');
    expect(() => renderProxyAdmissionPolicy(config, { ...options, bindingName: 'Bad_Name' })).toThrow(/^bindingName: must be a DNS-1123 subdomain/);
  });

  test('defaults unchanged', () => {
    const namespaces = ['apps'];
    expect(canonicalJson(renderProxyAdmissionPolicy(config, { namespaces, optOutValue: 'false', bindingName: 'inject-cluster-proxy' })))
      .toBe(canonicalJson(renderProxyAdmissionPolicy(config, { namespaces })));
  });
});
