import { CapiVersion, capiApiVersion, ClusterObjectScope, CONTROL_PLANE_API_GROUP, ObjectReferenceProps, parseObjectReference, renderReference } from './capi-version';
import { addProxyToKubeadmConfigSpec } from './kubeadm-config-spec';
import { parseKubernetesVersion, parseReplicas } from './kubernetes-version';
import { forControlPlane, NodeProxyBootstrap } from '../node-files/bootstrap';
import { invalidValue, ProxyConfigError } from '../primitives/errors';
import { clusterObjectMetadata } from '../primitives/k8s/cluster-labels';
import { KubeObject } from '../primitives/k8s/manifest';
import { assertDnsLabel } from '../primitives/k8s/names';
import { whenKnown } from '../primitives/later-value';
import { fieldPath, PropKeys, propKeys } from '../primitives/validation/strict-props';

/** The control plane's shape. */
export interface ControlPlaneProps {
  /** The infrastructure machine template of the control-plane machines, e.g. an `AWSMachineTemplate`. */
  readonly machineTemplate: ObjectReferenceProps;
  /**
   * Number of control-plane machines; odd with stacked etcd (quorum), as Cluster API requires.
   *
   * @default - unset: Cluster API defaults to 1
   */
  readonly replicas?: number;
  /**
   * A KubeadmConfigSpec to start from (clusterConfiguration, initConfiguration, joinConfiguration,
   * users, your own files and commands...). The proxy is merged in; the object is not modified.
   * Write it in the chosen Cluster API version's spelling (e.g. `kubeletExtraArgs` is a map in
   * v1beta1 and a list of `{name, value}` in v1beta2).
   *
   * @default - an empty spec
   */
  readonly kubeadmConfigSpec?: { readonly [key: string]: unknown };
  /**
   * Name of the KubeadmControlPlane (it becomes a label value on the machines, so at most 63 characters).
   *
   * @default - `<cluster>-control-plane`
   */
  readonly name?: string;
}

/** The keys of {@link ControlPlaneProps}, for the props types that extend it. */
export const CONTROL_PLANE_KEY_SET: PropKeys<ControlPlaneProps> = { machineTemplate: true, replicas: true, kubeadmConfigSpec: true, name: true };
export const CONTROL_PLANE_KEYS = propKeys<ControlPlaneProps>(CONTROL_PLANE_KEY_SET);

/** Input of {@link kubeadmControlPlaneObject}. */
export interface KubeadmControlPlaneObjectProps extends ControlPlaneProps, ClusterObjectScope {
  /** Kubernetes version, e.g. `v1.31.2`. */
  readonly version: string;
  /** The node proxy (from `nodeProxyBootstrap`). */
  readonly bootstrap: NodeProxyBootstrap;
}

/** Name of a cluster's KubeadmControlPlane: `name`, validated, or `<cluster>-control-plane`. */
export function controlPlaneName(clusterName: string, name?: string, field = 'controlPlane'): string {
  return assertDnsLabel(fieldPath(field, 'name'), name ?? `${clusterName}-control-plane`);
}

/**
 * A KubeadmControlPlane whose nodes run behind the proxy. Any change of the proxy changes
 * `kubeadmConfigSpec` (a new Secret name in delivery `secret`, new content in delivery `inline`),
 * and Cluster API rolls the control-plane machines on a `kubeadmConfigSpec` change.
 *
 * @param field prefix of the props in error messages (`controlPlane` inside a cluster, empty alone)
 */
export function kubeadmControlPlaneObject(props: KubeadmControlPlaneObjectProps, field = 'controlPlane'): KubeObject {
  const name = controlPlaneName(props.clusterName, props.name, field);
  const version = parseKubernetesVersion('version', props.version);
  const parsedReplicas = parseReplicas(fieldPath(field, 'replicas'), props.replicas, 1);
  const infrastructureRef = renderReference(props.capiVersion, parseObjectReference(fieldPath(field, 'machineTemplate'), props.machineTemplate));
  const specField = fieldPath(field, 'kubeadmConfigSpec');
  const kubeadmConfigSpec = addProxyToKubeadmConfigSpec(props.kubeadmConfigSpec, forControlPlane(props.bootstrap), specField, props.capiVersion);
  // checked when known: the count may be a later value
  const replicas = parsedReplicas === undefined ? undefined : whenKnown(parsedReplicas, (known) => {
    if ((known as number) % 2 === 0 && !hasExternalEtcd(specField, kubeadmConfigSpec)) {
      throw new ProxyConfigError(fieldPath(field, 'replicas'),
        `must be odd with stacked etcd (etcd needs a majority to keep quorum; Cluster API refuses an even count) (got ${known})`);
    }
    return known as number;
  });
  // v1beta2 nests the machine's spec fields under machineTemplate.spec; v1beta1 has them directly.
  const machineTemplate = props.capiVersion === CapiVersion.V1BETA2 ? { spec: { infrastructureRef } } : { infrastructureRef };
  return {
    apiVersion: capiApiVersion(CONTROL_PLANE_API_GROUP, props.capiVersion),
    kind: 'KubeadmControlPlane',
    metadata: clusterObjectMetadata(name, props.namespace, props.clusterName),
    spec: {
      ...(replicas !== undefined ? { replicas } : {}),
      version,
      machineTemplate,
      kubeadmConfigSpec,
    },
  };
}

function hasExternalEtcd(field: string, spec: { readonly [key: string]: unknown }): boolean {
  const clusterConfiguration = spec.clusterConfiguration;
  if (clusterConfiguration !== undefined && (clusterConfiguration === null || typeof clusterConfiguration !== 'object')) {
    throw invalidValue(`${field}.clusterConfiguration`, clusterConfiguration, 'must be an object');
  }
  const etcd = (clusterConfiguration as { etcd?: { external?: unknown } } | undefined)?.etcd;
  return etcd?.external !== undefined;
}
