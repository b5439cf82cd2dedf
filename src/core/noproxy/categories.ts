// A module of its own, without imports, so that the CLI's help (which lists the categories) starts
// without the NO_PROXY engine.

/**
 * The categories of cluster-specific defaults, in the order their entries are listed; each can be
 * switched off. The one list every other place (CLI help, ClusterClass templates) derives from.
 */
export const CLUSTER_NO_PROXY_CATEGORIES = [
  'loopback',
  'serviceSuffix',
  'clusterDomain',
  'kubernetesService',
  'clusterIps',
  'podCidrs',
  'serviceCidrs',
  'controlPlaneEndpoint',
  'machineCidrs',
  'providerEntries',
] as const;

/** A category of cluster-specific defaults (see `CLUSTER_NO_PROXY_CATEGORIES`). */
export type ClusterNoProxyCategory = (typeof CLUSTER_NO_PROXY_CATEGORIES)[number];
