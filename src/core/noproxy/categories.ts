// A module of its own, without imports, so that the CLI's help (which lists the categories) starts
// without the NO_PROXY engine.

/**
 * The categories of cluster-specific defaults, in the order their entries are listed; each can be
 * switched off (`ClusterNoProxyDefaultsOptions` has one switch per category, named by its value).
 * The one list every other place (CLI help, ClusterClass templates) derives from.
 */
export enum ClusterNoProxyCategory {
  /** `localhost`, `127.0.0.1`, `::1`, `127.0.0.0/8` and the loopback addresses real systems serve on. */
  LOOPBACK = 'loopback',
  /** `.svc`. */
  SERVICE_SUFFIX = 'serviceSuffix',
  /** `.svc.<serviceDomain>`, `.<serviceDomain>`, `.<serviceDomain>.`. */
  CLUSTER_DOMAIN = 'clusterDomain',
  /** `kubernetes`, `kubernetes.default`. */
  KUBERNETES_SERVICE = 'kubernetesService',
  /** The API server and cluster DNS ClusterIPs as exact addresses, in every service CIDR's family. */
  CLUSTER_IPS = 'clusterIps',
  /** Pod CIDRs. */
  POD_CIDRS = 'podCidrs',
  /** Service CIDRs. */
  SERVICE_CIDRS = 'serviceCidrs',
  /** The control-plane endpoint host. */
  CONTROL_PLANE_ENDPOINT = 'controlPlaneEndpoint',
  /** Machine (node) network CIDRs. */
  MACHINE_CIDRS = 'machineCidrs',
  /** Provider preset entries and provider endpoints. */
  PROVIDER_ENTRIES = 'providerEntries',
}

/** Every category, in listing order. */
export const CLUSTER_NO_PROXY_CATEGORIES: readonly ClusterNoProxyCategory[] = Object.values(ClusterNoProxyCategory);
