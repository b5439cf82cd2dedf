/**
 * Scenario 6: output size. The drop-in carries NO_PROXY twice (NO_PROXY and no_proxy), and CAPI
 * caps an inline `files[].content` at 10,240 characters. For the default cluster-specific set plus
 * N installation-wide entries of a typical mix, how large may N be? Goal: at least 300.
 */
import { mixedEntries, network, settings, typicalEntries } from './data';
import { table, writeResult } from './harness';
import { ClusterProxyConfig } from '../src/core/definition/cluster-proxy-config';
import { nodeProxyBootstrap } from '../src/core/node-files/bootstrap';
import { BootstrapFormat } from '../src/core/node-files/bootstrap-format';
import { NodeProxyDelivery } from '../src/core/node-files/delivery';
import { OsFamily } from '../src/core/node-files/os-family';
import { ProxyConfigError } from '../src/core/primitives/errors';
import { renderSystemdDropIn } from '../src/core/render/systemd';

/** CAPI's limit on `files[].content` (maxLength in both v1beta1 and v1beta2 schemas). */
const CAPI_FILE_CONTENT_LIMIT = 10240;

function dropInLength(entries: readonly string[]): number {
  const config = new ClusterProxyConfig(settings([...entries]), network());
  return renderSystemdDropIn(config.environment).length;
}

/** True when inline node files for these entries are accepted (plain or compressed). */
function inlineFilesFit(entries: readonly string[], format: BootstrapFormat): boolean {
  const config = new ClusterProxyConfig(settings([...entries]), network());
  try {
    nodeProxyBootstrap(config, { clusterName: 'bench', delivery: NodeProxyDelivery.INLINE, bootstrapFormat: format, ...(format === BootstrapFormat.IGNITION ? { osFamily: OsFamily.FLATCAR } : {}) });
    return true;
  } catch (error) {
    if (error instanceof ProxyConfigError && error.field === 'delivery') {
      return false; // over the limit: the answer we are searching for
    }
    throw error;
  }
}

/** The largest N (binary search) for which `fits` holds. */
function largestFitting(generate: (n: number) => string[], fits: (entries: string[]) => boolean): number {
  let low = 0;
  let high = 4000;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(generate(middle))) {
      low = middle;
    } else {
      high = middle - 1;
    }
  }
  return low;
}

export function run(): Record<string, unknown> {
  const mixes: Array<[string, (n: number) => string[]]> = [
    ['typical (40% suffixes, 20% /24 CIDRs, 20% IPv4, 10% hosts, 10% IPv6)', typicalEntries],
    ['IPv4 addresses only', (n) => Array.from({ length: n }, (_, i) => `10.200.${Math.floor(i / 256)}.${i % 256}`)],
    ['domain suffixes only', (n) => Array.from({ length: n }, (_, i) => `.d${i}.corp.example`)],
    ['host names only', (n) => Array.from({ length: n }, (_, i) => `svc${i}.corp.example`)],
    ['benchmark mix (scenario 1)', mixedEntries],
  ];
  const rows: string[][] = [];
  const results: Array<Record<string, unknown>> = [];
  const baseLength = dropInLength([]);
  for (const [name, generate] of mixes) {
    const plain = largestFitting(generate, (entries) => inlineFilesFit(entries, BootstrapFormat.IGNITION));
    const compressed = largestFitting(generate, (entries) => inlineFilesFit(entries, BootstrapFormat.CLOUD_CONFIG));
    rows.push([name, String(plain), String(compressed), String(dropInLength(generate(300)))]);
    results.push({ mix: name, largestPlain: plain, largestCompressed: compressed, dropInAt300: dropInLength(generate(300)) });
  }
  const typical = results[0].largestCompressed as number;
  console.log(`\nScenario 6: drop-in size against CAPI's ${CAPI_FILE_CONTENT_LIMIT}-character files[].content limit`);
  console.log(`defaults only (AWS cluster, credentials): ${baseLength} characters`);
  console.log(table(['installation-wide mix', 'largest N, plain (Ignition)', 'largest N, cloud-config (gzip+base64 fallback)', 'plain drop-in chars at N=300'], rows));
  console.log(`goal: at least 300 entries of the typical mix inline: ${typical} ${typical >= 300 ? 'met' : 'MISSED'} (plain text alone: ${results[0].largestPlain}; delivery 'secret' has no limit)`);
  const file = writeResult('output-size', { limit: CAPI_FILE_CONTENT_LIMIT, defaultsOnly: baseLength, mixes: results, goal: { typicalLargest: typical, met: typical >= 300 } });
  console.log(`written: ${file}`);
  return { typical };
}

if (require.main === module) {
  run();
}
