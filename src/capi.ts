/**
 * The Cluster API products (a proxied cluster, its control plane and worker templates, the node
 * Secret) and the options that shape the nodes' proxy files. Its types build on the root's
 * definition only.
 *
 * @module
 */

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
