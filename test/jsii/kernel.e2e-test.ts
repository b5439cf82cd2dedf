import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { App, Chart } from 'cdk8s';
import { KernelClient, ObjRef } from './kernel-client';
import { readStagedAssembly, stagedAssemblyFile, STAGING as staging } from './staged-assembly';
import { capi, ClusterNetwork, ProxySettings } from '../../src';
import { ProxiedCluster } from '../../src/cdk8s';
import { Provider } from '../../src/core/primitives/providers';

/**
 * The library driven exactly as Python, Java, Go and .NET drive it: through `@jsii/runtime`'s
 * process protocol, with the assemblies of constructs, cdk8s and this library loaded from their npm
 * tarballs. The YAML must equal what the same program gives in TypeScript, byte for byte.
 */

const root = join(__dirname, '..', '..');
const pacmakVersion = (JSON.parse(readFileSync(require.resolve('jsii-pacmak/package.json'), 'utf8')) as { version: string }).version;
const runtimeScript = join(root, 'conformance', '.cache', 'jsii-runtime', pacmakVersion, 'package', 'webpack', 'bin', 'jsii-runtime.js');
const LIB = 'cluster-proxy-constructs';

const CA = readFileSync(join(root, 'examples', 'capi-cluster', 'corp-ca.pem'), 'utf8');
const infrastructure = 'infrastructure.cluster.x-k8s.io/v1beta1';
const settingsProps = {
  httpProxy: 'http://proxy.corp.example:3128',
  httpsProxy: 'http://proxy.corp.example:3128',
  username: 'svc-k8s',
  password: 'p@ss:w/rd %41 "q"',
  noProxy: ['.corp.example', '10.0.0.0/8'],
  trustedCaPem: CA,
};
const networkProps = {
  pods: ['192.168.0.0/16'],
  services: ['172.20.0.0/16'],
  controlPlaneEndpoint: 'api.demo.corp.example',
  providerEndpoints: ['vcenter.corp.example'],
};
const clusterProps = {
  name: 'demo',
  namespace: 'clusters',
  version: 'v1.31.2',
  infrastructureRef: { apiVersion: infrastructure, kind: 'VSphereCluster', name: 'demo' },
  controlPlane: { replicas: 3, machineTemplate: { apiVersion: infrastructure, kind: 'VSphereMachineTemplate', name: 'demo-control-plane' } },
  workerPools: [{ name: 'md-0', replicas: 3, machineTemplate: { apiVersion: infrastructure, kind: 'VSphereMachineTemplate', name: 'demo-md-0' } }],
};

function typescriptYaml(): string {
  const app = new App();
  const settings = new ProxySettings(settingsProps);
  const network = new ClusterNetwork({ ...networkProps, provider: Provider.VSPHERE });
  new ProxiedCluster(new Chart(app, 'demo'), 'Demo', { ...clusterProps, settings, network, osFamily: capi.OsFamily.UBUNTU });
  return app.synthYaml();
}

function pack(dir: string, destination: string): string {
  const output = execFileSync('npm', ['pack', dir, '--pack-destination', destination, '--json', '--silent'], { encoding: 'utf8' });
  return join(destination, (JSON.parse(output) as Array<{ filename: string }>)[0].filename);
}

function readAssembly(dir: string): { version: string; dependencies?: Record<string, string> } {
  return JSON.parse(readFileSync(join(dir, '.jsii'), 'utf8')) as { version: string; dependencies?: Record<string, string> };
}

function assemblyVersion(dir: string): string {
  return readAssembly(dir).version;
}

describe('the jsii kernel (how other languages call the library)', () => {
  let work: string;
  let kernel: KernelClient;
  let greeting: string;
  const loaded: Array<{ name: string; assembly: string; types: number }> = [];

  beforeAll(async () => {
    stagedAssemblyFile();
    if (!existsSync(runtimeScript)) {
      throw new Error(`${runtimeScript} is missing: run scripts/install-test-tools.sh (npm test runs it first)`);
    }
    work = mkdtempSync(join(tmpdir(), 'jsii-kernel-'));
    kernel = new KernelClient(runtimeScript);
    greeting = await kernel.hello();
    const modules = join(root, 'node_modules');
    // the library's jsii dependencies (constructs, cdk8s, its cdk8s-plus line), each after its own
    const dependencies = Object.keys(readStagedAssembly<{ dependencies: Record<string, string> }>().dependencies)
      .map((name) => ({ name, dir: join(modules, name) }))
      .sort((a, b) => Object.keys(readAssembly(a.dir).dependencies ?? {}).length - Object.keys(readAssembly(b.dir).dependencies ?? {}).length);
    for (const { name, dir } of [...dependencies, { name: LIB, dir: staging }]) {
      loaded.push({ name, ...await kernel.load(name, assemblyVersion(dir), pack(dir, work)) });
    }
  }, 60_000);

  afterAll(async () => {
    await kernel?.close();
    if (work) rmSync(work, { recursive: true, force: true });
  });

  test('a ProxiedCluster created through the kernel synthesizes the same YAML as in TypeScript', async () => {
    expect(greeting).toBe(`@jsii/runtime@${pacmakVersion}`);
    for (const assembly of loaded) {
      expect(assembly.assembly).toBe(assembly.name);
      expect(assembly.types).toBeGreaterThan(0);
    }

    const app = await kernel.create('cdk8s.App');
    const chart = await kernel.create('cdk8s.Chart', [app, 'demo']);
    const settings = await kernel.create(`${LIB}.ProxySettings`, [settingsProps]);
    const network = await kernel.create(`${LIB}.ClusterNetwork`, [{ ...networkProps, provider: { '$jsii.enum': `${LIB}.Provider/VSPHERE` } }]);
    const cluster = await kernel.create(`${LIB}.capi.ProxiedCluster`, [chart, 'Demo', {
      ...clusterProps, settings, network, osFamily: { '$jsii.enum': `${LIB}.capi.OsFamily/UBUNTU` },
    }]);

    // Properties come back as references or plain values, as a Python user reads them.
    const controlPlane = await kernel.get(cluster, 'controlPlane') as ObjRef;
    expect(controlPlane['$jsii.byref']).toMatch(/^cdk8s\.ApiObject@/);
    expect(await kernel.invoke(settings, 'toString')).not.toContain('p@ss');

    const yaml = await kernel.invoke(app, 'synthYaml');
    expect(yaml).toBe(typescriptYaml());
    expect(yaml).toContain('kind: KubeadmControlPlane');
  });

  test('manifests cross as JSON, whole: ProxyInjection.apply returns the Deployment with the proxy env', async () => {
    const settings = await kernel.create(`${LIB}.ProxySettings`, [{ httpProxy: 'http://proxy.corp.example:3128' }]);
    const network = await kernel.create(`${LIB}.ClusterNetwork`, [{ pods: ['10.0.0.0/16'], services: ['10.96.0.0/12'] }]);
    const config = await kernel.create(`${LIB}.ClusterProxyConfig`, [settings, network]);
    const injection = await kernel.create(`${LIB}.workloads.ProxyInjection`, [config]);
    const deployment = {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'web', namespace: 'shop' },
      spec: { template: { spec: { containers: [{ name: 'web', image: 'nginx' }] } } },
    };
    // A JSON object comes back as a jsii map, which every language's runtime unwraps.
    const result = await kernel.invoke(injection, 'apply', [deployment]) as { '$jsii.map': typeof deployment };
    const container = result['$jsii.map'].spec.template.spec.containers[0] as { image: string; env?: Array<{ name: string }> };
    expect(container.image).toBe('nginx');
    expect(container.env?.map((variable) => variable.name)).toEqual(expect.arrayContaining(['HTTP_PROXY', 'http_proxy', 'NO_PROXY', 'no_proxy']));
  });

  test('a bad definition fails with the library\'s message, naming the field', async () => {
    await expect(kernel.create(`${LIB}.ProxySettings`, [{ httpProxy: 'ftp://proxy.corp.example' }]))
      .rejects.toThrow(/httpProxy/);
  });
});
