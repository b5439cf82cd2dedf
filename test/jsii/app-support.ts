import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { App, Chart } from 'cdk8s';
import { stagedAssemblyFile } from './staged-assembly';
import { ClusterNetwork, Provider, ProxySettings } from '../../src';
import { ProxiedCluster } from '../../src/cdk8s';
import { libraryError } from '../support/library-error';

/**
 * What the example app suites of the jsii languages share: the TypeScript app they must equal,
 * the bad inputs they must refuse as TypeScript does, and running their tools.
 */

export const ROOT = join(__dirname, '..', '..');
/** Each step gets this long at most: tsc over the whole project, or a build, on a loaded machine. */
export const STEP_TIMEOUT_MS = 400_000;
/** Hostile in every encoding the password passes through: userinfo, percent-encoding, YAML, JSON, shell. */
export const PASSWORD = 'p@ss:w/rd%40 "x"';
/** The first bad input: a proxy URL of a scheme the library refuses, with the password in it. */
export const PROXY_URL_WITH_PASSWORD = `ftp://svc-k8s:${encodeURIComponent(PASSWORD)}@proxy.corp.example:3128`;
/** The charts the app writes: the two clusters and the two workloads given the proxy env. */
export const MANIFEST_FILES = ['apps.k8s.yaml', 'demo.k8s.yaml', 'jobs.k8s.yaml', 'legacy.k8s.yaml'];

/** The machine's pip settings (an index, extra find-links) must not reach an offline install. */
const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('PIP_')));

export interface Run { readonly status: number | null; readonly stdout: string; readonly stderr: string }

/** Runs a command; what it printed, or an error with all its output when it fails (unless `mayFail`). */
export function run(command: string, args: readonly string[], cwd: string, env: Record<string, string> = {}, mayFail = false): Run {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: STEP_TIMEOUT_MS, env: { ...environment, FORCE_COLOR: '0', ...env } });
  if (result.error || (result.status !== 0 && !mayFail)) {
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed: ${result.error ?? `status ${result.status}`}\n${result.stdout}${result.stderr}`);
  }
  return result;
}

/** The package version, which every language's package carries. */
export function packageVersion(): string {
  return (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Where a language's `prepare` keeps what its app needs (`scripts/jsii/<language>.sh cache-dir`). */
export function cacheDir(language: string): string {
  return run('bash', [join(ROOT, 'scripts', 'jsii', `${language}.sh`), 'cache-dir'], ROOT).stdout.trim();
}

/**
 * Fails clearly when `scripts/jsii/<language>.sh prepare` has not run (the package or the app's
 * cache is missing), or ran before the assembly was last built.
 */
export function checkPrepared(language: string, built: string, cache: string): void {
  const prepare = `run \`bash scripts/jsii/${language}.sh prepare\` first (with network: it builds the package and fetches what the app needs)`;
  if (!existsSync(built) || !existsSync(join(cache, '.complete'))) {
    throw new Error(`the ${language} package or the app's cache is missing (${built}, ${cache}): ${prepare}`);
  }
  if (statSync(stagedAssemblyFile()).mtimeMs > statSync(built).mtimeMs) {
    throw new Error(`${built} is older than the jsii assembly: ${prepare}`);
  }
}

/** Each `*.k8s.yaml` file of a directory, by name. */
export function manifests(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).filter((file) => file.endsWith('.k8s.yaml')).sort()
    .map((file) => [file, readFileSync(join(dir, file), 'utf8')]));
}

/**
 * Synthesizes examples/capi-cluster (TypeScript) with {@link PASSWORD} into `output`, as a user
 * does: `cdk8s synth`, importing the package through package.json "exports" (the compiled and
 * bundled lib/, built first).
 */
export function synthesizeTypeScriptApp(output: string): void {
  run('npx', ['tsc', '--build'], ROOT);
  run(process.execPath, ['scripts/bundle-entries.js', 'lib'], ROOT);
  run('npx', ['cdk8s', 'synth', '--check-upgrade', 'false', '--output', output], join(ROOT, 'examples', 'capi-cluster'), { PROXY_PASSWORD: PASSWORD });
}

/** Expects the app's manifests in `output` to be the TypeScript app's in `reference`, byte for byte. */
export function expectTypeScriptManifests(output: string, reference: string): void {
  const expected = manifests(reference);
  expect(Object.keys(expected)).toEqual(MANIFEST_FILES);
  expect(expected['jobs.k8s.yaml']).toContain('kind: CronJob');
  expect(manifests(output)).toEqual(expected);
}

/**
 * The messages TypeScript gives for the bad inputs every language's app suite tries, in order:
 * {@link PROXY_URL_WITH_PASSWORD} as `httpProxy`, and a worker pool of -1 replicas.
 */
export function badInputMessages(): string[] {
  const template = { apiVersion: 'x/v1', kind: 'K', name: 'n' };
  const messages = [
    libraryError(() => new ProxySettings({ httpProxy: PROXY_URL_WITH_PASSWORD })),
    libraryError(() => new ProxiedCluster(new Chart(new App(), 'c'), 'C', {
      name: 'demo',
      namespace: 'clusters',
      version: 'v1.31.2',
      settings: new ProxySettings({ httpProxy: 'http://proxy.corp.example:3128', username: 'svc-k8s', password: PASSWORD }),
      network: new ClusterNetwork({ pods: ['10.244.0.0/16'], services: ['10.96.0.0/12'], provider: Provider.AWS, region: 'eu-central-1' }),
      infrastructureRef: template,
      controlPlane: { machineTemplate: template },
      workerPools: [{ name: 'md-0', replicas: -1, machineTemplate: template }],
    })),
  ].map((error) => error.message);
  expect(messages[0]).toMatch(/^httpProxy: .*\(got "ftp:\/\/svc-k8s:\*\*\*@/);
  expect(messages[1]).toMatch(/^workerPools\[0\]\.replicas: /);
  return messages;
}
