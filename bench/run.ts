/**
 * `npm run bench`: compiles the library and the bench (the package's own tsconfig options, so
 * every scenario runs the JavaScript users run, without ts-node), runs every scenario in its own
 * process so one scenario's JIT state and garbage cannot skew another's, merges their results
 * into `bench/results/bench.json` with the machine's facts, and prints every target with its
 * measured value and PASS or MISSED. Pass scenario names to run a subset: `npm run bench -- noproxy`
 * (the merged file keeps the other scenarios' last results). `npm run bench:readme` writes the
 * results into docs/performance.md.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { machine, RESULTS_DIR } from './harness';
import { evaluateTargets } from './targets';

const ORDER = ['noproxy', 'installation-list', 'fleet', 'charts', 'pulumi', 'startup', 'output-size'];
const scenarios = fs.readdirSync(__dirname)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !scenarios.includes(name));
if (unknown.length > 0) {
  console.error(`unknown scenario(s): ${unknown.join(', ')}; available: ${scenarios.join(', ')}`);
  process.exit(2);
}

const tsc = spawnSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', path.join(__dirname, 'tsconfig.build.json')], { stdio: 'inherit' });
// The bundles the package's entry points and CLI point to, as `npx projen compile` writes them.
const bundle = spawnSync(process.execPath, [path.join(__dirname, '..', 'scripts', 'bundle-entries.js'), path.join(RESULTS_DIR, '.build', 'src')], { stdio: 'inherit' });
if (tsc.status !== 0 || bundle.status !== 0) {
  process.exit(1);
}
const compiled = path.join(RESULTS_DIR, '.build', 'bench');
const mergedFile = path.join(RESULTS_DIR, 'bench.json');
const merged: Record<string, any> = fs.existsSync(mergedFile) ? JSON.parse(fs.readFileSync(mergedFile, 'utf8')) : {};
let failed = false;
for (const name of wanted.length > 0 ? wanted : scenarios) {
  const started = Date.now();
  const result = spawnSync(process.execPath, ['--expose-gc', path.join(compiled, `${name}.bench.js`)], { stdio: 'inherit' });
  if (result.status !== 0) {
    failed = true;
    continue;
  }
  const { scenario, machine: _, ...data } = JSON.parse(fs.readFileSync(path.join(RESULTS_DIR, `${name}.json`), 'utf8'));
  merged[scenario] = { date: new Date().toISOString(), seconds: Math.round((Date.now() - started) / 1000), ...data };
}
const { machine: _previous, targets: _targets, ...scenarioResults } = merged;
const targets = evaluateTargets(scenarioResults);
fs.writeFileSync(mergedFile, `${JSON.stringify({ machine: machine(), targets, ...scenarioResults }, null, 2)}\n`);
console.log('\nTargets');
for (const target of targets) {
  console.log(`${target.pass ? 'PASS  ' : 'MISSED'} ${target.target}: ${target.measured} (target ${target.limit})`);
}
console.log(`written: ${mergedFile}`);
process.exit(failed ? 1 : 0);
