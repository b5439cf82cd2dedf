// A Giant Swarm-style management + workload setup behind a corporate proxy: on the management
// cluster, cert-manager's Helm values (it runs in kube-system, where Kyverno does not inject);
// for the workload cluster, the cluster values (Secret + credential-free ConfigMap), the node
// drop-in Secret and App CRs consuming the values. One definition per cluster, one NO_PROXY each.
import { App, Chart } from 'cdk8s';
import { proxyPassword } from '../proxy-password';
import { addons, ClusterNetwork, ClusterProxyConfig, ProxySettings } from 'cluster-proxy-constructs';
import { addApiObjects, GiantSwarmProxyApps } from 'cluster-proxy-constructs/cdk8s';

// Installation-wide: the same for the management and every workload cluster.
const settings = new ProxySettings({
  httpProxy: 'http://192.168.52.220:3128',
  httpsProxy: 'http://192.168.52.220:3128',
  username: 'myProxyUser',
  password: proxyPassword(),
  noProxy: ['172.16.0.0/16', 'internal.corpdomain.net', 'example.com'],
});

const app = new App();

// Management cluster: cert-manager is installed before the app platform runs, from Helm values.
const management = new ClusterProxyConfig(settings, new ClusterNetwork({
  pods: ['10.244.0.0/16'],
  services: ['172.31.0.0/16'],
  controlPlaneEndpoint: 'api.mc.internal.corpdomain.net',
}));
const mcChart = new Chart(app, 'management', { namespace: 'kube-system' });
// With credentials the preset uses cert-manager's extraEnv with secretKeyRef; the Secret comes along.
const certManager = addons.AddonValues.helmPreset(management, addons.HelmPresetName.CERT_MANAGER, { namespace: 'kube-system' });
addApiObjects(mcChart, certManager.secrets);
// Hand `certManager.values` to cdk8s's Helm construct (needs the helm binary) or write `certManager.yaml`.

// Workload cluster "mycluster" in organization namespace org-acme.
const workload = new ClusterProxyConfig(settings, new ClusterNetwork({
  pods: ['100.96.0.0/11'],
  services: ['100.64.0.0/13'],
  controlPlaneEndpoint: '178.170.32.59',
}));
const wcChart = new Chart(app, 'workload-mycluster');
new GiantSwarmProxyApps(wcChart, 'Platform', {
  proxy: workload,
  clusterName: 'mycluster',
  namespace: 'org-acme',
  apps: [
    { name: 'mycluster-cert-manager', appName: 'cert-manager-app', catalog: 'default', version: '3.7.0', targetNamespace: 'kube-system' },
    { name: 'mycluster-external-dns', appName: 'external-dns-app', catalog: 'default', version: '3.1.0', targetNamespace: 'kube-system' },
  ],
});

app.synth();
