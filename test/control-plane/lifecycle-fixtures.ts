/**
 * The platform team of the lifecycle suite: one installation-wide definition, one cluster with a
 * worker pool, and the Kyverno policy for its workloads, synthesized as a cdk8s app would be.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { Testing } from 'cdk8s';
import * as cdk8s from '../../src/cdk8s';
import { WorkerPoolProps } from '../../src/core/capi/machine-deployment';
import * as network from '../../src/core/definition/network';
import * as settings from '../../src/core/definition/proxy-settings';
import { ProxySettingsProps } from '../../src/core/definition/proxy-settings';
import * as osFamily from '../../src/core/node-files/os-family';
import { CA_1, infraRef } from '../support/fixtures/cluster';
import { REPO_ROOT } from '../support/module-loading';
import { sealingKeyPair } from '../support/sealing-certificate';

export const PASSWORD = 'p@ss:w/rd %41 "q" $(x) ü';
export const ROTATED_PASSWORD = 'n3w-p@ss:w/rd %42';

/** The installation-wide definition before any step. */
export const BASE_SETTINGS: ProxySettingsProps = {
  httpProxy: 'http://proxy.corp.example:3128',
  httpsProxy: 'http://proxy.corp.example:3128',
  username: 'svc-k8s',
  password: PASSWORD,
  noProxy: ['.corp.example', '10.0.0.0/8'],
  trustedCaPem: CA_1,
  credentialsRevision: '1',
};

export const NETWORK = { pods: ['192.168.0.0/16'], services: ['172.20.0.0/16'], controlPlaneEndpoint: 'api.demo.corp.example' };

/** A worker pool of the demo cluster. */
export function pool(name: string): WorkerPoolProps {
  return { name, machineTemplate: infraRef('DockerMachineTemplate', `demo-${name}`), replicas: 2 };
}

/** The library modules the app is built with: this checkout's, or a previous release's. */
export interface LibraryModules {
  readonly cdk8s: typeof cdk8s;
  readonly settings: typeof settings;
  readonly network: typeof network;
  readonly osFamily: typeof osFamily;
}

/** This checkout's modules. */
export const CURRENT: LibraryModules = { cdk8s, settings, network, osFamily };

/** The modules of the library source tree at `root` (its `src/`). */
export function libraryAt(root: string): LibraryModules {
  /* eslint-disable @typescript-eslint/no-require-imports */
  return {
    cdk8s: require(join(root, 'src', 'cdk8s')),
    // today's layout first, then the previous release's (its modules sat elsewhere)
    settings: requireFirst(root, ['core', 'definition', 'proxy-settings'], ['core', 'proxy-settings']),
    network: requireFirst(root, ['core', 'definition', 'network'], ['core', 'network']),
    osFamily: requireFirst(root, ['core', 'node-files', 'os-family'], ['core', 'capi', 'os-family']),
  };
  /* eslint-enable @typescript-eslint/no-require-imports */
}

/** The module at the first of `paths` (under `root`/src) whose source exists. */
function requireFirst(root: string, ...paths: string[][]): any {
  const file = paths.map((parts) => join(root, 'src', ...parts)).find((candidate) => existsSync(`${candidate}.ts`));
  if (file === undefined) {
    throw new Error(`none of ${paths.map((parts) => parts.join('/')).join(', ')} is in ${root}/src`);
  }
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(file);
}

/** The app: the cluster `demo` (namespace `clusters`) with its pools, and the Kyverno policy. */
export function platformApp(props: ProxySettingsProps, pools: WorkerPoolProps[] = [pool('md-0')], library: LibraryModules = CURRENT): any[] {
  const chart = Testing.chart();
  const cluster = new library.cdk8s.ProxiedCluster(chart, 'Demo', {
    settings: new library.settings.ProxySettings(props),
    network: new library.network.ClusterNetwork(NETWORK),
    name: 'demo',
    namespace: 'clusters',
    version: 'v1.31.2',
    osFamily: library.osFamily.OsFamily.UBUNTU,
    infrastructureRef: infraRef('DockerCluster', 'demo'),
    controlPlane: { machineTemplate: infraRef('DockerMachineTemplate', 'demo-control-plane'), replicas: 3 },
    workerPools: pools,
  });
  new library.cdk8s.KyvernoProxyPolicy(chart, 'Workloads', { proxy: cluster.proxy });
  return Testing.synth(chart);
}

/**
 * The release before this one: the last commit of main before the lifecycle suite existed. Its
 * source is taken from git (the checkout's history), so the upgrade step synthesizes the same app
 * with that release's code.
 */
export const PREVIOUS_RELEASE = '2690df2';

/**
 * The previous release's source tree (its `src/` and `examples/` from git, in a cache directory,
 * with this checkout's dependencies).
 */
export function previousReleaseRoot(): string {
  const root = join(REPO_ROOT, '.cache', `release-${PREVIOUS_RELEASE}`);
  if (!existsSync(join(root, 'examples'))) {
    if (spawnSync('git', ['-C', REPO_ROOT, 'cat-file', '-e', `${PREVIOUS_RELEASE}^{commit}`]).status !== 0) {
      throw new Error(`the previous release ${PREVIOUS_RELEASE} is not in this checkout's history (a shallow clone?): the upgrade step needs it`);
    }
    rmSync(root, { recursive: true, force: true });
    mkdirSync(root, { recursive: true });
    execFileSync('bash', ['-c', `git -C "${REPO_ROOT}" archive ${PREVIOUS_RELEASE} src examples | tar -x -C "${root}"`]);
    symlinkSync(join(REPO_ROOT, 'node_modules'), join(root, 'node_modules'));
  }
  return root;
}

/**
 * The app synthesized by the previous release: its `src/` from git into a cache directory (its
 * dependencies are this checkout's), run in a process of its own.
 */
export function previousReleaseApp(props: ProxySettingsProps): any[] {
  const root = previousReleaseRoot();
  const run = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', join(__dirname, 'previous-release-app.ts'), root], {
    cwd: REPO_ROOT, input: JSON.stringify(props), encoding: 'utf8', timeout: 120_000, maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) {
    throw new Error(`the previous release's synth failed: ${run.stderr}`);
  }
  return JSON.parse(run.stdout);
}

/** The Sealed Secrets controller's certificate. */
export const sealingCertificate = (): string => sealingKeyPair().certificate;
