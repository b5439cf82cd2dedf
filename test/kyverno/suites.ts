/**
 * The `kyverno test` suites of `KyvernoProxyPolicy`, one directory each under test/kyverno/, as
 * Kyverno's own policy library ships them: the policy, the resources, the namespace labels, the
 * expected results and patched or generated resources. Anyone can run them with the Kyverno CLI
 * (`kyverno test test/kyverno`); `kyverno.e2e-test.ts` runs every Kyverno version docs/workloads.md names.
 *
 * Everything here is derived from this file and the library: the policy as the construct synthesizes
 * it, and the expected pods as synth-time injection (`injectProxyEnv`) writes them, so Kyverno must
 * do exactly what the other injection path does. `suites.test.ts` fails when the committed files
 * differ from what this file writes; `node -r ts-node/register/transpile-only test/kyverno/suites.ts`
 * writes them again.
 */
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiObject, Testing, Yaml } from 'cdk8s';
import * as cdk8s from '../../src/cdk8s';
import { ClusterProxyConfig } from '../../src/core/definition/cluster-proxy-config';
import { ClusterNetwork } from '../../src/core/definition/network';
import { ProxySettings, ProxySettingsProps } from '../../src/core/definition/proxy-settings';
import { KyvernoProxyPolicyOptions } from '../../src/core/workloads/kyverno-policy';
import { SystemRoots } from '../../src/core/workloads/trust-bundle';
import { CA_1 } from '../support/fixtures/cluster';

/** Where the suites live. */
export const SUITES_DIR = __dirname;

const NETWORK = new ClusterNetwork({ pods: ['192.168.0.0/16'], services: ['172.20.0.0/16'] });
const CREDENTIALS_LABEL = { 'cluster-proxy-constructs/proxy-credentials': 'enabled' };

/**
 * One expected result of a rule for a resource: `pass` (the rule acts), `skip` (it matches and its
 * preconditions leave the resource as it is) or `excluded` (its match or exclude blocks leave the
 * resource out). `kyverno test` reports an excluded resource as passed whatever the test file
 * expects, so the e2e test also checks the reason Kyverno gives for every row.
 */
export interface Expectation {
  readonly rule: keyof typeof RULES;
  readonly resource: any;
  readonly result: 'pass' | 'skip' | 'excluded';
}

/** The rule each expectation names, by its role (the suite's options may rename it). */
export const RULES = {
  cloneSecret: 'clone-proxy-secret',
  cloneCa: 'clone-proxy-ca',
  addCaVolume: 'add-proxy-ca-volume',
  injectEnv: 'inject-proxy-env',
};

/** A suite: the proxy, the policy's options, the namespaces with their labels, the resources and what each rule does to them. */
export interface Suite {
  readonly name: string;
  readonly settings: ProxySettingsProps;
  readonly options: KyvernoProxyPolicyOptions;
  readonly namespaces: Readonly<Record<string, Record<string, string>>>;
  readonly expectations: Expectation[];
}

const container = (name: string, extra: Record<string, unknown> = {}) => ({ name, image: `registry.corp.example/${name}:1`, ...extra });

function pod(ns: string, name: string, spec: Record<string, unknown>, metadata: Record<string, unknown> = {}): any {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name, namespace: ns, ...metadata }, spec };
}

function namespace(name: string, labels: Record<string, string> = {}): any {
  return { apiVersion: 'v1', kind: 'Namespace', metadata: { name, ...(Object.keys(labels).length > 0 ? { labels } : {}) } };
}

/** Workloads whose pods the policy mutates at their own admission: the policy turns Kyverno's autogen off, so the workloads themselves are left as Git has them. */
function workloads(ns: string): any[] {
  const template = { metadata: { labels: { app: 'web' } }, spec: { containers: [container('web')] } };
  const selector = { matchLabels: { app: 'web' } };
  const once = { ...template, spec: { ...template.spec, restartPolicy: 'Never' } };
  return [
    { apiVersion: 'apps/v1', kind: 'Deployment', metadata: { name: 'web-deployment', namespace: ns }, spec: { selector, template } },
    { apiVersion: 'apps/v1', kind: 'StatefulSet', metadata: { name: 'web-statefulset', namespace: ns }, spec: { selector, serviceName: 'web', template } },
    { apiVersion: 'batch/v1', kind: 'Job', metadata: { name: 'web-job', namespace: ns }, spec: { template: once } },
    { apiVersion: 'batch/v1', kind: 'CronJob', metadata: { name: 'web-cronjob', namespace: ns }, spec: { schedule: '0 * * * *', jobTemplate: { spec: { template: once } } } },
  ];
}

const WITH_CREDENTIALS_AND_CA: ProxySettingsProps = {
  httpProxy: 'http://proxy.corp.example:3128',
  httpsProxy: 'http://proxy.corp.example:3129',
  username: 'svc-k8s',
  password: 'suite-password',
  noProxy: ['.corp.example', '10.0.0.0/8'],
  trustedCaPem: CA_1,
};

/**
 * The corporate CA alone in the bundle: the default adds the Mozilla roots of the Node.js that runs
 * the synth, which would make the committed files 200 KB each and change with every Node.js
 * release. What the clone rules do does not depend on the ConfigMap's content.
 */
const CORPORATE_CA_ONLY = { systemRoots: SystemRoots.NONE };

const app = (ns: string) => pod(ns, 'app', {
  initContainers: [container('migrate')],
  containers: [container('app'), container('worker', { env: [{ name: 'LOG_LEVEL', value: 'debug' }] })],
});

export const SUITES: Suite[] = [
  (() => {
    const injected = app('apps');
    // the pod as this suite's policy leaves it, admitted again under another name
    const options = { trustBundle: CORPORATE_CA_ONLY };
    const before = inKyvernoOrder(injected, synthInjected(injected, { settings: WITH_CREDENTIALS_AND_CA, options }));
    const injectedBefore = { ...before, metadata: { ...before.metadata, name: 'injected-before' } };
    return {
      name: 'credentials-and-ca',
      settings: WITH_CREDENTIALS_AND_CA,
      options,
      namespaces: { 'apps': CREDENTIALS_LABEL, 'plain': {}, 'kube-system': {} },
      expectations: [
        // the Secret only into the credential namespaces, the CA everywhere but kube-system
        { rule: 'cloneSecret', resource: namespace('apps', CREDENTIALS_LABEL), result: 'pass' },
        { rule: 'cloneSecret', resource: namespace('plain'), result: 'excluded' },
        { rule: 'cloneCa', resource: namespace('apps', CREDENTIALS_LABEL), result: 'pass' },
        { rule: 'cloneCa', resource: namespace('plain'), result: 'pass' },
        { rule: 'cloneCa', resource: namespace('kube-system'), result: 'excluded' },
        // containers and init containers; a container's own variable keeps its pair
        { rule: 'injectEnv', resource: injected, result: 'pass' },
        { rule: 'addCaVolume', resource: injected, result: 'pass' },
        { rule: 'injectEnv', resource: pod('apps', 'own-proxy', { containers: [container('app', { env: [{ name: 'https_proxy', value: 'http://other-proxy.corp.example:8080' }] })] }), result: 'pass' },
        // opted out, in kube-system, or outside the credential namespaces: left alone (the CA volume still goes everywhere)
        { rule: 'injectEnv', resource: pod('apps', 'opted-out', { containers: [container('app')] }, { annotations: { 'cluster-proxy-constructs/inject': 'false' } }), result: 'excluded' },
        { rule: 'injectEnv', resource: pod('kube-system', 'system', { containers: [container('app')] }), result: 'excluded' },
        { rule: 'addCaVolume', resource: pod('kube-system', 'system', { containers: [container('app')] }), result: 'excluded' },
        { rule: 'injectEnv', resource: pod('plain', 'elsewhere', { containers: [container('app')] }), result: 'excluded' },
        { rule: 'addCaVolume', resource: pod('plain', 'elsewhere', { containers: [container('app')] }), result: 'pass' },
        ...workloads('apps').map((workload): Expectation => ({ rule: 'injectEnv', resource: workload, result: 'excluded' })),
        // a pod that already went through the policy: nothing is added twice
        { rule: 'injectEnv', resource: injectedBefore, result: 'skip' },
        { rule: 'addCaVolume', resource: injectedBefore, result: 'skip' },
      ],
    };
  })(),
  {
    name: 'without-credentials-or-ca',
    settings: { httpProxy: 'http://proxy.corp.example:3128', httpsProxy: 'http://proxy.corp.example:3128', noProxy: ['.corp.example'] },
    options: {},
    // without credentials every namespace but the excluded ones, whatever its labels
    namespaces: { 'apps': {}, 'kube-system': {} },
    expectations: [
      { rule: 'injectEnv', resource: app('apps'), result: 'pass' },
      { rule: 'injectEnv', resource: pod('apps', 'own-no-proxy', { containers: [container('app', { env: [{ name: 'no_proxy', value: '.internal.example' }] })] }), result: 'pass' },
      { rule: 'injectEnv', resource: pod('kube-system', 'system', { containers: [container('app')] }), result: 'excluded' },
    ],
  },
  {
    name: 'options',
    settings: WITH_CREDENTIALS_AND_CA,
    options: {
      // the rule names and the opt-out of Giant Swarm's policy, so pods opted out of it stay out
      ruleNames: { cloneSecret: 'clone-secret', cloneCa: 'clone-ca', addCaVolume: 'add-ca-volume', injectEnv: 'inject-env', injectEnvEphemeral: 'inject-env-ephemeral' },
      optOutAnnotation: 'policies.kyverno.io/inject-proxy-env',
      optOutValue: 'exclude',
      name: 'proxy-env',
      sourceNamespace: 'platform',
      credentialNamespaces: ['team-a'],
      excludeNamespaces: ['legacy'],
      excludeNames: ['batch-*', 'cron-?'],
      excludeContainers: ['istio-proxy'],
      trustBundle: { ...CORPORATE_CA_ONLY, configMapName: 'corp-ca', mountPath: '/etc/corp-ca' },
    },
    namespaces: { 'team-a': {}, 'team-b': CREDENTIALS_LABEL, 'legacy': {}, 'kube-system': {} },
    expectations: [
      // the Secret only into the listed namespaces (a label does not count with a list), the CA into every one not excluded
      { rule: 'cloneSecret', resource: namespace('team-a'), result: 'pass' },
      { rule: 'cloneSecret', resource: namespace('team-b', CREDENTIALS_LABEL), result: 'excluded' },
      { rule: 'cloneCa', resource: namespace('team-b', CREDENTIALS_LABEL), result: 'pass' },
      { rule: 'cloneCa', resource: namespace('legacy'), result: 'excluded' },
      // the CA under its own name and path; an excluded container is left alone
      { rule: 'injectEnv', resource: pod('team-a', 'meshed', { containers: [container('app'), container('istio-proxy')] }), result: 'pass' },
      { rule: 'addCaVolume', resource: pod('team-a', 'meshed', { containers: [container('app'), container('istio-proxy')] }), result: 'pass' },
      // names by pattern (`*`, `?`), also on generateName; the other policy's opt-out; an excluded namespace
      { rule: 'injectEnv', resource: pod('team-a', 'batch-7', { containers: [container('app')] }), result: 'excluded' },
      { rule: 'injectEnv', resource: pod('team-a', 'cron-1', { containers: [container('app')] }), result: 'excluded' },
      { rule: 'injectEnv', resource: pod('team-a', 'cron-12', { containers: [container('app')] }), result: 'pass' },
      { rule: 'injectEnv', resource: pod('team-a', 'gs-opted-out', { containers: [container('app')] }, { annotations: { 'policies.kyverno.io/inject-proxy-env': 'exclude' } }), result: 'excluded' },
      { rule: 'injectEnv', resource: pod('team-a', 'other-value', { containers: [container('app')] }, { annotations: { 'policies.kyverno.io/inject-proxy-env': 'false' } }), result: 'pass' },
      { rule: 'injectEnv', resource: pod('legacy', 'old', { containers: [container('app')] }), result: 'excluded' },
      // credentials: pods outside the listed namespaces are left alone (their env would read a Secret that is not there)
      { rule: 'injectEnv', resource: pod('team-b', 'elsewhere', { containers: [container('app')] }), result: 'excluded' },
    ],
  },
];

/** A pod as `KyvernoProxyPolicy` leaves it: what synth-time injection adds, in Kyverno's order. */
export function expectedAfterPolicy(admitted: any, suite: Pick<Suite, 'settings' | 'options'>): any {
  return inKyvernoOrder(admitted, synthInjected(admitted, suite));
}

/** The suite's proxy. */
function proxyOf(suite: Pick<Suite, 'settings'>): ClusterProxyConfig {
  return new ClusterProxyConfig(new ProxySettings(suite.settings), NETWORK);
}

/** What synth-time injection gives `resource` (the oracle for Kyverno's patched pods). */
function synthInjected(resource: any, suite: Pick<Suite, 'settings' | 'options'>): any {
  const chart = Testing.chart();
  new ApiObject(chart, 'Object', structuredClone(resource));
  const { excludeNamespaces, excludeNames, excludeContainers, optOutAnnotation, optOutValue, trustBundle } = suite.options;
  cdk8s.injectProxyEnv(chart, proxyOf(suite), { excludeNamespaces, excludeNames, excludeContainers, optOutAnnotation, optOutValue, trustBundle });
  return Testing.synth(chart).find((object) => object.kind === resource.kind && object.metadata.name === resource.metadata.name);
}

/**
 * The injected pod with each container's new entries where Kyverno's strategic merge patch puts
 * them: every patch inserts its list entries before the existing ones, so the variable groups end
 * up before the container's own variables, the last group first (each group's names in order).
 * The entries themselves are the ones synth-time injection adds.
 */
function inKyvernoOrder(original: any, injected: any): any {
  const reorder = (before: any[] | undefined, after: any[] | undefined, groupOf: (entry: any) => string) => {
    if (!after) {
      return after;
    }
    const kept = before?.length ?? 0;
    const groups: any[][] = [];
    for (const entry of after.slice(kept)) {
      const last = groups[groups.length - 1];
      if (last && groupOf(last[0]) === groupOf(entry)) {
        last.push(entry);
      } else {
        groups.push([entry]);
      }
    }
    return [...groups.reverse().flat(), ...after.slice(0, kept)];
  };
  const copy = structuredClone(injected);
  for (const list of ['initContainers', 'containers']) {
    (copy.spec[list] ?? []).forEach((patched: any, index: number) => {
      const own = original.spec[list][index];
      patched.env = reorder(own.env, patched.env, (entry) => entry.name.toUpperCase());
      patched.volumeMounts = reorder(own.volumeMounts, patched.volumeMounts, (entry) => entry.mountPath);
    });
  }
  return copy;
}

const identity = (object: any) => `${object.apiVersion}/${object.kind}/${object.metadata.namespace ?? ''}/${object.metadata.name}`;
const resourceName = (object: any) => (object.metadata.namespace ? `${object.metadata.namespace}/${object.metadata.name}` : object.metadata.name);

/** The files of one suite, by name. */
export function suiteFiles(suite: Suite): Record<string, string> {
  const chart = Testing.chart();
  new cdk8s.KyvernoProxyPolicy(chart, 'Policy', { proxy: proxyOf(suite), ...suite.options });
  const output = Testing.synth(chart);
  const policy = output.find((object) => object.kind === 'ClusterPolicy');
  const ruleName = (rule: keyof typeof RULES) => suite.options.ruleNames?.[rule] ?? RULES[rule];
  const resources = [...new Map(suite.expectations.map(({ resource }) => [identity(resource), resource])).values()];
  const patched = resources.filter((resource) => resource.kind === 'Pod'
    && suite.expectations.some((e) => e.resource === resource && e.result === 'pass' && e.rule === 'injectEnv'))
    .map((resource) => inKyvernoOrder(resource, synthInjected(resource, suite)));
  const sources = output.filter((object) => object.kind === 'Secret' || object.kind === 'ConfigMap');
  const generated = (rule: keyof typeof RULES, target: string) => {
    const source = sources.find((object) => object.kind === (rule === 'cloneSecret' ? 'Secret' : 'ConfigMap'))!;
    return { ...source, metadata: { ...source.metadata, namespace: target } };
  };
  // Kyverno labels what it generates as its own (the source keeps the library's label)
  const kyvernoClone = (rule: keyof typeof RULES, target: string) => {
    const clone = generated(rule, target);
    return { ...clone, metadata: { ...clone.metadata, labels: { ...clone.metadata.labels, 'app.kubernetes.io/managed-by': 'kyverno' } } };
  };
  const files: Record<string, string> = {
    'policy.yaml': Yaml.stringify(policy),
    'resources.yaml': Yaml.stringify(...resources),
    'values.yaml': Yaml.stringify({
      apiVersion: 'cli.kyverno.io/v1alpha1',
      kind: 'Values',
      namespaceSelector: Object.entries(suite.namespaces).map(([name, labels]) => ({ name, labels })),
    }),
  };
  if (patched.length > 0) {
    files['patched.yaml'] = Yaml.stringify(...patched);
  }
  const results = suite.expectations.map((expectation) => {
    const { resource, result } = expectation;
    const rule = ruleName(expectation.rule);
    const base = { policy: policy.metadata.name, rule, resources: [resourceName(resource)], kind: resource.kind, result: result === 'pass' ? 'pass' : 'skip' };
    if (result !== 'pass') {
      return base;
    }
    if (expectation.rule === 'cloneSecret' || expectation.rule === 'cloneCa') {
      const what = expectation.rule === 'cloneSecret' ? 'secret' : 'ca';
      const file = `generated-${what}-${resource.metadata.name}.yaml`;
      files[file] = Yaml.stringify(kyvernoClone(expectation.rule, resource.metadata.name));
      const source = generated(expectation.rule, sources[0].metadata.namespace);
      files[`clone-source-${what}.yaml`] = Yaml.stringify(source);
      return { ...base, generatedResource: file, cloneSourceResource: `clone-source-${what}.yaml` };
    }
    return resource.kind === 'Pod' && patched.some((object) => identity(object) === identity(resource)) ? { ...base, patchedResources: 'patched.yaml' } : base;
  });
  files['kyverno-test.yaml'] = Yaml.stringify({
    apiVersion: 'cli.kyverno.io/v1alpha1',
    kind: 'Test',
    metadata: { name: suite.name },
    policies: ['policy.yaml'],
    resources: ['resources.yaml'],
    variables: 'values.yaml',
    results,
  });
  return files;
}

/** Write every suite's files (and remove stale ones). */
export function writeSuites(): void {
  for (const suite of SUITES) {
    const directory = join(SUITES_DIR, suite.name);
    rmSync(directory, { recursive: true, force: true });
    mkdirSync(directory, { recursive: true });
    for (const [name, text] of Object.entries(suiteFiles(suite))) {
      writeFileSync(join(directory, name), text);
    }
  }
}

/** The suite directories on disk. */
export function suiteDirectories(): string[] {
  return readdirSync(SUITES_DIR, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
}

if (require.main === module) {
  writeSuites();
}
