/**
 * Names TKG's addon machinery reads, as tanzu-framework's ytt templates write them
 * (`providers/ytt/02_addons/**`, read at commit 3b8a8ff5; see docs/addons.md, TKG-style addon
 * Secrets).
 */

/** Secret type the TKG addons manager watches (`tkg.tanzu.vmware.com/addon`). */
export const TKG_ADDON_SECRET_TYPE = 'tkg.tanzu.vmware.com/addon';
/** Label naming the addon package, e.g. `vsphere-cpi`. */
export const TKG_ADDON_NAME_LABEL = 'tkg.tanzu.vmware.com/addon-name';
/** Label naming the workload cluster the addon belongs to. */
export const TKG_CLUSTER_NAME_LABEL = 'tkg.tanzu.vmware.com/cluster-name';
/** Annotation naming the addon type, e.g. `cloud-provider/vsphere-cpi`. */
export const TKG_ADDON_TYPE_ANNOTATION = 'tkg.tanzu.vmware.com/addon-type';
/** Annotation TKG sets on addons installed into the workload cluster from the management cluster. */
export const TKG_REMOTE_APP_ANNOTATION = 'tkg.tanzu.vmware.com/remote-app';
/** Secret type Cluster API's ClusterResourceSet controller applies (and TKG reuses for config values). */
export const RESOURCE_SET_SECRET_TYPE = 'addons.cluster.x-k8s.io/resource-set';

/**
 * Header of every TKG addon `values.yaml`: kapp-controller treats the document as ytt data values,
 * and `match-child-defaults missing_ok=True` lets it set keys the package's defaults do not have,
 * so a partial document (only the proxy keys) overlays the package defaults. Taken verbatim from
 * tanzu-framework's `ValuesFormatStr` (`providers/ytt/lib/helpers.star`).
 */
export const YTT_DATA_VALUES_HEADER = '#@data/values\n#@overlay/match-child-defaults missing_ok=True\n---\n';
