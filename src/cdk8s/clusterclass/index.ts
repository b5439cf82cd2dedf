// ClusterClass constructs: the proxy variable and patches, and the variable on topology Clusters.
export * from './cluster-class-proxy-patches';
export * from './topology-cluster-proxy';
