/** ClusterClass: the proxy variable and patches for topology-managed clusters, as plain manifests. */
export * from './add-proxy-to-cluster-class';
export * from './class-targets';
export * from './cluster-class-proxy';
export * from './file-templates';
export * from './go-template';
export * from './no-proxy-template';
export * from './proxy-variable';
export * from './spec-patches';
export * from './topology-cluster';
export * from './trusted-ca-variable';
export * from './variable-shapes';
