import { spawnSync } from 'node:child_process';
import { stringify } from 'yaml';
import { celStructureErrors } from './cel-syntax';
import { expectValid } from './validate';
import { MutatingAdmissionPolicyVersion } from '../../../src/core/workloads/admission-policy-version';
import { renderProxyAdmissionPolicy } from '../../../src/core/workloads/mutating-admission-policy';
import { anonymousProxyConfig, CORPORATE_CA, passwordForms, proxyConfig } from '../../support/fixtures/workloads';

/**
 * kubernetes-models 5.x ships validators generated from the Kubernetes 1.36 OpenAPI, including
 * admissionregistration.k8s.io/v1 MutatingAdmissionPolicy. It is ESM-only, so it runs in a child
 * process. Installed under an alias next to 4.5.1 (which jest uses for the other kinds).
 */
function modelsV5Dir(): string | undefined {
  try {
    return require.resolve('kubernetes-models-v5/package.json').replace(/\/package\.json$/, '');
  } catch {
    return undefined;
  }
}

/** Validate objects with kubernetes-models 5 in a child node; returns the error messages. */
function validateWithModelsV5(dir: string, objects: readonly object[]): string[] {
  const script = `
    const objects = JSON.parse(process.argv[1]);
    const errors = [];
    for (const object of objects) {
      const [group, version] = object.apiVersion.split('/');
      const module = await import(${JSON.stringify(dir)} + '/' + group + '/' + version + '/' + object.kind + '.js');
      try { new module[object.kind](object).validate(); } catch (error) { errors.push(object.kind + ': ' + error.message); }
    }
    process.stdout.write(JSON.stringify(errors));`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify(objects)], { encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(result.stderr);
  }
  return JSON.parse(result.stdout);
}

describe('renderProxyAdmissionPolicy', () => {
  const config = proxyConfig({ trustedCaPem: CORPORATE_CA });
  const objects = renderProxyAdmissionPolicy(config, {
    namespaces: ['apps', 'monitoring'],
    excludeNames: ['capi-*'],
    excludeContainers: ['istio-proxy'],
  });
  const [policy, binding] = objects as any[];
  const expressions: string[] = policy.spec.mutations.map((m: any) => m.jsonPatch.expression);

  test('a v1 policy and binding (GA in Kubernetes 1.36), then the objects of each namespace', () => {
    expect(objects.map((o) => `${o.apiVersion} ${o.kind} ${o.metadata.namespace ?? ''}/${o.metadata.name}`)).toEqual([
      'admissionregistration.k8s.io/v1 MutatingAdmissionPolicy /inject-cluster-proxy',
      'admissionregistration.k8s.io/v1 MutatingAdmissionPolicyBinding /inject-cluster-proxy',
      'v1 Secret apps/cluster-proxy-env',
      'v1 ConfigMap apps/cluster-proxy-ca',
      'v1 Secret monitoring/cluster-proxy-env',
      'v1 ConfigMap monitoring/cluster-proxy-ca',
    ]);
    expectValid(objects.slice(2));
  });

  test('policy spec: pods CREATE and ephemeral containers UPDATE, JSONPatch mutations, reinvocation', () => {
    expect(policy.spec.failurePolicy).toBe('Fail');
    expect(policy.spec.reinvocationPolicy).toBe('IfNeeded');
    expect(policy.spec.matchConstraints.resourceRules).toEqual([
      { apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] },
      { apiGroups: [''], apiVersions: ['v1'], operations: ['UPDATE'], resources: ['pods/ephemeralcontainers'] },
    ]);
    expect(policy.spec.mutations.every((m: any) => m.patchType === 'JSONPatch')).toBe(true);
    expect(expressions).toHaveLength(3);
    expect(expressions[2]).toMatch(/^request\.operation == "UPDATE"/);
  });

  test('the binding is limited to the namespaces that have the Secret and ConfigMap', () => {
    expect(binding.spec).toEqual({
      policyName: 'inject-cluster-proxy',
      matchResources: { namespaceSelector: { matchExpressions: [{ key: 'kubernetes.io/metadata.name', operator: 'In', values: ['apps', 'monitoring'] }] } },
    });
  });

  test('expressions are well-formed and skip what containers already set', () => {
    for (const expression of expressions) {
      expect(celStructureErrors(expression)).toEqual([]);
    }
    const containers = expressions[1];
    expect(containers).toContain('!c.env.exists(e, e.name in ["HTTPS_PROXY", "https_proxy"])');
    expect(containers).toContain('!(c.name in ["istio-proxy"]) && ');
    expect(containers).toContain('secretKeyRef: Object.spec.containers.env.valueFrom.secretKeyRef{name: "cluster-proxy-env", key: "HTTPS_PROXY"}');
    expect(containers).toContain(`Object.spec.initContainers.env{name: "no_proxy", value: ${JSON.stringify(config.environment.noProxy)}}`);
    expect(containers).toContain('"/spec/containers/" + string(object.spec.containers.map(x, x.name).indexOf(c.name)) + "/env/-"');
    expect(containers).not.toContain('op: "replace"');
    expect(containers).not.toContain('op: "remove"');
  });

  test('the structure check itself fails on broken CEL', () => {
    expect(celStructureErrors('[JSONPatch{op: "add"]')).not.toEqual([]);
    expect(celStructureErrors('f("open')).not.toEqual([]);
  });

  test('match conditions: opt-out annotation and name patterns on name or generateName', () => {
    expect(policy.spec.matchConditions.map((c: any) => c.name)).toEqual(['not-opted-out', 'name-not-excluded']);
    expect(policy.spec.matchConditions[1].expression).toContain('object.metadata.generateName');
    expect(policy.spec.matchConditions[1].expression).toContain('.matches("^capi-.*$")');
  });

  test('no credentials in any policy text; NO_PROXY as on the nodes', () => {
    const text = stringify([policy, binding]);
    for (const form of passwordForms()) {
      expect(text).not.toContain(form);
    }
  });

  test('without credentials and CA: every namespace but the excluded ones, nothing else emitted', () => {
    const plain = renderProxyAdmissionPolicy(anonymousProxyConfig(), { excludeNamespaces: ['legacy'], apiVersion: MutatingAdmissionPolicyVersion.V1BETA1 }) as any[];
    expect(plain.map((o) => `${o.apiVersion} ${o.kind}`)).toEqual([
      'admissionregistration.k8s.io/v1beta1 MutatingAdmissionPolicy',
      'admissionregistration.k8s.io/v1beta1 MutatingAdmissionPolicyBinding',
    ]);
    expect(plain[1].spec.matchResources.namespaceSelector.matchExpressions).toEqual([
      { key: 'kubernetes.io/metadata.name', operator: 'NotIn', values: ['kube-system', 'legacy'] },
    ]);
    expect(plain[0].spec.mutations).toHaveLength(2);
  });

  test('bad options are refused with the option named', () => {
    expect(() => renderProxyAdmissionPolicy(proxyConfig())).toThrow('namespaces: is required when pods need the proxy Secret');
    expect(() => renderProxyAdmissionPolicy(proxyConfig(), { namespaces: ['kube-system'] })).toThrow('namespaces: lists a namespace that is also excluded (got "kube-system")');
    expect(() => renderProxyAdmissionPolicy(proxyConfig(), { namespaces: [] })).toThrow('namespaces: must list at least one namespace');
    expect(() => renderProxyAdmissionPolicy(anonymousProxyConfig(), { apiVersion: 'v1alpha1' as never })).toThrow('apiVersion: must be "v1"');
    expect(() => renderProxyAdmissionPolicy(anonymousProxyConfig(), { failurePolicy: 'Warn' as never })).toThrow('failurePolicy');
  });

  const v5 = modelsV5Dir();
  (v5 ? test : test.skip)('policy and binding validate against the Kubernetes 1.36 OpenAPI (kubernetes-models 5)', () => {
    expect(validateWithModelsV5(v5!, [policy, binding])).toEqual([]);
    const broken = structuredClone(policy);
    broken.spec.failurePolicy = 'Sometimes';
    expect(validateWithModelsV5(v5!, [broken])).not.toEqual([]);
  });
});
