// The root's own types: the definition, the NO_PROXY engine, the renderers and the product model.
// They depend on no area, and every area builds on them, which keeps the areas' namespaces (and
// the jsii languages' modules made from them) free of import cycles.

// The definition
export { ProxyConfigError } from './core/primitives/errors';
export { MissingPeerDependencyError } from './core/primitives/missing-peer-error';
export { ProxySettings } from './core/definition/proxy-settings';
export type { ProxySettingsProps } from './core/definition/proxy-settings';
export { ProxyUrl } from './core/definition/proxy-url';
export { CredentialSource, CredentialSourceKind } from './core/credentials/credential-source';
export type { ExternalSecretCredentialsProps, RemoteSecretRef, SealedSecretCredentialsProps } from './core/credentials/credential-source';
export type { CaBundle, CaCertificate } from './core/definition/ca-bundle';
export { ClusterNetwork } from './core/definition/network';
export type { ClusterNetworkProps } from './core/definition/network';
export { Provider } from './core/primitives/providers';
export { ClusterProxyConfig } from './core/definition/cluster-proxy-config';
export type { ClusterProxyConfigOptions, WithProxy } from './core/definition/cluster-proxy-config';
export type { ProxyEnvironment } from './core/definition/proxy-environment';
export type { ProxyScheme } from './core/definition/proxy-url';
export type { IpFamily } from './core/primitives/ip';
export type { ReasonedEntry } from './core/primitives/providers';

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

// The product model: every construct's and component's objects, as plain manifests
export type { Product, ProductObject } from './core/product/product';
export type { ObjectMetadataProps, WithObjectMetadata } from './core/product/metadata';
export type { KubeObject } from './core/primitives/k8s/manifest';
export type { ObjectMeta, SecretObject } from './core/primitives/k8s/manifest';
