import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { badInputMessages, checkPrepared, expectTypeScriptManifests, PASSWORD, ROOT, run, STEP_TIMEOUT_MS, synthesizeTypeScriptApp } from './app-support';
import { credentialForms } from '../support/fixtures/credential-leaks';

/**
 * examples/go as a Go user builds it: `go build` of a module whose go.mod pins the jsii runtime and
 * constructs (from the Go module proxy, with go.sum), takes cdk8s and cdk8s-plus-33 as the Go
 * modules jsii-pacmak generates from their npm packages, and this library as the module this
 * repository builds (dist/go). It must write the YAML of examples/capi-cluster/main.ts byte for
 * byte, and a bad input must reach Go as a panic with the library's error, field path first.
 *
 * No network here (scripts/loopback-only.sh): the modules come from the cache that
 * `scripts/jsii/go.sh prepare` filled beforehand and linked as examples/go/.cache.
 */

const EXAMPLE = join(ROOT, 'examples', 'go');
const CACHE = join(EXAMPLE, '.cache');
const MODULE = join(ROOT, 'dist', 'go', 'clusterproxyconstructs', 'go.mod');

/** Go with the cache's modules and build cache only: nothing fetched, go.mod and go.sum as committed. */
const GO_ENVIRONMENT = {
  GOPATH: join(CACHE, 'gopath'),
  GOMODCACHE: join(CACHE, 'gopath', 'pkg', 'mod'),
  GOCACHE: join(CACHE, 'gocache'),
  GOTOOLCHAIN: 'local',
  GOPROXY: 'off',
  GOFLAGS: '-mod=readonly',
};

describe('examples/go, built with go build from the module this repository builds', () => {
  let work: string;
  let program: string;
  let typescriptOutput: string;

  beforeAll(() => {
    checkPrepared('go', MODULE, CACHE);
    work = mkdtempSync(join(tmpdir(), 'go-app-'));
    typescriptOutput = join(work, 'typescript');
    synthesizeTypeScriptApp(typescriptOutput);
    program = join(work, 'capi-cluster');
    run('go', ['build', '-o', program, '.'], EXAMPLE, GO_ENVIRONMENT);
  }, 4 * STEP_TIMEOUT_MS);

  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('the app writes the YAML of the TypeScript app, byte for byte: both clusters and both injected workloads', () => {
    const output = join(work, 'go');
    run(program, [], EXAMPLE, { PROXY_PASSWORD: PASSWORD, CDK8S_OUTDIR: output });
    expectTypeScriptManifests(output, typescriptOutput);
  }, STEP_TIMEOUT_MS);

  test('a bad input panics with an error holding the library\'s message, field path first, and never the password', () => {
    // The inputs of bad_input_test.go, in the same order.
    const typescript = badInputMessages();

    // The Go test fails unless each input panics with an error; it prints each error's message as a JSON line.
    const result = spawnSync('go', ['test', '-count=1', '-v', '-run', '^TestBadInputPanicsWithTheLibraryError$', '.'],
      { cwd: EXAMPLE, encoding: 'utf8', timeout: STEP_TIMEOUT_MS, env: { ...process.env, ...GO_ENVIRONMENT, PROXY_PASSWORD: PASSWORD } });
    const text = `${result.stdout}${result.stderr}`;
    if (result.error || result.status !== 0) {
      throw new Error(`go test failed: ${result.error ?? `status ${result.status}`}\n${text}`);
    }
    const panicked = result.stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => (JSON.parse(line) as { message: string }).message);
    expect(panicked).toEqual(typescript);
    expect(credentialForms(PASSWORD).filter((form) => text.includes(form))).toEqual([]);
  }, STEP_TIMEOUT_MS);
});
