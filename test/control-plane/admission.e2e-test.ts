/**
 * `ProxyAdmissionPolicy` evaluated by the API server itself: the MutatingAdmissionPolicy and its
 * binding (`admissionregistration.k8s.io/v1`, and `v1beta1` for Kubernetes 1.34 and 1.35) applied
 * to the local kube-apiserver, then pods created. Every admitted pod must carry exactly what
 * synth-time injection (`injectProxyEnv`) gives the same pod, which is what docs/workloads.md
 * promises on every path: the six variables, the proxy Secret references, the CA volume and
 * mounts, in containers, init containers and ephemeral containers; exclusions untouched; a second
 * admission adds nothing.
 */
import { ApiObject, Testing } from 'cdk8s';
import * as cdk8s from '../../src/cdk8s';
import { ClusterProxyConfig } from '../../src/core/definition/cluster-proxy-config';
import { ClusterNetwork } from '../../src/core/definition/network';
import { ProxySettings } from '../../src/core/definition/proxy-settings';
import { MutatingAdmissionPolicyVersion } from '../../src/core/workloads/admission-policy-version';
import { manifestsText, notKept, serverSideApply } from '../support/control-plane/apply';
import { ControlPlane, startControlPlane } from '../support/control-plane/control-plane';
import { CA_1 } from '../support/fixtures/cluster';

const PROXY = new ClusterProxyConfig(new ProxySettings({
  httpProxy: 'http://proxy.corp.example:3128',
  httpsProxy: 'http://proxy.corp.example:3129',
  username: 'svc-k8s',
  password: 'p@ss:w/rd %41',
  noProxy: ['.corp.example', '10.0.0.0/8'],
  trustedCaPem: CA_1,
}), new ClusterNetwork({ pods: ['192.168.0.0/16'], services: ['172.20.0.0/16'] }));

const WITHOUT_CA = new ClusterProxyConfig(new ProxySettings({ httpProxy: 'http://proxy.corp.example:3128', httpsProxy: 'http://proxy.corp.example:3128', noProxy: ['.corp.example'] }),
  new ClusterNetwork({ pods: ['192.168.0.0/16'], services: ['172.20.0.0/16'] }));

const INJECTION_OPTIONS = { excludeNames: ['batch-*'], excludeContainers: ['istio-proxy'] };

/** Each policy binds its own namespaces, so the two versions never both see one pod. */
const POLICIES: Array<[string, MutatingAdmissionPolicyVersion, ClusterProxyConfig, string]> = [
  ['v1 with credentials and a CA', MutatingAdmissionPolicyVersion.V1, PROXY, 'apps'],
  ['v1beta1 with credentials and a CA', MutatingAdmissionPolicyVersion.V1BETA1, PROXY, 'apps-beta'],
  ['v1 without credentials or CA', MutatingAdmissionPolicyVersion.V1, WITHOUT_CA, 'plain'],
];

let controlPlane: ControlPlane;
beforeAll(async () => {
  controlPlane = await startControlPlane({ installCrds: false });
  controlPlane.ensureNamespaces(['outside', ...POLICIES.map(([, , , namespace]) => namespace)]);
  POLICIES.forEach(([, apiVersion, proxy, namespace], index) => {
    const chart = Testing.chart();
    new cdk8s.ProxyAdmissionPolicy(chart, 'Policy', { proxy, apiVersion, namespaces: [namespace], name: `inject-cluster-proxy-${index}`, ...INJECTION_OPTIONS });
    serverSideApply(controlPlane, Testing.synth(chart));
  });
  // the API server picks up new policies and bindings asynchronously
  for (const [, , , namespace] of POLICIES) {
    await untilInjected(namespace);
  }
}, 240_000);
afterAll(() => controlPlane?.stop());

let podCount = 0;

/** A pod as a user writes it. */
function pod(namespace: string, spec: Record<string, unknown>, metadata: Record<string, unknown> = {}): any {
  return { apiVersion: 'v1', kind: 'Pod', metadata: { name: `pod-${++podCount}`, namespace, ...metadata }, spec };
}

const container = (name: string, extra: Record<string, unknown> = {}) => ({ name, image: 'registry.corp.example/app:1', ...extra });

/** Create the pod (as a controller or kubectl does: a plain create) and return it as admitted. */
function admit(manifest: any): any {
  const created = controlPlane.kubectl(['create', '-o', 'json', '-f', '-'], { input: manifestsText([manifest]) });
  return JSON.parse(created.stdout);
}

async function untilInjected(namespace: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const probe = pod(namespace, { containers: [container('probe')] });
    const admitted = admit(probe);
    controlPlane.kubectl(['delete', 'pod', admitted.metadata.name, '-n', namespace, '--wait=false']);
    if (admitted.spec.containers[0].env) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`the admission policy for ${namespace} did not take effect within 60 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** What synth-time injection gives the same pod: the reference every path must match. */
function synthInjected(manifest: any, proxy: ClusterProxyConfig): any {
  const chart = Testing.chart();
  new ApiObject(chart, 'Pod', structuredClone(manifest));
  cdk8s.injectProxyEnv(chart, proxy, INJECTION_OPTIONS);
  return Testing.synth(chart).find((object) => object.kind === 'Pod');
}

/**
 * Every field synth-time injection gives the pod is in the admitted one (the API server adds its
 * defaults, such as a ConfigMap volume's `defaultMode`), and every list has as many items: nothing
 * missing, nothing added twice.
 */
function expectAsSynthInjected(admitted: any, manifest: any, proxy: ClusterProxyConfig): void {
  expect(notKept(injected(synthInjected(manifest, proxy)), injected(admitted))).toEqual([]);
}

/** The parts of a pod the injection writes: env and mounts of every container, and the volumes. */
function injected(object: any): any {
  const containers = (list: any[] | undefined) => (list ?? []).map((c) => ({ name: c.name, env: c.env, volumeMounts: c.volumeMounts }));
  return {
    volumes: object.spec.volumes,
    initContainers: containers(object.spec.initContainers),
    containers: containers(object.spec.containers),
    ephemeralContainers: containers(object.spec.ephemeralContainers),
  };
}

const PROXY_VARIABLES = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy'];

describe.each(POLICIES)('MutatingAdmissionPolicy %s, evaluated by kube-apiserver', (_, apiVersion, proxy, namespace) => {
  test('containers and init containers get exactly what synth-time injection gives the same pod', () => {
    const manifest = pod(namespace, {
      initContainers: [container('migrate')],
      containers: [container('app'), container('worker', { env: [{ name: 'LOG_LEVEL', value: 'debug' }] })],
    });
    const admitted = admit(manifest);
    expectAsSynthInjected(admitted, manifest, proxy);
    // as docs/workloads.md says: the six variables in order, after the container's own; URLs from the Secret with credentials
    const worker = admitted.spec.containers[1];
    expect(worker.env.map((variable: any) => variable.name).slice(0, 7)).toEqual(['LOG_LEVEL', ...PROXY_VARIABLES]);
    const httpsProxy = worker.env.find((variable: any) => variable.name === 'HTTPS_PROXY');
    expect(httpsProxy).toEqual(proxy.hasCredentials
      ? { name: 'HTTPS_PROXY', valueFrom: { secretKeyRef: { name: 'cluster-proxy-env', key: 'HTTPS_PROXY' } } }
      : { name: 'HTTPS_PROXY', value: proxy.environment.httpsProxy });
    expect(worker.env.find((variable: any) => variable.name === 'NO_PROXY')).toEqual({ name: 'NO_PROXY', value: proxy.environment.noProxy });
    if (proxy.settings.trustedCa) {
      expect(admitted.spec.volumes.map((volume: any) => volume.name)).toHaveLength(1);
      for (const each of [...admitted.spec.initContainers, ...admitted.spec.containers]) {
        expect(each.volumeMounts).toHaveLength(1);
      }
    } else {
      expect(admitted.spec.volumes).toBeUndefined();
    }
  });

  test('a container that sets a variable keeps the whole pair as it is; the other pairs are added', () => {
    const own = [{ name: 'https_proxy', value: 'http://other-proxy.corp.example:8080' }];
    const manifest = pod(namespace, { containers: [container('app', { env: own })] });
    const admitted = admit(manifest);
    expectAsSynthInjected(admitted, manifest, proxy);
    const names = admitted.spec.containers[0].env.map((variable: any) => variable.name);
    expect(admitted.spec.containers[0].env[0]).toEqual(own[0]);
    expect(names).not.toContain('HTTPS_PROXY');
    expect(names).toEqual(expect.arrayContaining(['HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy']));
  });

  test('admitting the admitted pod again adds nothing (the mutations are idempotent)', () => {
    const first = admit(pod(namespace, { initContainers: [container('migrate')], containers: [container('app')] }));
    const { volumes, initContainers, containers } = first.spec;
    const again = admit(pod(namespace, { volumes, initContainers, containers }));
    expect(injected(again)).toEqual(injected(first));
  });

  test('an ephemeral container (kubectl debug) gets the variables, and the CA mount when the pod has the volume', () => {
    const admitted = admit(pod(namespace, { containers: [container('app')] }));
    controlPlane.kubectl(['debug', admitted.metadata.name, '-n', namespace, '--image=registry.corp.example/debug:1', '--container=debugger', '--profile=general']);
    const debugged = controlPlane.get('pod', admitted.metadata.name, namespace);
    const [debugger_] = debugged.spec.ephemeralContainers;
    expect(debugger_.env.map((variable: any) => variable.name)).toEqual(expect.arrayContaining(PROXY_VARIABLES));
    expect(debugger_.volumeMounts?.length ?? 0).toBe(proxy.settings.trustedCa ? 1 : 0);
    // the pod's other containers were not touched again
    expect(injected(debugged).containers).toEqual(injected(admitted).containers);
  });

  test('exclusions are left alone: names and generateName by pattern, the opt-out annotation, excluded containers', () => {
    const plain = { containers: [container('app')] };
    expect(admit(pod(namespace, plain, { name: 'batch-1' })).spec.containers[0].env).toBeUndefined();
    const { name: _name, ...generated } = pod(namespace, plain).metadata;
    expect(admit({ ...pod(namespace, plain), metadata: { ...generated, generateName: 'batch-' } }).spec.containers[0].env).toBeUndefined();
    expect(admit(pod(namespace, plain, { annotations: { 'cluster-proxy-constructs/inject': 'false' } })).spec.containers[0].env).toBeUndefined();
    const sidecar = admit(pod(namespace, { containers: [container('app'), container('istio-proxy')] }));
    expect(sidecar.spec.containers[0].env).toBeDefined();
    expect(sidecar.spec.containers[1].env).toBeUndefined();
    expect(sidecar.spec.containers[1].volumeMounts).toBeUndefined();
  });

  test('a namespace outside the binding, and kube-system, are left alone', () => {
    expect(apiVersion).toBeDefined();
    for (const outside of ['outside', 'kube-system']) {
      expect(admit(pod(outside, { containers: [container('app')] })).spec.containers[0].env).toBeUndefined();
    }
  });
});

test('a later mutation that adds a container re-runs the policy (reinvocationPolicy IfNeeded): the new container gets the variables, the others nothing twice', async () => {
  const [, , proxy, namespace] = POLICIES[0];
  // another admission policy (a sidecar injector) that appends a container after ours ran
  const sidecarPolicy = {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'MutatingAdmissionPolicy',
    metadata: { name: 'zz-sidecar-injector' },
    spec: {
      matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['pods'] }] },
      matchConditions: [{ name: 'wants-sidecar', expression: 'has(object.metadata.labels) && "sidecar" in object.metadata.labels' }],
      reinvocationPolicy: 'IfNeeded',
      failurePolicy: 'Fail',
      mutations: [{
        patchType: 'JSONPatch',
        jsonPatch: { expression: 'object.spec.containers.exists(c, c.name == "log-shipper") ? [] : [JSONPatch{op: "add", path: "/spec/containers/-", value: Object.spec.containers{name: "log-shipper", image: "registry.corp.example/shipper:1"}}]' },
      }],
    },
  };
  const binding = {
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'MutatingAdmissionPolicyBinding',
    metadata: { name: 'zz-sidecar-injector' },
    spec: { policyName: 'zz-sidecar-injector', matchResources: { namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': namespace } } } },
  };
  serverSideApply(controlPlane, [sidecarPolicy, binding]);
  const deadline = Date.now() + 60_000;
  let admitted: any;
  do {
    admitted = admit(pod(namespace, { containers: [container('app')] }, { labels: { sidecar: 'yes' } }));
    if (admitted.spec.containers.length === 2) {
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  } while (Date.now() < deadline);
  expect(admitted.spec.containers.map((c: any) => c.name)).toEqual(['app', 'log-shipper']);
  // both containers carry exactly what synth-time injection gives a pod with both
  const both = pod(namespace, { containers: [container('app'), { name: 'log-shipper', image: 'registry.corp.example/shipper:1' }] });
  expectAsSynthInjected(admitted, both, proxy);
});

describe('a policy for every namespace but the excluded ones (no credentials, no CA: no namespaces list)', () => {
  let wide: ControlPlane;
  beforeAll(async () => {
    wide = await startControlPlane({ installCrds: false });
    wide.ensureNamespaces(['team-x', 'legacy-apps']);
    const chart = Testing.chart();
    new cdk8s.ProxyAdmissionPolicy(chart, 'Policy', { proxy: WITHOUT_CA, excludeNamespaces: ['legacy-apps'] });
    serverSideApply(wide, Testing.synth(chart));
    const deadline = Date.now() + 60_000;
    while (!createIn(wide, 'team-x').spec.containers[0].env && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 240_000);
  afterAll(() => wide?.stop());

  function createIn(target: ControlPlane, namespace: string): any {
    const manifest = pod(namespace, { containers: [container('app')] });
    return JSON.parse(target.kubectl(['create', '-o', 'json', '-f', '-'], { input: manifestsText([manifest]) }).stdout);
  }

  test('any other namespace is injected; the excluded ones and kube-system are not', () => {
    expect(createIn(wide, 'team-x').spec.containers[0].env.map((variable: any) => variable.name)).toEqual(PROXY_VARIABLES);
    expect(createIn(wide, 'legacy-apps').spec.containers[0].env).toBeUndefined();
    expect(createIn(wide, 'kube-system').spec.containers[0].env).toBeUndefined();
  });
});
