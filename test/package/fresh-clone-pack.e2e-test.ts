import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, posix } from 'node:path';
import { isMeantForThePackage } from './package-contents';
import { isAbsoluteLink, markdownLinks } from '../support/markdown-links';

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { anchorsOf } = require(join(__dirname, '..', '..', 'scripts', 'markdown-anchors.js')) as { anchorsOf: (text: string) => { ids: Set<string> } };

/**
 * What a release's build leaves in the checkout before it packs (the API docs check's copy, test
 * reports, coverage, the other languages' artifacts, benchmark results, a cdk8s synth): a package
 * packed there must hold none of it.
 */
const BUILD_LEFTOVERS = [
  '.api-docs-tmp/API.md', '.api-docs-tmp/docs/api/core.md', 'test-reports/junit.xml', 'coverage/lcov.info',
  'dist/python/cluster_proxy_constructs-0.0.0-py3-none-any.whl', 'dist/api/python.md', 'bench/results/bench.json', 'cdk8s.out/demo.k8s.yaml',
];

interface PackageJson {
  name: string;
  version: string;
  main: string;
  types: string;
  bin: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
  typesVersions: Record<string, Record<string, string[]>>;
  repository: { url: string };
  jsii: { targets: Record<string, unknown> };
}

/** The string leaves of a JSON value: the paths an `exports` or `typesVersions` map points to. */
function leaves(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(leaves);
  return value !== null && typeof value === 'object' ? Object.values(value).flatMap(leaves) : [];
}

/**
 * `npm pack` as a release runs it: in a clone of the committed HEAD (no lib/, no .jsii, nothing
 * uncommitted), with the package's lifecycle scripts (prepack builds the jsii assembly, prepare
 * lib/), after a build has left its by-products behind. The clone has no network: it borrows this
 * checkout's node_modules.
 */
describe('the npm package packed from a fresh clone', () => {
  const root = join(__dirname, '..', '..');
  let work: string;
  let clone: string;
  let unpacked: string;
  let files: string[];
  let pkg: PackageJson;

  beforeAll(() => {
    work = mkdtempSync(join(tmpdir(), 'fresh-clone-pack-'));
    clone = join(work, 'clone');
    const head = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
    execFileSync('git', ['clone', '--quiet', '--no-checkout', root, clone]);
    execFileSync('git', ['checkout', '--quiet', '--detach', head], { cwd: clone });
    symlinkSync(join(root, 'node_modules'), join(clone, 'node_modules'), 'dir');
    for (const file of BUILD_LEFTOVERS) {
      mkdirSync(dirname(join(clone, file)), { recursive: true });
      writeFileSync(join(clone, file), 'left over\n');
    }
    const env = { ...process.env, npm_config_ignore_scripts: 'false', npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
    try {
      execFileSync('npm', ['pack', '--pack-destination', work], { cwd: clone, env, encoding: 'utf8', stdio: 'pipe' });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`npm pack failed in the fresh clone:\n${String(stdout ?? '').slice(-4000)}\n${String(stderr ?? '').slice(-4000)}`);
    }
    const tarballs = readdirSync(work).filter((name) => name.endsWith('.tgz'));
    if (tarballs.length !== 1) throw new Error(`npm pack wrote ${tarballs.length} tarballs: ${tarballs.join(', ')}`);
    unpacked = join(work, 'unpacked');
    mkdirSync(unpacked);
    execFileSync('tar', ['-xzf', join(work, tarballs[0]), '-C', unpacked]);
    unpacked = join(unpacked, 'package');
    files = readdirSync(unpacked, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => posix.relative(unpacked, join(entry.parentPath, entry.name)))
      .sort();
    pkg = JSON.parse(readFileSync(join(unpacked, 'package.json'), 'utf8')) as PackageJson;
  }, 900_000);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('holds the jsii assembly, built from the clone: valid JSON naming the package, its version and its languages', () => {
    expect(files).toContain('.jsii');
    const assembly = JSON.parse(readFileSync(join(unpacked, '.jsii'), 'utf8')) as
      { schema: string; name: string; version: string; targets: Record<string, unknown>; types: Record<string, unknown> };
    expect(assembly.schema).toMatch(/^jsii\//);
    expect({ name: assembly.name, version: assembly.version }).toEqual({ name: pkg.name, version: pkg.version });
    expect(pkg.name).toBe('cluster-proxy-constructs');
    expect(Object.keys(assembly.targets).sort()).toEqual([...Object.keys(pkg.jsii.targets), 'js'].sort());
    expect(Object.keys(assembly.types)).toEqual(expect.arrayContaining(['cluster-proxy-constructs.ProxySettings', 'cluster-proxy-constructs.capi.ProxiedCluster']));
  });

  test('holds the file behind every entry point: main, types, bin, each export and its types', () => {
    const targets = [pkg.main, pkg.types, ...leaves(pkg.bin), ...leaves(pkg.exports), ...leaves(pkg.typesVersions)]
      .map((target) => posix.normalize(target));
    expect(targets).toEqual(expect.arrayContaining(['lib/index.bundle.js', 'lib/index.d.ts', 'lib/cli/main.bundle.js', 'lib/cdk8s/index.bundle.js',
      'lib/pulumi/index.d.ts']));
    expect(targets.filter((target) => !files.includes(target))).toEqual([]);
  });

  test('holds nothing else: no sources, tests, scripts, staging builds or what the build left behind', () => {
    expect(files.filter((file) => !isMeantForThePackage(file))).toEqual([]);
  });

  test('every link of its pages works: relative ones reach a packed file (and its anchor), the repository\'s reach a committed file', () => {
    const repository = pkg.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');
    const inRepository = new RegExp(`^${repository.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/(?:blob|tree)/[^/]+/(.+)$`);
    const pages = files.filter((file) => file.endsWith('.md'));
    expect(pages).toEqual(expect.arrayContaining(['README.md', 'API.md', 'docs/jsii.md', 'docs/api/core.md']));
    const anchors = new Map<string, Set<string>>();
    const anchorsOfPage = (file: string) => anchors.get(file)
      ?? anchors.set(file, anchorsOf(readFileSync(join(unpacked, file), 'utf8')).ids).get(file)!;
    const problems: string[] = [];
    let checked = 0;
    for (const page of pages) {
      for (const link of markdownLinks(readFileSync(join(unpacked, page), 'utf8'))) {
        if (isAbsoluteLink(link)) {
          const committed = inRepository.exec(link.target)?.[1];
          if (committed === undefined) continue; // another site: no network to ask
          checked += 1;
          try {
            execFileSync('git', ['cat-file', '-e', `HEAD:${committed.replace(/\/$/, '')}`], { cwd: clone, stdio: 'ignore' });
          } catch {
            problems.push(`${page}: ${link.target}: not committed`);
          }
          continue;
        }
        checked += 1;
        const file = link.target === '' ? page : posix.normalize(posix.join(posix.dirname(page), link.target));
        if (!files.includes(file)) {
          problems.push(`${page}: ${link.target}: not in the package`);
        } else if (link.anchor !== undefined && file.endsWith('.md') && !anchorsOfPage(file).has(link.anchor)) {
          problems.push(`${page}: ${link.target}#${link.anchor}: no such anchor`);
        }
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(problems).toEqual([]);
  });
});
