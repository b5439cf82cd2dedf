/**
 * The cdk8s twin of examples/pulumi: the same definition synthesized by the cdk8s adapter, to be
 * compared with what the Pulumi engine deployed. The chart's workload is the stand-in chart
 * (monitoring-chart/) as Helm renders it for the release `monitoring`.
 */
import { ApiObject, Testing } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import { TEST_CLUSTER_ANNOTATIONS } from './operation';
import * as cdk8s from '../../src/cdk8s';
import { ClusterProxyConfig } from '../../src/core/definition/cluster-proxy-config';
import { ClusterNetwork } from '../../src/core/definition/network';
import { ProxySettings } from '../../src/core/definition/proxy-settings';
import { OsFamily } from '../../src/core/node-files/os-family';
import { Provider } from '../../src/core/primitives/providers';
import { objectName } from '../support/control-plane/apply';
import { sortObjects } from '../support/fixtures/credential-leaks';

/** The values of examples/pulumi a user edits on day 2. */
export interface DemoValues {
  readonly credentialsRevision: string;
  readonly version: string;
  readonly workerReplicas: number;
}

/** examples/pulumi as committed. */
export const DEMO: DemoValues = { credentialsRevision: '2026-11', version: 'v1.31.2', workerReplicas: 3 };

const INFRA = 'infrastructure.cluster.x-k8s.io/v1beta1';

/** What Helm renders of monitoring-chart/ as the release `monitoring` in the namespace `monitoring`. */
const RENDERED_CHART = `
apiVersion: apps/v1
kind: Deployment
metadata: { name: monitoring-prometheus, namespace: monitoring }
spec:
  selector: { matchLabels: { app: prometheus } }
  template:
    metadata: { labels: { app: prometheus } }
    spec:
      containers:
        - { name: prometheus, image: 'quay.io/prometheus/prometheus:v2.54.1' }
        - { name: config-reloader, image: 'quay.io/prometheus-operator/prometheus-config-reloader:v0.77.1' }
`;

/** The manifests `cdk8s synth` writes for the definition of examples/pulumi. */
export function cdk8sTwin(password: string, values: DemoValues): any[] {
  const settings = new ProxySettings({
    httpProxy: 'http://proxy.corp.example:3128',
    httpsProxy: 'http://proxy.corp.example:3128',
    username: 'svc-k8s',
    password,
    noProxy: ['.corp.example', '10.0.0.0/8'],
    credentialsRevision: values.credentialsRevision,
  });
  const network = new ClusterNetwork({
    pods: ['192.168.0.0/16'],
    services: ['172.20.0.0/16'],
    controlPlaneEndpoint: 'api.demo.corp.example',
    provider: Provider.VSPHERE,
    providerEndpoints: ['vcenter.corp.example'],
  });
  const chart = Testing.chart();
  new cdk8s.ProxiedCluster(chart, 'Demo', {
    name: 'demo',
    namespace: 'clusters',
    version: values.version,
    settings,
    network,
    osFamily: OsFamily.UBUNTU,
    infrastructureRef: { apiVersion: INFRA, kind: 'VSphereCluster', name: 'demo' },
    controlPlane: { replicas: 3, machineTemplate: { apiVersion: INFRA, kind: 'VSphereMachineTemplate', name: 'demo-control-plane' } },
    workerPools: [{ name: 'md-0', replicas: values.workerReplicas, machineTemplate: { apiVersion: INFRA, kind: 'VSphereMachineTemplate', name: 'demo-md-0' } }],
  });
  const workloads = Testing.chart();
  new ApiObject(workloads, 'cert-manager', {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'cert-manager', namespace: 'kube-system' },
    spec: {
      selector: { matchLabels: { app: 'cert-manager' } },
      template: {
        metadata: { labels: { app: 'cert-manager' } },
        spec: { containers: [{ name: 'controller', image: 'quay.io/jetstack/cert-manager-controller:v1.16.2' }] },
      },
    },
  });
  for (const [index, document] of parseAllDocuments(RENDERED_CHART).entries()) {
    const object = document.toJS();
    new ApiObject(workloads, `monitoring-${index}`, object);
  }
  cdk8s.injectProxyEnv(workloads, new ClusterProxyConfig(settings, network), { excludeContainers: ['config-reloader'] });
  return sortObjects([...Testing.synth(chart), ...Testing.synth(workloads)]);
}

/** The Kubernetes objects of a stack's exported deployment (not providers, not components). */
export function kubernetesResources(deployment: any): any[] {
  return (deployment.deployment.resources as any[])
    .filter((resource) => resource.custom && /^kubernetes:[^:]+:[^:]+$/.test(resource.type) && !resource.type.startsWith('pulumi:'))
    .map((resource) => resource.outputs);
}

/** Kind, namespace and name of each object, sorted. */
export function identities(objects: readonly any[]): string[] {
  return objects.map((object) => `${object.apiVersion} ${object.kind} ${objectName(object)}`).sort();
}

/**
 * An object as stored, without what the API server or the engine adds: its identity's
 * bookkeeping, status, and the annotations only the test control plane needs.
 */
export function stored(object: any): any {
  const { uid, resourceVersion, creationTimestamp, generation, managedFields, annotations, ...metadata } = object.metadata;
  void uid; void resourceVersion; void creationTimestamp; void generation; void managedFields;
  const kept = Object.fromEntries(Object.entries(annotations ?? {}).filter(([key]) => !(key in TEST_CLUSTER_ANNOTATIONS)));
  const { status, ...rest } = object;
  void status;
  return { ...rest, metadata: { ...metadata, ...(Object.keys(kept).length > 0 ? { annotations: kept } : {}) } };
}

