import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  badInputMessages, cacheDir, checkPrepared, expectTypeScriptManifests, packageVersion, PROXY_URL_WITH_PASSWORD, PASSWORD, ROOT, run, Run,
  STEP_TIMEOUT_MS, synthesizeTypeScriptApp,
} from './app-support';
import { credentialForms } from '../support/fixtures/credential-leaks';

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

const EXAMPLE = join(ROOT, 'examples', 'java');
/** The exception the Java runtime throws for an error of the JavaScript library. */
const JAVA_EXCEPTION = 'software.amazon.jsii.JsiiError';

/** What `prepare` leaves: the package's jar, and the Maven local repository of the app. */
function prepared(): { readonly jar: string; readonly version: string; readonly repository: string } {
  const version = packageVersion();
  const jar = join(ROOT, 'dist', 'java', 'io', 'github', 'cluster-proxy-constructs', 'cluster-proxy-constructs', version, `cluster-proxy-constructs-${version}.jar`);
  const cache = cacheDir('java');
  checkPrepared('java', jar, cache);
  return { jar, version, repository: join(cache, 'repository') };
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
    typescriptOutput = join(work, 'typescript');
    synthesizeTypeScriptApp(typescriptOutput);
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
    expectTypeScriptManifests(output, typescriptOutput);
  }, STEP_TIMEOUT_MS);

  test(`a bad input throws ${JAVA_EXCEPTION} with the library's message, field path first, and never the password`, () => {
    // The calls test/jsii/java/BadInputs.java makes, in the same order.
    const typescript = badInputMessages();

    const source = join(__dirname, 'java', 'BadInputs.java');
    const result = maven(['exec:exec', `-Dexec.args=-classpath %classpath ${source}`], { PROXY_PASSWORD: PASSWORD, BAD_PROXY_URL: PROXY_URL_WITH_PASSWORD });
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
