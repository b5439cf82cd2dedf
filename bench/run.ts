/**
 * `npm run bench`: runs every scenario, each in its own process so one scenario's JIT state and
 * garbage cannot skew another's. Pass scenario names to run a subset: `npm run bench -- noproxy`.
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

const scenarios = fs.readdirSync(__dirname)
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !scenarios.includes(name));
if (unknown.length > 0) {
  console.error(`unknown scenario(s): ${unknown.join(', ')}; available: ${scenarios.join(', ')}`);
  process.exit(2);
}
const tsNode = require.resolve('ts-node/dist/bin.js');
let failed = false;
for (const name of wanted.length > 0 ? wanted : scenarios) {
  const result = spawnSync(process.execPath, ['--expose-gc', tsNode, '--transpile-only', path.join(__dirname, `${name}.bench.ts`)], { stdio: 'inherit' });
  failed = failed || result.status !== 0;
}
process.exit(failed ? 1 : 0);
