// A Cluster API cluster and its workloads behind the corporate proxy, from one definition: the
// same objects `cdk8s synth` of examples/capi-cluster and examples/workloads would write, deployed
// as Pulumi resources. The proxy password stays a secret Output from the stack config.
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { capi, Provider } from 'cluster-proxy-constructs';
import {
  ProxiedCluster, ProxyAwareDeployment, ProxyDefinition, ProxyEnvSupport, proxyEnvTransform, ProxySettingsArgs,
} from 'cluster-proxy-constructs/pulumi';

const config = new pulumi.Config();

// Installation-wide: the same for every cluster. The password is never resolved at program time.
const settings: ProxySettingsArgs = {
  httpProxy: 'http://proxy.corp.example:3128',
  httpsProxy: 'http://proxy.corp.example:3128',
  username: 'svc-k8s',
  password: config.requireSecret('proxyPassword'),
  noProxy: ['.corp.example', '10.0.0.0/8'],
  // Not secret: bump it when you rotate the password, to roll the nodes onto the new one.
  credentialsRevision: '2026-11',
};
// Cluster-specific facts.
const network = {
  pods: ['192.168.0.0/16'],
  services: ['172.20.0.0/16'],
  controlPlaneEndpoint: 'api.demo.corp.example',
  provider: Provider.VSPHERE,
  providerEndpoints: ['vcenter.corp.example'],
};
const infra = 'infrastructure.cluster.x-k8s.io/v1beta1';

// On the management cluster (the default provider): the workload cluster's Cluster API objects.
// The node files are read from a Secret whose data is a secret output; nothing else holds or
// depends on the password, so previews show every other change in clear.
const cluster = new ProxiedCluster('demo', {
  name: 'demo',
  namespace: 'clusters',
  version: 'v1.31.2',
  settings,
  network,
  osFamily: capi.OsFamily.UBUNTU,
  infrastructureRef: { apiVersion: infra, kind: 'VSphereCluster', name: 'demo' },
  controlPlane: { replicas: 3, machineTemplate: { apiVersion: infra, kind: 'VSphereMachineTemplate', name: 'demo-control-plane' } },
  workerPools: [{ name: 'md-0', replicas: 3, machineTemplate: { apiVersion: infra, kind: 'VSphereMachineTemplate', name: 'demo-md-0' } }],
});

// In the workload cluster: the same definition (one NO_PROXY for nodes and pods).
const workload = new k8s.Provider('demo', { kubeconfig: config.requireSecret('workloadKubeconfig') });
const proxy = new ProxyDefinition({ settings, network });

// cert-manager starts before any policy engine: its Deployment carries the env itself, next to the
// proxy Secret it refers to.
new ProxyAwareDeployment('cert-manager', {
  proxy,
  metadata: { name: 'cert-manager', namespace: 'kube-system' },
  spec: {
    selector: { matchLabels: { app: 'cert-manager' } },
    template: {
      metadata: { labels: { app: 'cert-manager' } },
      spec: { containers: [{ name: 'controller', image: 'quay.io/jetstack/cert-manager-controller:v1.16.2' }] },
    },
  },
}, { provider: workload });

// A third-party chart: the transform gives every workload inside it the env at deploy time; the
// Secret it refers to is created once for the namespace.
const monitoringProxy = new ProxyEnvSupport('monitoring-proxy', { proxy, namespaces: ['monitoring'] }, { provider: workload });
// Behind a proxy, charts often come from an internal mirror: `pulumi config set monitoringChart ...`.
new k8s.helm.v4.Chart('monitoring', {
  chart: config.get('monitoringChart') ?? 'oci://ghcr.io/prometheus-community/charts/kube-prometheus-stack',
  version: '65.1.1',
  namespace: 'monitoring',
}, {
  provider: workload,
  transforms: [proxyEnvTransform(proxy, { namespaces: monitoringProxy.namespaces, excludeContainers: ['config-reloader'] })],
});

export const clusterName = cluster.clusterName;
// Plain: the name hashes the credential-free content and the credentials revision, never the password.
export const nodeProxySecretName = cluster.secret?.metadata.name;
