import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { REPO_ROOT } from '../module-loading';
import { manifestsText } from './apply';
import { freePort } from '../free-port';
import { CRD_ROOT } from '../schemas';

/**
 * A local control plane for the suites, in the spirit of controller-runtime's envtest: etcd and
 * kube-apiserver on 127.0.0.1, built from their Go modules by `scripts/install-test-tools.sh e2e`,
 * with the CRDs of ../shared/crds installed. No controller runs (no controller-manager, scheduler,
 * kubelet or operator): what is proven is what the API server itself does (schemas, CEL rules,
 * defaulting, admission policies, server-side apply).
 *
 * It runs only where no packet can leave the machine: inside the loopback-only namespace that
 * `npm run test:e2e` starts the suites in (scripts/loopback-only.sh), checked before anything
 * starts.
 */

/** Where the installer links the programs it builds. */
export const TOOLS_BIN = join(REPO_ROOT, '.cache', 'bin');

/** The Kubernetes version the control plane is built from (scripts/go-tools/kubernetes/go.mod). */
export const KUBERNETES_VERSION = 'v1.36.3';

/** How long the API server may take to answer /readyz. */
const READY_TIMEOUT_MS = 90_000;
/** How long one kubectl call may take. */
const KUBECTL_TIMEOUT_MS = 120_000;

/** The path of a built program, or an error saying how to build it. */
export function toolPath(name: string): string {
  const file = join(TOOLS_BIN, name);
  if (!existsSync(file)) {
    throw new Error(`${file} is missing: run \`bash scripts/install-test-tools.sh e2e\` (npm run test:e2e does)`);
  }
  return file;
}

/** Refuses to go on unless the only network device is `lo` (the suites' network-safety rule). */
export function assertLoopbackOnly(): void {
  const links = spawnSync('ip', ['-o', 'link', 'show'], { encoding: 'utf8' });
  const devices = links.stdout.split('\n').filter(Boolean).map((line) => line.split(': ')[1]);
  if (links.status !== 0 || devices.join(',') !== 'lo') {
    throw new Error(`the control-plane suites run only in a loopback-only network namespace (devices here: ${devices.join(', ') || links.stderr}); run them with \`npm run test:e2e\``);
  }
}

function run(command: string, args: readonly string[], cwd: string): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed: ${result.stderr}`);
  }
}

/** A CA, the API server's serving certificate, an admin client certificate and the service-account key pair. */
function writePki(directory: string): void {
  const openssl = (...args: string[]) => run('openssl', args, directory);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  writeFileSync(join(directory, 'server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n');
  writeFileSync(join(directory, 'client.ext'), 'extendedKeyUsage=clientAuth\n');
  openssl('req', '-x509', ...ec, '-keyout', 'ca.key', '-out', 'ca.crt', '-days', '2', '-subj', '/CN=control-plane-test-ca');
  openssl('req', ...ec, '-keyout', 'server.key', '-out', 'server.csr', '-subj', '/CN=kube-apiserver');
  openssl('x509', '-req', '-in', 'server.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'server.crt', '-days', '2', '-extfile', 'server.ext');
  // system:masters: the admin the suites act as (as kubeadm's admin.conf)
  openssl('req', ...ec, '-keyout', 'admin.key', '-out', 'admin.csr', '-subj', '/O=system:masters/CN=admin');
  openssl('x509', '-req', '-in', 'admin.csr', '-CA', 'ca.crt', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'admin.crt', '-days', '2', '-extfile', 'client.ext');
  openssl('genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', 'service-account.key');
  openssl('pkey', '-in', 'service-account.key', '-pubout', '-out', 'service-account.pub');
}

/** Every CRD file of ../shared/crds (the example CR beside them is not one). */
export function sharedCrdFiles(): string[] {
  return readdirSync(CRD_ROOT, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => readdirSync(join(CRD_ROOT, entry.name))
      .filter((file) => file.endsWith('.yaml') && !file.startsWith('example_'))
      .map((file) => join(CRD_ROOT, entry.name, file)))
    .sort();
}

/** What a kubectl call printed and how it ended. */
export interface KubectlResult {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Options of {@link ControlPlane.kubectl}. */
export interface KubectlOptions {
  /** Standard input. */
  readonly input?: string;
  /** Extra environment. */
  readonly env?: Readonly<Record<string, string>>;
  /** Return a failed call instead of throwing. */
  readonly allowFailure?: boolean;
}

/** Options of {@link startControlPlane}. */
export interface ControlPlaneOptions {
  /** Install the CRDs of ../shared/crds (default true). */
  readonly installCrds?: boolean;
  /**
   * The version Cluster API's CRDs store. Without Cluster API's conversion webhook the API server
   * converts between versions by relabelling only, and prunes what the storage version does not
   * know: a v1beta1 object stored as v1beta2 loses its v1beta1-only fields (`apiVersion` in
   * references). `v1beta1` makes the control plane a management cluster of Cluster API 1.10 or
   * earlier, whose CRDs stored v1beta1.
   *
   * @default 'v1beta2' (Cluster API 1.11 and later)
   */
  readonly capiStorageVersion?: 'v1beta1' | 'v1beta2';
}

/** A running control plane: its kubeconfig, a kubectl bound to it, and how to stop it. */
export class ControlPlane {
  /** Seconds from the first process start until /readyz answered, and until the CRDs were established. */
  public readonly timings: { readonly ready: number; readonly crds: number };
  private readonly discovery = new Map<string, Map<string, { plural: string; namespaced: boolean }>>();

  constructor(
    /** The working directory (PKI, etcd data, logs, kubeconfig). */
    public readonly directory: string,
    /** The admin kubeconfig. */
    public readonly kubeconfig: string,
    /** The API server's URL. */
    public readonly server: string,
    private readonly processes: ChildProcess[],
    timings: { ready: number; crds: number },
  ) {
    this.timings = timings;
  }

  /** Run kubectl against this control plane; a failure throws with what it printed unless `allowFailure`. */
  public kubectl(args: readonly string[], options: KubectlOptions = {}): KubectlResult {
    const result = spawnSync(toolPath('kubectl'), args, {
      input: options.input,
      encoding: 'utf8',
      timeout: KUBECTL_TIMEOUT_MS,
      maxBuffer: 256 * 1024 * 1024,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: this.directory, KUBECONFIG: this.kubeconfig, KUBECACHEDIR: join(this.directory, 'kube-cache'), ...options.env },
    });
    const outcome = { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? String(result.error ?? '') };
    if (!options.allowFailure && outcome.status !== 0) {
      throw new Error(`kubectl ${args.join(' ')} failed (${outcome.status}): ${outcome.stderr}${outcome.stdout}`);
    }
    return outcome;
  }

  /** One object as the API server holds it, or undefined when it does not exist. */
  public get(resource: string, name: string, namespace?: string): any {
    const result = this.kubectl(['get', resource, name, '-o', 'json', ...(namespace ? ['-n', namespace] : [])], { allowFailure: true });
    if (result.status !== 0) {
      if (/NotFound|not found/.test(result.stderr)) {
        return undefined;
      }
      throw new Error(`kubectl get ${resource} ${name} failed: ${result.stderr}`);
    }
    return JSON.parse(result.stdout);
  }

  /**
   * The resource of a kind in an API version, from the API server's discovery: its plural name
   * (`kubeadmcontrolplanes`) and whether it is namespaced.
   */
  public resource(apiVersion: string, kind: string): { readonly plural: string; readonly namespaced: boolean } {
    let kinds = this.discovery.get(apiVersion);
    if (!kinds) {
      const path = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
      const list = JSON.parse(this.kubectl(['get', '--raw', path]).stdout) as { resources: Array<{ name: string; kind: string; namespaced: boolean }> };
      kinds = new Map(list.resources.filter((r) => !r.name.includes('/')).map((r) => [r.kind, { plural: r.name, namespaced: r.namespaced }]));
      this.discovery.set(apiVersion, kinds);
    }
    const found = kinds.get(kind);
    if (!found) {
      throw new Error(`the API server serves no ${kind} in ${apiVersion}`);
    }
    return found;
  }

  /** Create each namespace that does not exist yet (no namespace controller runs: they are never deleted). */
  public ensureNamespaces(names: Iterable<string>): void {
    const missing = [...new Set(names)].filter((name) => !this.get('namespace', name));
    if (missing.length > 0) {
      this.kubectl(['apply', '--server-side', '-f', '-'], { input: manifestsText(missing.map((name) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } }))) });
    }
  }

  /** Stop the API server, then etcd, and remove the working directory. */
  public async stop(): Promise<void> {
    for (const child of [...this.processes].reverse()) {
      await terminate(child);
    }
    rmSync(this.directory, { recursive: true, force: true });
  }
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function startProcess(directory: string, name: string, args: readonly string[]): ChildProcess {
  const log = openSync(join(directory, `${name}.log`), 'a');
  const child = spawn(toolPath(name), args, { cwd: directory, stdio: ['ignore', log, log] });
  child.once('exit', (code, signal) => {
    if (code !== 0 && signal === null) {
      // eslint-disable-next-line no-console
      console.error(`${name} exited with ${code}; its log: ${join(directory, `${name}.log`)}`);
    }
  });
  return child;
}

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Start etcd and kube-apiserver on free loopback ports and wait until the API server is ready. */
export async function startControlPlane(options: ControlPlaneOptions = {}): Promise<ControlPlane> {
  assertLoopbackOnly();
  const shm = existsSync('/dev/shm') ? '/dev/shm' : undefined;
  const directory = mkdtempSync(join(shm ?? REPO_ROOT, 'control-plane-'));
  writePki(directory);
  const [etcdClient, etcdPeer, apiserverPort] = [await freePort(), await freePort(), await freePort()];
  const started = Date.now();
  const etcd = startProcess(directory, 'etcd', [
    '--data-dir', join(directory, 'etcd'),
    '--listen-client-urls', `http://127.0.0.1:${etcdClient}`, '--advertise-client-urls', `http://127.0.0.1:${etcdClient}`,
    '--listen-peer-urls', `http://127.0.0.1:${etcdPeer}`, '--initial-advertise-peer-urls', `http://127.0.0.1:${etcdPeer}`,
    '--initial-cluster', `default=http://127.0.0.1:${etcdPeer}`,
    // a test store in memory: durability is not what is tested
    '--unsafe-no-fsync', '--log-level', 'warn',
  ]);
  const apiserver = startProcess(directory, 'kube-apiserver', [
    '--etcd-servers', `http://127.0.0.1:${etcdClient}`,
    '--bind-address', '127.0.0.1', '--advertise-address', '127.0.0.1', '--secure-port', String(apiserverPort),
    '--tls-cert-file', 'server.crt', '--tls-private-key-file', 'server.key', '--client-ca-file', 'ca.crt',
    '--service-account-issuer', 'https://kubernetes.default.svc', '--service-account-key-file', 'service-account.pub',
    '--service-account-signing-key-file', 'service-account.key',
    '--service-cluster-ip-range', '10.96.0.0/16', '--authorization-mode', 'RBAC',
    // No controller-manager creates a namespace's `default` ServiceAccount, which this plugin
    // requires of every pod; nothing else in the admission chain changes.
    '--disable-admission-plugins', 'ServiceAccount',
    // MutatingAdmissionPolicy is GA (admissionregistration.k8s.io/v1) in 1.36; v1beta1, which the
    // library emits for 1.34 and 1.35 clusters, is served only when asked for.
    '--runtime-config', 'admissionregistration.k8s.io/v1beta1=true',
  ]);
  const server = `https://127.0.0.1:${apiserverPort}`;
  const kubeconfig = join(directory, 'kubeconfig');
  writeFileSync(kubeconfig, stringify({
    'apiVersion': 'v1',
    'kind': 'Config',
    'clusters': [{ name: 'local', cluster: { 'server': server, 'certificate-authority': join(directory, 'ca.crt') } }],
    'users': [{ name: 'admin', user: { 'client-certificate': join(directory, 'admin.crt'), 'client-key': join(directory, 'admin.key') } }],
    'contexts': [{ name: 'local', context: { cluster: 'local', user: 'admin' } }],
    'current-context': 'local',
  }), { mode: 0o600 });
  mkdirSync(join(directory, 'kube-cache'));
  const controlPlane = new ControlPlane(directory, kubeconfig, server, [etcd, apiserver], { ready: 0, crds: 0 });
  try {
    await waitReady(controlPlane, [etcd, apiserver]);
    const ready = (Date.now() - started) / 1000;
    if (options.installCrds ?? true) {
      await installCrds(controlPlane, options.capiStorageVersion ?? 'v1beta2');
    }
    (controlPlane as { timings: object }).timings = { ready, crds: (Date.now() - started) / 1000 };
    return controlPlane;
  } catch (error) {
    const logs = ['etcd', 'kube-apiserver'].map((name) => `--- ${name}.log (tail)\n${tail(join(directory, `${name}.log`))}`).join('\n');
    await controlPlane.stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${logs}`);
  }
}

function tail(file: string): string {
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-30).join('\n') : '(none)';
}

async function waitReady(controlPlane: ControlPlane, processes: ChildProcess[]): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const dead = processes.find((child) => child.exitCode !== null);
    if (dead) {
      throw new Error(`${dead.spawnfile} exited with ${dead.exitCode} before the API server was ready`);
    }
    if (controlPlane.kubectl(['get', '--raw', '/readyz'], { allowFailure: true }).status === 0) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`the API server was not ready after ${READY_TIMEOUT_MS / 1000}s`);
    }
    await delay(250);
  }
}

/**
 * Apply every shared CRD (server-side: the largest are over the client-side annotation limit), Cluster
 * API's storing `capiStorageVersion`, and wait until all are established.
 */
async function installCrds(controlPlane: ControlPlane, capiStorageVersion: string): Promise<void> {
  const crds = sharedCrdFiles().flatMap((file) => parseAllDocuments(readFileSync(file, 'utf8')).map((document) => document.toJS()))
    .map((crd) => {
      if (!crd.spec.group.endsWith('cluster.x-k8s.io')) {
        return crd;
      }
      const versions = crd.spec.versions.map((version: any) => ({ ...version, storage: version.name === capiStorageVersion }));
      return { ...crd, spec: { ...crd.spec, versions } };
    });
  controlPlane.kubectl(['apply', '--server-side', '-f', '-'], { input: manifestsText(crds) });
  // polled rather than `kubectl wait --all`, which fails on a CRD that has no status yet
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    const items: any[] = JSON.parse(controlPlane.kubectl(['get', 'crd', '-o', 'json']).stdout).items;
    const pending = items.filter((crd) => !crd.status?.conditions?.some((condition: any) => condition.type === 'Established' && condition.status === 'True'));
    if (items.length === crds.length && pending.length === 0) {
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(`CRDs not established after ${READY_TIMEOUT_MS / 1000}s: ${pending.map((crd) => crd.metadata.name).join(', ')}`);
    }
    await delay(250);
  }
}

/** The two management clusters of one suite, by the version they store Cluster API objects in. */
export interface ControlPlanesByStorage {
  /** Cluster API 1.11 and later: v1beta2. */
  readonly current: ControlPlane;
  /** Cluster API 1.10 and earlier: v1beta1. */
  readonly earlier: ControlPlane;
}

/**
 * Start both management clusters before the suite and stop them after it. No conversion webhook
 * runs here, so each Cluster API object goes to the one that stores its version.
 */
export function controlPlanesByStorage(): ControlPlanesByStorage {
  const planes: { current?: ControlPlane; earlier?: ControlPlane } = {};
  beforeAll(async () => {
    planes.current = await startControlPlane();
    planes.earlier = await startControlPlane({ capiStorageVersion: 'v1beta1' });
  }, 300_000);
  afterAll(async () => {
    await planes.current?.stop();
    await planes.earlier?.stop();
  });
  return {
    get current() {
      return planes.current!;
    },
    get earlier() {
      return planes.earlier!;
    },
  };
}
