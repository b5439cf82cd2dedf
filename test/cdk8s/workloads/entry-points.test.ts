import * as path from 'node:path';
import { modulesLoadedBy, REPO_ROOT as root } from '../../support/module-loading';

const loads = (files: string[], pkg: string): boolean => files.some((file) => file.includes(`${path.sep}node_modules${path.sep}${pkg}${path.sep}`));

describe('workload entry points', () => {
  test('the cdk8s workload module (re-exported by cluster-proxy-constructs/cdk8s) never loads cdk8s-plus', () => {
    const loaded = modulesLoadedBy(path.join(root, 'src', 'cdk8s', 'workloads', 'index.ts'));
    expect(loads(loaded, 'cdk8s')).toBe(true);
    expect(loaded.filter((file) => /node_modules\/cdk8s-plus-\d+\//.test(file))).toEqual([]);
  });

  test('the core workload products load no adapter framework', () => {
    const loaded = modulesLoadedBy(path.join(root, 'src', 'core', 'workloads', 'products.ts'));
    expect(loaded.filter((file) => /node_modules\/(cdk8s|cdk8s-plus-\d+|constructs|@pulumi)\//.test(file))).toEqual([]);
  });

  test('ProxyAwareDeployment is in its own entry point, which does load cdk8s-plus-28', () => {
    const loaded = modulesLoadedBy(path.join(root, 'src', 'cdk8s', 'plus', 'index.ts'));
    expect(loads(loaded, 'cdk8s-plus-28')).toBe(true);
  });
});
