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
export type { NodeProxyProps } from './core/node-files/bootstrap';
export { BootstrapFormat } from './core/node-files/bootstrap-format';
export { NodeProxyDelivery } from './core/node-files/delivery';
export type { NodeProxyFileOptions } from './core/node-files/options';
export { OsFamily } from './core/node-files/os-family';
export type { ProxySourceProps } from './core/capi/proxy-source';
export type { KubeadmControlPlaneProductProps, KubeadmConfigTemplateProductProps } from './core/capi/products';
export type { AddProxyOptions, AddProxyResult } from './core/capi/add-proxy-to-objects';
export type { CompatibilityProfile } from './core/node-files/compatibility-profiles';
export { CompatibilityProfileName } from './core/node-files/compatibility-profile-name';
export { NodeFileEncoding } from './core/node-files/options';
export { NodeProxyPosition } from './core/node-files/options';
export { KubeadmEnvironment } from './core/node-files/options';
export { VariableStyle } from './core/node-files/options';
export { NoProxyForm } from './core/node-files/options';
export { NodeProxyCommands } from './core/node-files/options';
export type { RenderedReference } from './core/capi/capi-version';
export type { CompatibilityDifference } from './core/node-files/compatibility-profiles';
