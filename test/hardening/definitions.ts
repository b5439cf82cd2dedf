/**
 * Valid definitions the hardening suites start from: each hostile case changes one thing in them.
 */
import { Chart } from 'cdk8s';
import { leakedForms, PASSWORD, textOf } from './hostile-values';
import { ClusterNetwork, ClusterProxyConfig, ProxySettings } from '../../src';
import { hasSchema, schemaErrors } from '../support/schemas';

export const SETTINGS = {
  httpProxy: 'http://proxy.corp.example:3128',
  httpsProxy: 'http://proxy.corp.example:3128',
  username: 'svc-k8s',
  password: PASSWORD,
  noProxy: ['.corp.example', '10.0.0.0/8'],
  credentialsRevision: '1',
};
export const NETWORK = {
  pods: ['192.168.0.0/16'],
  services: ['172.20.0.0/16'],
  controlPlaneEndpoint: 'api.demo.corp.example',
  provider: 'vsphere',
  providerEndpoints: ['vcenter.corp.example'],
  dnsServiceIp: '172.20.0.10',
};
const infra = 'infrastructure.cluster.x-k8s.io/v1beta1';
export const CLUSTER = {
  name: 'demo',
  namespace: 'clusters',
  version: 'v1.31.2',
  network: NETWORK,
  osFamily: 'ubuntu',
  infrastructureRef: { apiVersion: infra, kind: 'VSphereCluster', name: 'demo' },
  controlPlane: { replicas: 3, machineTemplate: { apiVersion: infra, kind: 'VSphereMachineTemplate', name: 'demo-cp' } },
  workerPools: [{ name: 'md-0', replicas: 2, machineTemplate: { apiVersion: infra, kind: 'VSphereMachineTemplate', name: 'demo-md-0' } }],
};
export const CLASS_PROPS = { settings: SETTINGS, osFamily: 'ubuntu', provider: 'vsphere', providerEndpoints: ['vcenter.corp.example'] };
export const INJECTION_OPTIONS = { excludeNamespaces: ['kube-system'], excludeContainers: ['istio-proxy'], optOutAnnotation: 'example.com/inject', optOutValue: 'no' };

/** The computed configuration of the definition above. */
export const proxy = (): ClusterProxyConfig => new ClusterProxyConfig(new ProxySettings(SETTINGS), new ClusterNetwork(NETWORK as never));

/** Objects that validate against their schemas (where known here), the password in Secret data only. */
export function expectGoodObjects(objects: ReadonlyArray<{ apiVersion?: string; kind?: string }>): void {
  for (const object of objects) {
    if (hasSchema(object)) {
      expect(schemaErrors(object)).toEqual([]);
    }
    if (object.kind !== 'Secret') {
      expect(leakedForms(textOf(object))).toEqual([]);
    }
  }
}

/** Synthesized objects validate, and the password is in Secret data only. */
export function expectGoodOutput(chart: Chart): void {
  expectGoodObjects(chart.toJson());
}
