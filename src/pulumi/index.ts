// cluster-proxy-constructs/pulumi: thin Pulumi ComponentResources over the core's plain manifests.
export * from './kube-objects';
