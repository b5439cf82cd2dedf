import { KubeObject } from '../../../src/core/primitives/k8s/manifest';
import { visitInjectionReads } from '../../../src/core/workloads/injection-reads';
import { ProxyInjection } from '../../../src/core/workloads/proxy-injection';
import { podSpecPath } from '../../../src/core/workloads/workload-kinds';
import { proxyConfig, CORPORATE_CA } from '../../support/fixtures/workloads';

/** The path of each recording proxy. */
const PATHS = new WeakMap<object, string>();

/**
 * `value` behind proxies that record the path of every own or missing property read, at any depth
 * (inherited ones, like an array's `filter`, are methods, not data).
 */
function recording(value: unknown, reads: Set<string>, path = ''): unknown {
  if (value === null || typeof value !== 'object') {
    return value;
  }
  const proxy = new Proxy(value, {
    get(target, key, receiver) {
      const item = Reflect.get(target, key, receiver);
      if (typeof key !== 'string' || (!Object.prototype.hasOwnProperty.call(target, key) && key in target)) {
        return item;
      }
      reads.add(`${path}/${key}`);
      return recording(item, reads, `${path}/${key}`);
    },
  });
  PATHS.set(proxy, path);
  return proxy;
}

/** The paths `visitInjectionReads` reaches in `workload`: what it visits, and everything inside the values it visits deep. */
function visitedPaths(workload: KubeObject): (path: string) => boolean {
  const visited = new Set<string>();
  const deep: string[] = [];
  visitInjectionReads(recording(workload, visited), podSpecPath(workload.apiVersion, workload.kind)!, (value, isDeep) => {
    const path = value !== null && typeof value === 'object' ? PATHS.get(value) : undefined;
    if (isDeep && path !== undefined) {
      deep.push(`${path}/`);
    }
  });
  return (path) => visited.has(path) || deep.some((prefix) => path.startsWith(prefix));
}

const container = (name: string) => ({
  name,
  image: `registry.corp.example/${name}:1.0`,
  args: ['--verbose'],
  env: [{ name: 'LOG_LEVEL', value: 'debug' }, { name: 'no_proxy', value: 'custom' }],
  volumeMounts: [{ name: 'data', mountPath: '/data' }],
  resources: { limits: { cpu: '1' } },
});

const WORKLOADS: KubeObject[] = [{
  apiVersion: 'apps/v1',
  kind: 'Deployment',
  metadata: { name: 'web', namespace: 'apps', labels: { app: 'web' }, annotations: { team: 'a' } },
  spec: {
    replicas: 3,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { labels: { app: 'web' }, annotations: { 'prometheus.io/scrape': 'true' } },
      spec: { initContainers: [container('init')], containers: [container('web'), container('sidecar')], volumes: [{ name: 'data', emptyDir: {} }] },
    },
  },
}, {
  apiVersion: 'batch/v1',
  kind: 'CronJob',
  metadata: { name: 'report', namespace: 'jobs' },
  spec: { schedule: '0 * * * *', jobTemplate: { spec: { template: { spec: { containers: [container('report')] } } } } },
}] as unknown as KubeObject[];

describe('visitInjectionReads', () => {
  test.each(WORKLOADS.map((workload) => [workload.kind, workload] as const))(
    'visits everything ProxyInjection.plan reads in a %s (an adapter that checks these may plan)', (_kind, workload) => {
      const injection = new ProxyInjection(proxyConfig({ credentialsRevision: 'r1', trustedCaPem: CORPORATE_CA }));
      const planned = new Set<string>();
      expect(injection.plan(recording(workload, planned) as KubeObject).patch.length).toBeGreaterThan(0);
      const reached = visitedPaths(workload);
      // apiVersion and kind pick the pod spec path: an adapter knows them before it reads anything
      const missed = [...planned].filter((path) => path !== '/apiVersion' && path !== '/kind' && !reached(path));
      expect(missed).toEqual([]);
      // the check can fail: the image is read by nothing the plan needs
      expect(reached('/spec/template/spec/containers/0/image') || reached('/spec/jobTemplate/spec/template/spec/containers/0/image')).toBe(false);
    });

  test('leaves out what injection never reads: images, env values, replicas, labels', () => {
    const reached = visitedPaths(WORKLOADS[0]);
    for (const path of ['/metadata/namespace', '/spec/template/spec/containers/1/env/0/name', '/spec/template/spec/initContainers/0/volumeMounts/0/mountPath',
      '/spec/template/metadata/annotations/prometheus.io/scrape', '/spec/template/spec/volumes/0/name']) {
      expect([path, reached(path)]).toEqual([path, true]);
    }
    for (const path of ['/spec/template/spec/containers/0/image', '/spec/template/spec/containers/0/env/0/value', '/spec/replicas',
      '/metadata/labels', '/spec/template/spec/containers/0/args', '/spec/template/spec/volumes/0/emptyDir']) {
      expect([path, reached(path)]).toEqual([path, false]);
    }
  });
});
