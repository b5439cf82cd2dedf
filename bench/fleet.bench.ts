/**
 * Scenario 2: fleet synthesis with cdk8s. 1, 10, 100 and 1,000 clusters, each with a control plane,
 * three worker pools, the systemd Secret, TKG addon Secrets, Giant Swarm cluster-values and the
 * Kyverno policy, through `app.synthYaml()`.
 *
 * Baselines, interleaved with the measured run in every repetition:
 *  (a) the same objects pre-built as plain JSON and added as bare cdk8s `ApiObject`s, then synthesized
 *      (what hand-written manifests in cdk8s cost);
 *  (b) `yaml` stringify of the same objects alone (the serialization floor).
 * Goals: at most 1.5 times (a) at every size; time(1,000) / time(100) at most 11; peak memory reported.
 *
 * Layout: one chart, one scope per cluster. cdk8s's `synthYaml()` calls `toJson()` per chart, and each
 * call re-resolves dependencies and re-validates the whole app, so synthesis is quadratic in the number
 * of charts (measured: 1,000 one-cluster charts took 10 s for bare ApiObjects and 29 s with the
 * library). A fleet belongs in one chart (or a few); the README says so.
 */
import { ApiObject, ApiObjectProps, App, Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { stringify } from 'yaml';
import { settings } from './data';
import { measure, peakRssMiB, table, timingCell, Timing, writeResult } from './harness';
import { GiantSwarmProxyApps, KyvernoProxyPolicy, ProxiedCluster, TkgProxyAddons } from '../src/cdk8s';
import { ClusterNetwork, ClusterProxyConfig } from '../src/core';

const SIZES = [1, 10, 100, 1000];
const INFRA = 'infrastructure.cluster.x-k8s.io/v1beta1';
const SETTINGS = settings();

/** A vSphere workload cluster of the fleet: same ranges, its own endpoint (the vCenter bypasses the proxy). */
function fleetNetwork(index: number): ClusterNetwork {
  return new ClusterNetwork({
    pods: ['192.168.0.0/16'],
    services: ['10.96.0.0/12'],
    controlPlaneEndpoint: `api.cluster-${index}.fleet.example`,
    machineCidrs: ['10.20.0.0/16'],
    provider: 'vsphere',
    providerEndpoints: ['vcenter.corp.example'],
  });
}

/** One cluster's constructs in `scope` (the library path being measured). */
function addCluster(scope: Construct, index: number): void {
  const chart = new Construct(scope, `cluster-${index}`);
  const name = `cluster-${index}`;
  const proxy = new ClusterProxyConfig(SETTINGS, fleetNetwork(index));
  new ProxiedCluster(chart, 'Cluster', {
    name,
    namespace: 'fleet',
    version: 'v1.31.2',
    proxy,
    infrastructureRef: { apiVersion: INFRA, kind: 'VSphereCluster', name },
    controlPlane: { replicas: 3, machineTemplate: { apiVersion: INFRA, kind: 'VSphereMachineTemplate', name: `${name}-control-plane` } },
    workerPools: ['md-0', 'md-1', 'md-2'].map((pool) => ({
      name: pool, replicas: 3, machineTemplate: { apiVersion: INFRA, kind: 'VSphereMachineTemplate', name: `${name}-${pool}` },
    })),
  });
  new TkgProxyAddons(chart, 'Addons', {
    proxy,
    clusterName: name,
    namespace: 'fleet',
    vsphereCpiValues: { server: 'vcenter.corp.example', datacenter: '/dc0' },
    vsphereCsiValues: { server: 'vcenter.corp.example', datacenter: '/dc0' },
  });
  new GiantSwarmProxyApps(chart, 'Values', { proxy, clusterName: name, namespace: 'fleet', systemdProxySecret: false });
  new KyvernoProxyPolicy(chart, 'Policy', { proxy, name: `${name}-proxy` });
}

function libraryFleet(size: number): string {
  const app = new App();
  const chart = new Chart(app, 'fleet');
  for (let i = 0; i < size; i++) {
    addCluster(chart, i);
  }
  return app.synthYaml();
}

/** The library's fleet, synthesized once, with the objects grouped by the cluster scope that holds them. */
function libraryObjectsPerCluster(size: number): object[][] {
  const app = new App();
  const chart = new Chart(app, 'fleet');
  for (let i = 0; i < size; i++) {
    addCluster(chart, i);
  }
  const objects = chart.toJson() as Array<{ metadata: { name: string } }>;
  // toJson() orders by dependencies, then by tree; regroup by scope, keeping that order
  const scopeOf = new Map(chart.node.findAll()
    .filter((c): c is ApiObject => c instanceof ApiObject)
    .map((c) => [c.name, c.node.path.split('/')[1]]));
  const groups = new Map<string, object[]>();
  for (const object of objects) {
    const scope = scopeOf.get(object.metadata.name) ?? 'shared';
    groups.set(scope, [...(groups.get(scope) ?? []), object]);
  }
  return [...groups.values()];
}

/** Baseline (a): the same objects, pre-built, as bare ApiObjects. */
function bareApiObjectFleet(objectsPerCluster: readonly object[][]): string {
  const app = new App();
  const chart = new Chart(app, 'fleet');
  objectsPerCluster.forEach((objects, i) => {
    const scope = new Construct(chart, `cluster-${i}`);
    objects.forEach((object, j) => new ApiObject(scope, `o${j}`, object as ApiObjectProps));
  });
  return app.synthYaml();
}

/** Baseline (b): serialization alone. */
function yamlOnly(objectsPerCluster: readonly object[][]): string {
  return objectsPerCluster.flat().map((object) => stringify(object)).join('---\n');
}

export function run(): Record<string, unknown> {
  const rows: string[][] = [];
  const results: Array<Record<string, unknown>> = [];
  let previous: Timing | undefined;
  for (const size of SIZES) {
    // Baselines take exactly the objects the library emits for this fleet (one chart, in synthesis
    // order; shared objects such as the Kyverno source Secret appear once), grouped per cluster scope.
    const objectsPerCluster = libraryObjectsPerCluster(size);
    const objectCount = objectsPerCluster.reduce((sum, objects) => sum + objects.length, 0);
    const sameOutput = libraryFleet(size) === bareApiObjectFleet(objectsPerCluster);
    const repeats = size >= 1000 ? 5 : size >= 100 ? 7 : 15;
    const timings = measure({
      library: () => libraryFleet(size),
      bareApiObjects: () => bareApiObjectFleet(objectsPerCluster),
      yamlOnly: () => yamlOnly(objectsPerCluster),
    }, {
      // about 200 clusters of warm-up whatever the size: a few one-cluster runs leave the library's code
      // cold while the baseline runs only cdk8s code, and the ratio would measure the JIT
      warmup: Math.max(1, Math.ceil(200 / size)),
      repeats,
    });
    const ratio = timings.library.median / timings.bareApiObjects.median;
    const growth = previous ? timings.library.median / previous.median : undefined;
    rows.push([
      String(size), String(objectCount), timingCell(timings.library), timingCell(timings.bareApiObjects),
      timingCell(timings.yamlOnly), ratio.toFixed(2), growth === undefined ? '-' : `${growth.toFixed(1)}x`,
      String(peakRssMiB()), sameOutput ? 'yes' : 'NO',
    ]);
    results.push({
      clusters: size,
      objects: objectCount,
      ...timings,
      ratioToBareApiObjects: ratio,
      growthFromPrevious: growth,
      peakRssMiB: peakRssMiB(),
      sameOutput,
    });
    previous = timings.library;
  }
  const worstRatio = Math.max(...results.map((r) => r.ratioToBareApiObjects as number));
  const growth1000 = results[3].growthFromPrevious as number;
  console.log('\nScenario 2: fleet synthesis with cdk8s (app.synthYaml), ms per run, median (min-max)');
  console.log(table(['clusters', 'objects', 'library', '(a) bare ApiObjects', '(b) YAML only', 'library / (a)', 'growth', 'peak RSS MiB', 'same YAML as (a)'], rows));
  console.log(`goal: library / (a) <= 1.5 at every size: worst ${worstRatio.toFixed(2)} ${worstRatio <= 1.5 ? 'met' : 'MISSED'}`);
  console.log(`goal: time(1,000) / time(100) <= 11: ${growth1000.toFixed(1)} ${growth1000 <= 11 ? 'met' : 'MISSED'}`);
  const file = writeResult('fleet', { sizes: results, goal: { worstRatio, growth1000, met: worstRatio <= 1.5 && growth1000 <= 11 } });
  console.log(`written: ${file}`);
  return { worstRatio, growth1000 };
}

if (require.main === module) {
  run();
}
