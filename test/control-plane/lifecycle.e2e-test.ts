/**
 * Day-2 lifecycles replayed against the API server with a GitOps applier (server-side apply under
 * one field manager, ApplySet pruning). Each step must apply cleanly, change exactly the objects
 * the table below says (docs/cluster-api.md shows the same table), keep every field another manager owns,
 * and leave nothing behind that the revision no longer holds.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiObject, Testing } from 'cdk8s';
import { BASE_SETTINGS, NETWORK, platformApp, pool, previousReleaseApp, ROTATED_PASSWORD, sealingCertificate } from './lifecycle-fixtures';
import { documentedTable, STEPS, TableRow, tableRow } from './lifecycle-table';
import * as cdk8s from '../../src/cdk8s';
import { Migration } from '../../src/core/api/migration';
import { CapiVersion } from '../../src/core/capi/capi-version';
import { ClassVariableShape } from '../../src/core/clusterclass/variable-shapes';
import { CredentialSource } from '../../src/core/credentials/credential-source';
import { ClusterProxyConfig } from '../../src/core/definition/cluster-proxy-config';
import { ClusterNetwork } from '../../src/core/definition/network';
import { ProxySettings, ProxySettingsProps } from '../../src/core/definition/proxy-settings';
import { ImportSource } from '../../src/core/import/imported-proxy';
import { OsFamily } from '../../src/core/node-files/os-family';
import { manifestsText } from '../support/control-plane/apply';
import { ControlPlane, startControlPlane } from '../support/control-plane/control-plane';
import { GitOpsApplier } from '../support/control-plane/gitops';
import { classFixture } from '../support/fixtures/cluster-class';
import { REPO_ROOT } from '../support/module-loading';

const expectedRow = (step: string): TableRow => STEPS.find(([name]) => name === step)![2];

let controlPlane: ControlPlane;
beforeAll(async () => {
  controlPlane = await startControlPlane();
}, 180_000);
afterAll(() => controlPlane?.stop());

const OPS_ANNOTATION = 'ops.example.com/owner';

/** A field another manager (an operator, a person with kubectl) owns on an object of the app. */
function ownAsOps(resource: string, namespace: string): void {
  controlPlane.kubectl(['annotate', resource, '-n', namespace, '--field-manager=ops', `${OPS_ANNOTATION}=platform-oncall`, '--overwrite']);
}

function opsAnnotation(resource: string, namespace: string): string | undefined {
  const [type, name] = resource.split('/');
  return controlPlane.get(type, name, namespace)?.metadata.annotations?.[OPS_ANNOTATION];
}

/** Apply a revision and expect the step's row of the table. */
function expectStep(applier: GitOpsApplier, step: string, manifests: readonly any[]): void {
  expect(tableRow(applier.apply(manifests))).toEqual(expectedRow(step));
}

describe('the platform app, from the previous release through its day-2 changes', () => {
  let applier: GitOpsApplier;
  const OPS_OWNED = [
    'clusters.v1beta2.cluster.x-k8s.io/demo',
    'kubeadmcontrolplanes.v1beta2.controlplane.cluster.x-k8s.io/demo-control-plane',
    'machinedeployments.v1beta2.cluster.x-k8s.io/demo-md-0',
  ];
  const rotated: ProxySettingsProps = { ...BASE_SETTINGS, password: ROTATED_PASSWORD };
  const revised: ProxySettingsProps = { ...rotated, credentialsRevision: '2' };
  const moved: ProxySettingsProps = { ...revised, httpsProxy: 'http://proxy.corp.example:3129' };
  const widened: ProxySettingsProps = { ...moved, noProxy: [...BASE_SETTINGS.noProxy!, '.internal.example'] };
  const withoutCredentials: ProxySettingsProps = { ...widened, username: undefined, password: undefined };

  beforeAll(() => {
    applier = new GitOpsApplier(controlPlane, { name: 'platform' });
  });

  test('first apply, by the previous release: everything is created', () => {
    expectStep(applier, 'first apply', previousReleaseApp(BASE_SETTINGS));
    OPS_OWNED.forEach((resource) => ownAsOps(resource, 'clusters'));
  });

  test('(g) the same definition, upgraded to this release', () => {
    expectStep(applier, '(g) upgrade', platformApp(BASE_SETTINGS));
  });

  test('(a) a new password alone changes Secret data only, in place', () => {
    expectStep(applier, '(a) password', platformApp(rotated));
  });

  test('(b) a credentials revision bump renames the node-proxy Secret and the worker template', () => {
    expectStep(applier, '(b) credentialsRevision', platformApp(revised));
  });

  test('(c) a new proxy URL', () => {
    expectStep(applier, '(c) proxy URL', platformApp(moved));
  });

  test('(d) a noProxy change', () => {
    expectStep(applier, '(d) noProxy', platformApp(widened));
  });

  test('(e) a worker pool added, then removed', () => {
    expectStep(applier, '(e) pool added', platformApp(widened, [pool('md-0'), pool('md-1')]));
    expectStep(applier, '(e) pool removed', platformApp(widened, [pool('md-0')]));
  });

  test('(f) the credential source switched: literal, External Secrets, Sealed Secrets, existing Secret', () => {
    expectStep(applier, '(f) External Secrets', platformApp({
      ...withoutCredentials,
      credentialSource: CredentialSource.externalSecret({ storeName: 'vault', username: { key: 'proxy', property: 'username' }, password: { key: 'proxy', property: 'password' } }),
    }));
    expectStep(applier, '(f) Sealed Secrets', platformApp({ ...widened, credentialSource: CredentialSource.sealedSecret({ certificatePem: sealingCertificate() }) }));
    const existing = platformApp({ ...withoutCredentials, credentialSource: CredentialSource.existingSecret() });
    expectStep(applier, '(f) existing Secret', existing);
    // the pipeline renders the Secrets from the templates and writes them under its own manager
    controlPlane.kubectl(['apply', '--server-side', '--field-manager=pipeline', '-f', '-'], { input: renderSecrets(existing, BASE_SETTINGS.username!, ROTATED_PASSWORD) });
    expectStep(applier, '(f) existing Secret, again', existing);
    expect(controlPlane.get('secret', 'cluster-proxy-env', 'cluster-proxy-system')).toBeDefined();
  });

  test('every field another manager owns survived every step', () => {
    for (const resource of OPS_OWNED) {
      expect(opsAnnotation(resource, 'clusters')).toBe('platform-oncall');
    }
  });
});

/** `cluster-proxy render-secret` over the manifests, as the pipeline runs it (credentials on stdin). */
function renderSecrets(manifests: readonly any[], username: string, password: string): string {
  const directory = mkdtempSync('/tmp/render-secret-');
  try {
    const file = join(directory, 'app.k8s.yaml');
    writeFileSync(file, manifestsText(manifests));
    const run = spawnSync(process.execPath, ['-r', 'ts-node/register/transpile-only', join(REPO_ROOT, 'src', 'cli', 'main.ts'), 'render-secret', file], {
      cwd: REPO_ROOT, input: `${username}\n${password}\n`, encoding: 'utf8', timeout: 120_000,
    });
    if (run.status !== 0) {
      throw new Error(`render-secret failed: ${run.stderr}`);
    }
    return run.stdout;
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

describe('(h) adopting an existing cluster: the repository held it without the library, the next revision adds the proxy', () => {
  const ref = (apiGroup: string, kind: string, name: string) => ({ apiGroup, kind, name });
  /** A cluster as a team wrote it, without the proxy. */
  const existingCluster = (name: string): any[] => [
    {
      apiVersion: 'cluster.x-k8s.io/v1beta2',
      kind: 'Cluster',
      metadata: { name, namespace: 'legacy' },
      spec: {
        clusterNetwork: { pods: { cidrBlocks: ['192.168.0.0/16'] }, services: { cidrBlocks: ['172.20.0.0/16'] } },
        controlPlaneRef: ref('controlplane.cluster.x-k8s.io', 'KubeadmControlPlane', `${name}-control-plane`),
        infrastructureRef: ref('infrastructure.cluster.x-k8s.io', 'DockerCluster', name),
      },
    },
    {
      apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
      kind: 'KubeadmControlPlane',
      metadata: { name: `${name}-control-plane`, namespace: 'legacy' },
      spec: {
        version: 'v1.31.2',
        replicas: 3,
        machineTemplate: { spec: { infrastructureRef: ref('infrastructure.cluster.x-k8s.io', 'DockerMachineTemplate', `${name}-cp`) } },
        kubeadmConfigSpec: { preKubeadmCommands: ['echo hello'], clusterConfiguration: { apiServer: { certSANs: ['api.legacy.corp.example'] } } },
      },
    },
    {
      apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta2',
      kind: 'KubeadmConfigTemplate',
      metadata: { name: `${name}-md-0`, namespace: 'legacy' },
      spec: { template: { spec: { joinConfiguration: { nodeRegistration: { kubeletExtraArgs: [{ name: 'max-pods', value: '110' }] } } } } },
    },
    {
      apiVersion: 'cluster.x-k8s.io/v1beta2',
      kind: 'MachineDeployment',
      metadata: { name: `${name}-md-0`, namespace: 'legacy' },
      spec: {
        clusterName: name,
        replicas: 2,
        selector: { matchLabels: {} },
        template: {
          spec: {
            clusterName: name,
            version: 'v1.31.2',
            bootstrap: { configRef: ref('bootstrap.cluster.x-k8s.io', 'KubeadmConfigTemplate', `${name}-md-0`) },
            infrastructureRef: ref('infrastructure.cluster.x-k8s.io', 'DockerMachineTemplate', `${name}-md-0`),
          },
        },
      },
    },
  ];

  /** The team's objects with the proxy added by `addProxyToKubeadmObjects`. */
  function adopted(name: string, proxy: ClusterProxyConfig): any[] {
    const chart = Testing.chart();
    existingCluster(name).forEach((manifest, index) => new ApiObject(chart, `Object${index}`, manifest));
    cdk8s.addProxyToKubeadmObjects(chart, { proxy, clusterName: name, namespace: 'legacy', osFamily: OsFamily.UBUNTU });
    return Testing.synth(chart);
  }

  test('addProxyToKubeadmObjects', () => {
    const applier = new GitOpsApplier(controlPlane, { name: 'legacy' });
    applier.apply(existingCluster('legacy'));
    const controlPlaneResource = 'kubeadmcontrolplanes.v1beta2.controlplane.cluster.x-k8s.io/legacy-control-plane';
    ownAsOps(controlPlaneResource, 'legacy');
    const proxy = new ClusterProxyConfig(new ProxySettings(BASE_SETTINGS), new ClusterNetwork(NETWORK));
    expectStep(applier, '(h) addProxyToKubeadmObjects', adopted('legacy', proxy));
    expect(opsAnnotation(controlPlaneResource, 'legacy')).toBe('platform-oncall');
    // the team's own settings are kept beside the proxy's
    const live = controlPlane.get(controlPlaneResource.split('/')[0], 'legacy-control-plane', 'legacy');
    expect(live.spec.kubeadmConfigSpec.preKubeadmCommands).toContain('echo hello');
    expect(live.spec.kubeadmConfigSpec.clusterConfiguration.apiServer.certSANs).toEqual(['api.legacy.corp.example']);
  });

  test('an imported definition', () => {
    const applier = new GitOpsApplier(controlPlane, { name: 'imported' });
    applier.apply(existingCluster('imported'));
    const imported = Migration.importProxy(ImportSource.TKG, readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'import', 'tkg-cluster-config.yaml'), 'utf8')).imported;
    const proxy = new ClusterProxyConfig(new ProxySettings(imported.settings), new ClusterNetwork({ ...NETWORK, ...imported.network }));
    expectStep(applier, '(h) imported definition', adopted('imported', proxy));
  });

  test('addProxyToTopologyCluster keeps what the Cluster\'s TKG proxy variable held', () => {
    const fixture = classFixture(CapiVersion.V1BETA2);
    const tkgProxy = { httpProxy: 'http://proxy.corp.example:3128', httpsProxy: 'http://proxy.corp.example:3128', noProxy: ['10.20.0.0/16', 'vcenter.corp.example'], systemWide: true };
    const existing = {
      apiVersion: 'cluster.x-k8s.io/v1beta2',
      kind: 'Cluster',
      metadata: { name: 'tkg', namespace: 'clusters' },
      spec: {
        clusterNetwork: { pods: { cidrBlocks: ['192.168.0.0/16'] }, services: { cidrBlocks: ['172.20.0.0/16'] } },
        topology: { classRef: { name: 'proxied' }, version: 'v1.31.2', variables: [{ name: 'proxy', value: tkgProxy }] },
      },
    };
    const applier = new GitOpsApplier(controlPlane, { name: 'topology' });
    applier.apply([existing]);
    const chart = Testing.chart();
    const patches = new cdk8s.ClusterClassProxyPatches(chart, 'Proxy', {
      settings: new ProxySettings({ httpProxy: tkgProxy.httpProxy, httpsProxy: tkgProxy.httpsProxy, noProxy: ['.corp.example'] }),
      osFamily: OsFamily.UBUNTU,
      variableShape: ClassVariableShape.TKG,
      clusterClass: new ApiObject(chart, 'Class', fixture.clusterClass as never),
      templates: fixture.templates,
    });
    new cdk8s.TopologyClusterProxy(chart, 'Tkg', { classProxy: patches.classProxy, cluster: new ApiObject(chart, 'Cluster', structuredClone(existing)) });
    expectStep(applier, '(h) addProxyToTopologyCluster', Testing.synth(chart).filter((manifest) => manifest.kind === 'Cluster'));
    const variable = controlPlane.get('clusters.v1beta2.cluster.x-k8s.io', 'tkg', 'clusters').spec.topology.variables.find((v: any) => v.name === 'proxy');
    expect(variable.value).toEqual(tkgProxy);
  });
});

test('the Cluster API guide shows this table', () => {
  const guide = readFileSync(join(REPO_ROOT, 'docs', 'cluster-api.md'), 'utf8');
  const table = documentedTable();
  if (!guide.includes(table)) {
    throw new Error(`docs/cluster-api.md's lifecycle table is not the one the suite checks; put this there:\n${table}`);
  }
});
