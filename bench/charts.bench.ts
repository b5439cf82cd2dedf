/**
 * Scenario 3: the fleet of scenario 2 laid out as one chart per cluster, a common layout, warm
 * (in this process, interleaved). cdk8s's `App` resolves and validates the whole app again for
 * every chart, so plain `app.synth()` grows with the square of the number of charts; the
 * library's `FleetApp` does that once. Compared: the library with `FleetApp`, bare ApiObjects
 * (same objects, same layout) with `FleetApp` and with plain `App`, and the library with plain
 * `App`. Plain `App` at 1,000 charts takes many seconds per run, so it is sampled once there.
 */
import { bareApp, libraryApp, libraryObjectsPerCluster } from './fleet-definition';
import { measure, table, timingCell, Timings, writeResult } from './harness';

const SIZES = [100, 1000];

export function run(): Record<string, unknown> {
  const rows: string[][] = [];
  const results: Array<Record<string, unknown>> = [];
  for (const size of SIZES) {
    const objectsPerCluster = libraryObjectsPerCluster('chart-per-cluster', size);
    const reference = bareApp(objectsPerCluster, 'chart-per-cluster').synthYaml();
    const sameOutput = libraryApp('chart-per-cluster', size, 'FleetApp').synthYaml() === reference
      && bareApp(objectsPerCluster, 'chart-per-cluster', 'FleetApp').synthYaml() === reference;
    const fast = measure({
      libraryFleetApp: () => libraryApp('chart-per-cluster', size, 'FleetApp').synthYaml(),
      bareFleetApp: () => bareApp(objectsPerCluster, 'chart-per-cluster', 'FleetApp').synthYaml(),
    }, { warmup: Math.max(1, Math.ceil(200 / size)), repeats: size >= 1000 ? 3 : 7 });
    const plain = measure({
      libraryApp: () => libraryApp('chart-per-cluster', size).synthYaml(),
      bareApp: () => bareApp(objectsPerCluster, 'chart-per-cluster').synthYaml(),
    }, { warmup: 0, repeats: size >= 1000 ? 1 : 3 });
    const timings: Record<string, Timings> = { ...fast, ...plain };
    const ratio = timings.libraryFleetApp.median / timings.bareFleetApp.median;
    const ratioToPlainBare = timings.libraryFleetApp.median / timings.bareApp.median;
    const speedUp = timings.libraryApp.median / timings.libraryFleetApp.median;
    rows.push([String(size), timingCell(timings.libraryFleetApp), timingCell(timings.bareFleetApp), ratio.toFixed(2),
      timingCell(timings.bareApp), timingCell(timings.libraryApp), `${speedUp.toFixed(1)}x`, sameOutput ? 'yes' : 'NO']);
    results.push({ clusters: size, sameOutput, ...timings, ratio, ratioToPlainBare, speedUpOverPlainApp: speedUp });
    console.error(`charts: ${size} clusters done`);
  }
  const growth = (results[1].libraryFleetApp as Timings).median / (results[0].libraryFleetApp as Timings).median;
  const plainGrowth = (results[1].libraryApp as Timings).median / (results[0].libraryApp as Timings).median;
  console.log('\nScenario 3: one chart per cluster (synthYaml), warm, wall ms per run, median (min-max)');
  console.log(table(['clusters', 'library, FleetApp', 'bare, FleetApp', 'ratio', 'bare, plain App', 'library, plain App', 'FleetApp speed-up', 'same YAML'], rows));
  console.log(`growth 100 -> 1,000 charts: FleetApp ${growth.toFixed(1)}x, plain App ${plainGrowth.toFixed(1)}x`);
  const file = writeResult('charts', { sizes: results, growth1000over100: growth, plainAppGrowth1000over100: plainGrowth });
  console.log(`written: ${file}`);
  return { growth };
}

if (require.main === module) {
  run();
}
