// Workloads behind the corporate proxy: cert-manager in kube-system carries the proxy env itself
// (no policy engine mutates kube-system), a Kyverno policy covers every other namespace.
import { App, Chart } from 'cdk8s';
import { proxyPassword } from '../proxy-password';
import { ClusterNetwork, ClusterProxyConfig, Provider, ProxySettings } from 'cluster-proxy-constructs';
import { KyvernoProxyPolicy } from 'cluster-proxy-constructs/cdk8s';
import { ProxyAwareDeployment } from 'cluster-proxy-constructs/cdk8s-plus';

// The same definition the nodes of this cluster are rendered from, so pods and nodes share one NO_PROXY.
const settings = new ProxySettings({
  httpProxy: 'http://proxy.corp.example:3128',
  httpsProxy: 'http://proxy.corp.example:3128',
  username: 'svc-k8s',
  password: proxyPassword(),
  noProxy: ['.corp.example', '10.0.0.0/8'],
});
const network = new ClusterNetwork({
  pods: ['192.168.0.0/16'],
  services: ['10.96.0.0/12'],
  controlPlaneEndpoint: 'api.demo.corp.example',
  provider: Provider.AWS,
  region: 'eu-central-1',
});
const proxy = new ClusterProxyConfig(settings, network);

const app = new App();
const chart = new Chart(app, 'workloads');

// cert-manager talks to ACME servers outside the cluster and runs in kube-system, which Kyverno
// leaves alone: its pod spec carries the env, and the proxy Secret is emitted next to it.
const certManager = new ProxyAwareDeployment(chart, 'cert-manager', {
  proxy,
  metadata: { name: 'cert-manager', namespace: 'kube-system' },
  securityContext: { ensureNonRoot: true },
  containers: [{
    name: 'controller',
    image: 'quay.io/jetstack/cert-manager-controller:v1.16.2',
    args: ['--leader-election-namespace=kube-system'],
    securityContext: { ensureNonRoot: true, readOnlyRootFilesystem: true },
  }],
});
// added after construction: gets the env as well
certManager.addContainer({ name: 'cainjector', image: 'quay.io/jetstack/cert-manager-cainjector:v1.16.2' });

// Every other pod: Kyverno injects the same env, clones the Secret from kube-system into each
// namespace, and leaves CAPI controllers and opted-out pods alone.
new KyvernoProxyPolicy(chart, 'proxy-policy', {
  proxy,
  excludeNamespaces: ['kyverno'],
  excludeNames: ['capi-*'],
});

app.synth();
