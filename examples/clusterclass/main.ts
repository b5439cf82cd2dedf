// A ClusterClass whose nodes run behind the corporate proxy, and two topology Clusters using it:
//  - the class gets the `proxy` variable and the patches (files, preKubeadmCommands, proxy CA),
//    with the NO_PROXY of each cluster computed from its own network when the class is rendered;
//  - each Cluster gets the variable; the proxy URLs carry credentials here, so each Cluster's
//    variable names its node-proxy Secret (rendered too) and no credential is in any Cluster.
// Run `npx cdk8s synth --check-upgrade false` here; the manifests land in dist/.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ApiObject, App, Chart } from 'cdk8s';
import { proxyPassword } from '../proxy-password';
import { capi, Provider, ProxySettings } from 'cluster-proxy-constructs';
import { ClusterClassProxyPatches, TopologyClusterProxy } from 'cluster-proxy-constructs/cdk8s';

// Installation-wide: the same for every cluster. The password comes from the environment (CI
// secret, vault...), never from the repository (see ../proxy-password.ts).
const settings = new ProxySettings({
  httpProxy: 'http://proxy.corp.example:3128',
  httpsProxy: 'http://proxy.corp.example:3128',
  username: 'svc-k8s',
  password: proxyPassword(),
  noProxy: ['.corp.example', '10.0.0.0/8'],
  trustedCaPem: readFileSync(join(__dirname, 'corp-ca.pem'), 'utf8'),
});

const clusterApi = 'cluster.x-k8s.io/v1beta2';
const infrastructure = 'infrastructure.cluster.x-k8s.io/v1beta1'; // your provider's templates (CAPV here), not emitted
const app = new App();

// The class and its kubeadm templates, as a platform team writes them.
const platform = new Chart(app, 'platform', { namespace: 'clusters' });
new ApiObject(platform, 'ControlPlaneTemplate', {
  apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2',
  kind: 'KubeadmControlPlaneTemplate',
  metadata: { name: 'vsphere-ubuntu-control-plane' },
  spec: { template: { spec: { kubeadmConfigSpec: { preKubeadmCommands: ['echo "control plane node"'] } } } },
});
new ApiObject(platform, 'WorkerTemplate', {
  apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta2',
  kind: 'KubeadmConfigTemplate',
  metadata: { name: 'vsphere-ubuntu-worker' },
  spec: { template: { spec: { verbosity: 4 } } },
});
const clusterClass = new ApiObject(platform, 'ClusterClass', {
  apiVersion: clusterApi,
  kind: 'ClusterClass',
  metadata: { name: 'vsphere-ubuntu' },
  spec: {
    controlPlane: {
      templateRef: { apiVersion: 'controlplane.cluster.x-k8s.io/v1beta2', kind: 'KubeadmControlPlaneTemplate', name: 'vsphere-ubuntu-control-plane' },
      machineInfrastructure: { templateRef: { apiVersion: infrastructure, kind: 'VSphereMachineTemplate', name: 'vsphere-ubuntu-control-plane' } },
    },
    infrastructure: { templateRef: { apiVersion: infrastructure, kind: 'VSphereClusterTemplate', name: 'vsphere-ubuntu' } },
    workers: {
      machineDeployments: [{
        class: 'default-worker',
        bootstrap: { templateRef: { apiVersion: 'bootstrap.cluster.x-k8s.io/v1beta2', kind: 'KubeadmConfigTemplate', name: 'vsphere-ubuntu-worker' } },
        infrastructure: { templateRef: { apiVersion: infrastructure, kind: 'VSphereMachineTemplate', name: 'vsphere-ubuntu-worker' } },
      }],
    },
  },
});
// The class part of the definition: installation-wide settings, provider facts, node OS.
const proxyPatches = new ClusterClassProxyPatches(platform, 'Proxy', {
  clusterClass,
  settings,
  provider: Provider.VSPHERE,
  providerEndpoints: ['vcenter.corp.example'],
  osFamily: capi.OsFamily.UBUNTU, // where the proxy CA goes
});

// Clusters of the class: each brings its own network; the variable and Secret follow from it.
const clusters = new Chart(app, 'clusters', { namespace: 'clusters' });
for (const [name, pods, services] of [['demo', '192.168.0.0/16', '172.20.0.0/16'], ['edge', '10.244.0.0/16', '10.96.0.0/12']]) {
  new TopologyClusterProxy(clusters, `${name}-proxy`, {
    classProxy: proxyPatches.classProxy,
    cluster: new ApiObject(clusters, name, {
      apiVersion: clusterApi,
      kind: 'Cluster',
      metadata: { name, namespace: 'clusters' },
      spec: {
        clusterNetwork: { pods: { cidrBlocks: [pods] }, services: { cidrBlocks: [services] }, serviceDomain: 'cluster.local' },
        controlPlaneEndpoint: { host: `api.${name}.corp.example`, port: 6443 },
        topology: {
          classRef: { name: 'vsphere-ubuntu' },
          version: 'v1.31.2',
          controlPlane: { replicas: 3 },
          workers: { machineDeployments: [{ class: 'default-worker', name: 'md-0', replicas: 3 }] },
        },
      },
    }),
  });
}

app.synth();
