/**
 * Scenario: what the size of the installation-wide NO_PROXY list costs a fleet. The same 1,000
 * clusters (the fleet scenario's clusters) are built twice over, once with a 1,000-entry
 * installation list and once with a 10-entry one: per cluster its `ClusterProxyConfig` and the
 * products carrying its NO_PROXY (the proxied cluster with its node files, TKG addon Secrets, Giant
 * Swarm cluster-values, the Kyverno policy), as the library's adapters build them before any
 * serialization. The installation list is parsed once per installation (`ProxySettings`, built in
 * each timed run from fresh strings); what each cluster adds should not depend on its length.
 *
 * CPU time (user + system) per fleet, the two list sizes interleaved; the ratio 1,000 / 10 entries
 * is the cost of the long list (1.00: none). Measured twice: the configurations alone, and the
 * configurations with their products.
 */
import { typicalEntries } from './data';
import { clusterProps, fleetNetwork } from './fleet-definition';
import { measure, table, timingCell, writeResult } from './harness';
import { ClusterProxyConfig, Products, ProxySettings } from '../src';

const CLUSTERS = 1000;
const LIST_SIZES = [10, 1000] as const;

/** The fleet scenario's clusters. */
const NETWORKS = Array.from({ length: CLUSTERS }, (_, index) => fleetNetwork(index));

/** The installation's settings, from entry strings the process has not seen before. */
function installation(listSize: number): ProxySettings {
  return new ProxySettings({
    httpProxy: 'http://proxy.corp.example:3128',
    httpsProxy: 'http://proxy.corp.example:3128',
    username: 'svc-k8s',
    password: 'p@ss:w/rd%#?"\' \\$!&',
    noProxy: typicalEntries(listSize).map((entry) => ` ${entry}`.slice(1)),
  });
}

function configs(listSize: number): ClusterProxyConfig[] {
  const settings = installation(listSize);
  return NETWORKS.map((network) => new ClusterProxyConfig(settings, network));
}

function withProducts(listSize: number): unknown[] {
  const settings = installation(listSize);
  return NETWORKS.map((network, index) => {
    const proxy = new ClusterProxyConfig(settings, network);
    const props = clusterProps(index, proxy);
    return [
      Products.proxiedCluster(props.cluster),
      Products.tkgProxyAddons(proxy, props.addons),
      Products.giantSwarmProxyApps(proxy, props.values),
      Products.kyvernoProxyPolicy(proxy, props.policy),
    ];
  });
}

export function run(): Record<string, unknown> {
  const rows: string[][] = [];
  const results: Record<string, unknown> = { clusters: CLUSTERS };
  const parts = { configs, withProducts };
  for (const [part, build] of Object.entries(parts)) {
    const timings = measure(Object.fromEntries(LIST_SIZES.map((size) => [`entries${size}`, () => build(size)])), {
      warmup: 2,
      repeats: part === 'configs' ? 21 : 11,
    });
    const short = timings[`entries${LIST_SIZES[0]}`];
    const long = timings[`entries${LIST_SIZES[1]}`];
    const ratio = long.cpu.median / short.cpu.median;
    rows.push([part === 'configs' ? 'ClusterProxyConfig' : 'ClusterProxyConfig + products', timingCell(short.cpu), timingCell(long.cpu), ratio.toFixed(2)]);
    results[part] = { entries10: short, entries1000: long, ratio };
  }
  console.log(`\nScenario: ${CLUSTERS.toLocaleString('en-US')} clusters, installation-wide NO_PROXY of 10 and of 1,000 entries; CPU ms per fleet, median (min-max)`);
  console.log(table(['per cluster', '10 entries', '1,000 entries', '1,000 / 10'], rows));
  const file = writeResult('installation-list', results);
  console.log(`written: ${file}`);
  return results;
}

if (require.main === module) {
  run();
}
