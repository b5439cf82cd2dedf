// cluster-proxy-constructs/pulumi: thin Pulumi ComponentResources over the core's plain manifests.
// Importing it registers nothing: the env transform is opt-in (proxyEnvTransform / registerProxyEnvTransform).
import '../peers/pulumi'; // first: a clear error when the framework is not installed
export * from './credentials';
export * from './proxy-definition';
export * from './names';
export { CredentialDependenceError, type RenderedObject, renderObjects } from './rendered-objects';
export * from './kube-objects';
export { type ProxySourceArgs, resolveProxyDefinition, TYPE_TOKEN_PREFIX } from './component-support';
export * from './capi';
export * from './workloads';
export * from './addons';
export * from './clusterclass';
export * from './transform';
