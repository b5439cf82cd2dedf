import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO_ROOT } from '../support/module-loading';

/**
 * The root entry, the adapters and the CLI start from packs of their modules (scripts/pack-entries.js). A pack
 * must behave exactly as the files it holds: the same exports, the same modules once every export is
 * read (a library pack loads each when it is first needed), one instance of every class shared with
 * the adapters and deep imports, the same CLI output.
 */

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { barrelStatements, packFiles, packedEntries } = require('../../scripts/pack-entries.js') as {
  barrelStatements: (key: string, source: string) => { sideEffects: string[] } | undefined;
  packFiles: (libDir: string, entry: string) => Record<string, string>;
  packedEntries: (pkg: unknown) => string[];
};

const LIB = path.join(REPO_ROOT, 'lib');
const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
const packOf = (entry: string) => path.join(LIB, entry.replace(/\.js$/, '.pack.js'));
const lib = (file: string) => JSON.stringify(path.join(LIB, file));

/** Runs `script` in a fresh node process and returns what it writes to fd 3, as JSON. */
function report(script: string): any {
  const result = spawnSync(process.execPath, ['-e', script], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    throw new Error(result.stderr);
  }
  return JSON.parse(result.output[3] as string);
}
const write = (value: string) => `require('node:fs').writeSync(3, JSON.stringify(${value}));`;
const libModules = `Object.keys(require.cache).filter((file) => file.startsWith(${JSON.stringify(LIB + path.sep)}) && !/\\.pack(-modules)?\\.js$/.test(file))`;

describe('packed entry points', () => {
  beforeAll(() => {
    if (!fs.existsSync(packOf('index.js'))) {
      throw new Error('lib/ has no packs: run `npx projen compile` (npm ci and npm test build them)');
    }
  });

  test('the root entry, the adapters and the bin point to packs, and lib/ holds them as the pack script writes them today', () => {
    expect(packedEntries(pkg)).toEqual(['index.js', 'cdk8s/index.js', 'pulumi/index.js', 'cli/main.js']);
    expect(pkg.main).toBe('lib/index.pack.js');
    for (const entry of packedEntries(pkg)) {
      // Also proves the pack is current: a stale lib/ (compiled without packing) fails here.
      const files = packFiles(LIB, entry);
      expect(Object.keys(files)).toEqual([entry.replace(/\.js$/, '.pack.js'), entry.replace(/\.js$/, '.pack-modules.js')]);
      for (const [name, text] of Object.entries(files)) {
        expect(fs.readFileSync(path.join(LIB, name), 'utf8')).toBe(text);
      }
    }
    fs.accessSync(packOf('cli/main.js'), fs.constants.X_OK); // the bin is executable
  }, 30_000);

  test('the packs carry the code without its comments; the compiled files beside them keep them', () => {
    const docComment = 'Serialize with object keys sorted at every level';
    expect(fs.readFileSync(path.join(LIB, 'core', 'k8s', 'names.js'), 'utf8')).toContain(docComment);
    const modules = fs.readFileSync(path.join(LIB, 'index.pack-modules.js'), 'utf8');
    expect(modules).toContain('function canonicalJson(value)');
    expect(modules).not.toContain(docComment);
    expect(modules).not.toContain('sourceMappingURL');
  });

  test('each library pack exports what its entry module exports; reading them all loads the entry\'s modules and, for an adapter, the root\'s', () => {
    const loads = (file: string) => report(`const exported = require(${lib(file)});
      for (const name of Object.keys(exported)) exported[name];
      ${write(`{ names: Object.keys(exported), modules: ${libModules}.sort() }`)}`);
    /** What the pack loads is what the plain files load, less the modules in between that only re-export. */
    const expectSameModules = (packed: string[], plain: string[]) => {
      expect(plain.filter((file) => !packed.includes(file) && barrelStatements(file, fs.readFileSync(file, 'utf8')) === undefined)).toEqual([]);
      expect(packed.filter((file) => !plain.includes(file))).toEqual([]);
    };
    const root = loads('index.js');
    const rootPacked = loads('index.pack.js');
    expect(rootPacked.names).toEqual(root.names);
    expect(root.names).toContain('ProxySettings');
    expectSameModules(rootPacked.modules, root.modules);
    expect(root.modules).toContain(path.join(LIB, 'foundation.js')); // a module that only re-exports, which the pack skips
    expect(rootPacked.modules).not.toContain(path.join(LIB, 'foundation.js'));
    for (const adapter of ['cdk8s/index.js', 'pulumi/index.js']) {
      const packed = loads(adapter.replace(/\.js$/, '.pack.js'));
      const plain = loads(adapter);
      expect(packed.names).toContain('ProxiedCluster');
      expect(packed.names).toEqual(plain.names);
      // The adapter's pack loads the root's first (whose modules it then shares rather than repeat).
      expectSameModules(packed.modules, [...plain.modules, path.join(LIB, 'index.js')]);
    }
  }, 60_000);

  test('a library pack loads a module when a program first reads an export it defines, after the framework check', () => {
    const modulesAfter = (script: string): string[] => report(`${script}; ${write(`${libModules}.map((file) => file.slice(${JSON.stringify(LIB + path.sep)}.length)).sort()`)}`);
    expect(modulesAfter(`require(${lib('index.pack.js')})`)).toEqual(['index.js']);
    const peerCheck = ['core/missing-peer-error.js', 'peers/require-optional-peers.js'];
    expect(modulesAfter(`require(${lib('cdk8s/index.pack.js')})`)).toEqual(['cdk8s/index.js', ...peerCheck, 'index.js', 'peers/cdk8s.js'].sort());
    expect(modulesAfter(`require(${lib('pulumi/index.pack.js')})`)).toEqual([...peerCheck, 'index.js', 'peers/pulumi.js', 'pulumi/index.js'].sort());
    const policy = modulesAfter(`require(${lib('cdk8s/index.pack.js')}).KyvernoProxyPolicy`);
    expect(policy).toContain('cdk8s/workloads/kyverno-proxy-policy.js');
    expect(policy.filter((file) => /^(cdk8s\/(capi|clusterclass|addons)|core\/(capi|clusterclass|addons|migration))\//.test(file))).toEqual([]);
    // A namespace of the root loads its area when read.
    const capi = modulesAfter(`require(${lib('index.pack.js')}).capi.CapiVersion`);
    expect(capi).toContain('core/capi/capi-version.js');
    expect(capi.filter((file) => file.startsWith('core/clusterclass/'))).toEqual([]);
  }, 60_000);

  test('only a module that just re-exports (and requires for side effects) is packed as a lazy entry', () => {
    const adapter = fs.readFileSync(path.join(LIB, 'cdk8s', 'index.js'), 'utf8');
    expect(barrelStatements('cdk8s/index.js', adapter)).toEqual({ sideEffects: ['../peers/cdk8s'] });
    expect(barrelStatements('index.js', fs.readFileSync(path.join(LIB, 'index.js'), 'utf8'))).toEqual({ sideEffects: [] });
    // Code of its own, run at import, would be skipped by a lazy entry: such an entry loads at once.
    expect(barrelStatements('cdk8s/index.js', `${adapter}\nregisterSomething();`)).toBeUndefined();
    expect(barrelStatements('cdk8s/index.js', `${adapter}\nconst limit = 10;`)).toBeUndefined();
    expect(barrelStatements('cli/main.js', fs.readFileSync(path.join(LIB, 'cli', 'main.js'), 'utf8'))).toBeUndefined();
  });

  test('an ES module importing a pack sees the names its entry exports, no more', () => {
    const esmNames = (file: string) => {
      const script = `import * as ns from ${lib(file)}; import { writeSync } from 'node:fs';
        writeSync(3, JSON.stringify(Object.keys(ns).filter((name) => name !== '__esModule')));`;
      const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
      if (result.status !== 0) {
        throw new Error(result.stderr);
      }
      return JSON.parse(result.output[3] as string) as string[];
    };
    for (const entry of ['index.js', 'cdk8s/index.js', 'pulumi/index.js']) {
      const packed = esmNames(entry.replace(/\.js$/, '.pack.js'));
      expect(packed.length).toBeGreaterThan(10);
      expect(packed).toEqual(esmNames(entry));
    }
  }, 60_000);

  test('the packs, the plain adapter files and deep imports share one instance of each class, whichever loads first', () => {
    const deep = ['core/proxy-settings.js', 'core/cluster-proxy-config.js', 'core/errors.js'];
    const classes = ['ProxySettings', 'ClusterProxyConfig', 'ProxyConfigError'];
    /** Loads `first`, then `second`, then the root pack: are the root's classes those of the modules' own files? */
    const sameClasses = (first: string, second: string) => report(`
      require(${lib(first)});
      require(${lib(second)});
      const root = require(${lib('index.pack.js')});
      const modules = ${JSON.stringify(deep.map((file) => path.join(LIB, file)))}.map((file) => require(file));
      ${write(`${JSON.stringify(classes)}.map((name, i) => root[name] === modules[i][name])`)}`);
    const orders = [['index.pack.js', 'cdk8s/index.pack.js'], ['cdk8s/index.pack.js', 'index.pack.js'], ['pulumi/index.pack.js', 'cdk8s/index.js'],
      ['cdk8s/index.js', 'pulumi/index.pack.js'], ['core/proxy-settings.js', 'cdk8s/index.pack.js']];
    for (const [first, second] of orders) {
      expect(sameClasses(first, second)).toEqual([true, true, true]);
    }
  }, 60_000);

  test('the CLI pack prints what the CLI prints, with the same exit code', () => {
    const cases = [
      ['--help'],
      ['noproxy', '--pod-cidr', '192.168.0.0/16', '--service-cidr', '10.96.0.0/12', '--no-proxy', '.corp.example,10.0.0.0/8'],
      ['noproxy', '--pod-cidr', 'not-a-cidr', '--service-cidr', '10.96.0.0/12'],
      ['explain', 'https://git.corp.example', '--pod-cidr', '192.168.0.0/16', '--service-cidr', '10.96.0.0/12', '--no-proxy', '.corp.example'],
    ];
    for (const args of cases) {
      const run = (file: string) => {
        const { stdout, stderr, status } = spawnSync(process.execPath, [path.join(LIB, file), ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
        return { stdout, stderr, status };
      };
      const packed = run('cli/main.pack.js');
      expect(packed.stdout.length + packed.stderr.length).toBeGreaterThan(0);
      expect(packed).toEqual(run('cli/main.js'));
    }
  }, 60_000);
});
