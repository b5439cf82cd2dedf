import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { REPO_ROOT } from '../support/module-loading';

/**
 * An app that installed the package and its dependencies but none of the optional peers: a
 * node_modules holding only cluster-proxy-constructs (this repository's package.json and sources,
 * by symlink), ipaddr.js and yaml. `--preserve-symlinks` makes node resolve from there, so the
 * repository's own node_modules (which has every peer) stays out of reach.
 */
describe('an entry point whose framework is not installed', () => {
  const app = mkdtempSync(path.join(tmpdir(), 'cpc-no-peers-'));
  const tsNode = require.resolve('ts-node/register/transpile-only');

  beforeAll(() => {
    const pkg = path.join(app, 'node_modules', 'cluster-proxy-constructs');
    mkdirSync(pkg, { recursive: true });
    for (const part of ['package.json', 'src']) {
      symlinkSync(path.join(REPO_ROOT, part), path.join(pkg, part));
    }
    for (const dependency of ['ipaddr.js', 'yaml']) {
      symlinkSync(path.dirname(require.resolve(`${dependency}/package.json`)), path.join(app, 'node_modules', dependency));
    }
  });
  afterAll(() => rmSync(app, { recursive: true, force: true }));

  /** Load `file` (relative to the package) the way the app would; the error output, or ''. */
  function load(file: string): string {
    const entry = path.join(app, 'node_modules', 'cluster-proxy-constructs', file);
    // ts-node skips files under node_modules unless told otherwise
    const env = { ...process.env, TS_NODE_PROJECT: path.join(REPO_ROOT, 'tsconfig.json'), TS_NODE_SKIP_IGNORE: 'true' };
    const result = spawnSync(process.execPath, ['--preserve-symlinks', '-r', tsNode, '-e', `require(${JSON.stringify(entry)})`], { cwd: app, encoding: 'utf8', env });
    return result.status === 0 ? '' : result.stderr;
  }

  test('the root entry point needs no peer', () => {
    expect(load('src/index.ts')).toBe('');
  }, 30_000);

  test.each([
    ['src/pulumi/index.ts', 'cluster-proxy-constructs/pulumi need @pulumi/pulumi, @pulumi/kubernetes, not installed', 'npm install @pulumi/pulumi @pulumi/kubernetes'],
    ['src/cdk8s/index.ts', 'cluster-proxy-constructs/cdk8s and /cdk8s-plus* need cdk8s, constructs, not installed', 'npm install cdk8s constructs'],
    ['src/cdk8s/plus/cdk8s-plus-33.ts', 'cluster-proxy-constructs/cdk8s and /cdk8s-plus* need cdk8s, constructs, not installed', 'npm install cdk8s constructs'],
  ])('%s names the packages to install', (file, message, hint) => {
    const stderr = load(file);
    expect(stderr).toContain(message);
    expect(stderr).toContain(hint);
  }, 30_000);
});
