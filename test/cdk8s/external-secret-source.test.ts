/**
 * Credentials from External Secrets Operator: every construct synthesized with
 * `CredentialSource.externalSecret(...)` holds no credential and no Secret with credentials; each
 * Secret it would have written is an ExternalSecret (valid against the CRD) whose templates, rendered
 * by Go text/template with Sprig as the operator renders them, give byte for byte the data the
 * literal source writes for the same hostile credentials. Everything else is identical.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Yaml } from 'cdk8s';
import { proxyWith, synthWith as synth } from './credential-source-fixtures';
import { EVERY_CONSTRUCT } from './every-construct';
import { CredentialSource } from '../../src/core/credentials/credential-source';
import { expectValidObjects } from '../support/schemas';

const ROOT = join(__dirname, '..', '..');
const HOSTILE = [
  { username: 'CORP\\svc k8s', password: 'p@ss:w/rd %41 "q" \'s\' $(x) `y` {{z}} #? & ! ~ + ü 🔑' },
  { username: 'plain', password: 'x' },
];

const SOURCE = CredentialSource.externalSecret({
  storeName: 'vault',
  username: { key: 'infra/proxy', property: 'username' },
  password: { key: 'infra/proxy', property: 'password' },
});

/** ExternalSecret templates rendered by Go text/template + Sprig with `data`, as the operator does. */
type TemplateCase = { templates: { [key: string]: string }; data: { [key: string]: string } };
function renderWithGo(cases: TemplateCase[]): Array<{ rendered?: any; error?: string }> {
  const build = spawnSync('bash', [join(ROOT, 'conformance', 'esotemplate', 'build.sh')], { encoding: 'utf8', timeout: 240_000 });
  if (build.status !== 0) {
    throw new Error(`building the template renderer failed: ${build.stderr}`);
  }
  const run = spawnSync(join(ROOT, 'conformance', '.cache', 'bin', 'go-eso-template'), { input: JSON.stringify({ cases }), encoding: 'utf8', timeout: 60_000 });
  if (run.status !== 0) {
    throw new Error(`the template renderer failed: ${run.stderr}`);
  }
  return JSON.parse(run.stdout).cases;
}

const identity = (manifest: any) => `${manifest.metadata.namespace ?? ''}/${manifest.metadata.name}`;

describe.each(EVERY_CONSTRUCT.filter(([name]) => !name.startsWith('InClusterForwardProxy')))('%s with credentials from External Secrets', (_, build) => {
  let external: any[];
  beforeAll(() => {
    external = synth(build, { credentialSource: SOURCE });
  });

  test('no Secret carries credentials, nothing holds a stand-in, every object validates', () => {
    const text = Yaml.stringify(...external);
    expect(text).not.toMatch(/cpx(user|password)marker/);
    // admission policies are validated with their own models (test/core/workloads)
    expectValidObjects(external.filter((m) => !m.apiVersion.startsWith('admissionregistration.k8s.io/')));
  });

  test.each(HOSTILE)('the operator\'s rendering equals the literal Secrets byte for byte (user %j)', (credentials) => {
    const literal = synth(build, credentials);
    const literalSecrets = new Map(literal.filter((m) => m.kind === 'Secret').map((m) => [identity(m), m]));
    const externalSecrets = external.filter((m) => m.kind === 'ExternalSecret');
    const plainSecrets = external.filter((m) => m.kind === 'Secret');
    // every literal Secret is either still a Secret (no credentials in it) or an ExternalSecret
    expect(new Set([...externalSecrets, ...plainSecrets].map(identity))).toEqual(new Set(literalSecrets.keys()));
    const rendered = renderWithGo(externalSecrets.map((es) => ({ templates: es.spec.target.template.data, data: credentials })));
    externalSecrets.forEach((es, index) => {
      const secret = literalSecrets.get(identity(es));
      expect(rendered[index].error).toBeUndefined();
      expect(rendered[index].rendered).toEqual(secret.stringData);
      expect(es.spec.target.name).toBe(secret.metadata.name);
      expect(es.spec.target.template.metadata?.labels).toEqual(secret.metadata.labels);
      expect(es.spec.target.template.type).toBe(secret.type);
    });
    // everything that is not a Secret is the same object with either source
    const others = (manifests: any[]) => Yaml.stringify(...manifests.filter((m) => m.kind !== 'Secret' && m.kind !== 'ExternalSecret'));
    expect(others(external)).toBe(others(literal));
  });
});

test('the grep proof: with External Secrets no rendering of either credential appears anywhere', () => {
  const [credentials] = HOSTILE;
  const text = EVERY_CONSTRUCT.filter(([name]) => !name.startsWith('InClusterForwardProxy'))
    .map(([, build]) => Yaml.stringify(...synth(build, { credentialSource: SOURCE }))).join('\n');
  for (const secret of [credentials.password, credentials.username]) {
    for (const form of [secret, encodeURIComponent(secret), Buffer.from(secret).toString('base64'), JSON.stringify(secret).slice(1, -1)]) {
      expect(text).not.toContain(form);
    }
  }
  expect(text).toContain('kind: ExternalSecret');
});

describe('CredentialSource.externalSecret: bad input', () => {
  test.each([
    ['username given too', () => proxyWith({ credentialSource: SOURCE, username: 'x', password: 'y' }), /^username: must not be set with credentialSource ExternalSecret\(ClusterSecretStore\/vault\)/],
    ['no store name', () => CredentialSource.externalSecret({ username: { key: 'a' }, password: { key: 'b' } } as any), /^credentialSource\.storeName: must be a DNS-1123 subdomain/],
    ['a bad store kind', () => CredentialSource.externalSecret({ storeName: 'v', storeKind: 'Vault', username: { key: 'a' }, password: { key: 'b' } }), /^credentialSource\.storeKind: must be one of/],
    ['a remote key missing', () => CredentialSource.externalSecret({ storeName: 'v', username: {} as any, password: { key: 'b' } }), /^credentialSource\.username\.key: is required/],
    ['an unknown field', () => CredentialSource.externalSecret({ storeName: 'v', username: { key: 'a' }, password: { key: 'b' }, refresh: '1h' } as any), /^credentialSource\.refresh: is not an External Secrets setting/],
    ['a bad refresh interval', () => CredentialSource.externalSecret({ storeName: 'v', username: { key: 'a' }, password: { key: 'b' }, refreshInterval: 'hourly' }), /^credentialSource\.refreshInterval: must be a Go duration/],
    ['not a CredentialSource', () => proxyWith({ credentialSource: { kind: 'externalSecret' } as any }), /^credentialSource: must be a CredentialSource/],
  ])('%s', (_, fn, message) => {
    expect(fn).toThrow(message);
  });

  test('the settings say where the credentials are, never what they are', () => {
    const settings = proxyWith({ credentialSource: SOURCE }).settings;
    expect(settings.hasCredentials).toBe(true);
    expect(settings.toString()).toContain('credentials=ExternalSecret(ClusterSecretStore/vault)');
    expect(JSON.stringify(settings)).not.toMatch(/marker/);
  });
});
