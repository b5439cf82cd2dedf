// The root entry point: the pure core's public API, and nothing internal. Importing it never loads
// cdk8s, constructs or Pulumi; the adapters live at `cluster-proxy-constructs/cdk8s`,
// `cluster-proxy-constructs/cdk8s-plus` and `cluster-proxy-constructs/pulumi`.
//
// Every name here is deliberate: the definition, the computed configuration, the NO_PROXY engine,
// the renderers, the products, and the props types a user writes. Helpers stay behind it.

// The definition
export { ProxyConfigError } from './core/errors';
export { ProxySettings, ProxySettingsProps } from './core/proxy-settings';
export { ProxyUrl } from './core/proxy-url';
export { CaBundle, CaCertificate } from './core/ca-bundle';
export { ClusterNetwork, ClusterNetworkProps } from './core/network';
export { Provider, PROVIDERS } from './core/providers';
export { ClusterProxyConfig, ClusterProxyConfigOptions } from './core/cluster-proxy-config';
export { ProxyEnvironment } from './core/proxy-environment';

// The NO_PROXY engine
export { NoProxy, NoProxyProps, NoProxyForClusterProps } from './core/noproxy/no-proxy';
export { ClusterNoProxyCategory, ClusterNoProxyDefaultsOptions } from './core/noproxy/cluster-defaults';
export { NoProxyFormat, JavaNonProxyHosts } from './core/noproxy/render';
export { NoProxyClientId, NO_PROXY_CLIENT_IDS } from './core/noproxy/clients';
export { ExplainNoProxyOptions, NoProxyClientVerdict, NoProxyVariables } from './core/noproxy/explain';
export { NoProxyLintWarning } from './core/noproxy/lint';
export { NoProxyEngine } from './core/api/no-proxy-engine';

// Renderers
export { ProxyRenderers } from './core/api/renderers';
export { PodEnvVar } from './core/render/pod-env';

// Products: every construct's and component's objects, as plain manifests
export { Product, ProductObject } from './core/product/product';
export { KubeObject } from './core/k8s/manifest';
export { Products } from './core/api/products';

// Cluster API
export { ProxiedClusterOptions } from './core/capi/proxied-cluster';
export { ControlPlaneProps } from './core/capi/kubeadm-control-plane';
export { WorkerPoolProps } from './core/capi/machine-deployment';
export { ObjectReferenceProps, CapiVersion } from './core/capi/capi-version';
export { NodeProxyProps, NodeProxyDelivery, BootstrapFormat } from './core/capi/node-proxy';
export { NodeProxyFileOptions } from './core/capi/node-file-options';
export { OsFamily } from './core/capi/os-family';
export { ProxySourceProps } from './core/capi/proxy-source';
export { KubeadmControlPlaneProductProps, KubeadmConfigTemplateProductProps } from './core/capi/products';
export { AddProxyOptions, AddProxyResult } from './core/capi/add-proxy-to-objects';

// ClusterClass
export { ClusterClassProxy, ClusterClassProxyProps } from './core/clusterclass/cluster-class-proxy';
export { TopologyClusterProxyOptions, TopologyClusterProxyResult } from './core/clusterclass/topology-cluster';
export { AddProxyToClusterClassResult } from './core/clusterclass/add-proxy-to-cluster-class';

// Workloads
export { ProxyInjection } from './core/workloads/proxy-injection';
export { ProxyInjectionOptions, InjectionExclusions } from './core/workloads/injection-options';
export { ProxyEnvOptions } from './core/workloads/container-env';
export { TrustBundleOptions } from './core/workloads/trust-bundle';
export { KyvernoProxyPolicyOptions } from './core/workloads/kyverno-policy';
export { ProxyAdmissionPolicyOptions } from './core/workloads/mutating-admission-policy';

// Addons and app platforms
export { AddonValues } from './core/api/addon-values';
export { TkgProxyAddonsOptions } from './core/addons/tkg/tkg-proxy-addons';
export { AddonResourceSetOptions } from './core/addons/cluster-resource-set';
export { GiantSwarmProxySetupOptions, GiantSwarmProxySetup } from './core/addons/giantswarm/setup';
export { ProxyEnvSourceOptions } from './core/addons/proxy-env-source';
export { InClusterForwardProxyProps } from './core/addons/forward-proxy/forward-proxy';
export { ProxyBasicAuth } from './core/addons/forward-proxy/tinyproxy-config';
export { HelmPresetName, HelmPreset, HelmProxyKeys } from './core/addons/helm/helm-presets';
export { HelmProxyValues, HelmProxyValuesOptions } from './core/addons/helm/helm-values';
export { KustomizeProxyComponentOptions } from './core/addons/kustomize/kustomize-component';
export { KustomizeTarget } from './core/addons/kustomize/kustomize-target';
