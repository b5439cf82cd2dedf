/**
 * Hostile and malformed input for the public entry points, generated: every field of a valid
 * definition in turn (and unknown keys beside them) gets a generated value (wrong types, null,
 * prototype keys, control characters, huge strings, URLs and strings carrying the password...).
 * For each call, either the call succeeds or it throws the library's error naming a field; never
 * another error (a TypeError from deep inside), never the password in any encoding in the message,
 * never a change to Object.prototype; a construct that accepts the input synthesizes objects that
 * validate against their schemas, with the password only in Secret data.
 *
 * Each property runs with the suite's fixed seed (see test/support/fast-check-setup.ts), and once
 * more with a random seed that a failure prints, so CI keeps exploring without becoming flaky.
 */
import * as pulumi from '@pulumi/pulumi';
import { ApiObject, App, Chart } from 'cdk8s';
import * as fc from 'fast-check';
import { addons, ClusterNetwork, ClusterProxyConfig, NoProxy, NoProxyEngine, ProxyConfigError, ProxySettings } from '../../src';
import * as cdk8s from '../../src/cdk8s';
import { KyvernoProxyPolicy, ProxiedCluster, TkgProxyAddons } from '../../src/cdk8s';
import { ProxyAwareDeployment } from '../../src/cdk8s/plus';
import { runCli } from '../../src/cli/cli';
import { CapiVersion } from '../../src/core/capi/capi-version';
import * as pulumiAdapter from '../../src/pulumi';
import { kubeadmControlPlaneManifest, podManifest, topologyClusterManifest } from '../cdk8s/every-construct';
import { classFixture } from '../core/clusterclass/class-fixtures';
import { credentialForms } from '../pulumi/fixtures';
import { installMocks, stopCallbacks } from '../support/pulumi-mocks';
import { schemaErrors } from '../support/schemas';

const PASSWORD = 'Hx7:S3cr/t%41 ü';
const FORMS = credentialForms(PASSWORD);

/**
 * Values nobody should pass, and URLs that carry the password in their userinfo (the password
 * field itself keeps it throughout). A bare string in another field is echoed back as written: the
 * library cannot know it is a password, and the error must show what was wrong.
 */
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null, undefined, '', ' ', '\n', '\0', 'a\nb', '__proto__', 'constructor', 'prototype', 0, -1, 1.5, NaN, Infinity,
    true, [], {}, [[]], { __proto__: { polluted: true } }, JSON.parse('{"__proto__":{"polluted":true}}'),
    `http://svc:${encodeURIComponent(PASSWORD)}@proxy.corp.example:3128`, `http://svc:${PASSWORD}@`, `svc:${PASSWORD}@proxy:3128`,
    `https://svc:${encodeURIComponent(PASSWORD)}@vc.corp.example`, 'http://[:::::]:0', 'http://999.1.1.1:99999', 'vc#x.corp',
    '10.0.0.0/33', '::/200', '${HOME}', '$(id)', '`id`', '{{.x}}', '%', '%%', '"', "'", '\\', 'x'.repeat(70_000),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.integer(),
  fc.array(fc.string({ maxLength: 10 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** The leaf paths of a plain props object (arrays by index), for replacing one value. */
function leafPaths(value: unknown, prefix: string[] = []): string[][] {
  if (Array.isArray(value)) {
    return [prefix, ...value.flatMap((item, i) => leafPaths(item, [...prefix, String(i)]))];
  }
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return [prefix, ...Object.entries(value).flatMap(([key, item]) => leafPaths(item, [...prefix, key]))];
  }
  return [prefix];
}

/** A copy of `base` with the value at `path` replaced (or a key added next to it). */
function withValue(base: object, path: string[], value: unknown, addKey?: string): any {
  const copy: any = structuredClone(base);
  if (path.length === 0) {
    return addKey === undefined ? value : { ...copy, [addKey]: value };
  }
  let node = copy;
  for (const key of path.slice(0, -1)) {
    node = node[key];
  }
  // an unknown key goes beside the props of an object; JSON or YAML cannot give an array named keys
  if (addKey !== undefined && node !== null && typeof node === 'object' && !Array.isArray(node)) {
    Object.defineProperty(node, addKey, { value, enumerable: true, writable: true, configurable: true });
  } else {
    node[path[path.length - 1]] = value;
  }
  return copy;
}

/** A mutation of `base`: one path, a hostile value, sometimes as an unknown key beside it. */
function mutations(base: object): fc.Arbitrary<{ props: any; description: string }> {
  const paths = leafPaths(base);
  return fc.record({
    path: fc.constantFrom(...paths),
    value: hostile,
    extraKey: fc.option(fc.constantFrom('__proto__', 'constructor', 'extra', 'Name', 'passwrd', 'spec'), { nil: undefined }),
  }).map(({ path, value, extraKey }) => ({
    props: withValue(base, extraKey === undefined ? path : path.slice(0, -1), value, extraKey),
    description: `${extraKey === undefined ? path.join('.') || '(props)' : `${path.slice(0, -1).join('.')}[+${extraKey}]`} = ${String(typeof value === 'string' ? value.slice(0, 40) : typeof value)}`,
  }));
}

const PROTOTYPE_KEYS = Object.getOwnPropertyNames(Object.prototype).sort();

/** A field path as the library writes one (`a.b[0]`, `props[":"]`), then `: `. */
const FIELD_PATH_PREFIX = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[(?:\d+|"(?:[^"\\]|\\.)*")\])*: /;

/** Run `call`; check the outcome is a success or the library's error, naming a field, without the password. */
function outcome(call: () => unknown): 'ok' | 'refused' {
  try {
    call();
    return 'ok';
  } catch (error) {
    if (error instanceof pulumi.ResourceError) {
      // a Pulumi component reports the library's error on the resource, message unchanged
      expect(error.message).toMatch(FIELD_PATH_PREFIX);
    } else if (!(error instanceof ProxyConfigError)) {
      throw new Error(`not the library's error: ${(error as Error)?.constructor?.name}: ${(error as Error)?.message}`);
    } else {
      expect(error.field).not.toBe('');
      expect(error.message.startsWith(`${error.field}: `)).toBe(true);
      expect(error.message).toMatch(FIELD_PATH_PREFIX);
    }
    const leaked = FORMS.filter((form) => (error as Error).message.includes(form) || String((error as Error).stack).includes(form));
    expect(leaked).toEqual([]);
    return 'refused';
  } finally {
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_KEYS);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  }
}

/** Each property with the fixed seed, then a random one that the failure report names. */
function check<T>(name: string, arbitrary: fc.Arbitrary<T>, predicate: (value: T) => void, numRuns: number): void {
  test(`${name} (fixed seed)`, () => {
    fc.assert(fc.property(arbitrary, predicate), { numRuns });
  });
  test(`${name} (random seed)`, () => {
    const seed = Math.floor(Math.random() * 2 ** 31);
    const details = fc.check(fc.property(arbitrary, predicate), { numRuns, seed });
    if (details.failed) {
      throw new Error(`failed with random seed ${seed} (rerun: FC_SEED=${seed}): ${fc.defaultReportMessage(details)}\n${String((details.errorInstance as Error | undefined)?.message ?? details.errorInstance)}`);
    }
  });
}

const SETTINGS = {
  httpProxy: 'http://proxy.corp.example:3128',
  httpsProxy: 'http://proxy.corp.example:3128',
  username: 'svc-k8s',
  password: PASSWORD,
  noProxy: ['.corp.example', '10.0.0.0/8'],
  credentialsRevision: '1',
};
const NETWORK = {
  pods: ['192.168.0.0/16'],
  services: ['172.20.0.0/16'],
  controlPlaneEndpoint: 'api.demo.corp.example',
  provider: 'vsphere',
  providerEndpoints: ['vcenter.corp.example'],
  dnsServiceIp: '172.20.0.10',
};
const infra = 'infrastructure.cluster.x-k8s.io/v1beta1';
const CLUSTER = {
  name: 'demo',
  namespace: 'clusters',
  version: 'v1.31.2',
  network: NETWORK,
  osFamily: 'ubuntu',
  infrastructureRef: { apiVersion: infra, kind: 'VSphereCluster', name: 'demo' },
  controlPlane: { replicas: 3, machineTemplate: { apiVersion: infra, kind: 'VSphereMachineTemplate', name: 'demo-cp' } },
  workerPools: [{ name: 'md-0', replicas: 2, machineTemplate: { apiVersion: infra, kind: 'VSphereMachineTemplate', name: 'demo-md-0' } }],
};
const CLASS_PROPS = { settings: SETTINGS, osFamily: 'ubuntu', provider: 'vsphere', providerEndpoints: ['vcenter.corp.example'] };
const INJECTION_OPTIONS = { excludeNamespaces: ['kube-system'], excludeContainers: ['istio-proxy'], optOutAnnotation: 'example.com/inject', optOutValue: 'no' };
const proxy = () => new ClusterProxyConfig(new ProxySettings(SETTINGS), new ClusterNetwork(NETWORK as never));

/** Synthesized objects validate, and the password is in Secret data only. */
function expectGoodOutput(chart: Chart): void {
  const objects = chart.toJson() as Array<{ kind: string; apiVersion: string; metadata: { name: string } }>;
  for (const object of objects) {
    expect(schemaErrors(object)).toEqual([]);
    if (object.kind !== 'Secret') {
      const text = JSON.stringify(object);
      expect(FORMS.filter((form) => text.includes(form))).toEqual([]);
    }
  }
}

describe('hostile input never gets past the library\'s error', () => {
  check('ProxySettings', mutations(SETTINGS), ({ props }) => {
    outcome(() => new ProxySettings(props));
  }, 400);

  check('ClusterNetwork', mutations(NETWORK), ({ props }) => {
    outcome(() => new ClusterNetwork(props));
  }, 400);

  check('ClusterProxyConfig options and NoProxy', mutations({ additionalNoProxy: ['registry.internal'], noProxyDefaults: { loopback: true } }), ({ props }) => {
    outcome(() => new ClusterProxyConfig(new ProxySettings(SETTINGS), new ClusterNetwork(NETWORK as never), props));
    outcome(() => new NoProxy(props));
  }, 300);

  check('the NO_PROXY engine', fc.tuple(hostile, hostile), ([value, url]) => {
    outcome(() => NoProxyEngine.normalize(value as never));
    outcome(() => NoProxyEngine.lint(value as never));
    outcome(() => NoProxyEngine.explain(value as never, url as never));
    outcome(() => NoProxyEngine.explainVariables(value as never, url as never));
    outcome(() => NoProxyEngine.javaNonProxyHosts(value as never));
  }, 300);

  check('Helm values', fc.tuple(fc.array(hostile, { maxLength: 4 }), hostile), ([path, preset]) => {
    const config = proxy();
    outcome(() => addons.AddonValues.helmEnv(config, path as never));
    outcome(() => addons.AddonValues.helmPreset(config, preset as never));
    outcome(() => addons.AddonValues.helmCustomPreset(config, preset as never));
  }, 300);

  check('ProxiedCluster (cdk8s)', mutations({ ...CLUSTER, settings: SETTINGS }), ({ props }) => {
    const chart = new Chart(new App(), 'c');
    if (outcome(() => new ProxiedCluster(chart, 'Cluster', props)) === 'ok') {
      expectGoodOutput(chart);
    }
  }, 150);

  check('KyvernoProxyPolicy and TkgProxyAddons (cdk8s)', fc.tuple(mutations({ excludeNamespaces: ['kube-system'], credentialNamespaces: ['apps'] }), mutations({ clusterName: 'wl', namespace: 'default', vsphere: { server: 'vc.corp.example', datacenter: '/dc0' } })), ([policy, addonProps]) => {
    const chart = new Chart(new App(), 'c');
    const config = proxy();
    const policyOk = outcome(() => new KyvernoProxyPolicy(chart, 'Policy', { proxy: config, ...policy.props }));
    const addonsOk = outcome(() => new TkgProxyAddons(chart, 'Addons', { proxy: config, ...addonProps.props }));
    if (policyOk === 'ok' && addonsOk === 'ok') {
      expectGoodOutput(chart);
    }
  }, 150);

  check('the other cdk8s constructs', fc.tuple(
    mutations({ namespaces: ['apps'], bindingName: 'inject-proxy', failurePolicy: 'Ignore' }),
    mutations({ namespaces: ['a', 'b'], name: 'proxy-env', kind: 'Secret' }),
    mutations({ clusterName: 'wl', namespace: 'default', name: 'app', manifests: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'y' } }] }),
    mutations({ clusterName: 'mycluster', namespace: 'org-acme', apps: [{ name: 'mc-cm', appName: 'cert-manager-app', catalog: 'default', version: '3.7.0', targetNamespace: 'kube-system' }] }),
    mutations({ network: { pods: ['10.0.0.0/16'], services: ['10.96.0.0/12'] }, image: 'tinyproxy:1.11', port: 8888, connectPorts: [443] }),
    mutations({ clusterName: 'demo', namespace: 'clusters', version: 'v1.31.2', osFamily: 'ubuntu', replicas: 3, machineTemplate: CLUSTER.controlPlane.machineTemplate }),
  ), ([admission, sources, resourceSet, giantSwarm, forward, controlPlane]) => {
    const chart = new Chart(new App(), 'c');
    const config = proxy();
    const results = [
      outcome(() => new cdk8s.ProxyAdmissionPolicy(chart, 'Admission', { proxy: config, ...admission.props })),
      outcome(() => new cdk8s.ProxyEnvSources(chart, 'Sources', { proxy: config, ...sources.props })),
      outcome(() => new cdk8s.ProxyAddonResourceSet(chart, 'Crs', { proxy: config, ...resourceSet.props })),
      outcome(() => new cdk8s.GiantSwarmProxyApps(chart, 'Gs', { proxy: config, ...giantSwarm.props })),
      outcome(() => new cdk8s.InClusterForwardProxy(chart, 'Forward', forward.props)),
      outcome(() => new cdk8s.ProxiedKubeadmControlPlane(chart, 'Cp', { proxy: config, ...controlPlane.props })),
    ];
    if (results.every((result) => result === 'ok')) {
      expectGoodOutput(chart);
    }
  }, 100);

  check('ClusterClass, config template, kubeadm objects and pod injection (cdk8s)', fc.tuple(
    mutations(CLASS_PROPS),
    mutations({ cluster: topologyClusterManifest(), machineCidrs: ['10.20.0.0/24'] }),
    mutations({ osFamily: 'ubuntu', clusterName: 'demo', name: 'demo-workers' }),
    mutations({ clusterName: 'demo', osFamily: 'ubuntu' }),
    mutations(INJECTION_OPTIONS),
    mutations({ proxyOptions: INJECTION_OPTIONS }),
  ), ([classProps, topology, template, kubeadm, injection, deployment]) => {
    const chart = new Chart(new App(), 'c');
    const config = proxy();
    const fixture = classFixture(CapiVersion.V1BETA2);
    let patches: cdk8s.ClusterClassProxyPatches | undefined;
    const results = [
      outcome(() => {
        patches = new cdk8s.ClusterClassProxyPatches(chart, 'Class', { ...classProps.props, clusterClass: fixture.clusterClass, templates: fixture.templates });
      }),
      patches === undefined ? 'refused' : outcome(() => new cdk8s.TopologyClusterProxy(chart, 'Topology', { classProxy: patches!, ...topology.props })),
      outcome(() => new cdk8s.ProxiedKubeadmConfigTemplate(chart, 'Workers', { proxy: config, ...template.props })),
      outcome(() => {
        new ApiObject(chart, 'Kcp', structuredClone(kubeadmControlPlaneManifest));
        cdk8s.addProxyToKubeadmObjects(chart, { proxy: config, ...kubeadm.props });
      }),
      outcome(() => {
        new ApiObject(chart, 'Workload', structuredClone(podManifest));
        cdk8s.injectProxyEnv(chart, config, injection.props);
      }),
      outcome(() => new ProxyAwareDeployment(chart, 'Aware', { proxy: config, containers: [{ name: 'main', image: 'app:1' }], ...deployment.props })),
    ];
    if (results.every((result) => result === 'ok')) {
      expectGoodOutput(chart);
    }
  }, 100);

  describe('Pulumi components (under mocks)', () => {
    beforeAll(installMocks);
    afterAll(stopCallbacks);
    let serial = 0;
    check('ProxiedCluster and KyvernoProxyPolicy', fc.tuple(mutations({ ...CLUSTER, settings: SETTINGS }), mutations({ excludeNamespaces: ['kube-system'] })), ([cluster, policy]) => {
      serial += 1;
      outcome(() => new pulumiAdapter.ProxiedCluster(`hostile-${serial}`, cluster.props));
      outcome(() => new pulumiAdapter.KyvernoProxyPolicy(`hostile-policy-${serial}`, { proxy: proxy(), ...policy.props }));
    }, 60);

    check('every other component and the transform', fc.tuple(
      mutations({ clusterName: 'demo', version: 'v1.31.2', osFamily: 'ubuntu', machineTemplate: CLUSTER.controlPlane.machineTemplate }),
      mutations({ osFamily: 'ubuntu', clusterName: 'demo', name: 'demo-workers' }),
      mutations({ namespaces: ['apps'], bindingName: 'inject-proxy' }),
      mutations({ namespaces: ['a'], name: 'proxy-env' }),
      mutations({ clusterName: 'wl', namespace: 'default', name: 'app', manifests: [{ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'x', namespace: 'y' } }] }),
      mutations({ clusterName: 'mycluster', namespace: 'org-acme', apps: [{ name: 'mc-cm', appName: 'cert-manager-app', catalog: 'default', version: '3.7.0', targetNamespace: 'kube-system' }] }),
      mutations({ network: { pods: ['10.0.0.0/16'], services: ['10.96.0.0/12'] }, image: 'tinyproxy:1.11', port: 8888 }),
      mutations({ clusterName: 'wl', namespace: 'default', vsphere: { server: 'vc.corp.example', datacenter: '/dc0' } }),
      fc.tuple(mutations(CLASS_PROPS), mutations({ cluster: topologyClusterManifest(), machineCidrs: ['10.20.0.0/24'] })),
      mutations({ metadata: { name: 'api', namespace: 'apps' }, proxyOptions: INJECTION_OPTIONS }),
      mutations({ namespaces: ['apps'], ...INJECTION_OPTIONS }),
      mutations({ settings: SETTINGS, network: NETWORK, proxyOptions: { additionalNoProxy: ['registry.internal'] } }),
    ), (cases) => {
      const [controlPlane, template, admission, sources, resourceSet, giantSwarm, forward, tkg, classCase, deployment, support, definition] = cases;
      const [classProps, topology] = classCase;
      serial += 1;
      const config = proxy();
      const fixture = classFixture(CapiVersion.V1BETA2);
      outcome(() => new pulumiAdapter.ProxiedKubeadmControlPlane(`cp-${serial}`, { proxy: config, ...controlPlane.props }));
      outcome(() => new pulumiAdapter.ProxiedKubeadmConfigTemplate(`workers-${serial}`, { proxy: config, ...template.props }));
      outcome(() => new pulumiAdapter.ProxyAdmissionPolicy(`admission-${serial}`, { proxy: config, ...admission.props }));
      outcome(() => new pulumiAdapter.ProxyEnvSources(`sources-${serial}`, { proxy: config, ...sources.props }));
      outcome(() => new pulumiAdapter.ProxyAddonResourceSet(`crs-${serial}`, { proxy: config, ...resourceSet.props }));
      outcome(() => new pulumiAdapter.GiantSwarmProxyApps(`gs-${serial}`, { proxy: config, ...giantSwarm.props }));
      outcome(() => new pulumiAdapter.InClusterForwardProxy(`forward-${serial}`, forward.props));
      outcome(() => new pulumiAdapter.TkgProxyAddons(`tkg-${serial}`, { proxy: config, ...tkg.props }));
      let patches: pulumiAdapter.ClusterClassProxyPatches | undefined;
      if (outcome(() => {
        patches = new pulumiAdapter.ClusterClassProxyPatches(`class-${serial}`, { ...classProps.props, clusterClass: fixture.clusterClass, templates: fixture.templates });
      }) === 'ok') {
        outcome(() => new pulumiAdapter.TopologyClusterProxy(`topology-${serial}`, { classProxy: patches!, ...topology.props }));
      }
      outcome(() => new pulumiAdapter.ProxyAwareDeployment(`aware-${serial}`, {
        proxy: config, spec: podManifest.spec, ...deployment.props,
      }));
      outcome(() => new pulumiAdapter.ProxyEnvSupport(`support-${serial}`, { proxy: config, ...support.props }));
      outcome(() => new pulumiAdapter.ProxyDefinition(definition.props));
      outcome(() => pulumiAdapter.proxyEnvTransform(config, support.props));
    }, 40);
  });

  check('the CLI', fc.tuple(fc.constantFrom('noproxy', 'explain', 'audit', 'import', 'render-secret'),
    fc.array(fc.oneof(fc.constantFrom('--pod-cidr', '--service-cidr', '--no-proxy', '--provider', '--provider-endpoint', '--format', '--region', '--dns-service-ip'),
      hostile.filter((value): value is string => typeof value === 'string')), { maxLength: 8 })), ([command, args]) => {
    const result = runCli([command, ...args]);
    expect([0, 1, 2]).toContain(result.exitCode);
    expect(FORMS.filter((form) => result.stdout.includes(form) || result.stderr.includes(form))).toEqual([]);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(PROTOTYPE_KEYS);
  }, 300);
});
