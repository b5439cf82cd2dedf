// cluster-proxy-constructs/pulumi: thin Pulumi ComponentResources over the core's products.
// Importing it registers nothing: the env transform is opt-in (proxyEnvTransform / registerProxyEnvTransform).
import '../peers/pulumi'; // first: a clear error when the framework is not installed
export type { CredentialArgs, Credentials, ProxySettingsArgs, Rendered } from './credentials';
export * from './proxy-definition';
export { ProductResources, TYPE_TOKEN_PREFIX } from './product-resources';
export * from './capi';
export * from './clusterclass';
export * from './workloads';
export * from './addons';
export * from './transform';
