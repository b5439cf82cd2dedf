import { ChildProcess, execFileSync, spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { manifestsText, serverSideApply } from './apply';
import { ControlPlane, startControlPlane, toolPath } from './control-plane';
import { createTestPki } from '../../e2e/support/pki';
import { freePort } from '../free-port';

/**
 * Cluster API's kubeadm bootstrap provider (CABPK, v1.14.2, built from its Go module by
 * `scripts/install-test-tools.sh e2e`) running out of cluster against the local control plane, so
 * that the bootstrap data of the library's objects is what Cluster API itself renders: the
 * controller resolves the files' `contentFrom` Secrets, writes the kubeadm configuration and the
 * cloud-config or Ignition config, and stores it in the bootstrap Secret (`data.value`,
 * `data.format`).
 *
 * Nothing else of Cluster API runs, so what its other controllers would do is done here by hand,
 * as they do it (each step names whose work it stands in for): the Cluster's infrastructure is
 * marked provisioned, the cluster CAs and the admin kubeconfig are created, and the first
 * control-plane Machine with its KubeadmConfig is created from the KubeadmControlPlane; for a
 * worker, the control plane is marked initialized and a Machine with its KubeadmConfig is created
 * from the pool's KubeadmConfigTemplate. The controller acts as the admin of the
 * control plane (no RBAC of its own) and serves its webhooks on loopback; the API server calls them
 * (validation of every KubeadmConfig and KubeadmConfigTemplate, defaulting of the templates).
 *
 * The objects must be Cluster API v1beta2 (the library's default; no conversion webhook runs, so
 * v1beta1 objects would be relabelled, not converted).
 */

/** What the controller stored in a bootstrap Secret. */
export interface BootstrapData {
  /** `data.format`: `cloud-config` or `ignition`. */
  readonly format: string;
  /** `data.value`: the cloud-config or the Ignition config (JSON). */
  readonly value: string;
}

/** The library's objects for one cluster that the first control-plane machine is bootstrapped from. */
export interface ClusterObjects {
  /** The Cluster (v1beta2). */
  readonly cluster: any;
  /** The KubeadmControlPlane (v1beta2) whose `kubeadmConfigSpec` the machine's KubeadmConfig copies. */
  readonly kubeadmControlPlane: any;
  /** The Secrets the files' `contentFrom` read, and any other object to apply first. */
  readonly secrets: readonly any[];
}

/** How long the controller may take to start, and to render one machine's bootstrap data. */
const START_TIMEOUT_MS = 60_000;
const RENDER_TIMEOUT_MS = 60_000;
const CONTROLLER = 'capi-kubeadm-bootstrap-controller';
const WEBHOOK_LABELS = { 'cluster-proxy-e2e/webhooks-of': CONTROLLER };
/**
 * The contract labels Cluster API's kubeadm providers put on their CRDs when installed (their
 * config/crd/kustomization.yaml; the CRD files lack them): the bootstrap provider finds the version
 * of a referenced KubeadmControlPlane through them.
 */
const PROVIDER_GROUPS = ['bootstrap.cluster.x-k8s.io', 'controlplane.cluster.x-k8s.io'];
const CONTRACT_LABELS = ['cluster.x-k8s.io/v1beta1=v1beta1', 'cluster.x-k8s.io/v1beta2=v1beta2'];

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The documents of a YAML file the installer put beside the controller. */
function installedManifests(name: string): any[] {
  return parseAllDocuments(readFileSync(toolPath(name), 'utf8')).map((document) => document.toJS()).filter(Boolean);
}

/**
 * The provider's webhook configurations, pointed at its server on loopback instead of the
 * in-cluster Service, with the serving certificate's CA.
 */
function webhookConfigurations(port: number, caPem: string): any[] {
  return installedManifests(`${CONTROLLER}-webhooks.yaml`).map((configuration) => ({
    ...configuration,
    metadata: { name: `capi-kubeadm-bootstrap-${configuration.metadata.name}`, labels: WEBHOOK_LABELS },
    webhooks: configuration.webhooks.map((webhook: any) => ({
      ...webhook,
      clientConfig: { url: `https://127.0.0.1:${port}${webhook.clientConfig.service.path}`, caBundle: Buffer.from(caPem).toString('base64') },
    })),
  }));
}

/** Whether an HTTP GET answers 200. */
async function answers(url: string): Promise<boolean> {
  try {
    return (await fetch(url)).status === 200;
  } catch {
    return false;
  }
}

/**
 * The cluster CAs and the service-account key pair, as KubeadmControlPlane generates them before
 * its first machine (Secrets `<cluster>-ca`, `-etcd`, `-proxy`, `-sa`, type cluster.x-k8s.io/secret);
 * with a control plane reference on the Cluster, the bootstrap provider only looks them up.
 */
function clusterCertificates(directory: string, cluster: any): any[] {
  const { name, namespace } = cluster.metadata;
  const secret = (purpose: string, cert: string, key: string) => ({
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'cluster.x-k8s.io/secret',
    metadata: { name: `${name}-${purpose}`, namespace, labels: { 'cluster.x-k8s.io/cluster-name': name } },
    data: { 'tls.crt': Buffer.from(cert).toString('base64'), 'tls.key': Buffer.from(key).toString('base64') },
  });
  const cas = ['ca', 'etcd', 'proxy'].map((purpose) => {
    const pki = createTestPki(directory, `${name}-${purpose}`, ['unused'], []);
    return secret(purpose, pki.caPem, readFileSync(join(directory, `${name}-${purpose}-ca.key`), 'utf8'));
  });
  const quiet = { encoding: 'utf8' as const, timeout: 30_000, stdio: ['pipe', 'pipe', 'ignore'] as Array<'pipe' | 'ignore'> };
  const saKey = execFileSync('openssl', ['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048'], quiet);
  const saPub = execFileSync('openssl', ['pkey', '-pubout'], { ...quiet, input: saKey });
  return [...cas, secret('sa', saPub, saKey)];
}

/**
 * The workload cluster's admin kubeconfig (`<cluster>-kubeconfig`, credentials inline), which
 * KubeadmControlPlane writes with the cluster CAs, before its first machine. The workload cluster
 * is the local control plane itself: the bootstrap provider creates worker join tokens in it.
 */
function clusterKubeconfig(controlPlane: ControlPlane, cluster: any): any {
  const { name, namespace } = cluster.metadata;
  const file = (path: string) => readFileSync(join(controlPlane.directory, path)).toString('base64');
  const kubeconfig = {
    'apiVersion': 'v1',
    'kind': 'Config',
    'clusters': [{ name, cluster: { 'server': controlPlane.server, 'certificate-authority-data': file('ca.crt') } }],
    'users': [{ name: `${name}-admin`, user: { 'client-certificate-data': file('admin.crt'), 'client-key-data': file('admin.key') } }],
    'contexts': [{ name, context: { cluster: name, user: `${name}-admin` } }],
    'current-context': name,
  };
  return {
    apiVersion: 'v1',
    kind: 'Secret',
    type: 'cluster.x-k8s.io/secret',
    metadata: { name: `${name}-kubeconfig`, namespace, labels: { 'cluster.x-k8s.io/cluster-name': name } },
    data: { value: Buffer.from(JSON.stringify(kubeconfig)).toString('base64') },
  };
}

/**
 * KubeadmControlPlane's defaulting of a new machine's kubeadm feature gates: kubelets of control
 * plane nodes talk to their local API server (ControlPlaneKubeletLocalMode) from Kubernetes 1.31
 * until 1.36, where the gate is gone.
 */
function withDefaultFeatureGates(spec: any, version: string): any {
  const minor = Number(/^v?1\.(\d+)\./.exec(version)?.[1]);
  if (!(minor >= 31 && minor < 36)) {
    return spec;
  }
  const clusterConfiguration = spec.clusterConfiguration ?? {};
  const featureGates = { ControlPlaneKubeletLocalMode: true, ...clusterConfiguration.featureGates };
  return { ...spec, clusterConfiguration: { ...clusterConfiguration, featureGates } };
}

function ownerReference(object: any, controller: boolean): object {
  const reference = { apiVersion: object.apiVersion, kind: object.kind, name: object.metadata.name, uid: object.metadata.uid };
  return controller ? { ...reference, controller: true, blockOwnerDeletion: true } : reference;
}

/** The metadata of a machine's KubeadmConfig: its name and namespace, and its labels, annotations and owners. */
interface KubeadmConfigMetadata {
  readonly name: string;
  readonly namespace: string;
  readonly [field: string]: unknown;
}

/** A running bootstrap controller: render bootstrap data, read its log, stop it. */
export class BootstrapController {
  constructor(
    private readonly controlPlane: ControlPlane,
    private readonly child: ChildProcess,
    /** The controller's log file. */
    public readonly logFile: string,
  ) {}

  /** The last lines of the controller's log. */
  public logTail(lines = 60): string {
    return existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n') : '(no log)';
  }

  private fail(message: string): never {
    throw new Error(`${message}\n--- ${CONTROLLER} log (${this.logFile}), last lines:\n${this.logTail()}`);
  }

  /**
   * The bootstrap data of the first control-plane machine of `objects`' cluster (`kubeadm init`),
   * in the format its KubeadmControlPlane asks for. Each cluster can be rendered once per
   * control plane (name clusters or namespaces apart).
   */
  public async renderInitControlPlane(objects: ClusterObjects): Promise<BootstrapData> {
    const { controlPlane } = this;
    const { cluster, kubeadmControlPlane: kcp } = objects;
    const namespace: string = cluster.metadata.namespace;
    serverSideApply(controlPlane, [...objects.secrets, cluster, kcp]);
    // Written before the infrastructure counts as provisioned, which is when the controller's
    // cluster cache first connects: a connection that fails for want of the kubeconfig is retried
    // only 30 s later.
    serverSideApply(controlPlane, [...clusterCertificates(controlPlane.directory, cluster), clusterKubeconfig(controlPlane, cluster)]);
    // The Cluster controller's work once the infrastructure provider reports the cluster's
    // infrastructure ready (no infrastructure provider runs here).
    controlPlane.kubectl(['patch', 'cluster', cluster.metadata.name, '-n', namespace, '--subresource=status', '--type=merge',
      '-p', JSON.stringify({ status: { initialization: { infrastructureProvisioned: true } } })]);

    // KubeadmControlPlane's first machine (ComputeDesiredMachine, ComputeDesiredKubeadmConfig):
    // the Machine it controls, and a KubeadmConfig with the control plane's kubeadmConfigSpec minus
    // the join configuration, which the Machine controller then takes as the Machine's.
    const liveKcp = controlPlane.get('kubeadmcontrolplanes.controlplane.cluster.x-k8s.io', kcp.metadata.name, namespace);
    const name = `${kcp.metadata.name}-init`;
    const labels = {
      ...kcp.spec.machineTemplate?.metadata?.labels,
      'cluster.x-k8s.io/cluster-name': cluster.metadata.name,
      'cluster.x-k8s.io/control-plane': '',
      'cluster.x-k8s.io/control-plane-name': kcp.metadata.name,
    };
    const annotations = kcp.spec.machineTemplate?.metadata?.annotations ?? {};
    const templateRef = kcp.spec.machineTemplate.spec.infrastructureRef;
    const machine = JSON.parse(controlPlane.kubectl(['create', '-o', 'json', '-f', '-'], {
      input: manifestsText([{
        apiVersion: 'cluster.x-k8s.io/v1beta2',
        kind: 'Machine',
        metadata: { name, namespace, labels, annotations: { ...annotations, 'pre-terminate.delete.hook.machine.cluster.x-k8s.io/kcp-cleanup': '' }, ownerReferences: [ownerReference(liveKcp, true)] },
        spec: {
          clusterName: cluster.metadata.name,
          version: kcp.spec.version,
          bootstrap: { configRef: { apiGroup: 'bootstrap.cluster.x-k8s.io', kind: 'KubeadmConfig', name } },
          // the infrastructure machine cloned from the template (no infrastructure provider runs)
          infrastructureRef: { apiGroup: templateRef.apiGroup, kind: templateRef.kind.replace(/Template$/, ''), name },
        },
      }]),
    }).stdout);
    const { joinConfiguration, ...initSpec } = kcp.spec.kubeadmConfigSpec;
    return this.bootstrapDataOf(
      { name, namespace, labels, annotations, ownerReferences: [ownerReference(liveKcp, false), ownerReference(machine, true)] },
      withDefaultFeatureGates(initSpec, kcp.spec.version),
    );
  }

  /**
   * The bootstrap data of a worker machine (`kubeadm join`) of the cluster whose first
   * control-plane machine `renderInitControlPlane` rendered: the KubeadmConfig a MachineSet creates
   * from the pool's KubeadmConfigTemplate for its Machine. The bootstrap provider creates the join
   * token in the workload cluster, which is the local control plane itself here.
   */
  public async renderJoinWorker(objects: ClusterObjects, kubeadmConfigTemplate: any): Promise<BootstrapData> {
    const { controlPlane } = this;
    const { cluster, kubeadmControlPlane: kcp } = objects;
    const { name: clusterName, namespace } = cluster.metadata;
    // The Cluster controller's work once KubeadmControlPlane reports its first machine's API server up.
    const initialized = { type: 'ControlPlaneInitialized', status: 'True', reason: 'Initialized', message: '', lastTransitionTime: new Date().toISOString().replace(/\.\d+Z$/, 'Z') };
    controlPlane.kubectl(['patch', 'cluster', clusterName, '-n', namespace, '--subresource=status', '--type=merge',
      '-p', JSON.stringify({ status: { initialization: { controlPlaneInitialized: true }, conditions: [initialized] } })]);

    // The MachineSet's work: a Machine of the pool, and its KubeadmConfig from the template.
    const pool = kubeadmConfigTemplate.metadata.name;
    const name = `${pool}-worker`;
    const labels = { 'cluster.x-k8s.io/cluster-name': clusterName, 'cluster.x-k8s.io/deployment-name': pool };
    const machine = JSON.parse(controlPlane.kubectl(['create', '-o', 'json', '-f', '-'], {
      input: manifestsText([{
        apiVersion: 'cluster.x-k8s.io/v1beta2',
        kind: 'Machine',
        metadata: { name, namespace, labels },
        spec: {
          clusterName,
          version: kcp.spec.version,
          bootstrap: { configRef: { apiGroup: 'bootstrap.cluster.x-k8s.io', kind: 'KubeadmConfig', name } },
          infrastructureRef: { apiGroup: 'infrastructure.cluster.x-k8s.io', kind: 'TestMachine', name },
        },
      }]),
    }).stdout);
    const metadata = { name, namespace, labels, ownerReferences: [ownerReference(machine, true)] };
    return this.bootstrapDataOf(metadata, kubeadmConfigTemplate.spec.template.spec);
  }

  /** Create a machine's KubeadmConfig, and wait for the bootstrap data the controller stores for it. */
  private async bootstrapDataOf(metadata: KubeadmConfigMetadata, spec: any): Promise<BootstrapData> {
    const { controlPlane } = this;
    const { name, namespace } = metadata;
    const created = controlPlane.kubectl(['create', '-f', '-'], {
      allowFailure: true,
      input: manifestsText([{ apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta2', kind: 'KubeadmConfig', metadata, spec }]),
    });
    if (created.status !== 0) {
      this.fail(`KubeadmConfig ${namespace}/${name} was refused: ${created.stderr}`);
    }
    const deadline = Date.now() + RENDER_TIMEOUT_MS;
    for (;;) {
      if (this.child.exitCode !== null) {
        this.fail(`${CONTROLLER} exited with ${this.child.exitCode}`);
      }
      const config = controlPlane.get('kubeadmconfigs.bootstrap.cluster.x-k8s.io', name, namespace);
      const secretName = config?.status?.dataSecretName;
      if (secretName) {
        const secret = controlPlane.get('secret', secretName, namespace);
        const decoded = (key: string) => Buffer.from(secret.data[key], 'base64').toString('utf8');
        return { format: decoded('format'), value: decoded('value') };
      }
      if (Date.now() > deadline) {
        this.fail(`no bootstrap data for KubeadmConfig ${namespace}/${name} after ${RENDER_TIMEOUT_MS / 1000}s; its conditions: ${JSON.stringify(config?.status?.conditions ?? [])}`);
      }
      await delay(500);
    }
  }

  /** Stop the controller (the control plane is left running) and remove its webhook configurations. */
  public async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise<void>((resolve) => this.child.once('exit', () => resolve()));
      this.child.kill('SIGTERM');
      const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    for (const kind of ['validatingwebhookconfiguration', 'mutatingwebhookconfiguration']) {
      this.controlPlane.kubectl(['delete', kind, '-l', Object.entries(WEBHOOK_LABELS).map(([key, value]) => `${key}=${value}`).join(','), '--ignore-not-found'], { allowFailure: true });
    }
  }
}

/**
 * Start the bootstrap controller against `controlPlane` (whose CRDs include Cluster API's): install
 * the Machine and MachinePool CRDs it watches, register its webhooks, and wait until it is ready.
 * Ignition is enabled (feature gate KubeadmBootstrapFormatIgnition).
 */
export async function startBootstrapController(controlPlane: ControlPlane): Promise<BootstrapController> {
  const crds = installedManifests(`${CONTROLLER}-crds.yaml`);
  serverSideApply(controlPlane, crds);
  controlPlane.kubectl(['wait', '--for=condition=Established', '--timeout=60s', ...crds.map((crd) => `crd/${crd.metadata.name}`)]);
  const providerCrds: any[] = JSON.parse(controlPlane.kubectl(['get', 'crd', '-o', 'json']).stdout).items.filter((crd: any) => PROVIDER_GROUPS.includes(crd.spec.group));
  controlPlane.kubectl(['label', '--overwrite', ...providerCrds.map((crd) => `crd/${crd.metadata.name}`), ...CONTRACT_LABELS]);

  const directory = join(controlPlane.directory, CONTROLLER);
  mkdirSync(directory, { recursive: true });
  const pki = createTestPki(directory, 'webhook', ['localhost'], ['127.0.0.1']);
  const [webhookPort, healthPort, diagnosticsPort] = [await freePort(), await freePort(), await freePort()];
  const logFile = join(directory, `${CONTROLLER}.log`);
  const log = openSync(logFile, 'a');
  const child = spawn(toolPath(CONTROLLER), [
    '--kubeconfig', controlPlane.kubeconfig,
    '--feature-gates', 'KubeadmBootstrapFormatIgnition=true',
    '--health-addr', `127.0.0.1:${healthPort}`,
    '--diagnostics-address', `127.0.0.1:${diagnosticsPort}`, '--insecure-diagnostics',
    '--webhook-port', String(webhookPort), '--webhook-cert-dir', directory,
    '--webhook-cert-name', 'webhook-server.pem', '--webhook-key-name', 'webhook-server.key',
  ], { stdio: ['ignore', log, log], env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: directory } });
  closeSync(log);
  const controller = new BootstrapController(controlPlane, child, logFile);

  const deadline = Date.now() + START_TIMEOUT_MS;
  while (!(await answers(`http://127.0.0.1:${healthPort}/readyz`))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await controller.stop();
      throw new Error(`${CONTROLLER} ${child.exitCode !== null ? `exited with ${child.exitCode}` : `was not ready after ${START_TIMEOUT_MS / 1000}s`}\n${controller.logTail()}`);
    }
    await delay(250);
  }
  serverSideApply(controlPlane, webhookConfigurations(webhookPort, pki.caPem));
  // The API server picks new webhook configurations up a moment later: ready once the provider's
  // validation refuses what it forbids (a gzip file with Ignition).
  const refused = {
    apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta2',
    kind: 'KubeadmConfig',
    metadata: { name: 'webhook-probe', namespace: 'default' },
    spec: { format: 'ignition', files: [{ path: '/probe', encoding: 'gzip', content: 'probe' }] },
  };
  while (!/not supported when spec\.format is set to/.test(controlPlane.kubectl(['create', '--dry-run=server', '-f', '-'], { input: manifestsText([refused]), allowFailure: true }).stderr)) {
    if (Date.now() > deadline) {
      await controller.stop();
      throw new Error(`the API server did not call ${CONTROLLER}'s validating webhook within ${START_TIMEOUT_MS / 1000}s\n${controller.logTail()}`);
    }
    await delay(250);
  }
  return controller;
}

/**
 * The bootstrap data Cluster API renders for the first control-plane machine of `objects`' cluster,
 * on a control plane and a bootstrap controller of its own, both stopped before it returns (about
 * 20 seconds). Runs only in the loopback-only namespace (see startControlPlane).
 */
export async function clusterApiBootstrapData(objects: ClusterObjects): Promise<BootstrapData> {
  const controlPlane = await startControlPlane();
  try {
    const controller = await startBootstrapController(controlPlane);
    try {
      return await controller.renderInitControlPlane(objects);
    } finally {
      await controller.stop();
    }
  } finally {
    await controlPlane.stop();
  }
}
