/**
 * Every output applied for real: each construct with each credential source, the cluster in every
 * compatibility profile, bootstrap format and Cluster API version, every cdk8s example app through
 * the cdk8s CLI, and both Pulumi example programs (their registered objects, under mocks), applied
 * server-side to the local kube-apiserver with strict field validation. The API server must accept
 * every object and keep every field as the library wrote it: a refused object, a pruned field or a
 * rewritten value fails.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as pulumi from '@pulumi/pulumi';
import { Chart, Testing } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import * as cdk8s from '../../src/cdk8s';
import { CapiVersion } from '../../src/core/capi/capi-version';
import { ProxiedClusterOptions } from '../../src/core/capi/proxied-cluster';
import { CredentialSource } from '../../src/core/credentials/credential-source';
import { ClusterProxyConfig } from '../../src/core/definition/cluster-proxy-config';
import { ProxySettings, ProxySettingsProps } from '../../src/core/definition/proxy-settings';
import { BootstrapFormat } from '../../src/core/node-files/bootstrap-format';
import { CompatibilityProfileName } from '../../src/core/node-files/compatibility-profile-name';
import { OsFamily } from '../../src/core/node-files/os-family';
import { proxyWith } from '../cdk8s/credential-source-fixtures';
import { EVERY_CONSTRUCT } from '../cdk8s/every-construct';
import { runProgram } from '../pulumi/example-program';
import { applyAndReadBack, manifestsText } from '../support/control-plane/apply';
import { controlPlanesByStorage } from '../support/control-plane/control-plane';
import { clusterOptions, infraRef, settingsProps } from '../support/fixtures/cluster';
import { REPO_ROOT } from '../support/module-loading';
import { installMocks, kubeObjectOf, recorded, resetRecorded, settle, stopCallbacks } from '../support/pulumi-mocks';
import { sealingKeyPair } from '../support/sealing-certificate';

/** Two management clusters: Cluster API 1.11 and later store v1beta2, 1.10 and earlier v1beta1. */
const planes = controlPlanesByStorage();

const isCapiV1beta1 = (manifest: any) => /\.?cluster\.x-k8s\.io\/v1beta1$/.test(manifest.apiVersion);

/** Apply, read back, expect every field kept. */
function expectAppliedAsWritten(manifests: readonly any[]): void {
  expect(manifests.length).toBeGreaterThan(0);
  const differences = [
    ...applyAndReadBack(planes.current, manifests.filter((manifest) => !isCapiV1beta1(manifest))).differences,
    ...applyAndReadBack(planes.earlier, manifests.filter(isCapiV1beta1)).differences,
  ];
  expect(differences).toEqual([]);
}

function synth(build: (chart: Chart) => void): any[] {
  const chart = Testing.chart();
  build(chart);
  return Testing.synth(chart);
}

const sealingCertificate = () => sealingKeyPair().certificate;

const CREDENTIALS = { username: 'CORP\\svc k8s', password: 'p@ss:w/rd %41 "q" $(x) {{z}} ü' };
const CREDENTIAL_SOURCES: Array<[string, () => Partial<ProxySettingsProps>]> = [
  ['literal', () => CREDENTIALS],
  ['External Secrets', () => ({ credentialSource: CredentialSource.externalSecret({ storeName: 'vault', username: { key: 'proxy', property: 'username' }, password: { key: 'proxy', property: 'password' } }) })],
  ['existing Secret', () => ({ credentialSource: CredentialSource.existingSecret() })],
  ['Sealed Secrets', () => ({ ...CREDENTIALS, credentialSource: CredentialSource.sealedSecret({ certificatePem: sealingCertificate() }) })],
];

/** Strict-scope sealing needs a namespace; these cases build objects without one. */
const NAMESPACELESS = new Set(['ProxiedKubeadmControlPlane and ProxiedKubeadmConfigTemplate', 'addProxyToKubeadmObjects']);

describe.each(CREDENTIAL_SOURCES)('credentials %s: every construct is applied as written', (source, props) => {
  const cases = EVERY_CONSTRUCT.filter(([name]) => !(source === 'Sealed Secrets' && NAMESPACELESS.has(name)));
  test.each(cases)('%s', (_, build) => {
    expectAppliedAsWritten(synth((chart) => build(chart, proxyWith(props()), 'basic-auth.pw')));
  });
});

describe('ProxiedCluster: every compatibility profile, bootstrap format and Cluster API version is applied as written', () => {
  const profiles: Array<CompatibilityProfileName | undefined> = [undefined, ...Object.values(CompatibilityProfileName)];
  const cases: Array<[string, Partial<ProxiedClusterOptions>, Partial<ProxySettingsProps>]> = [];
  for (const capiVersion of Object.values(CapiVersion)) {
    for (const profile of profiles) {
      cases.push([`${capiVersion}, profile ${profile ?? 'none'}`, { capiVersion, files: profile ? { profile } : undefined }, {}]);
      cases.push([`${capiVersion}, profile ${profile ?? 'none'}, without credentials`, { capiVersion, files: profile ? { profile } : undefined }, { username: undefined, password: undefined }]);
    }
    cases.push([`${capiVersion}, Ignition on Flatcar`, { capiVersion, bootstrapFormat: BootstrapFormat.IGNITION, osFamily: OsFamily.FLATCAR }, {}]);
    cases.push([`${capiVersion}, a credentials revision and a CA`, { capiVersion, osFamily: OsFamily.UBUNTU }, { credentialsRevision: '2026-11', trustedCaPem: readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'ca', 'test-root-ca-1.pem'), 'utf8') }]);
  }
  test.each(cases)('%s', (_, overrides, settings) => {
    const options = clusterOptions({ ...overrides, settings: new ProxySettings(settingsProps(settings)) });
    expectAppliedAsWritten(synth((chart) => new cdk8s.ProxiedCluster(chart, 'Demo', options)));
  });

  test('a control plane and a worker template of one cluster, in a namespace, with every credential source', () => {
    for (const [, props] of CREDENTIAL_SOURCES) {
      const proxy = new ClusterProxyConfig(proxyWith(props()).settings, proxyWith({}).network);
      expectAppliedAsWritten(synth((chart) => {
        const common = { proxy, clusterName: 'demo', namespace: 'clusters', osFamily: OsFamily.UBUNTU };
        new cdk8s.ProxiedKubeadmControlPlane(chart, 'Cp', { ...common, version: 'v1.31.2', machineTemplate: infraRef('DockerMachineTemplate', 'cp') });
        new cdk8s.ProxiedKubeadmConfigTemplate(chart, 'Workers', { ...common, name: 'demo-workers' });
        new cdk8s.ProxiedKubeadmConfigTemplate(chart, 'Gpu', { ...common, name: 'demo-gpu' });
      }));
    }
  });
});

describe('the cdk8s example apps, synthesized by the cdk8s CLI, are applied as written', () => {
  const examples = join(REPO_ROOT, 'examples');
  const apps = readdirSync(examples, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && readdirSync(join(examples, entry.name)).includes('cdk8s.yaml'))
    .map((entry) => entry.name).sort();

  beforeAll(() => {
    execFileSync('npx', ['tsc', '--build'], { cwd: REPO_ROOT, stdio: 'ignore' });
  }, 300_000);

  test.each(apps)('examples/%s', (name) => {
    const output = mkdtempSync(join('/tmp', `synth-${name}-`));
    try {
      const run = spawnSync('npx', ['cdk8s', 'synth', '--check-upgrade', 'false', '--output', output], {
        cwd: join(examples, name), encoding: 'utf8', timeout: 240_000, env: { ...process.env, PROXY_PASSWORD: CREDENTIALS.password, SEALING_REUSE_KEY: 'example-reuse-key-0123456789abcdef0123' },
      });
      expect(run.status).toBe(0);
      const charts = readdirSync(output).filter((file) => file.endsWith('.yaml')).sort();
      expect(charts.length).toBeGreaterThan(0);
      for (const chart of charts) {
        expectAppliedAsWritten(parseAllDocuments(readFileSync(join(output, chart), 'utf8')).map((document) => document.toJS()).filter(Boolean));
      }
    } finally {
      rmSync(output, { recursive: true, force: true });
    }
  }, 300_000);
});

describe('the Pulumi example programs: the objects they register are applied as written', () => {
  beforeAll(() => installMocks({ 'kubernetes:helm:template': () => ({ result: [] }) }));
  beforeEach(resetRecorded);
  afterAll(stopCallbacks);

  test.each(['pulumi', 'pulumi-credential-sources'])('examples/%s', async (name) => {
    pulumi.runtime.setAllConfig({
      'project:proxyPassword': CREDENTIALS.password,
      'project:workloadKubeconfig': 'apiVersion: v1\nkind: Config\n',
      'project:sealedSecretsCertificate': sealingCertificate(),
    }, ['project:proxyPassword', 'project:workloadKubeconfig']);
    process.env.PROXY_PASSWORD = CREDENTIALS.password;
    try {
      runProgram(resolve(REPO_ROOT, 'examples', name, 'index.ts'));
      await settle();
    } finally {
      delete process.env.PROXY_PASSWORD;
    }
    // Kubernetes objects only (a Helm chart is a component whose objects Helm renders)
    const objects = recorded.filter((resource) => resource.custom && /^kubernetes:[^:]+\/[^:/]+:[^:]+$/.test(resource.type) && !resource.type.startsWith('kubernetes:helm.sh/'))
      .map(kubeObjectOf);
    expectAppliedAsWritten(objects);
  }, 120_000);
});

describe('negative controls: what the API server refuses, and the library refuses first', () => {
  /** The control plane of a ProxiedCluster, as the library writes it. */
  const controlPlaneManifest = () => synth((chart) => new cdk8s.ProxiedCluster(chart, 'Demo', clusterOptions()))
    .find((manifest) => manifest.kind === 'KubeadmControlPlane');
  const refusal = (manifest: any) => {
    planes.current.ensureNamespaces([manifest.metadata.namespace]);
    const run = planes.current.kubectl(['apply', '--server-side', '--field-manager=negative-control', '-f', '-'], {
      input: manifestsText([manifest]), allowFailure: true,
    });
    expect(run.status).not.toBe(0);
    return run.stderr;
  };

  test('an unknown field (strict field validation)', () => {
    const manifest = controlPlaneManifest();
    manifest.spec.kubeadmConfigSpec.proxy = { http: 'http://proxy:3128' };
    expect(refusal(manifest)).toMatch(/\.spec\.kubeadmConfigSpec\.proxy: field not declared in schema/);
  });

  test('a v1beta1 argument map in a v1beta2 spec, which the library refuses at synth', () => {
    const manifest = controlPlaneManifest();
    manifest.spec.kubeadmConfigSpec.initConfiguration = { nodeRegistration: { kubeletExtraArgs: { 'max-pods': '110' } } };
    expect(refusal(manifest)).toMatch(/kubeletExtraArgs/);
    const controlPlane = { ...clusterOptions().controlPlane, kubeadmConfigSpec: { initConfiguration: { nodeRegistration: { kubeletExtraArgs: { 'max-pods': '110' } } } } };
    expect(() => synth((chart) => new cdk8s.ProxiedCluster(chart, 'Demo', clusterOptions({ controlPlane }))))
      .toThrow(/^controlPlane\.kubeadmConfigSpec\.initConfiguration\.nodeRegistration\.kubeletExtraArgs: must be a list of \{ name, value \}/);
  });

  test('an argument named twice: a CEL rule of the CRD (x-kubernetes-validations), which the library refuses at synth', () => {
    const twice = [{ name: 'max-pods', value: '110' }, { name: 'max-pods', value: '64' }];
    const manifest = controlPlaneManifest();
    manifest.spec.kubeadmConfigSpec.initConfiguration = { nodeRegistration: { kubeletExtraArgs: twice } };
    expect(refusal(manifest)).toMatch(/kubeletExtraArgs name must be unique/);
    const kubeadmConfigSpec = { initConfiguration: { nodeRegistration: { kubeletExtraArgs: twice } } };
    const controlPlane = { ...clusterOptions().controlPlane, kubeadmConfigSpec };
    expect(() => synth((chart) => new cdk8s.ProxiedCluster(chart, 'Demo', clusterOptions({ controlPlane }))))
      .toThrow(/kubeletExtraArgs\[1\]\.name: repeats an earlier argument/);
  });
});
