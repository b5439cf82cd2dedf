import { expectValid } from './validate';
import { KubeObject } from '../../../src/core/primitives/k8s/manifest';
import { applyJsonPatch } from '../../../src/core/workloads/json-patch';
import { ProxyInjection } from '../../../src/core/workloads/proxy-injection';
import { POD_BEARING_KINDS } from '../../../src/core/workloads/workload-kinds';
import { CORPORATE_CA, passwordForms, proxyConfig } from '../../support/fixtures/workloads';

const podSpec = () => ({
  initContainers: [{ name: 'init', image: 'busybox' }],
  containers: [
    { name: 'app', image: 'app', env: [{ name: 'https_proxy', value: 'http://other:8080' }, { name: 'LOG', value: 'debug' }] },
    { name: 'sidecar', image: 'sidecar' },
  ],
});
const template = () => ({ metadata: { labels: { app: 'x' } }, spec: podSpec() });
const selector = { matchLabels: { app: 'x' } };

/** One manifest of every pod-bearing kind, all valid for kubernetes-models. */
const manifests: Record<string, KubeObject> = {
  Pod: { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p', namespace: 'apps' }, spec: podSpec() },
  PodTemplate: { apiVersion: 'v1', kind: 'PodTemplate', metadata: { name: 'pt', namespace: 'apps' }, template: template() },
  ReplicationController: { apiVersion: 'v1', kind: 'ReplicationController', metadata: { name: 'rc', namespace: 'apps' }, spec: { selector: { app: 'x' }, template: template() } },
  Deployment: { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'd', namespace: 'apps' }, spec: { selector, template: template() } },
  StatefulSet: { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 's', namespace: 'apps' }, spec: { selector, serviceName: 's', template: template() } },
  DaemonSet: { apiVersion: 'apps/v1', kind: 'DaemonSet', metadata: { name: 'ds', namespace: 'apps' }, spec: { selector, template: template() } },
  ReplicaSet: { apiVersion: 'apps/v1', kind: 'ReplicaSet', metadata: { name: 'rs', namespace: 'apps' }, spec: { selector, template: template() } },
  Job: { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'j', namespace: 'apps' }, spec: { template: { spec: { ...podSpec(), restartPolicy: 'Never' } } } },
  CronJob: { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'cj', namespace: 'apps' }, spec: { schedule: '0 * * * *', jobTemplate: { spec: { template: { spec: { ...podSpec(), restartPolicy: 'Never' } } } } } },
};

/** The pod spec of any manifest. */
function specOf(object: any): any {
  switch (object.kind) {
    case 'Pod': return object.spec;
    case 'PodTemplate': return object.template.spec;
    case 'CronJob': return object.spec.jobTemplate.spec.template.spec;
    default: return object.spec.template.spec;
  }
}
const names = (container: any): string[] => (container.env ?? []).map((v: any) => v.name);

describe('ProxyInjection', () => {
  const config = proxyConfig();
  const injection = new ProxyInjection(config);

  test('covers every pod-bearing kind', () => {
    expect(Object.keys(manifests).sort()).toEqual([...POD_BEARING_KINDS].sort());
  });

  test.each(Object.keys(manifests))('%s: every container gets the missing variables, user env survives, result is valid', (kind) => {
    const input = manifests[kind];
    const before = structuredClone(input);
    const output = injection.apply(input);
    expect(input).toEqual(before);
    const spec = specOf(output);
    expect(names(spec.initContainers[0])).toEqual(['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy']);
    expect(names(spec.containers[1])).toEqual(names(spec.initContainers[0]));
    // app sets https_proxy: the whole HTTPS pair is left to it, its own values stay first and unchanged
    expect(spec.containers[0].env.slice(0, 2)).toEqual(before && specOf(before).containers[0].env);
    expect(names(spec.containers[0])).toEqual(['https_proxy', 'LOG', 'HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy']);
    expect(spec.containers[0].env.find((v: any) => v.name === 'NO_PROXY').value).toBe(config.environment.noProxy);
    expectValid([output]);
  });

  test('ephemeral containers are covered as well', () => {
    const pod = { ...manifests.Pod, spec: { ...podSpec(), ephemeralContainers: [{ name: 'debug', image: 'busybox' }] } };
    const spec = specOf(injection.apply(pod));
    expect(names(spec.ephemeralContainers[0])).toContain('HTTPS_PROXY');
    expectValid([injection.apply(pod)]);
  });

  test('a second pass adds nothing', () => {
    for (const manifest of Object.values(manifests)) {
      expect(injection.plan(injection.apply(manifest)).patch).toEqual([]);
    }
  });

  test('patches only add, addressed by index, appending to existing lists', () => {
    const plan = injection.plan(manifests.Deployment);
    expect(plan.patch.every((operation) => operation.op === 'add')).toBe(true);
    expect(plan.patch[0]).toEqual({ op: 'add', path: '/spec/template/spec/initContainers/0/env', value: expect.any(Array) });
    expect(plan.patch.some((operation) => operation.path === '/spec/template/spec/containers/0/env/-')).toBe(true);
    expect(applyJsonPatch(manifests.Deployment, plan.patch)).toEqual(injection.apply(manifests.Deployment));
  });

  test('supportObjects: the Secret of the workload namespace, no password in the patch', () => {
    const plan = injection.plan(manifests.Deployment);
    expect(plan.supportObjects.map((o) => [o.kind, o.metadata.namespace, o.metadata.name])).toEqual([['Secret', 'apps', 'cluster-proxy-env']]);
    const text = JSON.stringify(plan.patch);
    for (const form of passwordForms()) {
      expect(text).not.toContain(form);
    }
  });

  test('objects without pods are left alone', () => {
    const configMap: KubeObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'c' }, data: {} };
    const custom: KubeObject = { apiVersion: 'example.com/v1', kind: 'Deployment', metadata: { name: 'd' }, spec: { template: template() } };
    expect(injection.plan(configMap)).toEqual({ patch: [], supportObjects: [] });
    expect(injection.plan(custom).patch).toEqual([]);
  });

  describe('exclusions', () => {
    const excluding = new ProxyInjection(config, {
      excludeNamespaces: ['legacy'],
      excludeNames: ['capi-*', 'dex-k8s-?'],
      excludeContainers: ['sidecar'],
    });
    const inNamespace = (namespace: string): KubeObject => ({ ...manifests.Deployment, metadata: { name: 'd', namespace } });
    const named = (name: string): KubeObject => ({ ...manifests.Deployment, metadata: { name, namespace: 'apps' } });

    test('excluded namespaces and names are untouched, others are patched', () => {
      expect(excluding.plan(inNamespace('legacy'))).toEqual({ patch: [], supportObjects: [] });
      expect(excluding.plan(named('capi-controller')).patch).toEqual([]);
      expect(excluding.plan(named('dex-k8s-a')).patch).toEqual([]);
      expect(excluding.plan(named('dex-k8s-ab')).patch).not.toEqual([]);
      expect(excluding.plan(inNamespace('apps')).patch).not.toEqual([]);
    });

    test('excluded containers get nothing, their siblings get the env', () => {
      const spec = specOf(excluding.apply(manifests.Deployment));
      expect(spec.containers[1]).toEqual({ name: 'sidecar', image: 'sidecar' });
      expect(names(spec.containers[0])).toContain('NO_PROXY');
    });

    test('the opt-out annotation on the workload or its pod template', () => {
      const onWorkload = { ...manifests.Deployment, metadata: { ...manifests.Deployment.metadata, annotations: { 'cluster-proxy-constructs/inject': 'false' } } };
      const onTemplate = structuredClone(manifests.Deployment) as any;
      onTemplate.spec.template.metadata.annotations = { 'cluster-proxy-constructs/inject': 'false' };
      const onPod = { ...manifests.Pod, metadata: { ...manifests.Pod.metadata, annotations: { 'cluster-proxy-constructs/inject': 'false' } } };
      for (const manifest of [onWorkload, onTemplate, onPod]) {
        expect(excluding.isExcluded(manifest)).toBe(true);
        expect(excluding.apply(manifest)).toEqual(manifest);
      }
      const otherValue = { ...manifests.Pod, metadata: { ...manifests.Pod.metadata, annotations: { 'cluster-proxy-constructs/inject': 'true' } } };
      expect(excluding.isExcluded(otherValue)).toBe(false);
    });

    test('bad exclusions name the option and item', () => {
      expect(() => new ProxyInjection(config, { excludeNamespaces: ['ok', 'Not_OK'] })).toThrow('excludeNamespaces[1]: must be a DNS-1123 label');
      expect(() => new ProxyInjection(config, { excludeNames: ['capi-*', 'a b'] })).toThrow('excludeNames[1]: must be an object name pattern');
      expect(() => new ProxyInjection(config, { excludeContainers: ['UPPER'] })).toThrow('excludeContainers[0]');
      expect(() => new ProxyInjection(config, { optOutAnnotation: 'no spaces/' })).toThrow('optOutAnnotation: must be an annotation key');
    });
  });

  describe('with a corporate CA', () => {
    const withCa = new ProxyInjection(proxyConfig({ trustedCaPem: CORPORATE_CA }));

    test('adds the CA volume, a read-only mount and the runtime variables', () => {
      const output = withCa.apply(manifests.Deployment);
      const spec = specOf(output);
      expect(spec.volumes).toEqual([{ name: 'cluster-proxy-ca', configMap: { name: 'cluster-proxy-ca' } }]);
      for (const container of [...spec.initContainers, ...spec.containers]) {
        expect(container.volumeMounts).toEqual([{ name: 'cluster-proxy-ca', mountPath: '/etc/cluster-proxy/ca', readOnly: true }]);
        expect(container.env).toEqual(expect.arrayContaining([
          { name: 'SSL_CERT_FILE', value: '/etc/cluster-proxy/ca/ca-bundle.crt' },
          { name: 'NODE_EXTRA_CA_CERTS', value: '/etc/cluster-proxy/ca/corporate-ca.crt' },
          { name: 'REQUESTS_CA_BUNDLE', value: '/etc/cluster-proxy/ca/ca-bundle.crt' },
          { name: 'CURL_CA_BUNDLE', value: '/etc/cluster-proxy/ca/ca-bundle.crt' },
        ]));
      }
      expect(withCa.plan(manifests.Deployment).supportObjects.map((o) => o.kind)).toEqual(['Secret', 'ConfigMap']);
      expectValid([output, ...withCa.plan(manifests.Deployment).supportObjects]);
      expect(withCa.plan(output).patch).toEqual([]);
    });

    test('a user-set SSL_CERT_FILE and a used mount path are kept', () => {
      const mine = structuredClone(manifests.Pod) as any;
      mine.spec.containers[1].env = [{ name: 'SSL_CERT_FILE', value: '/mine.pem' }];
      mine.spec.containers[1].volumeMounts = [{ name: 'other', mountPath: '/etc/cluster-proxy/ca' }];
      mine.spec.volumes = [{ name: 'other', emptyDir: {} }];
      const container = (withCa.apply(mine) as any).spec.containers[1];
      expect(container.env.filter((v: any) => v.name === 'SSL_CERT_FILE')).toEqual([{ name: 'SSL_CERT_FILE', value: '/mine.pem' }]);
      expect(container.volumeMounts).toEqual([{ name: 'other', mountPath: '/etc/cluster-proxy/ca' }]);
    });
  });
});

describe('ProxyInjection: the credentials revision restarts workloads', () => {
  const ANNOTATION = 'cluster-proxy-constructs/credentials-revision';
  const deployment = () => structuredClone(manifests.Deployment) as any;

  test('with a revision, the pod template carries it, so a new revision is a new template (a rollout)', () => {
    const three = new ProxyInjection(proxyConfig({ credentialsRevision: '3' })).apply(deployment()) as any;
    const four = new ProxyInjection(proxyConfig({ credentialsRevision: '4' })).apply(deployment()) as any;
    expect(three.spec.template.metadata).toEqual({ labels: { app: 'x' }, annotations: { [ANNOTATION]: '3' } });
    expect(four.spec.template.metadata.annotations[ANNOTATION]).toBe('4');
    expectValid([three]);
    // every pod-bearing kind, wherever its pod metadata lives (a bare Pod: its own)
    for (const manifest of Object.values(manifests)) {
      const patched = new ProxyInjection(proxyConfig({ credentialsRevision: '3' })).apply(manifest) as any;
      expect(JSON.stringify(patched)).toContain(`"${ANNOTATION}":"3"`);
      expectValid([patched]);
    }
  });

  test('existing annotations are kept, an existing revision annotation is not replaced, a second pass adds nothing', () => {
    const injection = new ProxyInjection(proxyConfig({ credentialsRevision: '3' }));
    const annotated = deployment();
    annotated.spec.template.metadata.annotations = { team: 'a' };
    expect((injection.apply(annotated) as any).spec.template.metadata.annotations).toEqual({ team: 'a', [ANNOTATION]: '3' });
    const pinned = deployment();
    pinned.spec.template.metadata.annotations = { [ANNOTATION]: 'mine' };
    expect((injection.apply(pinned) as any).spec.template.metadata.annotations).toEqual({ [ANNOTATION]: 'mine' });
    const once = injection.apply(deployment());
    expect(injection.plan(once).patch).toEqual([]);
  });

  test('no annotation without a revision, without credentials, or with literal credentials in the env', () => {
    expect(JSON.stringify(new ProxyInjection(proxyConfig()).apply(deployment()))).not.toContain(ANNOTATION);
    expect(JSON.stringify(new ProxyInjection(proxyConfig({ credentialsRevision: '3' }), { literalCredentials: true }).apply(deployment()))).not.toContain(ANNOTATION);
  });
});
