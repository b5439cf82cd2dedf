import { spawnSync } from 'node:child_process';
import * as path from 'node:path';
import { REPO_ROOT } from '../support/module-loading';

/**
 * Each entry point loads what its imports need, nothing more: the network stack only when `check`
 * connects, `yaml` and zlib only when something renders or compresses. (Start-up time itself is
 * measured in the benchmark, never here.)
 */

const tsNodeRegister = require.resolve('ts-node/register/transpile-only');
const NETWORK = ['http', 'https', 'http2', 'net', 'tls', 'zlib'];

/** Node's built-in modules, the library's `yaml` files and the package's own files loaded by `script` in a fresh process. */
function loadedBy(script: string): { builtins: string[]; yamlFiles: string[]; ownFiles: string[] } {
  const report = `process.on('exit', () => require('fs').writeSync(3, JSON.stringify({
    builtins: process.moduleLoadList.filter((m) => m.startsWith('NativeModule ')).map((m) => m.slice(13)),
    yamlFiles: Object.keys(require.cache).filter((file) => file.includes('/node_modules/yaml/') && !file.includes('/cdk8s/node_modules/')),
    ownFiles: Object.keys(require.cache).filter((file) => file.includes('/src/')),
  })));`;
  const result = spawnSync(process.execPath, ['-r', tsNodeRegister, '-e', `${report}\n${script}`], {
    cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  });
  if (result.status !== 0) {
    throw new Error(result.stderr);
  }
  return JSON.parse(result.output[3] as string);
}

const requireOf = (file: string) => `require(${JSON.stringify(path.join(REPO_ROOT, file))});`;

describe('what importing an entry point loads', () => {
  const plainNode = loadedBy('');

  test.each([
    ['the root entry point', 'src/index.ts'],
    ['the cdk8s entry point', 'src/cdk8s/index.ts'],
    ['the CLI', 'src/cli/cli.ts'],
  ])('%s loads no network module and not the library\'s yaml', (_, file) => {
    const loaded = loadedBy(requireOf(file));
    expect(loaded.builtins.filter((m) => NETWORK.includes(m) && !plainNode.builtins.includes(m))).toEqual([]);
    expect(loaded.yamlFiles).toEqual([]);
  });

  test('the CLI loads a command\'s code when that command runs: noproxy without audit, import or check', () => {
    const cli = JSON.stringify(path.join(REPO_ROOT, 'src/cli/cli.ts'));
    const ownFiles = (script: string) => loadedBy(script).ownFiles;
    const noproxy = ownFiles(`require(${cli}).runCli(['noproxy', '--pod-cidr', '10.0.0.0/16', '--service-cidr', '10.1.0.0/16']);`);
    expect(noproxy.filter((file) => /src\/(cli\/(audit|import|check|readiness)|core\/(audit|import))\b/.test(file))).toEqual([]);
    const audit = ownFiles(`require(${cli}).runCli(['audit', '--help']);`);
    expect(audit.some((file) => file.endsWith('src/cli/audit.ts'))).toBe(true);
  });

  test('the CLI\'s help loads no NO_PROXY engine, and noproxy no explain or client models', () => {
    const cli = JSON.stringify(path.join(REPO_ROOT, 'src/cli/cli.ts'));
    const ownFiles = (script: string) => loadedBy(script).ownFiles.map((file) => file.slice(file.indexOf('/src/') + 1));
    const help = ownFiles(`require(${cli}).runCli(['--help']);`);
    expect(help.filter((file) => file.startsWith('src/core/noproxy/') && !file.endsWith('/categories.ts'))).toEqual([]);
    expect(help).not.toContain('src/core/definition/network.ts');
    const noproxy = ownFiles(`require(${cli}).runCli(['noproxy', '--pod-cidr', '10.0.0.0/16', '--service-cidr', '10.1.0.0/16']);`);
    expect(noproxy).toContain('src/core/noproxy/no-proxy.ts');
    expect(noproxy.filter((file) => /src\/core\/noproxy\/(explain|lint|clients|client-matchers)\.ts$/.test(file))).toEqual([]);
  });

  test('the root entry point loads a product\'s code when the facade is first asked for it', () => {
    const index = JSON.stringify(path.join(REPO_ROOT, 'src/index.ts'));
    // the products' folders and files (an option's enum beside them, such as addons/giantswarm-values-layout.ts, is not one)
    const productCode = /src\/core\/(capi\/products|workloads\/products|addons\/((tkg|giantswarm)\/|helm\/helm-values|kustomize\/kustomize-component)|import\/import-proxy)\b/;
    const imported = loadedBy(`require(${index});`).ownFiles;
    expect(imported.filter((file) => productCode.test(file))).toEqual([]);
    const proxy = 'new lib.ClusterProxyConfig(new lib.ProxySettings({ httpProxy: "http://proxy:3128" }), new lib.ClusterNetwork({ pods: ["10.0.0.0/16"], services: ["10.1.0.0/16"] }))';
    const called = loadedBy(`const lib = require(${index}); lib.Products.kyvernoProxyPolicy(${proxy});`).ownFiles;
    expect(called.some((file) => file.endsWith('src/core/workloads/products.ts'))).toBe(true);
    expect(called.filter((file) => /src\/core\/(capi\/products|import\/import-proxy)\b/.test(file))).toEqual([]);
  });

  test('the root entry point loads the NO_PROXY client models when explain or lint first runs', () => {
    const index = JSON.stringify(path.join(REPO_ROOT, 'src/index.ts'));
    const clientModels = (files: string[]) => files.filter((file) => /src\/core\/noproxy\/(explain|lint|client-matchers)\.ts$/.test(file));
    expect(clientModels(loadedBy(`require(${index});`).ownFiles)).toEqual([]);
    const linted = loadedBy(`require(${index}).NoProxyEngine.lint('a.example,10.0.0.0/8');`).ownFiles;
    expect(clientModels(linted).map((file) => path.basename(file)).sort()).toEqual(['client-matchers.ts', 'explain.ts', 'lint.ts']);
  });

  test('yaml is loaded when a product renders YAML the plain writer leaves to it, and only then', () => {
    const yamlText = JSON.stringify(path.join(REPO_ROOT, 'src/core/addons/yaml-text.ts'));
    expect(loadedBy(`require(${yamlText});`).yamlFiles).toEqual([]);
    expect(loadedBy(`require(${yamlText}).renderYaml({ a: 1, b: ['c'] });`).yamlFiles).toEqual([]);
    expect(loadedBy(`require(${yamlText}).renderYaml({ a: 'two words' });`).yamlFiles.length).toBeGreaterThan(0);
  });

  test('the network stack is in the transport module, which the check loads when it connects', () => {
    const loaded = loadedBy(requireOf('src/cli/readiness/proxy-transport.ts'));
    expect(loaded.builtins).toEqual(expect.arrayContaining(['http', 'https', 'tls']));
  });
});
