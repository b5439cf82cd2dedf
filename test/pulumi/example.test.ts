/**
 * examples/pulumi: the program type-checks with the examples' compiler options, and runs under
 * Pulumi mocks with the stack config set as `pulumi config set --secret` would.
 *
 * The program imports the package by name (`cluster-proxy-constructs/pulumi`); users resolve that
 * to the compiled lib/. Here it is mapped to the sources, so the test never sees a stale build:
 * for the type check through `paths`, for the run through the module the program is given.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as pulumi from '@pulumi/pulumi';
import * as ts from 'typescript';
import { plainTextLeaks } from './fixtures';
import * as adapter from '../../src/pulumi';
import { findRecorded, installMocks, kubeObjectOf, outcome, recorded, resetRecorded, settle, stopCallbacks } from '../support/pulumi-mocks';

const ROOT = path.resolve(__dirname, '..', '..');
const PROGRAM = path.join(ROOT, 'examples', 'pulumi', 'index.ts');
const PASSWORD = 'p@ss:w/rd "x" $(HOME)';
const TOKEN = 'cluster-proxy-constructs:index:';

beforeAll(installMocks);
beforeEach(resetRecorded);
afterAll(stopCallbacks);

/** Load the program as a CommonJS module, `require`s of the package going to the sources. */
function runProgram(): Record<string, any> {
  const source = fs.readFileSync(PROGRAM, 'utf8');
  const { outputText } = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true },
    fileName: PROGRAM,
  });
  const module = { exports: {} as Record<string, any> };
  const load = (id: string): unknown => (id === 'cluster-proxy-constructs/pulumi' ? adapter : jest.requireActual(id));
  // The program runs in this test's module registry: the same @pulumi/pulumi, so the same mocks.
  new Function('exports', 'require', 'module', '__filename', '__dirname', outputText)(module.exports, load, module, PROGRAM, path.dirname(PROGRAM));
  return module.exports;
}

test('the program type-checks with examples/tsconfig.json options', () => {
  const parsed = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'examples', 'tsconfig.json'), {}, {
    ...ts.sys, onUnRecoverableConfigFileDiagnostic: (diagnostic) => { throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')); },
  })!;
  const program = ts.createProgram([PROGRAM], {
    ...parsed.options,
    paths: { 'cluster-proxy-constructs/pulumi': [path.join(ROOT, 'src', 'pulumi', 'index.ts')] },
  });
  const diagnostics = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
  expect(diagnostics).toEqual([]);
}, 60_000);

test('the program runs under mocks: the cluster, the workloads and the chart, with the password only in secrets', async () => {
  pulumi.runtime.setAllConfig({ 'project:proxyPassword': PASSWORD, 'project:workloadKubeconfig': 'apiVersion: v1\nkind: Config\n' },
    ['project:proxyPassword', 'project:workloadKubeconfig']);
  const exports = runProgram();
  await settle();
  expect(await outcome(pulumi.output(exports.clusterName))).toBe('demo');
  expect(await outcome(exports.nodeProxySecretName)).toMatch(/^demo-systemd-proxy-[0-9a-f]{10}$/);

  expect(findRecorded(`${TOKEN}ProxiedCluster`, 'demo')).toBeDefined();
  expect(recorded.filter((r) => r.type.startsWith('kubernetes:cluster.x-k8s.io/v1beta2:')).map((r) => r.type.split(':').pop()).sort())
    .toEqual(['Cluster', 'MachineDeployment']);
  const certManager = kubeObjectOf(findRecorded('kubernetes:apps/v1:Deployment', 'cert-manager'));
  expect(certManager.spec.template.spec.containers[0].env.map((v: any) => v.name)).toEqual(['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'NO_PROXY', 'no_proxy']);
  expect(findRecorded('kubernetes:core/v1:Secret', 'monitoring-proxy-Secret-monitoring-cluster-proxy-env')).toBeDefined();
  expect(findRecorded('kubernetes:helm.sh/v4:Chart', 'monitoring')).toBeDefined();
  // the NO_PROXY in pods is the one the nodes get
  const nodeEnv = (await outcome(new adapter.ProxyDefinition({
    settings: { httpProxy: 'http://proxy.corp.example:3128', username: 'svc-k8s', password: 'x', noProxy: ['.corp.example', '10.0.0.0/8'] },
    network: { pods: ['192.168.0.0/16'], services: ['172.20.0.0/16'], controlPlaneEndpoint: 'api.demo.corp.example', provider: 'vsphere', providerEndpoints: ['vcenter.corp.example'] },
  }).resolve())).environment;
  expect(certManager.spec.template.spec.containers[0].env[4].value).toBe(nodeEnv.noProxy);
  expect(plainTextLeaks(recorded, PASSWORD)).toEqual([]);
});
