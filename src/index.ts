// The root entry point: the pure core's public API, and nothing internal. Importing it never loads
// cdk8s, constructs or Pulumi; the adapters live at `cluster-proxy-constructs/cdk8s`,
// `cluster-proxy-constructs/cdk8s-plus` and `cluster-proxy-constructs/pulumi`.
//
// Every name here is deliberate: the definition, the computed configuration, the NO_PROXY engine,
// the renderers, the products, and the props types a user writes. Helpers stay behind it.

// The definition
export { ProxyConfigError } from './core/errors';
export { ProxySettings } from './core/proxy-settings';
export type { ProxySettingsProps } from './core/proxy-settings';
export { ProxyUrl } from './core/proxy-url';
export { CredentialSource, CredentialSourceKind } from './core/credentials/credential-source';
export type { ExternalSecretCredentialsProps, RemoteSecretRef, SealedSecretCredentialsProps } from './core/credentials/credential-source';
export type { CaBundle, CaCertificate } from './core/ca-bundle';
export { ClusterNetwork } from './core/network';
export type { ClusterNetworkProps } from './core/network';
export { Provider } from './core/providers';
export { ClusterProxyConfig } from './core/cluster-proxy-config';
export type { ClusterProxyConfigOptions } from './core/cluster-proxy-config';
export type { ProxyEnvironment } from './core/proxy-environment';
export type { ProxyScheme } from './core/proxy-url';
export type { IpFamily } from './core/ip';
export type { ReasonedEntry } from './core/providers';

// The NO_PROXY engine
export { NoProxy } from './core/noproxy/no-proxy';
export type { NoProxyProps, NoProxyForClusterProps } from './core/noproxy/no-proxy';
export { ClusterNoProxyCategory } from './core/noproxy/categories';
export type { ClusterNoProxyDefaultsOptions } from './core/noproxy/cluster-defaults';
export type { JavaNonProxyHosts } from './core/noproxy/render';
export { NoProxyFormat } from './core/noproxy/render';
export { NoProxyClientId } from './core/noproxy/clients';
export type { ExplainNoProxyOptions, NoProxyClientVerdict } from './core/noproxy/explain';
export type { NoProxyLintWarning } from './core/noproxy/lint';
export { NoProxyEngine } from './core/api/no-proxy-engine';
export type { NoProxyValues } from './core/api/no-proxy-engine';
export { NoProxyEntryKind } from './core/noproxy/types';
export type { NoProxyEntry, NoProxyItem, NoProxyPart } from './core/noproxy/types';
export type { DroppedNoProxyItem, NoProxyParts } from './core/noproxy/no-proxy';
export type { SkippedJavaEntry } from './core/noproxy/render';
export type { NoProxyQuirk } from './core/noproxy/client-matchers';
export type { NoProxyLintCode } from './core/noproxy/lint';
export type { ClusterFacts } from './core/noproxy/cluster-defaults';

// Renderers
export { ProxyRenderers } from './core/api/renderers';
export type { PodEnvVar } from './core/render/pod-env';

// Products: every construct's and component's objects, as plain manifests
export type { Product, ProductObject } from './core/product/product';
export type { ObjectMetadataProps, WithObjectMetadata } from './core/product/metadata';
export type { KubeObject } from './core/k8s/manifest';
export type { ObjectMeta, SecretObject } from './core/k8s/manifest';
export { Products } from './core/api/products';

// Cluster API
export type { ProxiedClusterOptions } from './core/capi/proxied-cluster';
export type { ControlPlaneProps } from './core/capi/kubeadm-control-plane';
export type { WorkerPoolProps } from './core/capi/machine-deployment';
export type { ObjectReferenceProps } from './core/capi/capi-version';
export { CapiVersion } from './core/capi/capi-version';
export type { NodeProxyProps } from './core/capi/node-proxy';
export { BootstrapFormat } from './core/capi/bootstrap-format';
export { NodeProxyDelivery } from './core/capi/node-proxy-delivery';
export type { NodeProxyFileOptions } from './core/capi/node-file-options';
export { OsFamily } from './core/capi/os-family';
export type { ProxySourceProps } from './core/capi/proxy-source';
export type { KubeadmControlPlaneProductProps, KubeadmConfigTemplateProductProps } from './core/capi/products';
export type { AddProxyOptions, AddProxyResult } from './core/capi/add-proxy-to-objects';
export type { CompatibilityProfile } from './core/capi/compatibility-profiles';
export { CompatibilityProfileName } from './core/capi/compatibility-profile-name';
export { NodeFileEncoding } from './core/capi/node-file-options';
export { NodeProxyPosition } from './core/capi/node-file-options';
export { KubeadmEnvironment } from './core/capi/node-file-options';
export { VariableStyle } from './core/capi/node-file-options';
export type { RenderedReference } from './core/capi/capi-version';
export type { CompatibilityDifference } from './core/capi/compatibility-profiles';

// Migrating from other systems
export { Migration } from './core/api/migration';
export { ImportSource } from './core/import/imported-proxy';
export type { ImportProxyOptions, ImportResult } from './core/import/import-proxy';
export type { NodeChangesOptions, NodeObjectChanges } from './core/import/node-changes';
export type { ImportedProxy, ImportNote } from './core/import/imported-proxy';
export type { NoProxyComparison, NoProxyClientChange } from './core/import/compare-no-proxy';
export type { NodeFileChange } from './core/import/node-changes';

// ClusterClass
export { ClusterClassProxy } from './core/clusterclass/cluster-class-proxy';
export type { ClusterClassProxyProps } from './core/clusterclass/cluster-class-proxy';
export type { TopologyClusterProxyOptions, TopologyClusterProxyResult } from './core/clusterclass/topology-cluster';
export { ClassVariableShape } from './core/clusterclass/variable-shapes';
export type { WorkerClassSelection } from './core/clusterclass/class-targets';
export type { ResolvedTrustedCaVariable, TrustedCaVariable } from './core/clusterclass/trusted-ca-variable';
export type { AddProxyToClusterClassResult } from './core/clusterclass/add-proxy-to-cluster-class';
export type { TopologyNetworkProps, ProxyVariableAssignment } from './core/clusterclass/topology-cluster';
export type { ProxyVariableValue } from './core/clusterclass/proxy-variable';

// Workloads
export { ProxyInjection } from './core/workloads/proxy-injection';
export type { ProxyInjectionOptions, InjectionExclusions } from './core/workloads/injection-options';
export type { ProxyEnvOptions } from './core/workloads/container-env';
export { TrustManagerResource } from './core/workloads/trust-bundle';
export type { TrustBundleOptions } from './core/workloads/trust-bundle';
export type { KyvernoProxyPolicyOptions, KyvernoRuleNames } from './core/workloads/kyverno-policy';
export type { ProxyAdmissionPolicyOptions } from './core/workloads/mutating-admission-policy';
export { MutatingAdmissionPolicyVersion } from './core/workloads/admission-policy-version';
export { SystemRoots } from './core/workloads/trust-bundle';

// Addons and app platforms
export { AddonValues } from './core/api/addon-values';
export type { TkgProxyAddonsOptions } from './core/addons/tkg/tkg-proxy-addons';
export type { AddonResourceSetOptions } from './core/addons/cluster-resource-set';
export type { GiantSwarmProxySetupOptions, GiantSwarmProxySetup } from './core/addons/giantswarm/setup';
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
