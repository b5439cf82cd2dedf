import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

const root = path.join(__dirname, '..', '..', '..');
const tsNodeRegister = require.resolve('ts-node/register/transpile-only');

/** Modules loaded by requiring `entry` in a fresh node process. */
function modulesLoadedBy(entry: string): string[] {
  const script = `require(${JSON.stringify(entry)}); process.stdout.write(JSON.stringify(Object.keys(require.cache)));`;
  const result = spawnSync(process.execPath, ['-r', tsNodeRegister, '-e', script], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    throw new Error(result.stderr);
  }
  return JSON.parse(result.stdout);
}
const loads = (files: string[], pkg: string): boolean => files.some((file) => file.includes(`${path.sep}node_modules${path.sep}${pkg}${path.sep}`));

describe('workload entry points', () => {
  test('the cdk8s workload module (re-exported by cluster-proxy-constructs/cdk8s) never loads cdk8s-plus', () => {
    const loaded = modulesLoadedBy(path.join(root, 'src', 'cdk8s', 'workloads', 'index.ts'));
    expect(loads(loaded, 'cdk8s')).toBe(true);
    expect(loaded.filter((file) => /node_modules\/cdk8s-plus-\d+\//.test(file))).toEqual([]);
  }, 30_000);

  test('the core workload module loads no adapter framework', () => {
    const loaded = modulesLoadedBy(path.join(root, 'src', 'core', 'workloads', 'index.ts'));
    expect(loaded.filter((file) => /node_modules\/(cdk8s|cdk8s-plus-\d+|constructs|@pulumi)\//.test(file))).toEqual([]);
  }, 30_000);

  test('ProxyAwareDeployment is in its own entry point, which does load cdk8s-plus-28', () => {
    const loaded = modulesLoadedBy(path.join(root, 'src', 'cdk8s', 'plus', 'index.ts'));
    expect(loads(loaded, 'cdk8s-plus-28')).toBe(true);
  }, 30_000);
});
