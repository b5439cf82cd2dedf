import type { ObjectReferenceProps } from './capi-version';
import type { ControlPlaneProps } from './kubeadm-control-plane';
import type { WorkerPoolProps } from './machine-deployment';
import type { NodeProxyProps } from './node-proxy';
import type { KubeadmConfigTemplateProductProps, KubeadmControlPlaneProductProps } from './products';
import type { ProxiedClusterOptions } from './proxied-cluster';
import type { ProxySourceProps } from './proxy-source';
import type { WithObjectMetadata } from '../product/metadata';
import { PropKeys, propKeys } from '../validation/strict-props';

/**
 * The keys of the Cluster API props types, as data for the strict-props check. The composed types
 * list their parts' keys once and add their own, so a prop added to a part is known everywhere it
 * is inherited; the compiler refuses a list that misses or invents a key.
 */

const PROXY_SOURCE: PropKeys<ProxySourceProps> = { proxy: true, settings: true, network: true, proxyOptions: true };
const NODE_PROXY: PropKeys<NodeProxyProps> = { delivery: true, bootstrapFormat: true, osFamily: true, files: true, containerdWaitSeconds: true };
const METADATA: PropKeys<WithObjectMetadata> = { metadata: true };
const CONTROL_PLANE: PropKeys<ControlPlaneProps> = { machineTemplate: true, replicas: true, kubeadmConfigSpec: true, name: true };

export const OBJECT_REFERENCE_KEYS = propKeys<ObjectReferenceProps>({ apiVersion: true, kind: true, name: true });
export const CONTROL_PLANE_KEYS = propKeys<ControlPlaneProps>(CONTROL_PLANE);
export const WORKER_POOL_KEYS = propKeys<WorkerPoolProps>({
  name: true, machineTemplate: true, replicas: true, version: true, kubeadmConfigSpec: true, failureDomain: true,
});
export const PROXIED_CLUSTER_KEYS = propKeys<ProxiedClusterOptions>({
  ...PROXY_SOURCE,
  ...NODE_PROXY,
  ...METADATA,
  name: true,
  namespace: true,
  version: true,
  capiVersion: true,
  infrastructureRef: true,
  controlPlane: true,
  workerPools: true,
  controlPlaneEndpointPort: true,
});
export const KUBEADM_CONTROL_PLANE_PRODUCT_KEYS = propKeys<KubeadmControlPlaneProductProps>({
  ...PROXY_SOURCE,
  ...NODE_PROXY,
  ...METADATA,
  ...CONTROL_PLANE,
  clusterName: true,
  namespace: true,
  version: true,
  capiVersion: true,
});
export const KUBEADM_CONFIG_TEMPLATE_PRODUCT_KEYS = propKeys<KubeadmConfigTemplateProductProps>({
  ...PROXY_SOURCE,
  ...NODE_PROXY,
  ...METADATA,
  clusterName: true,
  name: true,
  namespace: true,
  kubeadmConfigSpec: true,
  capiVersion: true,
});
