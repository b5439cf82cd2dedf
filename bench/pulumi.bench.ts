/**
 * Scenario 4: Pulumi under mocks. Construct 100 proxied clusters (Cluster, control plane, three
 * worker pools, node-proxy Secret; password as a secret Output, as real programs pass it) and wait
 * until the mocked engine has every registration. Baseline, interleaved: registering the same
 * objects as plain resources under the same mocks (the generic product mapper with a known password, no
 * component, no shared-object registry). Each round uses its own namespace: shared objects are
 * registered once per program run, and rounds share one run.
 * The ratio is reported.
 */
import * as pulumi from '@pulumi/pulumi';
import { summarize, table, timingCell, writeResult } from './harness';
import { proxiedClusterProduct } from '../src/core/capi/products';
import { ClusterNetwork } from '../src/core/definition/network';
import { ProxySettings } from '../src/core/definition/proxy-settings';
import { Product, product } from '../src/core/product/product';
import { ProxiedCluster } from '../src/pulumi';
import { registerProduct } from '../src/pulumi/product-resources';

const CLUSTERS = 100;
/** Timed samples of each run. */
const PLAIN_SAMPLES = 7;
const INFRA = 'infrastructure.cluster.x-k8s.io/v1beta1';
let registrations = 0;
/** Registrations by resource type, to tell what each run registers. */
const types = new Map<string, number>();
let round = 0;

const settings = {
  httpProxy: 'http://proxy.corp.example:3128',
  httpsProxy: 'http://proxy.corp.example:3128',
  username: 'svc-k8s',
  noProxy: ['.corp.example', '10.0.0.0/8'],
};
const clusterArgs = (index: number, namespace = `fleet-${round}`) => ({
  name: `cluster-${index}`,
  namespace,
  version: 'v1.31.2',
  network: new ClusterNetwork({ pods: ['192.168.0.0/16'], services: ['10.96.0.0/12'], controlPlaneEndpoint: `api.cluster-${index}.fleet.example` }),
  infrastructureRef: { apiVersion: INFRA, kind: 'VSphereCluster', name: `cluster-${index}` },
  controlPlane: { replicas: 3, machineTemplate: { apiVersion: INFRA, kind: 'VSphereMachineTemplate', name: `cluster-${index}-cp` } },
  workerPools: ['md-0', 'md-1', 'md-2'].map((pool) => ({
    name: pool, replicas: 3, machineTemplate: { apiVersion: INFRA, kind: 'VSphereMachineTemplate', name: `cluster-${index}-${pool}` },
  })),
});

class Group extends pulumi.ComponentResource {
  constructor(name: string) {
    super('bench:index:Group', name, {}, {});
  }
}

/** Resolve when every output has resolved, i.e. the mocks have seen every registration. */
function settle(outputs: Array<pulumi.Output<unknown>>): Promise<void> {
  return new Promise((resolve) => pulumi.all(outputs).apply(() => resolve()));
}


async function libraryRun(): Promise<void> {
  round++;
  const clusters = Array.from({ length: CLUSTERS }, (_, i) => new ProxiedCluster(`r${round}-c${i}`, {
    ...clusterArgs(i), settings: { ...settings, password: pulumi.secret('p@ss:w/rd%#?') },
  }));
  await settle(clusters.flatMap((cluster) => [cluster.urn, cluster.cluster.urn, ...cluster.workerPools.map((pool) => pool.machineDeployment.urn)]));
}

async function baselineRun(products: readonly Product[]): Promise<void> {
  round++;
  const parent = new Group(`r${round}`);
  const resources = products.flatMap((p, i) => registerProduct(parent, `r${round}-c${i}`, () => ({ now: p })).resources);
  await settle(resources.map((resource) => resource.urn));
}

/**
 * Wait until no registration has arrived for a few event-loop turns: a Secret whose data is a
 * secret Output registers after the outputs `settle` waits for, and must count (and be timed) in
 * its own run, not the next one.
 */
async function quiesce(): Promise<void> {
  let quiet = 0;
  let seen = registrations;
  while (quiet < 5) {
    await new Promise((resolve) => setImmediate(resolve));
    quiet = registrations === seen ? quiet + 1 : 0;
    seen = registrations;
  }
}

/** Like the harness's `measure`, for asynchronous runs: interleaved, rotated, each run to completion. */
async function timeAsync(samples: number, fns: Record<string, () => Promise<void>>): Promise<Record<string, number[]>> {
  const results: Record<string, number[]> = Object.fromEntries(Object.keys(fns).map((name) => [name, []]));
  const names = Object.keys(fns);
  for (let sample = 0; sample < samples; sample++) {
    for (let offset = 0; offset < names.length; offset++) {
      const name = names[(sample + offset) % names.length];
      const start = process.hrtime.bigint();
      await fns[name]();
      await quiesce();
      results[name].push(Number(process.hrtime.bigint() - start) / 1e6);
    }
  }
  return results;
}

export async function run(): Promise<Record<string, unknown>> {
  await pulumi.runtime.setMocks({
    newResource(args) {
      registrations++;
      types.set(args.type, (types.get(args.type) ?? 0) + 1);
      return { id: `${args.name}-id`, state: args.inputs };
    },
    call(args) {
      throw new Error(`unexpected invoke ${args.token}`);
    },
  }, 'bench', 'bench', false);
  // The same objects as plain resources, ready before the runs: a namespace per run, as the
  // library's runs have (one scope refuses two plain objects of one identity).
  const plainRun = (index: number): Product[] => Array.from({ length: CLUSTERS }, (_, i) => proxiedClusterProduct({
    ...clusterArgs(i, `plain-${index}`), settings: new ProxySettings({ ...settings, password: 'p@ss:w/rd%#?' }),
  })).map((p) => product(p.objects.map((object) => ({ ...object, shared: false }))));
  const plainRuns = Array.from({ length: 1 + 1 + PLAIN_SAMPLES }, (_, index) => plainRun(index));
  const nextPlainRun = () => baselineRun(plainRuns.shift()!);
  const fns = { library: libraryRun, plainResources: nextPlainRun };
  await timeAsync(1, fns); // warm-up
  const before = registrations;
  await quiesce();
  types.clear();
  await libraryRun();
  await quiesce();
  const perLibraryRun = registrations - before;
  const libraryTypes = Object.fromEntries(types);
  const beforePlain = registrations;
  types.clear();
  await nextPlainRun();
  await quiesce();
  const perPlainRun = registrations - beforePlain - 1; // the baseline's one grouping parent is not an object
  const plainTypes = Object.fromEntries(types);
  const samples = await timeAsync(PLAIN_SAMPLES, fns);
  const library = summarize(samples.library);
  const plain = summarize(samples.plainResources);
  const ratio = library.median / plain.median;
  console.log(`\nScenario 4: Pulumi under mocks, ${CLUSTERS} proxied clusters (${perLibraryRun} registrations per run; ${perPlainRun} as plain resources), ms per run, median (min-max)`);
  console.log(table(['run', 'time', 'per cluster'], [
    ['ProxiedCluster components', timingCell(library), (library.median / CLUSTERS).toFixed(2)],
    ['same objects as plain resources', timingCell(plain), (plain.median / CLUSTERS).toFixed(2)],
  ]));
  console.log(`ratio components / plain resources: ${ratio.toFixed(2)}`);
  console.log(`registered by type, library: ${JSON.stringify(libraryTypes)}; plain: ${JSON.stringify(plainTypes)}`);
  const file = writeResult('pulumi', {
    clusters: CLUSTERS,
    registrationsPerRun: perLibraryRun,
    plainRegistrationsPerRun: perPlainRun,
    registrationsPerCluster: perLibraryRun / CLUSTERS,
    plainRegistrationsPerCluster: perPlainRun / CLUSTERS,
    library,
    plainResources: plain,
    ratio,
  });
  console.log(`written: ${file}`);
  return { ratio };
}

if (require.main === module) {
  run().catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
}
