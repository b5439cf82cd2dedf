import { capiApiVersion, capiReference, CLUSTER_API_GROUP, ClusterObjectScope, CONTROL_PLANE_API_GROUP, ObjectReferenceProps, renderReference } from './capi-version';
import { ClusterNetwork } from '../definition/network';
import { invalidValue } from '../primitives/errors';
import { clusterObjectMetadata } from '../primitives/k8s/cluster-labels';
import { KubeObject } from '../primitives/k8s/manifest';

/** Input of {@link clusterObject}; the cluster name is a DNS label, validated by the caller. */
export interface ClusterObjectProps extends ClusterObjectScope {
  /** Pods, services and service domain; the control-plane endpoint host, when known. */
  readonly network: ClusterNetwork;
  /** The infrastructure provider's cluster object, e.g. an `AWSCluster`. */
  readonly infrastructureRef: ObjectReferenceProps;
  /** Name of the KubeadmControlPlane. */
  readonly controlPlaneName: string;
  /**
   * Port of the control-plane endpoint, written with `network.controlPlaneEndpoint`.
   *
   * @default 6443
   */
  readonly controlPlaneEndpointPort?: number;
}

/**
 * The `Cluster`: its network from the same {@link ClusterNetwork} the NO_PROXY was computed from
 * (so the proxy's CIDRs and the cluster's cannot disagree), and references to the control plane
 * and the infrastructure. `spec.controlPlaneEndpoint` is written only when the network names the
 * endpoint host; otherwise the infrastructure provider fills it in (a load balancer, for example).
 */
export function clusterObject(props: ClusterObjectProps): KubeObject {
  const port = parsePort('controlPlaneEndpointPort', props.controlPlaneEndpointPort ?? 6443);
  const network = props.network;
  return {
    apiVersion: capiApiVersion(CLUSTER_API_GROUP, props.capiVersion),
    kind: 'Cluster',
    metadata: clusterObjectMetadata(props.clusterName, props.namespace, props.clusterName),
    spec: {
      clusterNetwork: clusterNetworkSpec(network),
      ...(network.controlPlaneEndpoint ? { controlPlaneEndpoint: { host: network.controlPlaneEndpoint, port } } : {}),
      controlPlaneRef: capiReference(props.capiVersion, CONTROL_PLANE_API_GROUP, 'KubeadmControlPlane', props.controlPlaneName),
      infrastructureRef: renderReference(props.capiVersion, props.infrastructureRef),
    },
  };
}

/** A Cluster's `spec.clusterNetwork` fields for the network: pods, services, service domain. */
export function clusterNetworkSpec(network: ClusterNetwork): { [key: string]: unknown } {
  return {
    pods: { cidrBlocks: [...network.pods] },
    services: { cidrBlocks: [...network.services] },
    serviceDomain: network.serviceDomain,
  };
}

function parsePort(field: string, value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > 65535) {
    throw invalidValue(field, value, 'must be a port number from 1 to 65535');
  }
  return value;
}
