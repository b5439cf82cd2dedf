// cdk8s constructs for issue 5: thin wrappers over src/core/addons.
export * from './tkg-proxy-addons';
export * from './proxy-addon-resource-set';
export * from './giantswarm-proxy-apps';
export * from './proxy-env-sources';
export * from './in-cluster-forward-proxy';
