/**
 * Credentials in Secrets the user's pipeline writes: every construct synthesized with
 * `CredentialSource.existingSecret()` holds no credential in any encoding; each Secret the literal
 * source would write is a credential-free ConfigMap describing it (valid as a ConfigMap), and
 * `cluster-proxy render-secret` (the real process, credentials on stdin) prints from the synthesized
 * files exactly the literal source's Secrets, byte for byte, for hostile credentials.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Yaml } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import { proxyWith, synthWith as synth } from './credential-source-fixtures';
import { EVERY_CONSTRUCT } from './every-construct';
import { runRenderSecretCommand } from '../../src/cli/render-secret';
import { CredentialSource } from '../../src/core/credentials/credential-source';
import { SECRET_TEMPLATE_LABEL } from '../../src/core/credentials/secret-template';
import { expectValidObjects } from '../support/schemas';

const ROOT = join(__dirname, '..', '..');
const HOSTILE = [
  { username: 'CORP\\svc k8s', password: 'p@ss:w/rd %41 "q" \'s\' $(x) `y` {{z}} }} #? & ! ~ + ü 🔑' },
  { username: 'plain', password: 'x' },
];
const SOURCE = CredentialSource.existingSecret();
const CASES = EVERY_CONSTRUCT.filter(([name]) => !name.startsWith('InClusterForwardProxy'));

/** `cluster-proxy render-secret FILE` as a real process, the credentials on stdin. */
function renderSecretProcess(manifests: any[], credentials: { username: string; password: string }) {
  const dir = mkdtempSync(join(tmpdir(), 'render-secret-'));
  try {
    const file = join(dir, 'dist.k8s.yaml');
    writeFileSync(file, Yaml.stringify(...manifests));
    return spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', join(ROOT, 'src', 'cli', 'main.ts'), 'render-secret', file], {
      input: `${credentials.username}\n${credentials.password}\n`, encoding: 'utf8', cwd: ROOT, timeout: 60_000,
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const identity = (manifest: any) => `${manifest.metadata.namespace ?? ''}/${manifest.metadata.name}`;
const isTemplate = (manifest: any) => manifest.kind === 'ConfigMap' && manifest.metadata.labels?.[SECRET_TEMPLATE_LABEL] !== undefined;

describe.each(CASES)('%s with credentials in existing Secrets', (_, build) => {
  let existing: any[];
  beforeAll(() => {
    existing = synth(build, { credentialSource: SOURCE });
  });

  test('no Secret carries credentials, nothing holds a stand-in, every object validates', () => {
    expect(Yaml.stringify(...existing)).not.toMatch(/cpx(user|password)marker/);
    expectValidObjects(existing.filter((m) => !m.apiVersion.startsWith('admissionregistration.k8s.io/')));
  });

  test('everything but the credential Secrets is the literal source\'s output', () => {
    const literal = synth(build, HOSTILE[0]);
    const literalSecrets = literal.filter((m) => m.kind === 'Secret');
    const templates = existing.filter(isTemplate);
    const plainSecrets = existing.filter((m) => m.kind === 'Secret');
    expect(new Set([...templates.map((t) => identity(t).replace(/\.secret-template$/, '')), ...plainSecrets.map(identity)]))
      .toEqual(new Set(literalSecrets.map(identity)));
    const others = (manifests: any[]) => Yaml.stringify(...manifests.filter((m) => m.kind !== 'Secret' && !isTemplate(m)));
    expect(others(existing)).toBe(others(literal));
  });
});

describe('cluster-proxy render-secret prints the literal source\'s Secrets byte for byte', () => {
  test.each(HOSTILE)('as a process, for every construct together (user %j)', (credentials) => {
    const existing = CASES.flatMap(([, build]) => synth(build, { credentialSource: SOURCE }));
    const literal = CASES.flatMap(([, build]) => synth(build, credentials));
    const result = renderSecretProcess(existing, credentials);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
    const printed = parseAllDocuments(result.stdout).map((document) => document.toJS());
    const literalSecrets = new Map(literal.filter((m) => m.kind === 'Secret').map((m) => [identity(m), m]));
    const credentialSecrets = printed.map((secret) => literalSecrets.get(identity(secret)));
    // every credential Secret of the literal output, each once (shared ones are emitted by several charts)
    expect(printed.length).toBe(new Set(existing.filter(isTemplate).map(identity)).size);
    expect(printed).toEqual(credentialSecrets);
    // and the same text as cdk8s writes those Secrets into dist/ with the literal source
    expect(result.stdout).toBe(Yaml.stringify(...credentialSecrets));
  });

  test('the grep proof: no rendering of either credential appears in any synthesized object', () => {
    const [credentials] = HOSTILE;
    const text = CASES.map(([, build]) => Yaml.stringify(...synth(build, { credentialSource: SOURCE }))).join('\n');
    for (const secret of [credentials.password, credentials.username, 'p@ss', 'svc k8s']) {
      for (const form of [secret, encodeURIComponent(secret), encodeURIComponent(secret).replace(/%/g, '%%'),
        Buffer.from(secret).toString('base64'), JSON.stringify(secret).slice(1, -1)]) {
        expect(text).not.toContain(form);
      }
    }
    expect(text).toContain(SECRET_TEMPLATE_LABEL);
  });
});

describe('cluster-proxy render-secret: bad input', () => {
  const files = { 'dist.yaml': Yaml.stringify(...synth(CASES[0][1], { credentialSource: SOURCE })), 'none.yaml': 'kind: ConfigMap\napiVersion: v1\nmetadata: {name: x}\n' };
  const run = (argv: string[], stdin: string) => runRenderSecretCommand(argv, { readFile: (path) => (files as any)[path], readStdin: () => stdin });

  test.each([
    ['no file', [], 'a\nb\n', /give the synthesized manifests as files/],
    ['manifests from stdin', ['-'], 'a\nb\n', /give the synthesized manifests as files/],
    ['credentials on the command line', ['dist.yaml', '--password', 'x'], 'a\nb\n', /Unknown option '--password'/],
    ['no template in the files', ['none.yaml'], 'a\nb\n', /no secret template/],
    ['one line on stdin', ['dist.yaml'], 'only-user\n', /stdin: must hold exactly two lines/],
    ['a control character in the password', ['dist.yaml'], 'user\nse\u0007cret\n', /^cluster-proxy render-secret: password: /],
  ])('%s', (_, argv, stdin, message) => {
    const result = run(argv as string[], stdin);
    expect(result.exitCode).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toContain('se\u0007cret');
  });

  test('a template the library did not write is refused, not half-rendered', () => {
    const tampered = files['dist.yaml'].replace('{{ .password | urlquery', '{{ .password | b64enc');
    const result = runRenderSecretCommand(['t.yaml'], { readFile: () => tampered, readStdin: () => 'u\np\n' });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/holds a template action this renderer does not know/);
  });

  test('the settings say where the credentials are, and refuse credentials given too', () => {
    expect(proxyWith({ credentialSource: SOURCE }).settings.toString()).toContain('credentials=existingSecret');
    expect(() => proxyWith({ credentialSource: SOURCE, username: 'u', password: 'p' })).toThrow(/^username: must not be set with credentialSource existingSecret/);
  });
});
