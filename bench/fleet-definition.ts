/**
 * The fleet the cdk8s scenarios synthesize: per cluster a control plane, three worker pools, the
 * node-proxy Secret, TKG addon Secrets, Giant Swarm cluster-values and the Kyverno policy. Laid
 * out in one chart (a scope per cluster) or one chart per cluster.
 */
import { ApiObject, ApiObjectProps, App, Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { settings } from './data';
import { ClusterNetwork, ClusterProxyConfig, Provider } from '../src';
import { FleetApp, GiantSwarmProxyApps, KyvernoProxyPolicy, ProxiedCluster, TkgProxyAddons } from '../src/cdk8s';

/** One chart holding every cluster (a scope each), or a chart per cluster. */
export type Layout = 'one-chart' | 'chart-per-cluster';
/** cdk8s's `App`, or the library's `FleetApp` (validates the app once instead of once per chart). */
export type AppKind = 'App' | 'FleetApp';

const INFRA = 'infrastructure.cluster.x-k8s.io/v1beta1';
const SETTINGS = settings();

/** A vSphere workload cluster of the fleet: same ranges, its own endpoint (the vCenter bypasses the proxy). */
export function fleetNetwork(index: number): ClusterNetwork {
  return new ClusterNetwork({
    pods: ['192.168.0.0/16'],
    services: ['10.96.0.0/12'],
    controlPlaneEndpoint: `api.cluster-${index}.fleet.example`,
    machineCidrs: ['10.20.0.0/16'],
    provider: Provider.VSPHERE,
    providerEndpoints: ['vcenter.corp.example'],
  });
}

/**
 * One cluster's props: the proxied cluster's (with its proxy), and the options of the TKG addons,
 * Giant Swarm values and Kyverno policy (their constructs take the proxy beside them, their products
 * as an argument).
 */
export function clusterProps(index: number, proxy: ClusterProxyConfig) {
  const name = `cluster-${index}`;
  return {
    cluster: {
      name,
      namespace: 'fleet',
      version: 'v1.31.2',
      proxy,
      infrastructureRef: { apiVersion: INFRA, kind: 'VSphereCluster', name },
      controlPlane: { replicas: 3, machineTemplate: { apiVersion: INFRA, kind: 'VSphereMachineTemplate', name: `${name}-control-plane` } },
      workerPools: ['md-0', 'md-1', 'md-2'].map((pool) => ({
        name: pool, replicas: 3, machineTemplate: { apiVersion: INFRA, kind: 'VSphereMachineTemplate', name: `${name}-${pool}` },
      })),
    },
    addons: {
      clusterName: name,
      namespace: 'fleet',
      vsphereCpiValues: { server: 'vcenter.corp.example', datacenter: '/dc0' },
      vsphereCsiValues: { server: 'vcenter.corp.example', datacenter: '/dc0' },
    },
    values: { clusterName: name, namespace: 'fleet', systemdProxySecret: false },
    policy: { name: `${name}-proxy` },
  };
}

/** One cluster's constructs in `scope` (the library path being measured). */
export function addCluster(scope: Construct, index: number): void {
  const proxy = new ClusterProxyConfig(SETTINGS, fleetNetwork(index));
  const props = clusterProps(index, proxy);
  new ProxiedCluster(scope, 'Cluster', props.cluster);
  new TkgProxyAddons(scope, 'Addons', { proxy, ...props.addons });
  new GiantSwarmProxyApps(scope, 'Values', { proxy, ...props.values });
  new KyvernoProxyPolicy(scope, 'Policy', { proxy, ...props.policy });
}

function newApp(kind: AppKind, outdir?: string): App {
  return kind === 'FleetApp' ? new FleetApp({ outdir }) : new App({ outdir });
}

/** The cluster scopes of a fleet of `size` in `app`, laid out as `layout` says. */
export function clusterScopes(app: App, layout: Layout, size: number): Construct[] {
  if (layout === 'chart-per-cluster') {
    return Array.from({ length: size }, (_, i) => new Chart(app, `cluster-${i}`));
  }
  const chart = new Chart(app, 'fleet');
  return Array.from({ length: size }, (_, i) => new Construct(chart, `cluster-${i}`));
}

/** The library's fleet as an app, ready to synthesize. */
export function libraryApp(layout: Layout, size: number, kind: AppKind = 'App', outdir?: string): App {
  const app = newApp(kind, outdir);
  clusterScopes(app, layout, size).forEach((scope, i) => addCluster(scope, i));
  return app;
}

/**
 * The objects the library emits for a fleet, grouped by cluster scope in synthesis order (shared
 * objects, e.g. the Kyverno source Secret, appear once per chart, where cdk8s emits them): the
 * input of the bare baseline, so both synthesize the same YAML.
 */
export function libraryObjectsPerCluster(layout: Layout, size: number): object[][] {
  if (layout === 'chart-per-cluster') {
    // charts share nothing: each cluster's chart synthesizes the same on its own
    return Array.from({ length: size }, (_, i) => {
      const app = new App();
      addCluster(new Chart(app, `cluster-${i}`), i);
      return app.node.findAll().filter(Chart.isChart)[0].toJson();
    });
  }
  const app = libraryApp(layout, size);
  const chart = app.node.findAll().filter(Chart.isChart)[0];
  const objects = chart.toJson() as Array<{ metadata: { name: string } }>;
  const scopeOf = new Map(chart.node.findAll()
    .filter((c): c is ApiObject => c instanceof ApiObject)
    .map((c) => [c.name, Number(c.node.path.split('/')[1].replace('cluster-', ''))]));
  const groups: object[][] = Array.from({ length: size }, () => []);
  objects.forEach((object) => groups[scopeOf.get(object.metadata.name)!].push(object));
  return groups;
}

/** Baseline: the same objects, pre-built, as bare ApiObjects, in the same layout. */
export function bareApp(objectsPerCluster: readonly object[][], layout: Layout, kind: AppKind = 'App', outdir?: string): App {
  const app = newApp(kind, outdir);
  clusterScopes(app, layout, objectsPerCluster.length).forEach((scope, i) => {
    objectsPerCluster[i].forEach((object, j) => new ApiObject(scope, `o${j}`, object as ApiObjectProps));
  });
  return app;
}
