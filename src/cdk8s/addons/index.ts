// Addon and app-platform constructs: thin wrappers over the core's addon products.
export * from './tkg-proxy-addons';
export * from './proxy-addon-resource-set';
export * from './giantswarm-proxy-apps';
export * from './proxy-env-sources';
export * from './in-cluster-forward-proxy';
