import { execFileSync, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { KUSTOMIZATION_FILE, kustomizeProxyComponent } from '../../../src/core/addons/kustomize/kustomize-component';
import { kustomizeJson6902Patches } from '../../../src/core/addons/kustomize/kustomize-json6902';
import { KustomizeWorkloadKind } from '../../../src/core/addons/kustomize/kustomize-target';
import { renderYaml, renderYamlDocuments } from '../../../src/core/addons/yaml-text';
import { KubeObject } from '../../../src/core/primitives/k8s/manifest';
import { KUSTOMIZE } from '../../conformance/support/toolchain';
import { anonymousProxy, errorOf, parseYamlDocuments, vsphereProxy } from '../../support/fixtures/addons';
import { expectValidObjects } from '../../support/schemas';

function deployment(name: string, containers: object[]): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name, namespace: 'flux-system' },
    spec: { selector: { matchLabels: { app: name } }, template: { metadata: { labels: { app: name } }, spec: { containers } } },
  };
}

/** A Flux-like base: source-controller (env set, plus a sidecar), kustomize-controller (no env), helm-controller (untouched). */
const BASE: any[] = [
  deployment('source-controller', [
    { name: 'manager', image: 'ghcr.io/fluxcd/source-controller:v1.2.4', env: [{ name: 'RUNTIME_NAMESPACE', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } }] },
    { name: 'sidecar', image: 'busybox:1.36' },
  ]),
  deployment('kustomize-controller', [{ name: 'manager', image: 'ghcr.io/fluxcd/kustomize-controller:v1.2.2' }]),
  deployment('helm-controller', [{ name: 'manager', image: 'ghcr.io/fluxcd/helm-controller:v0.37.4', env: [{ name: 'A', value: 'b' }] }]),
];

let workdir: string;
beforeEach(() => {
  workdir = fs.mkdtempSync(path.join(os.tmpdir(), 'cpc-kustomize-'));
  writeFiles('base', { 'kustomization.yaml': renderYaml({ resources: ['deployments.yaml'] }), 'deployments.yaml': renderYamlDocuments(BASE) });
});
afterEach(() => fs.rmSync(workdir, { recursive: true, force: true }));

function writeFiles(dir: string, files: { readonly [file: string]: string }): void {
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(workdir, dir, file)), { recursive: true });
    fs.writeFileSync(path.join(workdir, dir, file), text);
  }
}

function build(dir: string): any[] {
  return parseYamlDocuments(execFileSync(KUSTOMIZE, ['build', path.join(workdir, dir)], { encoding: 'utf8', timeout: 20_000 }));
}

const byName = (objects: any[], name: string) => objects.find((o) => o.metadata.name === name);
const envOf = (object: any, container: string) => object.spec.template.spec.containers.find((c: any) => c.name === container).env;

describe('Kustomize component (strategic merge) built by the real kustomize', () => {
  test('adds the proxy env to the chosen containers only, keeping their other variables', () => {
    const proxy = anonymousProxy();
    writeFiles('component', kustomizeProxyComponent(proxy, {
      targets: [
        { name: 'source-controller', namespace: 'flux-system', containers: [{ name: 'manager' }] },
        { name: 'kustomize-controller', containers: [{ name: 'manager' }] },
      ],
    }));
    writeFiles('overlay', { 'kustomization.yaml': renderYaml({ resources: ['../base'], components: ['../component'] }) });
    const output = build('overlay');
    expectValidObjects(output);

    const expected = [
      { name: 'HTTP_PROXY', value: 'http://proxy.corp.example:3128' }, { name: 'http_proxy', value: 'http://proxy.corp.example:3128' },
      { name: 'HTTPS_PROXY', value: 'http://proxy.corp.example:3128' }, { name: 'https_proxy', value: 'http://proxy.corp.example:3128' },
      { name: 'NO_PROXY', value: proxy.environment.noProxy }, { name: 'no_proxy', value: proxy.environment.noProxy },
    ];
    // kustomize's strategic merge puts the patch's new entries before the existing ones
    expect(envOf(byName(output, 'source-controller'), 'manager')).toEqual([...expected, BASE[0].spec.template.spec.containers[0].env[0]]);
    expect(envOf(byName(output, 'source-controller'), 'sidecar')).toBeUndefined();
    expect(envOf(byName(output, 'kustomize-controller'), 'manager')).toEqual(expected);
    expect(byName(output, 'helm-controller')).toEqual(JSON.parse(JSON.stringify(BASE[2])));
  });

  test('with credentials: secretKeyRef env, and the Secret only on request', () => {
    const proxy = vsphereProxy();
    const targets = [{ name: 'source-controller', namespace: 'flux-system', containers: [{ name: 'manager' }] }];
    const withoutSecret = kustomizeProxyComponent(proxy, { targets });
    expect(Object.keys(withoutSecret).sort()).toEqual([KUSTOMIZATION_FILE, 'patches/deployment-flux-system-source-controller.yaml']);
    expect(Object.values(withoutSecret).join()).not.toContain('svc-k8s');

    writeFiles('component', kustomizeProxyComponent(proxy, { targets, includeSecret: true }));
    writeFiles('overlay', { 'kustomization.yaml': renderYaml({ resources: ['../base'], components: ['../component'] }) });
    const output = build('overlay');
    expectValidObjects(output);
    const secret = output.find((o) => o.kind === 'Secret');
    expect(secret.metadata).toMatchObject({ name: 'cluster-proxy-env', namespace: 'flux-system' });
    expect(secret.stringData.HTTP_PROXY).toBe(proxy.environment.httpProxy);
    expect(envOf(byName(output, 'source-controller'), 'manager')[0]).toEqual({ name: 'HTTP_PROXY', valueFrom: { secretKeyRef: { name: 'cluster-proxy-env', key: 'HTTP_PROXY' } } });
  });

  test('the component file is a kustomize.config.k8s.io/v1alpha1 Component', () => {
    const files = kustomizeProxyComponent(anonymousProxy(), { targets: [{ kind: KustomizeWorkloadKind.DAEMON_SET, name: 'agent', containers: [{ name: 'agent' }] }] });
    expect(parseYamlDocuments(files[KUSTOMIZATION_FILE])[0]).toEqual({
      apiVersion: 'kustomize.config.k8s.io/v1alpha1',
      kind: 'Component',
      patches: [{ path: 'patches/daemonset-agent.yaml', target: { group: 'apps', version: 'v1', kind: 'DaemonSet', name: 'agent' } }],
    });
  });

  test('bad targets are refused naming the field', () => {
    const proxy = anonymousProxy();
    expect(errorOf(() => kustomizeProxyComponent(proxy, { targets: [] }))).toMatch(/^targets: must list at least one workload/);
    expect(errorOf(() => kustomizeProxyComponent(proxy, { targets: [{ kind: 'Job' as never, name: 'x', containers: [{ name: 'c' }] }] }))).toMatch(/^targets\[0\]\.kind:/);
    expect(errorOf(() => kustomizeProxyComponent(proxy, { targets: [{ name: 'x', containers: [] }] }))).toMatch(/^targets\[0\]\.containers:/);
    // unknown keys of a target or a container, a misspelling or an inherited name, are refused
    expect(errorOf(() => kustomizeProxyComponent(proxy, { targets: [{ name: 'x', nmespace: 'y', containers: [{ name: 'c' }] } as never] })))
      .toMatch(/^targets\[0\]\.nmespace: is not a Kustomize target prop; did you mean namespace\?/);
    expect(errorOf(() => kustomizeJson6902Patches(proxy, [{ name: 'x', containers: [{ name: 'c', idx: 0 } as never] }])))
      .toMatch(/^targets\[0\]\.containers\[0\]\.idx: is not a container prop/);
    expect(errorOf(() => kustomizeJson6902Patches(proxy, JSON.parse('[{"name":"x","containers":[{"name":"c","index":0}],"__proto__":null}]'))))
      .toMatch(/^targets\[0\]\.__proto__: is not a Kustomize target prop/);
    expect(errorOf(() => kustomizeProxyComponent(proxy, { targets: [{ name: 'x', containers: [{ name: 'C_1' }] }] }))).toMatch(/^targets\[0\]\.containers\[0\]\.name:/);
  });
});

describe('JSON 6902 patches built by the real kustomize', () => {
  function overlayWith(patches: object[]): void {
    writeFiles('overlay', { 'kustomization.yaml': renderYaml({ resources: ['../base'], patches }) });
  }

  test('appends the env after the existing variables of the indexed container', () => {
    const proxy = anonymousProxy();
    overlayWith(kustomizeJson6902Patches(proxy, [{ name: 'source-controller', containers: [{ name: 'manager', index: 0 }] }]));
    const output = build('overlay');
    expectValidObjects(output);
    const env = envOf(byName(output, 'source-controller'), 'manager');
    expect(env.map((v: any) => v.name)).toEqual(['RUNTIME_NAMESPACE', 'HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy']);
  });

  test('fails the build loudly for a wrong container index or a container without env', () => {
    const proxy = anonymousProxy();
    overlayWith(kustomizeJson6902Patches(proxy, [{ name: 'source-controller', containers: [{ name: 'manager', index: 1 }] }]));
    const wrongIndex = spawnSync(KUSTOMIZE, ['build', path.join(workdir, 'overlay')], { encoding: 'utf8', timeout: 20_000 });
    expect(wrongIndex.status).not.toBe(0);
    expect(wrongIndex.stderr).toMatch(/test/i);
    overlayWith(kustomizeJson6902Patches(proxy, [{ name: 'kustomize-controller', containers: [{ name: 'manager', index: 0 }] }]));
    const noEnv = spawnSync(KUSTOMIZE, ['build', path.join(workdir, 'overlay')], { encoding: 'utf8', timeout: 20_000 });
    expect(noEnv.status).not.toBe(0);
  });

  test('the index is required', () => {
    expect(errorOf(() => kustomizeJson6902Patches(anonymousProxy(), [{ name: 'x', containers: [{ name: 'manager' }] }])))
      .toMatch(/^targets\[0\]\.containers\[0\]\.index: is required for JSON 6902 patches/);
  });
});
