import type { ClusterClassProxyProps } from './cluster-class-proxy';
import type { TopologyClusterProxyOptions } from './topology-cluster';
import { PropKeys, propKeys } from '../validation/strict-props';

/** The keys of the ClusterClass props, as data for the strict-props check. */

const NODE: PropKeys<Pick<ClusterClassProxyProps, 'bootstrapFormat' | 'osFamily' | 'files' | 'containerdWaitSeconds'>> = {
  bootstrapFormat: true, osFamily: true, files: true, containerdWaitSeconds: true,
};

export const CLUSTER_CLASS_PROXY_KEYS = propKeys<ClusterClassProxyProps>({
  ...NODE,
  settings: true,
  provider: true,
  region: true,
  providerEndpoints: true,
  noProxyDefaults: true,
  additionalNoProxy: true,
  variableName: true,
  variableShape: true,
  trustedCaVariable: true,
  workerClasses: true,
  excludedWorkerClasses: true,
});
export const TOPOLOGY_CLUSTER_PROXY_KEYS = propKeys<TopologyClusterProxyOptions>({
  delivery: true, network: true, machineCidrs: true, dnsServiceIp: true, additionalNoProxy: true, trustedCaPem: true,
});
