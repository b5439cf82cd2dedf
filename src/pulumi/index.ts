// cluster-proxy-constructs/pulumi: thin Pulumi ComponentResources over the core's products.
// Importing it registers nothing: the env transform is opt-in (proxyEnvTransform / registerProxyEnvTransform).
// The components, their args and the transform are the API; the helpers they share (resolving a
// proxy, registering a product, injecting into a resource's props) stay behind it.
import '../peers/pulumi'; // first: a clear error when the framework is not installed
export type { CredentialArgs, Credentials, ProxySettingsArgs, Rendered } from './credentials';
export { ProxyDefinition } from './proxy-definition';
export type { ProxyArgs, ProxyDefinitionArgs, ProxySourceArgs } from './proxy-definition';
export * from './capi';
export * from './clusterclass';
export * from './workloads';
export * from './addons';
export { proxyEnvTransform, registerProxyEnvTransform } from './transform';
export type { ProxyEnvTransform, ProxyEnvTransformArgs, ProxyEnvTransformOptions } from './transform';
