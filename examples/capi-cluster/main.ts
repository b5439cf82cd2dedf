// Two Cluster API clusters behind the corporate proxy, from one installation-wide definition:
//  - `demo`: Ubuntu nodes (cloud-config), Cluster API v1beta2, the proxy CA in the trust store;
//  - `legacy`: Flatcar nodes (Ignition) for a management cluster that still speaks v1beta1;
// and two workloads of `demo` whose containers get the proxy env and CA at synth time.
// Run `npx cdk8s synth --check-upgrade false` here; the manifests land in dist/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { App, Chart, Cron } from 'cdk8s';
import { CronJob } from 'cdk8s-plus-33';
import { proxyPassword } from '../proxy-password';
import { capi, ClusterNetwork, Provider, ProxySettings } from 'cluster-proxy-constructs';
import { injectProxyEnv, ProxiedCluster } from 'cluster-proxy-constructs/cdk8s';
import { ProxyAwareDeployment } from 'cluster-proxy-constructs/cdk8s-plus-33';

// Installation-wide: the same for every cluster. The password comes from the environment (CI
// secret, vault...), never from the repository (see ../proxy-password.ts).
const settings = new ProxySettings({
  httpProxy: 'http://proxy.corp.example:3128',
  httpsProxy: 'http://proxy.corp.example:3128',
  username: 'svc-k8s',
  password: proxyPassword(),
  noProxy: ['.corp.example', '10.0.0.0/8'],
  trustedCaPem: readFileSync(join(__dirname, 'corp-ca.pem'), 'utf8'), // the TLS-intercepting proxy's CA
});

const infrastructure = 'infrastructure.cluster.x-k8s.io/v1beta1'; // your provider's objects, e.g. CAPV or CAPA

const app = new App();

const demo = new ProxiedCluster(new Chart(app, 'demo'), 'Demo', {
  name: 'demo',
  namespace: 'clusters',
  version: 'v1.31.2',
  settings,
  network: new ClusterNetwork({ pods: ['192.168.0.0/16'], services: ['172.20.0.0/16'], controlPlaneEndpoint: 'api.demo.corp.example', provider: Provider.VSPHERE, providerEndpoints: ['vcenter.corp.example'] }),
  osFamily: capi.OsFamily.UBUNTU, // where the proxy CA goes
  infrastructureRef: { apiVersion: infrastructure, kind: 'VSphereCluster', name: 'demo' },
  controlPlane: { replicas: 3, machineTemplate: { apiVersion: infrastructure, kind: 'VSphereMachineTemplate', name: 'demo-control-plane' } },
  workerPools: [{ name: 'md-0', replicas: 3, machineTemplate: { apiVersion: infrastructure, kind: 'VSphereMachineTemplate', name: 'demo-md-0' } }],
});

new ProxiedCluster(new Chart(app, 'legacy'), 'Legacy', {
  name: 'legacy',
  namespace: 'clusters',
  version: 'v1.30.6',
  capiVersion: capi.CapiVersion.V1BETA1,
  bootstrapFormat: capi.BootstrapFormat.IGNITION, // Flatcar
  settings,
  network: new ClusterNetwork({ pods: ['10.244.0.0/16'], services: ['10.96.0.0/12'], provider: Provider.AWS, region: 'eu-central-1' }),
  infrastructureRef: { apiVersion: infrastructure, kind: 'AWSCluster', name: 'legacy' },
  controlPlane: { machineTemplate: { apiVersion: infrastructure, kind: 'AWSMachineTemplate', name: 'legacy-control-plane' } },
  workerPools: [{ name: 'md-0', replicas: 2, machineTemplate: { apiVersion: infrastructure, kind: 'AWSMachineTemplate', name: 'legacy-md-0' } }],
});

// Workloads of `demo`. A ProxyAwareDeployment carries the proxy env itself; injectProxyEnv gives it
// to every workload of a chart, here a plain cdk8s-plus CronJob. Each chart also gets the proxy
// Secret and the CA ConfigMap its pods read, in its namespace.
new ProxyAwareDeployment(new Chart(app, 'apps', { namespace: 'team-a' }), 'Api', {
  proxy: demo.proxy,
  containers: [{ image: 'registry.corp.example/team-a/api:1.4.2', portNumber: 8080 }],
});
const jobs = new Chart(app, 'jobs', { namespace: 'team-b' });
new CronJob(jobs, 'Report', { schedule: Cron.daily(), containers: [{ image: 'registry.corp.example/team-b/report:2.0.0' }] });
injectProxyEnv(jobs, demo.proxy);

app.synth();
