import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { ValuesObject } from '../../core/addons/merge-values';
import { tkgConfigValuesSecret } from '../../core/addons/tkg/config-values';
import { kappControllerAddonSecret } from '../../core/addons/tkg/kapp-controller';
import { vsphereCpiAddonSecret, vsphereCsiAddonSecret } from '../../core/addons/tkg/vsphere-addons';
import { ClusterProxyConfig } from '../../core/cluster-proxy-config';
import { KubeObject } from '../../core/k8s/manifest';
import { addApiObjects } from '../api-objects';

/** Props of {@link TkgProxyAddons}. */
export interface TkgProxyAddonsProps {
  /** The cluster's proxy configuration (one definition for every Secret). */
  readonly proxy: ClusterProxyConfig;
  /** Workload cluster name. */
  readonly clusterName: string;
  /**
   * Namespace of the Cluster on the management cluster.
   *
   * @default - none set (the chart's namespace applies)
   */
  readonly namespace?: string;
  /**
   * Emit `<cluster>-vsphere-cpi-addon` and `<cluster>-vsphere-csi-addon`.
   *
   * @default true
   */
  readonly vsphere?: boolean;
  /**
   * Other `vsphereCPI` data values (server, datacenter, credentials, ...).
   *
   * @default - only the proxy keys
   */
  readonly vsphereCpiValues?: ValuesObject;
  /**
   * Other `vsphereCSI` data values.
   *
   * @default - only the proxy keys
   */
  readonly vsphereCsiValues?: ValuesObject;
  /**
   * Emit `<cluster>-kapp-controller-addon`.
   *
   * @default true
   */
  readonly kappController?: boolean;
  /**
   * Other `kappController` data values.
   *
   * @default - only `kappController.config`
   */
  readonly kappControllerValues?: ValuesObject;
  /**
   * Emit `<cluster>-config-values` with TKG_HTTP_PROXY, TKG_HTTPS_PROXY and TKG_NO_PROXY.
   *
   * @default true
   */
  readonly configValues?: boolean;
  /**
   * Other cluster configuration variables for `<cluster>-config-values`.
   *
   * @default - only CLUSTER_NAME, NAMESPACE and the proxy variables
   */
  readonly configValuesExtra?: ValuesObject;
}

/**
 * TKG-style addon Secrets for one workload cluster (seed 002): the vSphere CPI and CSI addon
 * values, the kapp-controller addon values and the cluster config values, all from one
 * {@link ClusterProxyConfig}.
 */
export class TkgProxyAddons extends Construct {
  /** The Secrets as core manifests (for inspection and the Pulumi adapter). */
  public readonly manifests: readonly KubeObject[];
  /** The synthesized objects (escape hatch: `addJsonPatch`). */
  public readonly apiObjects: readonly ApiObject[];

  constructor(scope: Construct, id: string, props: TkgProxyAddonsProps) {
    super(scope, id);
    const cluster = { clusterName: props.clusterName, namespace: props.namespace };
    this.manifests = [
      ...(props.vsphere ?? true ? [
        vsphereCpiAddonSecret(props.proxy, { ...cluster, values: props.vsphereCpiValues }),
        vsphereCsiAddonSecret(props.proxy, { ...cluster, values: props.vsphereCsiValues }),
      ] : []),
      ...(props.kappController ?? true ? [kappControllerAddonSecret(props.proxy, { ...cluster, values: props.kappControllerValues })] : []),
      ...(props.configValues ?? true ? [tkgConfigValuesSecret(props.proxy, { ...cluster, values: props.configValuesExtra })] : []),
    ];
    this.apiObjects = addApiObjects(this, this.manifests);
  }
}
