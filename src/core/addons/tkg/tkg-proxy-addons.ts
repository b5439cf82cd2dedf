import { ClusterProxyConfig } from '../../definition/cluster-proxy-config';
import { SecretObject } from '../../primitives/k8s/manifest';
import { ValuesObject } from '../merge-values';
import { tkgConfigValuesSecret } from './config-values';
import { kappControllerAddonSecret } from './kapp-controller';
import { TkgValueFormOptions } from './tkg-proxy-values';
import { vsphereCpiAddonSecret, vsphereCsiAddonSecret } from './vsphere-addons';
import { checkProps, propKeys } from '../../primitives/validation/strict-props';

/** Options of `tkgProxyAddonSecrets`: which TKG addon Secrets to emit, and their other values. */
export interface TkgProxyAddonsOptions extends TkgValueFormOptions {
  /** Workload cluster name. */
  readonly clusterName: string;
  /**
   * Namespace of the Cluster on the management cluster.
   *
   * @default - none set (the namespace applied at deploy time)
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

const TKG_PROXY_ADDONS_KEYS = propKeys<TkgProxyAddonsOptions>({
  clusterName: true,
  namespace: true,
  vsphere: true,
  vsphereCpiValues: true,
  vsphereCsiValues: true,
  kappController: true,
  kappControllerValues: true,
  configValues: true,
  configValuesExtra: true,
  noProxyForm: true,
  urlPortAsGiven: true,
  compactSequences: true,
});

/**
 * The TKG-style addon Secrets of one workload cluster, in this order: the vSphere CPI
 * and CSI addon values, the kapp-controller addon values and the cluster config values, each
 * switchable, all from one {@link ClusterProxyConfig}. What the cdk8s `TkgProxyAddons` and the
 * Pulumi `TkgProxyAddons` both emit.
 */
export function tkgProxyAddonSecrets(proxy: ClusterProxyConfig, options: TkgProxyAddonsOptions): SecretObject[] {
  checkProps('', options, TKG_PROXY_ADDONS_KEYS, 'TKG addon option');
  const { clusterName, namespace, noProxyForm, urlPortAsGiven, compactSequences } = options;
  const cluster = { clusterName, namespace, noProxyForm, urlPortAsGiven, compactSequences };
  return [
    ...(options.vsphere ?? true ? [
      vsphereCpiAddonSecret(proxy, { ...cluster, values: options.vsphereCpiValues }),
      vsphereCsiAddonSecret(proxy, { ...cluster, values: options.vsphereCsiValues }),
    ] : []),
    ...(options.kappController ?? true ? [kappControllerAddonSecret(proxy, { ...cluster, values: options.kappControllerValues })] : []),
    ...(options.configValues ?? true ? [tkgConfigValuesSecret(proxy, { ...cluster, values: options.configValuesExtra })] : []),
  ];
}
