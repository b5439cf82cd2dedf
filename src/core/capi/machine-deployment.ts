import {
  BOOTSTRAP_API_GROUP, capiApiVersion, capiReference, CLUSTER_API_GROUP, ClusterObjectScope, ObjectReferenceProps, parseObjectReference,
  renderReference,
} from './capi-version';
import { parseKubernetesVersion, parseReplicas } from './kubernetes-version';
import { invalidValue } from '../primitives/errors';
import { CLUSTER_NAME_LABEL, clusterObjectMetadata, DEPLOYMENT_NAME_LABEL } from '../primitives/k8s/cluster-labels';
import { KubeObject } from '../primitives/k8s/manifest';
import { assertDnsLabel } from '../primitives/k8s/names';
import { fieldPath, propKeys } from '../primitives/validation/strict-props';

/** One pool of worker machines: a KubeadmConfigTemplate and a MachineDeployment. */
export interface WorkerPoolProps {
  /** Pool name (a DNS label); the MachineDeployment is `<cluster>-<name>`. */
  readonly name: string;
  /** The infrastructure machine template of the pool's machines, e.g. an `AWSMachineTemplate`. */
  readonly machineTemplate: ObjectReferenceProps;
  /**
   * Number of machines.
   *
   * @default - unset: Cluster API defaults to 1 (or to the autoscaler's min-size annotation)
   */
  readonly replicas?: number;
  /**
   * Kubernetes version of the pool's machines.
   *
   * @default - the cluster's version
   */
  readonly version?: string;
  /**
   * A KubeadmConfigSpec to start from (joinConfiguration, users, your files and commands...); the
   * proxy is merged in, the object is not modified.
   *
   * @default - an empty spec
   */
  readonly kubeadmConfigSpec?: { readonly [key: string]: unknown };
  /**
   * Failure domain (zone) of the pool's machines.
   *
   * @default - unset: the infrastructure provider chooses
   */
  readonly failureDomain?: string;
}

export const WORKER_POOL_KEYS = propKeys<WorkerPoolProps>({
  name: true, machineTemplate: true, replicas: true, version: true, kubeadmConfigSpec: true, failureDomain: true,
});

/** Input of {@link machineDeploymentObject}. */
export interface MachineDeploymentObjectProps extends ClusterObjectScope {
  /** The pool's shape. */
  readonly pool: WorkerPoolProps;
  /** Kubernetes version (the pool's or the cluster's). */
  readonly version: string;
  /** Name of the pool's KubeadmConfigTemplate (with its content hash). */
  readonly configTemplateName: string;
}

/**
 * Name of a pool's MachineDeployment, `<cluster>-<pool>`. It becomes the value of the
 * `cluster.x-k8s.io/deployment-name` label, so it must fit 63 characters.
 */
export function machineDeploymentName(clusterName: string, poolName: unknown, field: string): string {
  const pool = assertDnsLabel(fieldPath(field, 'name'), poolName);
  const name = `${clusterName}-${pool}`;
  if (name.length > 63) {
    throw invalidValue(fieldPath(field, 'name'), pool,
      `makes the MachineDeployment name "${name}" longer than 63 characters (it is the cluster.x-k8s.io/deployment-name label value)`);
  }
  return name;
}

/**
 * The MachineDeployment of a worker pool. Its selector and machine labels are the cluster and
 * deployment names (what Cluster API itself defaults them to). The bootstrap reference names the
 * hashed KubeadmConfigTemplate, so a proxy change rolls the pool.
 *
 * @param field prefix of the pool's props in error messages, e.g. `workerPools[0]`
 */
export function machineDeploymentObject(props: MachineDeploymentObjectProps, field: string): KubeObject {
  const name = machineDeploymentName(props.clusterName, props.pool.name, field);
  const version = parseKubernetesVersion(fieldPath(field, 'version'), props.version);
  const replicas = parseReplicas(fieldPath(field, 'replicas'), props.pool.replicas, 0);
  const infrastructureRef = renderReference(props.capiVersion, parseObjectReference(fieldPath(field, 'machineTemplate'), props.pool.machineTemplate));
  const failureDomain = props.pool.failureDomain;
  if (failureDomain !== undefined && (typeof failureDomain !== 'string' || failureDomain.length === 0 || failureDomain.length > 256
    || /[\u0000-\u001f\u007f]/.test(failureDomain))) {
    throw invalidValue(fieldPath(field, 'failureDomain'), failureDomain, 'must be a non-empty string of at most 256 characters, without control characters');
  }
  const labels = { [CLUSTER_NAME_LABEL]: props.clusterName, [DEPLOYMENT_NAME_LABEL]: name };
  return {
    apiVersion: capiApiVersion(CLUSTER_API_GROUP, props.capiVersion),
    kind: 'MachineDeployment',
    metadata: clusterObjectMetadata(name, props.namespace, props.clusterName),
    spec: {
      clusterName: props.clusterName,
      ...(replicas !== undefined ? { replicas } : {}),
      selector: { matchLabels: labels },
      template: {
        metadata: { labels },
        spec: {
          clusterName: props.clusterName,
          version,
          bootstrap: { configRef: capiReference(props.capiVersion, BOOTSTRAP_API_GROUP, 'KubeadmConfigTemplate', props.configTemplateName) },
          infrastructureRef,
          ...(failureDomain !== undefined ? { failureDomain } : {}),
        },
      },
    },
  };
}
