/**
 * What the Kyverno CLI cannot show, shown by Kyverno's own controllers running against the local
 * control plane (as Kyverno's development guide runs them out of cluster): the admission controller
 * serving its webhooks to kube-apiserver on loopback, and the background controller that generates
 * and synchronizes clones. Proven here: the ephemeral-container rule (`kubectl debug`), a clone
 * following a changed source, and, through the real webhook, a pod's env and a new namespace's
 * clones.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Testing } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import { expectedAfterPolicy } from './suites';
import * as cdk8s from '../../src/cdk8s';
import { ClusterProxyConfig } from '../../src/core/definition/cluster-proxy-config';
import { ClusterNetwork } from '../../src/core/definition/network';
import { ProxySettings, ProxySettingsProps } from '../../src/core/definition/proxy-settings';
import { manifestsText, notKept, serverSideApply } from '../support/control-plane/apply';
import { ControlPlane, startControlPlane, toolPath } from '../support/control-plane/control-plane';
import { CA_1 } from '../support/fixtures/cluster';
import { freePort } from '../support/free-port';

const SETTINGS: ProxySettingsProps = {
  httpProxy: 'http://proxy.corp.example:3128',
  httpsProxy: 'http://proxy.corp.example:3129',
  username: 'svc-k8s',
  password: 'first-password',
  noProxy: ['.corp.example'],
  trustedCaPem: CA_1,
};
const NETWORK = new ClusterNetwork({ pods: ['192.168.0.0/16'], services: ['172.20.0.0/16'] });
const PROXY = new ClusterProxyConfig(new ProxySettings(SETTINGS), NETWORK);

/** The policy's options: a name pattern, to show Kyverno matching it on a controller's pod, which has only a generateName at admission. */
const POLICY_OPTIONS = { excludeNames: ['batch-*'] };

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(what: string, probe: () => T | undefined, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = probe();
    if (found !== undefined && found !== false) {
      return found;
    }
    if (Date.now() > deadline) {
      throw new Error(`timed out waiting for ${what}`);
    }
    await delay(500);
  }
}

let controlPlane: ControlPlane;
const controllers: ChildProcess[] = [];

/** The install manifest Kyverno publishes in its module, without what runs in pods (the controllers run here, out of cluster). */
function kyvernoInstallManifests(): any[] {
  const file = join(toolPath('kyverno-1.19-install.yaml'));
  return parseAllDocuments(readFileSync(file, 'utf8')).map((document) => document.toJS())
    .filter((object) => object && !['Deployment', 'Service', 'Job', 'CronJob'].includes(object.kind));
}

/** What kube-controller-manager's aggregation controller would do: every aggregating ClusterRole gets the rules of the roles its selectors match. */
function aggregateClusterRoles(): void {
  const roles: any[] = JSON.parse(controlPlane.kubectl(['get', 'clusterroles', '-o', 'json']).stdout).items;
  const aggregated = roles.filter((role) => role.aggregationRule).map((role) => {
    const selectors: Array<Record<string, string>> = role.aggregationRule.clusterRoleSelectors.map((selector: any) => selector.matchLabels ?? {});
    const matches = (other: any) => selectors.some((labels) => Object.entries(labels)
      .every(([key, value]) => other.metadata.labels?.[key] === value));
    const members = roles.filter((other) => other !== role && matches(other));
    return { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'ClusterRole', metadata: { name: role.metadata.name }, rules: members.flatMap((member) => member.rules ?? []) };
  });
  controlPlane.kubectl(['apply', '--server-side', '--field-manager=clusterrole-aggregation-controller', '--force-conflicts', '-f', '-'], { input: manifestsText(aggregated) });
}

function startController(name: string, args: string[], serviceAccount: string): ChildProcess {
  const log = openSync(join(controlPlane.directory, `${name}.log`), 'a');
  const child = spawn(toolPath(name), ['--kubeconfig', controlPlane.kubeconfig, ...args], {
    stdio: ['ignore', log, log],
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      KYVERNO_NAMESPACE: 'kyverno',
      KYVERNO_SERVICEACCOUNT_NAME: serviceAccount,
      KYVERNO_DEPLOYMENT: 'dummy',
      KYVERNO_POD_NAME: 'dummy',
      INIT_CONFIG: 'kyverno',
      METRICS_CONFIG: 'kyverno-metrics',
    },
  });
  closeSync(log);
  controllers.push(child);
  return child;
}

beforeAll(async () => {
  controlPlane = await startControlPlane({ installCrds: false });
  serverSideApply(controlPlane, kyvernoInstallManifests());
  aggregateClusterRoles();
  const [webhookPort, metrics, backgroundMetrics] = [await freePort(), await freePort(), await freePort()];
  startController('kyverno-1.19-admission-controller', [
    `--serverIP=127.0.0.1:${webhookPort}`, `--webhookServerPort=${webhookPort}`, `--metricsPort=${metrics}`,
    '--backgroundServiceAccountName=system:serviceaccount:kyverno:kyverno-background-controller',
    '--reportsServiceAccountName=system:serviceaccount:kyverno:kyverno-reports-controller',
    '--caSecretName=kyverno-svc.kyverno.svc.kyverno-tls-ca', '--tlsSecretName=kyverno-svc.kyverno.svc.kyverno-tls-pair',
  ], 'kyverno-admission-controller');
  startController('kyverno-1.19-background-controller', [`--metricsPort=${backgroundMetrics}`, '--controllerRuntimeMetricsAddress=0'], 'kyverno-background-controller');
  // the webhooks answer once the certificate controller has written the serving certificate
  await until('the webhook certificate', () => controlPlane.get('secret', 'kyverno-svc.kyverno.svc.kyverno-tls-pair', 'kyverno'));
  const chart = Testing.chart();
  new cdk8s.KyvernoProxyPolicy(chart, 'Policy', { proxy: PROXY, excludeNames: POLICY_OPTIONS.excludeNames });
  const objects = Testing.synth(chart);
  // the sources and the RBAC first: the library's ClusterRoles aggregate into Kyverno's, which
  // Kyverno checks before it admits a generate rule
  serverSideApply(controlPlane, objects.filter((object) => object.kind !== 'ClusterPolicy'));
  aggregateClusterRoles();
  const policy = objects.filter((object) => object.kind === 'ClusterPolicy');
  // Each attempt aggregates again: Kyverno checks the aggregated roles before it admits the
  // policy, and a check that ran before the roles settled must not leave the suite waiting on it.
  // A timeout says why Kyverno kept refusing.
  let refusal = '';
  await until('the policy to be admitted', () => {
    aggregateClusterRoles();
    const result = controlPlane.kubectl(['apply', '--server-side', '-f', '-'], { input: manifestsText(policy), allowFailure: true });
    refusal = result.stderr.trim();
    return result.status === 0;
  }).catch((error: Error) => {
    throw new Error(`${error.message}; kubectl's last refusal: ${refusal}`);
  });
  await until('the policy to be ready', () => controlPlane.get('clusterpolicy', 'inject-cluster-proxy')?.status?.conditions?.some((c: any) => c.type === 'Ready' && c.status === 'True'));
}, 600_000);

afterAll(async () => {
  for (const child of controllers) {
    child.kill('SIGTERM');
  }
  await controlPlane?.stop();
});

const decoded = (secret: any, key: string) => Buffer.from(secret.data[key], 'base64').toString('utf8');

describe('generate: clones in the namespaces, kept in step with their sources', () => {
  beforeAll(() => {
    controlPlane.kubectl(['apply', '--server-side', '-f', '-'], {
      input: manifestsText([
        { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'apps', labels: { 'cluster-proxy-constructs/proxy-credentials': 'enabled' } } },
        { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'plain' } },
      ]),
    });
  });

  test('a labelled namespace gets the Secret and the CA; any other namespace the CA only', async () => {
    const secret = await until('the Secret clone', () => controlPlane.get('secret', 'cluster-proxy-env', 'apps'));
    expect(decoded(secret, 'HTTPS_PROXY')).toBe('http://svc-k8s:first-password@proxy.corp.example:3129');
    await until('the CA clone', () => controlPlane.get('configmap', 'cluster-proxy-ca', 'apps'));
    await until('the CA clone in a namespace without the label', () => controlPlane.get('configmap', 'cluster-proxy-ca', 'plain'));
    expect(controlPlane.get('secret', 'cluster-proxy-env', 'plain')).toBeUndefined();
  }, 180_000);

  test('a new password in the source reaches the clone (synchronize)', async () => {
    const chart = Testing.chart();
    const rotated = new ClusterProxyConfig(new ProxySettings({ ...SETTINGS, password: 'second-password' }), NETWORK);
    new cdk8s.KyvernoProxyPolicy(chart, 'Policy', { proxy: rotated, excludeNames: POLICY_OPTIONS.excludeNames });
    serverSideApply(controlPlane, Testing.synth(chart).filter((object) => object.kind === 'Secret'));
    await until('the clone to follow its source', () => decoded(controlPlane.get('secret', 'cluster-proxy-env', 'apps'), 'HTTPS_PROXY').includes('second-password'));
  }, 180_000);

  test('a deleted clone is restored', async () => {
    controlPlane.kubectl(['delete', 'configmap', 'cluster-proxy-ca', '-n', 'plain']);
    await until('the clone to be restored', () => controlPlane.get('configmap', 'cluster-proxy-ca', 'plain'));
  }, 180_000);
});

describe('mutate: through the admission webhook', () => {
  test('a pod gets the env and the CA, as the kyverno test suites expect', async () => {
    const manifest = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'app', namespace: 'apps' }, spec: { containers: [{ name: 'app', image: 'registry.corp.example/app:1' }] } };
    const admitted = JSON.parse(controlPlane.kubectl(['create', '-o', 'json', '-f', '-'], { input: manifestsText([manifest]) }).stdout);
    const expected = expectedAfterPolicy(manifest, { settings: SETTINGS, options: POLICY_OPTIONS });
    expect(notKept(expected.spec, admitted.spec)).toEqual([]);
  }, 180_000);

  test('an ephemeral container added with kubectl debug gets the env and the CA mount', async () => {
    controlPlane.kubectl(['debug', 'app', '-n', 'apps', '--image=registry.corp.example/debug:1', '--container=debugger', '--profile=general']);
    const [debuggerContainer] = controlPlane.get('pod', 'app', 'apps').spec.ephemeralContainers;
    expect(debuggerContainer.env.map((variable: any) => variable.name)).toEqual(expect.arrayContaining(['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy']));
    expect(debuggerContainer.volumeMounts).toEqual([expect.objectContaining({ name: 'cluster-proxy-ca', mountPath: '/etc/cluster-proxy/ca' })]);
  }, 180_000);

  test('a controller\'s pod (only generateName at admission) is matched on its generateName', () => {
    const create = (generateName: string) => JSON.parse(controlPlane.kubectl(['create', '-o', 'json', '-f', '-'], {
      input: manifestsText([{ apiVersion: 'v1', kind: 'Pod', metadata: { generateName, namespace: 'apps' }, spec: { containers: [{ name: 'app', image: 'registry.corp.example/app:1' }] } }]),
    }).stdout);
    expect(create('batch-').spec.containers[0].env).toBeUndefined();
    expect(create('web-').spec.containers[0].env).toBeDefined();
  }, 180_000);

  test('a pod in kube-system, or opted out, is left alone', () => {
    for (const [namespace, annotations] of [['kube-system', {}], ['apps', { 'cluster-proxy-constructs/inject': 'false' }]] as const) {
      const manifest = { apiVersion: 'v1', kind: 'Pod', metadata: { name: 'left-alone', namespace, annotations }, spec: { containers: [{ name: 'app', image: 'registry.corp.example/app:1' }] } };
      const admitted = JSON.parse(controlPlane.kubectl(['create', '-o', 'json', '-f', '-'], { input: manifestsText([manifest]) }).stdout);
      expect(admitted.spec.containers[0].env).toBeUndefined();
    }
  }, 180_000);
});
