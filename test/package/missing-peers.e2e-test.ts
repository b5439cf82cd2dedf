import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from '../support/module-loading';

const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
const PEER_RANGES: Record<string, string> = manifest.peerDependencies;
const PLUS_LINES = Object.keys(manifest.exports).flatMap((subpath) => /^\.\/(cdk8s-plus-\d+)$/.exec(subpath)?.slice(1) ?? []);

/** Each entry point but the root: its source, its import path and the peers it needs. */
const ADAPTER_ENTRY_POINTS: [string, string, string[]][] = [
  ['src/pulumi/index.ts', 'cluster-proxy-constructs/pulumi', ['@pulumi/pulumi', '@pulumi/kubernetes']],
  ['src/cdk8s/index.ts', 'cluster-proxy-constructs/cdk8s', ['cdk8s', 'constructs']],
  ['src/cdk8s/plus/index.ts', 'cluster-proxy-constructs/cdk8s-plus', ['cdk8s', 'constructs', 'cdk8s-plus-28']],
  ...PLUS_LINES.map((line): [string, string, string[]] => [`src/cdk8s/plus/${line}.ts`, `cluster-proxy-constructs/${line}`, ['cdk8s', 'constructs', line]]),
];

/** What loading an entry point threw, as the program that imported it sees it (undefined: it loaded). */
interface LoadFailure {
  readonly isMissingPeerDependencyError: boolean;
  readonly name: string;
  readonly code: string;
  readonly entryPoint: string;
  readonly packages: string[];
  readonly message: string;
}

/**
 * An app that installed the package and its dependencies and only the optional peers `peers`: a
 * node_modules holding cluster-proxy-constructs (this repository's package.json, sources and
 * compiled lib/, by symlink), ipaddr.js, yaml and those peers. `--preserve-symlinks` makes node
 * resolve from there, so the repository's own node_modules (which has every peer) stays out of reach.
 */
function appWith(peers: readonly string[]) {
  const app = mkdtempSync(path.join(tmpdir(), 'cpc-peers-'));
  const pkg = path.join(app, 'node_modules', 'cluster-proxy-constructs');
  mkdirSync(pkg, { recursive: true });
  for (const part of ['package.json', 'src', 'lib']) {
    symlinkSync(path.join(REPO_ROOT, part), path.join(pkg, part));
  }
  for (const dependency of ['ipaddr.js', 'yaml', ...peers]) {
    const target = path.join(app, 'node_modules', dependency);
    mkdirSync(path.dirname(target), { recursive: true });
    symlinkSync(path.dirname(require.resolve(`${dependency}/package.json`)), target);
  }
  const tsNode = require.resolve('ts-node/register/transpile-only');
  return {
    remove: () => rmSync(app, { recursive: true, force: true }),
    /**
     * Load `file` (a source file, relative to the package; or an import path, which loads lib/ as
     * published) the way the app would, after the root entry point.
     */
    load(file: string): LoadFailure | undefined {
      const fromSources = file.startsWith('src/');
      const script = `
        const report = (value) => require('node:fs').writeSync(3, JSON.stringify(value ?? null));
        const { MissingPeerDependencyError } = require(${JSON.stringify(fromSources ? path.join(pkg, 'src/index.ts') : 'cluster-proxy-constructs')});
        try {
          require(${JSON.stringify(fromSources ? path.join(pkg, file) : file)});
          report();
        } catch (error) {
          const { name, code, entryPoint, packages, message } = error;
          const isMissingPeerDependencyError = typeof MissingPeerDependencyError === 'function' && error instanceof MissingPeerDependencyError;
          report({ isMissingPeerDependencyError, name, code, entryPoint, packages, message });
        }`;
      // ts-node skips files under node_modules unless told otherwise
      const env = { ...process.env, TS_NODE_PROJECT: path.join(REPO_ROOT, 'tsconfig.json'), TS_NODE_SKIP_IGNORE: 'true' };
      const result = spawnSync(process.execPath, ['--preserve-symlinks', '-r', tsNode, '-e', script],
        { cwd: app, encoding: 'utf8', env, stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
      if (result.status !== 0) {
        throw new Error(result.stderr);
      }
      return JSON.parse(result.output[3] as string) ?? undefined;
    },
  };
}

/** What the error says of `packages` missing for `entryPoint`: each with its supported range (package.json), and the install command. */
function expectMissing(failure: LoadFailure | undefined, entryPoint: string, packages: string[]): void {
  expect(failure).toMatchObject({ isMissingPeerDependencyError: true, name: 'MissingPeerDependencyError', code: 'MODULE_NOT_FOUND', entryPoint, packages });
  const withRanges = packages.map((name) => `${name} (${PEER_RANGES[name]})`).join(', ');
  const install = packages.map((name) => `"${name}@${PEER_RANGES[name]}"`).join(' ');
  expect(failure!.message).toBe(`${entryPoint} needs ${withRanges}: not installed (optional peer dependencies of cluster-proxy-constructs, `
    + `installed only by the projects that use an entry point built on them). Install with: npm install ${install}`);
}

describe('an entry point whose framework is not installed', () => {
  const app = appWith([]);
  afterAll(() => app.remove());

  test('the root entry point needs no peer', () => {
    expect(app.load('src/index.ts')).toBeUndefined();
  }, 30_000);

  test('the table covers every entry point of package.json', () => {
    const adapters = Object.keys(manifest.exports).filter((subpath) => !['.', './package.json'].includes(subpath)).map((subpath) => `${manifest.name}${subpath.slice(1)}`);
    expect(ADAPTER_ENTRY_POINTS.map(([, entryPoint]) => entryPoint).sort()).toEqual(adapters.sort());
  });

  test.each(ADAPTER_ENTRY_POINTS)('%s throws a MissingPeerDependencyError naming %s, the packages, their supported versions and the install command', (file, entryPoint, packages) => {
    expectMissing(app.load(file), entryPoint, packages);
  }, 30_000);
});

describe('the published entry points (lib/, bundled)', () => {
  const app = appWith(['cdk8s', 'constructs']);
  afterAll(() => app.remove());

  test('throw the same error as their sources', () => {
    if (!existsSync(path.join(REPO_ROOT, 'lib', 'bundle.js'))) {
      throw new Error('lib/ has no bundles: run `npx projen compile` (npm ci and npm test build them)');
    }
    expectMissing(app.load('cluster-proxy-constructs/pulumi'), 'cluster-proxy-constructs/pulumi', ['@pulumi/pulumi', '@pulumi/kubernetes']);
    expectMissing(app.load('cluster-proxy-constructs/cdk8s-plus-31'), 'cluster-proxy-constructs/cdk8s-plus-31', ['cdk8s-plus-31']);
    expect(app.load('cluster-proxy-constructs/cdk8s')).toBeUndefined();
  }, 60_000);
});

describe('a cdk8s app without the cdk8s-plus line it imports', () => {
  const app = appWith(['cdk8s', 'constructs', 'cdk8s-plus-33']);
  afterAll(() => app.remove());

  test('the entry points of the installed frameworks load', () => {
    expect(app.load('src/cdk8s/index.ts')).toBeUndefined();
    expect(app.load('src/cdk8s/plus/cdk8s-plus-33.ts')).toBeUndefined();
  }, 60_000);

  test.each([
    ['src/cdk8s/plus/cdk8s-plus-31.ts', 'cluster-proxy-constructs/cdk8s-plus-31', ['cdk8s-plus-31']],
    ['src/cdk8s/plus/index.ts', 'cluster-proxy-constructs/cdk8s-plus', ['cdk8s-plus-28']],
  ])('%s names %s and only the missing line', (file, entryPoint, packages) => {
    expectMissing(app.load(file), entryPoint, packages);
  }, 30_000);
});
