/**
 * Values for addons and app platforms (TKG, Giant Swarm, Helm, Kustomize, ClusterResourceSets) and
 * the in-cluster forward proxy. Builds on the root, `capi` and `workloads`.
 *
 * @module
 */

export { AddonValues } from './core/api/addon-values';
export type { TkgProxyAddonsOptions } from './core/addons/tkg/tkg-proxy-addons';
export type { TkgValueFormOptions } from './core/addons/tkg/tkg-proxy-values';
export type { AddonResourceSetOptions } from './core/addons/cluster-resource-set';
export type { GiantSwarmProxySetupOptions, GiantSwarmProxySetup } from './core/addons/giantswarm/setup';
export { GiantSwarmValuesLayout } from './core/addons/giantswarm-values-layout';
export type { ProxyEnvSourceOptions } from './core/addons/proxy-env-source';
export type { InClusterForwardProxyProps } from './core/addons/forward-proxy/forward-proxy';
export type { ForwardProxyWorkloadProps } from './core/addons/forward-proxy/forward-proxy-workload';
export type { ProxyBasicAuth } from './core/addons/forward-proxy/tinyproxy-config';
export type { HelmPreset, HelmProxyKeys, HelmCaMount } from './core/addons/helm/helm-presets';
export { HelmPresetName } from './core/addons/helm/helm-presets';
export type { HelmProxyValues, HelmProxyValuesOptions } from './core/addons/helm/helm-values';
export type { KustomizeProxyComponentOptions } from './core/addons/kustomize/kustomize-component';
export type { KustomizeTarget } from './core/addons/kustomize/kustomize-target';
export type { KustomizeContainer } from './core/addons/kustomize/kustomize-target';
export { KustomizeWorkloadKind } from './core/addons/kustomize/kustomize-target';
export type { KustomizeInlinePatch } from './core/addons/kustomize/kustomize-json6902';
export type { HelmValues } from './core/addons/helm/helm-values';
export { TinyproxyLogLevel } from './core/addons/forward-proxy/tinyproxy-config';
export type { GiantSwarmAppProps, GiantSwarmUserConfig, NamespacedName } from './core/addons/giantswarm/app';
export type { ValuesObject } from './core/addons/merge-values';
export type { AddonResourceSet } from './core/addons/cluster-resource-set';
export { ResourceSetStrategy } from './core/addons/resource-set-strategy';
export type { ProxyEnvFromSource, LocalObjectName } from './core/addons/proxy-env-source';
export { ProxyEnvSourceKind } from './core/addons/proxy-env-source';
