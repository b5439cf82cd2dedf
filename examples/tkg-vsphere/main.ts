// A TKG-style vSphere workload cluster behind a corporate proxy: the addon Secrets TKG's addons
// manager reads (vSphere CPI/CSI, kapp-controller, cluster config values) and a
// ClusterResourceSet delivering kapp-controller with its proxy config, all from one definition.
import { App, Chart } from 'cdk8s';
import { proxyPassword } from '../proxy-password';
import { ClusterNetwork, ClusterProxyConfig, Provider, ProxySettings } from 'cluster-proxy-constructs';
import { ProxyAddonResourceSet, TkgProxyAddons } from 'cluster-proxy-constructs/cdk8s';

const settings = new ProxySettings({
  httpProxy: 'http://proxy.corp.example:3128',
  httpsProxy: 'http://proxy.corp.example:3128',
  username: 'svc-tkg',
  password: proxyPassword(),
  noProxy: ['.corp.example', '10.0.0.0/8'],
});

const network = new ClusterNetwork({
  pods: ['100.96.0.0/11'],
  services: ['100.64.0.0/13'],
  controlPlaneEndpoint: '10.20.0.10',
  machineCidrs: ['10.20.0.0/24'],
  provider: Provider.VSPHERE,
  // The CPI and CSI reach vCenter directly: it must be in NO_PROXY (the library checks).
  providerEndpoints: ['vcenter.lab.example'],
});

// Computed once; every Secret below reads it.
const proxy = new ClusterProxyConfig(settings, network);

const app = new App();
const chart = new Chart(app, 'tkg-vsphere', { namespace: 'default' });

new TkgProxyAddons(chart, 'Addons', {
  proxy,
  clusterName: 'workload-1',
  namespace: 'default',
  vsphereCpiValues: { server: 'vcenter.lab.example', datacenter: '/dc0' },
  vsphereCsiValues: { server: 'vcenter.lab.example', datacenter: '/dc0' },
  configValuesExtra: { CLUSTER_PLAN: 'dev', INFRASTRUCTURE_PROVIDER: 'vsphere' },
});

// kapp-controller delivered by Cluster API itself, reading its proxy from kapp-controller-config.
// In a real setup, parse kapp-controller's release YAML into `manifests`.
new ProxyAddonResourceSet(chart, 'KappController', {
  proxy,
  clusterName: 'workload-1',
  namespace: 'default',
  name: 'kapp-controller',
  manifests: [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'kapp-controller' } }],
  kappControllerNamespace: 'kapp-controller',
});

app.synth();
