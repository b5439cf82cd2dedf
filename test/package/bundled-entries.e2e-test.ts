import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from '../support/module-loading';

/**
 * Every entry point starts from a bundle (scripts/bundle-entries.js). A bundle must behave exactly as
 * the compiled modules it holds: the same exports (also to ES modules), one instance of every class
 * across the entry points whatever the order they load in, the same CLI output.
 */

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { libraryEntries, entryOf } = require('../../scripts/bundle-entries.js') as {
  libraryEntries: (pkg: unknown) => Array<[subpath: string, entry: string]>;
  entryOf: (target: string) => string;
};

const LIB = path.join(REPO_ROOT, 'lib');
const pkg = JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
const bundleOf = (entry: string) => `${entry}.bundle.js`;
const lib = (file: string) => JSON.stringify(path.join(LIB, file));

/** Runs `script` in a fresh node process and returns what it writes to fd 3, as JSON. */
function report(script: string, ...nodeOptions: string[]): any {
  const result = spawnSync(process.execPath, [...nodeOptions, '-e', script], { cwd: REPO_ROOT, encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
  if (result.status !== 0) {
    throw new Error(result.stderr);
  }
  return JSON.parse(result.output[3] as string);
}
const write = (value: string) => `require('node:fs').writeSync(3, JSON.stringify(${value}));`;
/** The package's own files a process loaded, relative to lib/. */
const libFiles = `Object.keys(require.cache).filter((file) => file.startsWith(${JSON.stringify(LIB + path.sep)})).map((file) => file.slice(${JSON.stringify(LIB + path.sep)}.length)).sort()`;

describe('bundled entry points', () => {
  beforeAll(() => {
    if (!fs.existsSync(path.join(LIB, 'bundle.js'))) {
      throw new Error('lib/ has no bundles: run `npx projen compile` (npm ci and npm test build them)');
    }
  });

  test('every export and the bin point to a bundle, and the library\'s entry points to one shared bundle', () => {
    const entries = libraryEntries(pkg).map(([, entry]) => entry);
    expect(entries).toEqual(['index', 'cdk8s/index', 'cdk8s/plus/index', ...['28', '29', '30', '31', '32', '33'].map((line) => `cdk8s/plus/cdk8s-plus-${line}`), 'pulumi/index']);
    expect(pkg.main).toBe('lib/index.bundle.js');
    expect(entryOf(pkg.bin['cluster-proxy'])).toBe('cli/main');
    fs.accessSync(path.join(LIB, 'cli', 'main.bundle.js'), fs.constants.X_OK); // the bin is executable
    for (const entry of entries) {
      expect(report(`require(${lib(bundleOf(entry))}); ${write(libFiles)}`)).toEqual(['bundle.js', bundleOf(entry)].sort());
    }
  }, 60_000);

  test('each entry point\'s bundle exports what its compiled module exports, to CommonJS and to ES modules', () => {
    // Names an ES module sees on a CommonJS module that are not the package's exports: `__esModule`
    // (the compilers' interop marker), `default` (module.exports itself) and, from Node 23 on,
    // module.exports once more as `'module.exports'`.
    const interopNames = ['__esModule', 'default', 'module.exports'];
    const esmNames = (file: string) => {
      const script = `import * as ns from ${lib(file)}; import { writeSync } from 'node:fs';
        writeSync(3, JSON.stringify(Object.keys(ns).filter((name) => !${JSON.stringify(interopNames)}.includes(name))));`;
      return report(script, '--input-type=module') as string[];
    };
    for (const [, entry] of libraryEntries(pkg)) {
      // (esbuild defines the exports in alphabetical order, tsc in the source's)
      const names = (file: string) => (report(`${write(`Object.keys(require(${lib(file)}))`)}`) as string[]).sort();
      const bundled = names(bundleOf(entry));
      expect(bundled.length).toBeGreaterThan(0);
      expect(bundled).toEqual(names(`${entry}.js`));
      expect(esmNames(bundleOf(entry)).sort()).toEqual(bundled);
    }
  }, 120_000);

  test('importing one entry point, every export read, never loads another\'s framework', () => {
    /** The frameworks (optional peers) a process loaded after requiring `entry` and reading every export. */
    const frameworks = (entry: string): string[] => report(`{ const e = require(${lib(bundleOf(entry))}); for (const k of Object.keys(e)) e[k]; }
      ${write('[...new Set(Object.keys(require.cache).flatMap((file) => /node_modules\\/(cdk8s|cdk8s-plus-\\d+|constructs|@pulumi\\/[^/]+)\\//.exec(file)?.[1] ?? []))].sort()')}`);
    expect(frameworks('index')).toEqual([]);
    expect(frameworks('cdk8s/index')).toEqual(['cdk8s', 'constructs']);
    expect(frameworks('cdk8s/plus/cdk8s-plus-33')).toEqual(['cdk8s', 'cdk8s-plus-33', 'constructs']);
    expect(frameworks('pulumi/index').filter((name) => !name.startsWith('@pulumi/'))).toEqual([]);
  }, 60_000);

  test('the entry points share one instance of each class, whichever loads first', () => {
    /**
     * Loads `first`, then `second`, then the root and the Pulumi adapter: does the adapter take the
     * root's ClusterProxyConfig as its own, and is its error the root's ProxyConfigError?
     */
    const shared = (first: string, second: string) => report(`
      require(${lib(bundleOf(first))});
      require(${lib(bundleOf(second))});
      const root = require(${lib(bundleOf('index'))});
      const { ProxyDefinition } = require(${lib(bundleOf('pulumi/index'))});
      const config = new root.ClusterProxyConfig(new root.ProxySettings({ httpProxy: 'http://proxy.corp.example:3128' }),
        new root.ClusterNetwork({ pods: ['10.0.0.0/16'], services: ['10.1.0.0/16'] }));
      let rootError = false;
      try { ProxyDefinition.of({}); } catch (error) { rootError = error instanceof root.ProxyConfigError; }
      ${write('{ accepted: ProxyDefinition.of(config).config === config, rootError }')}`);
    for (const [first, second] of [['index', 'cdk8s/index'], ['cdk8s/index', 'index'], ['pulumi/index', 'cdk8s/plus/cdk8s-plus-33'], ['cdk8s/plus/cdk8s-plus-33', 'pulumi/index']]) {
      expect(shared(first, second)).toEqual({ accepted: true, rootError: true });
    }
  }, 120_000);

  test('the CLI bundle prints what the CLI prints, with the same exit code', () => {
    const cases = [
      ['--help'],
      ['--version'],
      ['noproxy', '--pod-cidr', '192.168.0.0/16', '--service-cidr', '10.96.0.0/12', '--no-proxy', '.corp.example,10.0.0.0/8'],
      ['noproxy', '--pod-cidr', 'not-a-cidr', '--service-cidr', '10.96.0.0/12'],
      ['explain', 'https://git.corp.example', '--pod-cidr', '192.168.0.0/16', '--service-cidr', '10.96.0.0/12', '--no-proxy', '.corp.example'],
      ...['audit', 'check', 'import', 'render-secret'].map((command) => [command, '--help']),
      ['import', path.join(REPO_ROOT, 'no-such-file.yaml')],
      ['render-secret', '--no-such-flag'],
      ['check', '--url', 'not a url'],
    ];
    for (const args of cases) {
      const run = (file: string) => {
        const { stdout, stderr, status } = spawnSync(process.execPath, [path.join(LIB, file), ...args], { cwd: REPO_ROOT, encoding: 'utf8' });
        return { stdout, stderr, status };
      };
      const bundled = run('cli/main.bundle.js');
      expect(bundled.stdout.length + bundled.stderr.length).toBeGreaterThan(0);
      expect(bundled).toEqual(run('cli/main.js'));
    }
  }, 60_000);

  test('the CLI starts from its own bundle alone; a command that runs on its own loads its bundle when it runs', () => {
    /** The package's files a CLI run with `args` loaded. */
    const loaded = (...args: string[]): string[] => report(`process.argv = [process.argv[0], ${lib('cli/main.bundle.js')}, ...${JSON.stringify(args)}];
      process.stdout.write = () => true;
      process.on('exit', () => { ${write(libFiles)} });
      require(${lib('cli/main.bundle.js')});`);
    expect(loaded('noproxy', '--pod-cidr', '192.168.0.0/16', '--service-cidr', '10.96.0.0/12')).toEqual(['cli/main.bundle.js']);
    expect(loaded('--help')).toEqual(['cli/main.bundle.js']);
    expect(loaded('audit', '--help')).toEqual(['cli/audit.bundle.js', 'cli/main.bundle.js']);
    expect(loaded('check', '--help')).toEqual(['cli/check.bundle.js', 'cli/main.bundle.js']);
  }, 60_000);

  test('the bundles are what the bundle script writes from the sources today (a stale lib/ fails here)', () => {
    const copy = fs.mkdtempSync(path.join(tmpdir(), 'cpc-bundles-'));
    try {
      const result = spawnSync(process.execPath, [path.join(REPO_ROOT, 'scripts', 'bundle-entries.js'), copy], { cwd: REPO_ROOT, encoding: 'utf8' });
      expect(result.stderr).toBe('');
      const written = fs.readdirSync(copy, { recursive: true, encoding: 'utf8' }).filter((file) => fs.statSync(path.join(copy, file)).isFile()).sort();
      expect(written).toContain('bundle.js');
      for (const file of written) {
        expect(fs.readFileSync(path.join(LIB, file), 'utf8')).toBe(fs.readFileSync(path.join(copy, file), 'utf8'));
      }
    } finally {
      fs.rmSync(copy, { recursive: true, force: true });
    }
  }, 60_000);

  test('no code of the package reaches into Node\'s private module loader', () => {
    const privateLoader = /\b(_resolveFilename|_nodeModulePaths|_cache|_load|_findPath|_extensions)\b/;
    const files = fs.readdirSync(LIB, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.js'));
    expect(files.filter((file) => privateLoader.test(fs.readFileSync(path.join(LIB, file), 'utf8')))).toEqual([]);
  });
});
