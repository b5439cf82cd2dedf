import {
  TKG_ADDON_NAME_LABEL, TKG_ADDON_SECRET_TYPE, TKG_ADDON_TYPE_ANNOTATION, TKG_CLUSTER_NAME_LABEL, YTT_DATA_VALUES_HEADER,
} from './tkg-metadata';
import { CLUSTERCTL_MOVE_LABEL } from '../../primitives/k8s/cluster-labels';
import { SecretObject, MANAGED_BY, MANAGED_BY_LABEL } from '../../primitives/k8s/manifest';
import { assertDnsLabel, assertObjectName } from '../../primitives/k8s/names';
import { joinText } from '../../primitives/secret-text';
import { secretObject } from '../../product/data-objects';
import { ValuesObject } from '../merge-values';
import { renderSecretYaml, YamlStyle } from '../yaml-text';

/** Where a TKG addon Secret goes: the workload cluster it configures and its namespace. */
export interface TkgClusterRef {
  /** Name of the workload cluster (a DNS label); prefixes every Secret name. */
  readonly clusterName: string;
  /**
   * Namespace of the Cluster object on the management cluster (addon Secrets live beside it).
   *
   * @default - none set (the namespace applied at deploy time)
   */
  readonly namespace?: string;
}

/** One TKG addon: the package name, its addon type, and its data values. */
export interface TkgAddonSecretProps extends TkgClusterRef {
  /** Addon (package) name, e.g. `vsphere-cpi`; the Secret is `<cluster>-<addonName>-addon`. */
  readonly addonName: string;
  /** Addon type annotation, e.g. `cloud-provider/vsphere-cpi`. */
  readonly addonType: string;
  /** The ytt data values (rendered under the data-values header). */
  readonly values: ValuesObject;
  /**
   * Extra annotations (e.g. `tkg.tanzu.vmware.com/remote-app`).
   *
   * @default - none
   */
  readonly annotations?: { readonly [key: string]: string };
  /**
   * How the values' YAML is laid out.
   *
   * @default - the library's
   */
  readonly style?: YamlStyle;
}

/**
 * A `tkg.tanzu.vmware.com/addon` Secret as TKG's ytt templates write it: labels naming the addon
 * and the cluster, the addon-type annotation, and `stringData["values.yaml"]` holding ytt data
 * values. It carries the `clusterctl.cluster.x-k8s.io/move` label because no owner reference ties
 * it to the Cluster when the library creates it, and `clusterctl move` must take it along.
 */
export function tkgAddonSecret(props: TkgAddonSecretProps): SecretObject {
  const clusterName = assertDnsLabel('clusterName', props.clusterName);
  const namespace = props.namespace === undefined ? undefined : assertDnsLabel('namespace', props.namespace);
  return secretObject({
    name: assertObjectName('addonName', `${clusterName}-${props.addonName}-addon`),
    ...(namespace ? { namespace } : {}),
    labels: {
      [TKG_ADDON_NAME_LABEL]: props.addonName,
      [TKG_CLUSTER_NAME_LABEL]: clusterName,
      [CLUSTERCTL_MOVE_LABEL]: '',
      [MANAGED_BY_LABEL]: MANAGED_BY,
    },
    annotations: { [TKG_ADDON_TYPE_ANNOTATION]: props.addonType, ...props.annotations },
  }, { 'values.yaml': joinText(YTT_DATA_VALUES_HEADER, renderSecretYaml(props.values, props.style)) }, TKG_ADDON_SECRET_TYPE);
}
