/**
 * Scenario 2: fleet synthesis with cdk8s, one chart (a scope per cluster). 1, 10, 100 and 1,000
 * clusters, each with a control plane, three worker pools, the node-proxy Secret, TKG addon
 * Secrets, Giant Swarm cluster-values and the Kyverno policy.
 *
 * Baselines: (a) the same objects pre-built as plain JSON and added as bare cdk8s `ApiObject`s in
 * the same layout (what hand-written manifests in cdk8s cost); (b) cdk8s's own YAML serialization
 * of the same objects (`Yaml.stringify`, the options `synth` uses): the floor.
 *
 * Warm: in this process, after warm-up, library and baselines interleaved (`app.synthYaml()`),
 * wall time (CPU time in-process counts the garbage collector's background threads, which makes
 * small runs noisy).
 * Cold: a fresh node process per sample running the compiled app and `app.synth()` to a directory,
 * as `cdk8s synth` does; its CPU time from process start and its peak RSS (so module loading
 * counts, and memory is the app's alone, not this bench's).
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Yaml } from 'cdk8s';
import { bareApp, libraryApp, libraryObjectsPerCluster } from './fleet-definition';
import { measure, measureProcesses, table, timingCell, writeResult } from './harness';

const SIZES = [1, 10, 100, 1000];

export function run(): Record<string, unknown> {
  const rows: string[][] = [];
  const results: Array<Record<string, unknown>> = [];
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-fleet-'));
  try {
    for (const size of SIZES) {
      const objectsPerCluster = libraryObjectsPerCluster('one-chart', size);
      const objects = objectsPerCluster.flat();
      const sameOutput = libraryApp('one-chart', size).synthYaml() === bareApp(objectsPerCluster, 'one-chart').synthYaml();
      const warm = measure({
        library: () => libraryApp('one-chart', size).synthYaml(),
        bareApiObjects: () => bareApp(objectsPerCluster, 'one-chart').synthYaml(),
        yamlOnly: () => Yaml.stringify(...objects),
      }, {
        // about 200 clusters of warm-up whatever the size: a few one-cluster runs leave the
        // library's code cold while the baseline runs only cdk8s code, and the ratio would measure the JIT
        warmup: Math.max(1, Math.ceil(200 / size)),
        repeats: size >= 1000 ? 3 : size >= 100 ? 7 : 15,
      });
      const objectsFile = path.join(work, `objects-${size}.json`);
      fs.writeFileSync(objectsFile, JSON.stringify(objectsPerCluster));
      const child = path.join(__dirname, 'fleet-process.js');
      const cold = measureProcesses({
        library: [child, 'library', 'one-chart', String(size), 'App', path.join(work, 'library')],
        bareApiObjects: [child, 'bare', 'one-chart', String(size), 'App', path.join(work, 'bare'), objectsFile],
      }, size >= 1000 ? 3 : size >= 100 ? 5 : 9);
      const warmRatio = warm.library.median / warm.bareApiObjects.median;
      const coldRatio = cold.library.cpu.median / cold.bareApiObjects.cpu.median;
      const rssRatio = cold.library.peakRssMiB.median / cold.bareApiObjects.peakRssMiB.median;
      rows.push([
        String(size), String(objects.length),
        timingCell(warm.library), timingCell(warm.bareApiObjects), timingCell(warm.yamlOnly), warmRatio.toFixed(2),
        timingCell(cold.library.cpu), timingCell(cold.bareApiObjects.cpu), coldRatio.toFixed(2),
        `${cold.library.peakRssMiB.median} / ${cold.bareApiObjects.peakRssMiB.median}`, rssRatio.toFixed(2),
        sameOutput ? 'yes' : 'NO',
      ]);
      results.push({ clusters: size, objects: objects.length, sameOutput, warm, cold, warmRatio, coldRatio, rssRatio });
      console.error(`fleet: ${size} clusters done`);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
  console.log('\nScenario 2: fleet synthesis with cdk8s, one chart; ms per run, median (min-max): warm wall time, cold CPU time of the whole process');
  console.log(table(['clusters', 'objects', 'warm library', 'warm (a) bare', 'warm (b) YAML only', 'warm ratio',
    'cold library', 'cold (a) bare', 'cold ratio', 'peak RSS MiB lib / bare', 'RSS ratio', 'same YAML'], rows));
  const file = writeResult('fleet', { sizes: results });
  console.log(`written: ${file}`);
  return { sizes: results };
}

if (require.main === module) {
  run();
}
