import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { expectValidObjects } from '../support/schemas';

/**
 * Every cdk8s example app (`examples/<name>/cdk8s.yaml`, picked up automatically) goes through the
 * real cdk8s CLI exactly as a user runs it: `npx cdk8s synth` in its directory. The examples
 * import the package by its published name, resolved through package.json `exports` to the
 * compiled lib/, so lib/ is built first. Every YAML document synthesized must validate against
 * the CRD and Kubernetes schemas.
 */

const ROOT = resolve(__dirname, '..', '..');
const EXAMPLES = join(ROOT, 'examples');
/** Each step gets this long at most; tsc over the whole project and a ts-node type check fit well within it. */
const STEP_TIMEOUT_MS = 240_000;

const exampleApps = readdirSync(EXAMPLES, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(EXAMPLES, entry.name, 'cdk8s.yaml')))
  .map((entry) => entry.name)
  .sort();

/** Run a command, failing with its output when it does not succeed. */
function run(command: string, args: readonly string[], cwd: string, env: Record<string, string> = {}): void {
  const result = spawnSync(command, args, { cwd, encoding: 'utf8', timeout: STEP_TIMEOUT_MS, env: { ...process.env, FORCE_COLOR: '0', ...env } });
  if (result.error || result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} (in ${cwd}) failed: ${result.error ?? `status ${result.status}`}\n${result.stdout}${result.stderr}`);
  }
}

describe('cdk8s example apps', () => {
  beforeAll(() => {
    run('npx', ['tsc', '--build'], ROOT);
  }, STEP_TIMEOUT_MS);

  test('there are example apps to synthesize', () => {
    expect(exampleApps.length).toBeGreaterThan(0);
  });

  test.each(exampleApps)('examples/%s: `cdk8s synth` produces manifests that all validate', (name) => {
    const output = mkdtempSync(join(tmpdir(), `cdk8s-synth-${name}-`));
    try {
      // --check-upgrade false: the CLI would otherwise ask the npm registry for a newer version.
      run('npx', ['cdk8s', 'synth', '--check-upgrade', 'false', '--output', output], join(EXAMPLES, name));
      const files = readdirSync(output).filter((file) => file.endsWith('.yaml')).sort();
      expect(files.length).toBeGreaterThan(0);
      const manifests = files.flatMap((file) => parseAllDocuments(readFileSync(join(output, file), 'utf8')).map((document) => {
        if (document.errors.length > 0) {
          throw new Error(`${file}: ${document.errors.map(String).join('; ')}`);
        }
        return document.toJSON();
      })).filter((manifest) => manifest !== null);
      expect(manifests.length).toBeGreaterThan(0);
      expectValidObjects(manifests);
    } finally {
      rmSync(output, { recursive: true, force: true });
    }
  }, STEP_TIMEOUT_MS);

  test('examples/credential-sources: no chart holds the password in any encoding; the render-secret and sealed charts say where it is', () => {
    const password = 'Ex4mple:p@ss/w%rd "q" ü';
    const output = mkdtempSync(join(tmpdir(), 'cdk8s-synth-credential-sources-'));
    try {
      run('npx', ['cdk8s', 'synth', '--check-upgrade', 'false', '--output', output], join(EXAMPLES, 'credential-sources'),
        { PROXY_PASSWORD: password, SEALING_REUSE_KEY: 'example-reuse-key-0123456789abcdef0123' });
      const text = (file: string) => readFileSync(join(output, file), 'utf8');
      const all = readdirSync(output).map(text).join('\n');
      for (const form of [password, encodeURIComponent(password), encodeURIComponent(password).replace(/%/g, '%%'), Buffer.from(password).toString('base64')]) {
        expect(all).not.toContain(form);
      }
      expect(text('existing-secret.k8s.yaml')).toContain('cluster-proxy-constructs/secret-template');
      expect(text('external-secret.k8s.yaml')).toContain('kind: ExternalSecret');
      expect(text('sealed-secret.k8s.yaml')).toContain('kind: SealedSecret');
      expect(all).not.toMatch(/^kind: Secret$/m);
    } finally {
      rmSync(output, { recursive: true, force: true });
    }
  }, STEP_TIMEOUT_MS);
});
