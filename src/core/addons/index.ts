/**
 * Addons and app platforms: TKG addon Secrets, ClusterResourceSets, Giant Swarm
 * cluster values and App CRs, Helm values, Kustomize patches, shared env objects and an
 * in-cluster forward proxy. Every output reads one ClusterProxyConfig.
 */
export * from './yaml-text';
export * from './addon-proxy';
export * from './merge-values';
export * from './cluster-resource-set';
export * from './proxy-env-source';
export * from './tkg';
export * from './giantswarm';
export * from './helm';
export * from './kustomize';
export * from './forward-proxy';
