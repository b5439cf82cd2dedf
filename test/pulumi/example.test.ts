/**
 * examples/pulumi: the program type-checks with the examples' compiler options, and runs under
 * Pulumi mocks with the stack config set as `pulumi config set --secret` would.
 */
import * as path from 'node:path';
import * as pulumi from '@pulumi/pulumi';
import { exampleProgramTests, runProgram } from './example-program';
import { Provider } from '../../src/core/primitives/providers';
import * as adapter from '../../src/pulumi';
import { plainTextLeaks } from '../support/fixtures/credential-leaks';
import { findRecorded, kubeObjectOf, outcome, recorded, settle } from '../support/pulumi-mocks';

const PROGRAM = path.resolve(__dirname, '..', '..', 'examples', 'pulumi', 'index.ts');
const PASSWORD = 'p@ss:w/rd "x" $(HOME)';
const TOKEN = 'cluster-proxy-constructs:index:';

exampleProgramTests(PROGRAM);

test('the program runs under mocks: the cluster, the workloads and the chart, with the password only in secrets', async () => {
  pulumi.runtime.setAllConfig({ 'project:proxyPassword': PASSWORD, 'project:workloadKubeconfig': 'apiVersion: v1\nkind: Config\n' },
    ['project:proxyPassword', 'project:workloadKubeconfig']);
  const exports = runProgram(PROGRAM);
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
    network: { pods: ['192.168.0.0/16'], services: ['172.20.0.0/16'], controlPlaneEndpoint: 'api.demo.corp.example', provider: Provider.VSPHERE, providerEndpoints: ['vcenter.corp.example'] },
  }).resolve())).environment;
  expect(certManager.spec.template.spec.containers[0].env[4].value).toBe(nodeEnv.noProxy);
  expect(plainTextLeaks(recorded, PASSWORD)).toEqual([]);
});
