import { MANAGED_BY, MANAGED_BY_LABEL, ObjectMeta } from './manifest';

/** Label Cluster API uses to tie objects to their Cluster (and clusterctl move follows). */
export const CLUSTER_NAME_LABEL = 'cluster.x-k8s.io/cluster-name';
/** Label Cluster API puts on the Machines of a MachineDeployment; the selector matches it. */
export const DEPLOYMENT_NAME_LABEL = 'cluster.x-k8s.io/deployment-name';
/**
 * `clusterctl move` copies objects carrying this label (value empty) even when no owner reference
 * links them to the Cluster, which is the case for a Secret that only `contentFrom` names.
 */
export const CLUSTERCTL_MOVE_LABEL = 'clusterctl.cluster.x-k8s.io/move';
/**
 * Annotation on a KubeadmConfigTemplate renamed with a content hash, holding the name before the
 * hash. Applying the proxy again hashes that base name, never an already hashed one.
 */
export const TEMPLATE_BASE_NAME_ANNOTATION = 'cluster-proxy-constructs/template-base-name';

/** Labels on every object the library emits for a cluster. */
export function clusterLabels(clusterName: string): { [key: string]: string } {
  return { [MANAGED_BY_LABEL]: MANAGED_BY, [CLUSTER_NAME_LABEL]: clusterName };
}

/** The metadata of an object the library emits for a cluster: its name, its namespace if any, the cluster labels. */
export function clusterObjectMetadata(name: string, namespace: string | undefined, clusterName: string): ObjectMeta {
  return { name, ...(namespace ? { namespace } : {}), labels: clusterLabels(clusterName) };
}
