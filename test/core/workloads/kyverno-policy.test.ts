import { stringify } from 'yaml';
import { expectValid } from './validate';
import { renderKyvernoProxyPolicy } from '../../../src/core/workloads/kyverno-policy';
import { anonymousProxyConfig, CORPORATE_CA, passwordForms, proxyConfig } from '../../support/fixtures/workloads';

type Rule = Record<string, any>;
const rule = (objects: any[], name: string): Rule => objects[0].spec.rules.find((r: Rule) => r.name === name);

describe('renderKyvernoProxyPolicy', () => {
  const config = proxyConfig({ trustedCaPem: CORPORATE_CA });
  const objects = renderKyvernoProxyPolicy(config, {
    excludeNamespaces: ['legacy'],
    excludeNames: ['capi-*', 'dex-k8s-*'],
    excludeContainers: ['istio-proxy'],
  });
  const policy: any = objects[0];

  test('every object validates (ClusterPolicy against the Kyverno 1.19 CRD with unknown fields rejected)', () => {
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual([
      'ClusterPolicy/inject-cluster-proxy',
      'Namespace/cluster-proxy-system',
      'Secret/cluster-proxy-env',
      'ConfigMap/cluster-proxy-ca',
      'ClusterRole/inject-cluster-proxy-kyverno-read',
      'ClusterRole/inject-cluster-proxy-kyverno-clone',
    ]);
    expectValid(objects);
  });

  test('the validator catches a misspelled rule field', () => {
    const broken = structuredClone(policy);
    broken.spec.rules[0].generate.sychronize = true;
    expect(() => expectValid([broken])).toThrow('additional properties (sychronize)');
  });

  test('rule order: clones, CA volume, container env, ephemeral env; autogen off', () => {
    expect(policy.spec.rules.map((r: Rule) => r.name)).toEqual([
      'clone-proxy-secret', 'clone-proxy-ca', 'add-proxy-ca-volume', 'inject-proxy-env', 'inject-proxy-env-ephemeral',
    ]);
    expect(policy.metadata.annotations['pod-policies.kyverno.io/autogen-controllers']).toBe('none');
    expect(policy.metadata.annotations['policies.kyverno.io/minversion']).toBe('1.13.0');
  });

  test('the Secret is cloned and kept in sync only into the namespaces labelled for it, never every namespace', () => {
    const clone = rule(objects, 'clone-proxy-secret');
    expect(clone.match).toEqual({ any: [{ resources: { kinds: ['Namespace'], selector: { matchLabels: { 'cluster-proxy-constructs/proxy-credentials': 'enabled' } } } }] });
    // the CA (no secret) still goes everywhere
    expect(rule(objects, 'clone-proxy-ca').match).toEqual({ any: [{ resources: { kinds: ['Namespace'] } }] });
    expect(clone.exclude.any[0].resources.namespaces).toEqual(['kube-system', 'legacy', 'cluster-proxy-system']);
    expect(clone.generate).toEqual({
      apiVersion: 'v1',
      kind: 'Secret',
      name: 'cluster-proxy-env',
      namespace: '{{request.object.metadata.name}}',
      synchronize: true,
      generateExisting: true,
      clone: { namespace: 'cluster-proxy-system', name: 'cluster-proxy-env' },
    });
    expect(objects[2]).toMatchObject({ kind: 'Secret', metadata: { namespace: 'cluster-proxy-system' } });
  });

  test('pods: CREATE only, kube-system + configured namespaces, names and the opt-out annotation excluded', () => {
    const inject = rule(objects, 'inject-proxy-env');
    // with credentials, only pods in namespaces that get the Secret (the env reads it)
    expect(inject.match.any[0].resources).toEqual({ kinds: ['Pod'], operations: ['CREATE'], namespaceSelector: { matchLabels: { 'cluster-proxy-constructs/proxy-credentials': 'enabled' } } });
    expect(inject.exclude.any).toEqual([
      { resources: { kinds: ['Pod'], namespaces: ['kube-system', 'legacy'] } },
      { resources: { kinds: ['Pod'], names: ['capi-*', 'dex-k8s-*'] } },
      { resources: { kinds: ['Pod'], annotations: { 'cluster-proxy-constructs/inject': 'false' } } },
    ]);
    const ephemeral = rule(objects, 'inject-proxy-env-ephemeral');
    expect(ephemeral.match.any[0].resources).toEqual({ kinds: ['Pod/ephemeralcontainers'], operations: ['UPDATE'], namespaceSelector: inject.match.any[0].resources.namespaceSelector });
    expect(ephemeral.exclude).toEqual(inject.exclude);
  });

  test('credentialNamespaces: the Secret and the env in exactly those namespaces; a selector of your own; bad scopes refused', () => {
    const listed = renderKyvernoProxyPolicy(config, { credentialNamespaces: ['team-a', 'team-b', 'team-a'] });
    expect(rule(listed, 'clone-proxy-secret').match).toEqual({ any: [{ resources: { kinds: ['Namespace'], names: ['team-a', 'team-b'] } }] });
    expect(rule(listed, 'inject-proxy-env').match.any[0].resources.namespaces).toEqual(['team-a', 'team-b']);
    expectValid(listed);
    const selected = renderKyvernoProxyPolicy(config, { credentialNamespaceSelector: { 'corp.example/egress': 'proxy' } });
    expect(rule(selected, 'clone-proxy-secret').match.any[0].resources.selector).toEqual({ matchLabels: { 'corp.example/egress': 'proxy' } });
    expectValid(selected);
    // without credentials there is no Secret, and pods everywhere get the env
    const anonymous = renderKyvernoProxyPolicy(anonymousProxyConfig(), { credentialNamespaces: ['team-a'] });
    expect(rule(anonymous, 'inject-proxy-env').match.any[0].resources).toEqual({ kinds: ['Pod'], operations: ['CREATE'] });
    expect(() => renderKyvernoProxyPolicy(config, { credentialNamespaces: [] })).toThrow(/^credentialNamespaces: .*must be a non-empty list/);
    expect(() => renderKyvernoProxyPolicy(config, { credentialNamespaces: ['Team_A'] })).toThrow(/^credentialNamespaces\[0\]/);
    expect(() => renderKyvernoProxyPolicy(config, { credentialNamespaces: ['a'], credentialNamespaceSelector: { a: 'b' } })).toThrow(/^credentialNamespaceSelector: .*cannot be combined/);
    expect(() => renderKyvernoProxyPolicy(config, { credentialNamespaceSelector: { 'bad key!': 'x' } })).toThrow(/^credentialNamespaceSelector\.bad key!/);
  });

  test('each variable group is added only where the container sets none of its names', () => {
    const loops = rule(objects, 'inject-proxy-env').mutate.foreach;
    const envLoops = loops.filter((l: Rule) => JSON.stringify(l.patchStrategicMerge).includes('"env"'));
    // 7 groups (3 proxy pairs, 4 CA variables) x 2 lists
    expect(envLoops).toHaveLength(14);
    const https = envLoops.find((l: Rule) => l.list.startsWith('request.object.spec.containers') && l.preconditions.all[1].key.includes('HTTPS_PROXY'));
    expect(https.list).toBe('request.object.spec.containers || `[]`');
    expect(https.preconditions.all).toEqual([
      { key: '{{ element.name }}', operator: 'AllNotIn', value: ['istio-proxy'] },
      { key: ['HTTPS_PROXY', 'https_proxy'], operator: 'AllNotIn', value: '{{ element.env[].name || `[]` }}' },
    ]);
    expect(https.patchStrategicMerge).toEqual({
      spec: {
        containers: [{
          '(name)': '{{ element.name }}',
          'env': [
            { name: 'HTTPS_PROXY', valueFrom: { secretKeyRef: { name: 'cluster-proxy-env', key: 'HTTPS_PROXY' } } },
            { name: 'https_proxy', valueFrom: { secretKeyRef: { name: 'cluster-proxy-env', key: 'https_proxy' } } },
          ],
        }],
      },
    });
    const lists = new Set(envLoops.map((l: Rule) => l.list));
    expect(lists).toEqual(new Set(['request.object.spec.containers || `[]`', 'request.object.spec.initContainers || `[]`']));
    const ephemeralLists = rule(objects, 'inject-proxy-env-ephemeral').mutate.foreach.map((l: Rule) => l.list);
    expect(new Set(ephemeralLists)).toEqual(new Set(['request.object.spec.ephemeralContainers || `[]`']));
  });

  test('NO_PROXY is always set, with the nodes\' value, even without installation-wide entries', () => {
    const bare = anonymousProxyConfig({ noProxy: [] });
    const loops = rule(renderKyvernoProxyPolicy(bare), 'inject-proxy-env').mutate.foreach;
    const noProxy = loops.find((l: Rule) => l.preconditions.all.some((c: Rule) => JSON.stringify(c.key).includes('NO_PROXY')));
    expect(noProxy.patchStrategicMerge.spec.initContainers[0].env).toEqual([
      { name: 'NO_PROXY', value: bare.environment.noProxy },
      { name: 'no_proxy', value: bare.environment.noProxy },
    ]);
    expect(bare.environment.noProxy).toContain('.svc');
  });

  test('ephemeral containers mount the CA only when the pod has the volume', () => {
    const mount = rule(objects, 'inject-proxy-env-ephemeral').mutate.foreach.find((l: Rule) => JSON.stringify(l).includes('volumeMounts'));
    expect(mount.preconditions.all).toContainEqual({ key: 'cluster-proxy-ca', operator: 'AnyIn', value: '{{ request.object.spec.volumes[].name || `[]` }}' });
  });

  test('credentials never appear in the policy; only in the source Secret', () => {
    const policyText = stringify(policy);
    for (const form of passwordForms()) {
      expect(policyText).not.toContain(form);
    }
    expect((objects.find((o) => o.kind === 'Secret') as any).stringData.HTTP_PROXY).toBe(config.environment.httpProxy);
  });

  test('without credentials or CA: no clone rules, no sources, no RBAC, literal URLs', () => {
    const plain = renderKyvernoProxyPolicy(anonymousProxyConfig());
    expect(plain.map((o) => o.kind)).toEqual(['ClusterPolicy']);
    expect((plain[0] as any).spec.rules.map((r: Rule) => r.name)).toEqual(['inject-proxy-env', 'inject-proxy-env-ephemeral']);
    expect(stringify(plain)).toContain('value: http://proxy.corp.example:3128');
    expectValid(plain);
  });

  test('the sources live where Kyverno sees them change: its own namespace by default, emitted with the policy; a namespace Kyverno ignores is refused', () => {
    // Kyverno's default configuration ignores kube-system (and a few more): clones would never follow a new password
    for (const ignored of ['kube-system', 'kube-public', 'kube-node-lease', 'kyverno']) {
      expect(() => renderKyvernoProxyPolicy(proxyConfig(), { sourceNamespace: ignored }))
        .toThrow(new RegExp(`^sourceNamespace: is a namespace whose changes Kyverno's default configuration ignores \\(resourceFilters \\[\\*/\\*,${ignored},\\*\\]\\)`));
    }
    const named = renderKyvernoProxyPolicy(proxyConfig(), { sourceNamespace: 'platform' });
    expect(named.map((o) => `${o.kind} ${o.metadata.namespace ?? ''}`)).not.toContain('Namespace ');
    expect(named.filter((o) => o.kind === 'Secret').map((o) => o.metadata.namespace)).toEqual(['platform']);
    // without credentials or CA there is nothing to clone, so no namespace either
    expect(renderKyvernoProxyPolicy(proxyConfig({ username: undefined, password: undefined })).map((o) => o.kind)).toEqual(['ClusterPolicy']);
  });

  test('kyvernoRbac false drops the ClusterRoles; names are validated', () => {
    expect(renderKyvernoProxyPolicy(proxyConfig(), { kyvernoRbac: false }).map((o) => o.kind)).toEqual(['ClusterPolicy', 'Namespace', 'Secret']);
    expect(() => renderKyvernoProxyPolicy(proxyConfig(), { sourceNamespace: 'Kube' })).toThrow('sourceNamespace: must be a DNS-1123 label');
    expect(() => renderKyvernoProxyPolicy(proxyConfig(), { name: '-x' })).toThrow('name: must be a DNS-1123 subdomain');
  });
});
