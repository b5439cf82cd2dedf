import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Chart } from 'cdk8s';
import { stagedAssemblyFile } from './staged-assembly';
import { ClusterNetwork, Provider, ProxySettings } from '../../src';
import { ProxiedCluster } from '../../src/cdk8s';
import { credentialForms } from '../support/fixtures/credential-leaks';
import { libraryError } from '../support/library-error';

/**
 * examples/java as a Java user runs it: the Maven package this repository builds (dist/java)
 * installed into a Maven local repository next to the real cdk8s, constructs and jsii runtime jars
 * of Maven Central, and a cdk8s-plus-33 jar jsii-pacmak built from its npm package (Maven Central
 * serves none), at the versions the app's pom.xml pins. It must write the YAML of
 * examples/capi-cluster/main.ts byte for byte, and a bad input must throw the library's message,
 * with its field path, as a Java exception.
 *
 * No network here (scripts/loopback-only.sh): Maven runs offline (-o) on the local repository that
 * `scripts/jsii/java.sh prepare` filled beforehand.
 */

const ROOT = join(__dirname, '..', '..');
const SCRIPT = join(ROOT, 'scripts', 'jsii', 'java.sh');
const EXAMPLE = join(ROOT, 'examples', 'java');
/** Each step gets this long at most: tsc over the whole project on a loaded machine is the slowest. */
const STEP_TIMEOUT_MS = 400_000;
/** Hostile in every encoding the password passes through: userinfo, percent-encoding, YAML, JSON, shell. */
const PASSWORD = 'p@ss:w/rd%40 "x"';
/** The exception the Java runtime throws for an error of the JavaScript library. */
const JAVA_EXCEPTION = 'software.amazon.jsii.JsiiError';

interface Run { readonly status: number | null; readonly stdout: string; readonly stderr: string }

/** Runs a command; what it printed, or an error with all its output when it fails (unless `mayFail`). */
function run(command: string, args: readonly string[], cwd: string, env: Record<string, string> = {}, mayFail = false): Run {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: STEP_TIMEOUT_MS, env: { ...process.env, FORCE_COLOR: '0', ...env } });
  if (result.error || (result.status !== 0 && !mayFail)) {
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed: ${result.error ?? `status ${result.status}`}\n${result.stdout}${result.stderr}`);
  }
  return result;
}

/** What `prepare` leaves: the package's jar, and the Maven local repository of the app. */
function prepared(): { readonly jar: string; readonly version: string; readonly repository: string } {
  const version = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;
  const jar = join(ROOT, 'dist', 'java', 'io', 'github', 'cluster-proxy-constructs', 'cluster-proxy-constructs', version, `cluster-proxy-constructs-${version}.jar`);
  const cache = run('bash', [SCRIPT, 'cache-dir'], ROOT).stdout.trim();
  const prepare = 'run `bash scripts/jsii/java.sh prepare` first (with network: it builds the package and fetches what the app needs)';
  if (!existsSync(jar) || !existsSync(join(cache, '.complete'))) {
    throw new Error(`the Java package or the app's Maven repository is missing (${jar}, ${cache}): ${prepare}`);
  }
  if (statSync(stagedAssemblyFile()).mtimeMs > statSync(jar).mtimeMs) {
    throw new Error(`${jar} is older than the jsii assembly: ${prepare}`);
  }
  return { jar, version, repository: join(cache, 'repository') };
}

/** Each `*.k8s.yaml` file of a directory, by name. */
function manifests(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir).filter((file) => file.endsWith('.k8s.yaml')).sort()
    .map((file) => [file, readFileSync(join(dir, file), 'utf8')]));
}

describe('examples/java, built with Maven against the package this repository builds', () => {
  let work: string;
  let typescriptOutput: string;
  /** Maven, offline, in the app's directory, on the prepared repository. */
  let maven: (args: readonly string[], env?: Record<string, string>, mayFail?: boolean) => Run;

  beforeAll(() => {
    const { jar, version, repository } = prepared();
    maven = (args, env = {}, mayFail = false) => run('mvn', ['--offline', '--batch-mode', '--quiet', '-Dstyle.color=never',
      `-Dmaven.repo.local=${repository}`, `-Dcluster-proxy-constructs.version=${version}`, ...args], EXAMPLE, env, mayFail);
    work = mkdtempSync(join(tmpdir(), 'java-app-'));
    // The TypeScript app imports the package through package.json "exports": the compiled and bundled lib/.
    run('npx', ['tsc', '--build'], ROOT);
    run(process.execPath, ['scripts/bundle-entries.js', 'lib'], ROOT);
    typescriptOutput = join(work, 'typescript');
    run('npx', ['cdk8s', 'synth', '--check-upgrade', 'false', '--output', typescriptOutput], join(ROOT, 'examples', 'capi-cluster'), { PROXY_PASSWORD: PASSWORD });
    // The package as built now, in place of whatever an earlier run installed at this version.
    maven(['install:install-file', `-Dfile=${jar}`, `-DpomFile=${jar.replace(/\.jar$/, '.pom')}`]);
    maven(['compile']);
  }, 4 * STEP_TIMEOUT_MS);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('`mvn exec:exec` writes the YAML of the TypeScript app, byte for byte: both clusters and both injected workloads', () => {
    const output = join(work, 'java');
    maven(['exec:exec'], { PROXY_PASSWORD: PASSWORD, CDK8S_OUTDIR: output });
    const expected = manifests(typescriptOutput);
    expect(Object.keys(expected)).toEqual(['apps.k8s.yaml', 'demo.k8s.yaml', 'jobs.k8s.yaml', 'legacy.k8s.yaml']);
    expect(expected['jobs.k8s.yaml']).toContain('kind: CronJob');
    expect(manifests(output)).toEqual(expected);
  }, STEP_TIMEOUT_MS);

  test(`a bad input throws ${JAVA_EXCEPTION} with the library's message, field path first, and never the password`, () => {
    const proxyUrlWithPassword = `ftp://svc-k8s:${encodeURIComponent(PASSWORD)}@proxy.corp.example:3128`;
    const template = { apiVersion: 'x/v1', kind: 'K', name: 'n' };
    // The TypeScript calls test/jsii/java/BadInputs.java makes, in the same order.
    const typescript = [
      libraryError(() => new ProxySettings({ httpProxy: proxyUrlWithPassword })),
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
    expect(typescript[0]).toMatch(/^httpProxy: /);
    expect(typescript[1]).toMatch(/^workerPools\[0\]\.replicas: /);

    const source = join(__dirname, 'java', 'BadInputs.java');
    const result = maven(['exec:exec', `-Dexec.args=-classpath %classpath ${source}`], { PROXY_PASSWORD: PASSWORD, BAD_PROXY_URL: proxyUrlWithPassword });
    // Debian's Maven 3.8 writes colour resets (ESC[0m) even in batch mode, also before the program's lines.
    // eslint-disable-next-line no-control-regex
    const report = result.stdout.replace(/\x1b\[[0-9;]*m/g, '').split('\n').filter((line) => line.startsWith('[')).pop();
    if (report === undefined) throw new Error(`BadInputs.java printed no report:\n${result.stdout}${result.stderr}`);
    const thrown = JSON.parse(report) as Array<{ type: string; message: string } | null>;
    // The Java message is the library's, then the JavaScript stack of the library's own error.
    expect(thrown.map((error) => error && { type: error.type, message: error.message.split('\n')[0] }))
      .toEqual(typescript.map((message) => ({ type: JAVA_EXCEPTION, message })));
    for (const [index, error] of thrown.entries()) {
      expect(error!.message.split('\n')[1]).toBe(`ProxyConfigError: ${typescript[index]}`);
    }
    expect(credentialForms(PASSWORD).filter((form) => `${result.stdout}${result.stderr}`.includes(form))).toEqual([]);
  }, STEP_TIMEOUT_MS);
});
