import * as fs from 'node:fs';
import * as path from 'node:path';
import * as ts from 'typescript';
import { modulesLoadedBy, REPO_ROOT as root } from '../support/module-loading';

describe('package entry points', () => {
  test('the root entry point loads no adapter framework (optional peers stay optional)', () => {
    const loaded = modulesLoadedBy(path.join(root, 'src', 'index.ts'));
    const peers = loaded.filter((file) => /node_modules\/(cdk8s|cdk8s-plus-\d+|constructs|@pulumi)\//.test(file));
    expect(peers).toEqual([]);
    expect(loaded.some((file) => file.includes(`${path.sep}src${path.sep}core${path.sep}`))).toBe(true);
  }, 30_000);

  test('the cdk8s entry point loads no Pulumi, and the Pulumi entry point no cdk8s or constructs', () => {
    const cdk8sLoads = modulesLoadedBy(path.join(root, 'src', 'cdk8s', 'index.ts'));
    expect(cdk8sLoads.filter((file) => /node_modules\/@pulumi\//.test(file))).toEqual([]);
    expect(cdk8sLoads.some((file) => /node_modules\/cdk8s\//.test(file))).toBe(true);
    const pulumiLoads = modulesLoadedBy(path.join(root, 'src', 'pulumi', 'index.ts'));
    expect(pulumiLoads.filter((file) => /node_modules\/(cdk8s|cdk8s-plus-\d+|constructs)\//.test(file))).toEqual([]);
    expect(pulumiLoads.some((file) => /node_modules\/@pulumi\/pulumi\//.test(file))).toBe(true);
  }, 60_000);

  test('the root entry point is small and jsii-shaped: classes, enums and area namespaces only, no constant lists or free functions', () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const rootEntry = require('../../src') as Record<string, unknown>;
    // A string enum compiles to a plain object of string values (jsii's enums, for every language).
    const isEnum = (value: unknown): boolean => typeof value === 'object' && value !== null && !Array.isArray(value)
      && Object.getPrototypeOf(value) === Object.prototype && Object.values(value).every((member) => typeof member === 'string');
    const isClass = (value: unknown): boolean => typeof value === 'function' && /^class\b/.test(Function.prototype.toString.call(value));
    const isNamespace = (value: unknown): boolean => typeof value === 'object' && value !== null && !isEnum(value);
    const namespaces = Object.entries(rootEntry).filter(([, value]) => isNamespace(value));
    expect(namespaces.map(([name]) => name).sort()).toEqual(['addons', 'capi', 'clusterclass', 'migration', 'workloads']);
    const entries = [['', rootEntry] as const, ...namespaces.map(([name, value]) => [name, value as Record<string, unknown>] as const)]
      .flatMap(([namespace, values]) => Object.entries(values).filter(([, value]) => !isNamespace(value) || namespace !== '')
        .map(([name, value]) => [namespace ? `${namespace}.${name}` : name, value] as const));
    const enums = entries.filter(([, value]) => isEnum(value)).map(([name]) => name);
    expect(enums).toEqual(expect.arrayContaining(['capi.BootstrapFormat', 'capi.OsFamily', 'Provider', 'capi.CapiVersion', 'CredentialSourceKind',
      'ClusterNoProxyCategory', 'NoProxyClientId', 'NoProxyEntryKind']));
    expect(entries.filter(([, value]) => !isEnum(value) && !isClass(value)).map(([name]) => name)).toEqual([]);
    expect(Object.keys(rootEntry)).toEqual(expect.arrayContaining(['ProxySettings', 'ClusterNetwork', 'ClusterProxyConfig', 'NoProxy', 'NoProxyEngine', 'ProxyRenderers', 'Products']));
    expect(Object.values(rootEntry).filter((value) => isClass(value)).length).toBeLessThanOrEqual(12);
  });

  test('the root entry point names at most 80 symbols, types included: each area\'s own types stay in its namespace', () => {
    const program = ts.createProgram([path.join(root, 'src', 'index.ts')], { strict: true, noEmit: true, skipLibCheck: true });
    const checker = program.getTypeChecker();
    const names = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(path.join(root, 'src', 'index.ts'))!)!);
    expect(names.length).toBeLessThanOrEqual(80);
    expect(names.map((symbol) => symbol.name)).toEqual(expect.arrayContaining(['ProxySettingsProps', 'ClusterNetworkProps', 'Product', 'capi', 'addons']));
  }, 30_000);

  test('package.json exports the subpaths (one per cdk8s-plus line) and marks every peer optional', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
    const plusLines = ['28', '29', '30', '31', '32', '33'].map((line) => `cdk8s-plus-${line}`);
    expect(Object.keys(pkg.exports)).toEqual(['.', './cdk8s', './cdk8s-plus', ...plusLines.map((name) => `./${name}`), './pulumi', './package.json']);
    expect(Object.keys(pkg.peerDependencies).sort()).toEqual(['@pulumi/kubernetes', '@pulumi/pulumi', 'cdk8s', ...plusLines, 'constructs']);
    for (const peer of Object.keys(pkg.peerDependencies)) {
      expect(pkg.peerDependenciesMeta[peer]).toEqual({ optional: true });
    }
    expect(pkg.dependencies).not.toHaveProperty('cdk8s');
    expect(pkg.bin['cluster-proxy']).toBe('lib/cli/main.bundle.js');
  });
});
